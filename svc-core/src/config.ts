import { Type, type Static } from '@sinclair/typebox';
import { baseServiceEnv, readServiceConfig, type ServiceConfig } from '@platform/service-kit';

/**
 * The env schema: the platform's base variables and svc-core's own (each also listed in module.json's
 * `service.environment`, from which .env.example is generated). The only place it reads process.env.
 */
const Env = Type.Object({
  ...baseServiceEnv(4007),
  /**
   * Browser journeys only (the e2e platform sets it): a file holding the day svc-core takes as today, each
   * change of it running the credential sweep (`src/test-clock.ts`). Refused when NODE_ENV is production.
   */
  CORE_TEST_CLOCK_FILE: Type.Optional(Type.String({ minLength: 1 })),
});

export type CoreConfig = ServiceConfig<Static<typeof Env>>;

export function readConfig(env: Record<string, string | undefined> = process.env): CoreConfig {
  if (env.CORE_TEST_CLOCK_FILE && env.NODE_ENV === 'production')
    throw new Error('CORE_TEST_CLOCK_FILE moves the clock for browser journeys: never set it in production.');
  return readServiceConfig(Env, env);
}
