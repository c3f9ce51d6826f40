import { Type, type Static } from '@sinclair/typebox';
import { baseServiceEnv, readServiceConfig, type ServiceConfig } from '@platform/service-kit';

/** The env schema: the platform's base variables and svc-hire's own. The only place it reads process.env. */
const Env = Type.Object({
  ...baseServiceEnv(4002),
  /** How long the public board's answers are reused (ms); 0 turns the cache off (benchmarks of the query). */
  BOARD_CACHE_MS: Type.Integer({ minimum: 0, default: 1000 }),
});

export type HireConfig = ServiceConfig<Static<typeof Env>>;

export function readConfig(env: Record<string, string | undefined> = process.env): HireConfig {
  return readServiceConfig(Env, env);
}
