import { Type, type Static } from '@sinclair/typebox';
import { baseServiceEnv, readServiceConfig, type ServiceConfig } from '@platform/service-kit';

/** The env schema: the platform's base variables (svc-events has none of its own yet). */
const Env = Type.Object({ ...baseServiceEnv(4003) });

export type EventsConfig = ServiceConfig<Static<typeof Env>>;

export function readConfig(env: Record<string, string | undefined> = process.env): EventsConfig {
  return readServiceConfig(Env, env);
}
