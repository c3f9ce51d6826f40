import { Type, type Static } from '@sinclair/typebox';
import { baseServiceEnv, readServiceConfig, type ServiceConfig } from '@platform/service-kit';

/** The env schema: the platform's base variables and svc-connect's own. The only place it reads process.env. */
const Env = Type.Object({
  ...baseServiceEnv(4004),
  /** How long the directory reuses a search's ranked page, and one filter's facet counts and total (ms; 0: never). */
  DIRECTORY_CACHE_MS: Type.Integer({ minimum: 0, maximum: 600_000, default: 15_000 }),
});

export type ConnectConfig = ServiceConfig<Static<typeof Env>>;

export function readConfig(env: Record<string, string | undefined> = process.env): ConnectConfig {
  return readServiceConfig(Env, env);
}
