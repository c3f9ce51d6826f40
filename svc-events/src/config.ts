import { Type, type Static } from '@sinclair/typebox';
import { baseServiceEnv, readServiceConfig, type ServiceConfig } from '@platform/service-kit';

/** The env schema: the platform's base variables and svc-events' own. The only place it reads process.env. */
const Env = Type.Object({
  ...baseServiceEnv(4003),
  /** The site's public address: certificates' QR codes link to its verify page. */
  PUBLIC_URL: Type.String({ pattern: '^https?://[^\\s/]+', default: 'http://localhost:8080' }),
});

export type EventsConfig = ServiceConfig<Static<typeof Env>>;

export function readConfig(env: Record<string, string | undefined> = process.env): EventsConfig {
  return readServiceConfig(Env, env);
}
