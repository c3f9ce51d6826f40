import { Type, type Static } from '@sinclair/typebox';
import { baseServiceEnv, readServiceConfig, type ServiceConfig } from '@platform/service-kit';

/** The env schema: the platform's base variables and svc-events' own. The only place it reads process.env. */
const Env = Type.Object({
  ...baseServiceEnv(4003),
  /** How long the public list's answers are kept (here and, when 1000 or more, in the gateway); 0: never. */
  LIST_CACHE_MS: Type.Integer({ minimum: 0, maximum: 60_000, default: 1000 }),
});

export type EventsConfig = ServiceConfig<Static<typeof Env>>;

export function readConfig(env: Record<string, string | undefined> = process.env): EventsConfig {
  return readServiceConfig(Env, env);
}
