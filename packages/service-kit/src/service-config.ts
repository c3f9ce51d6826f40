import { Type, type Static, type TObject } from '@sinclair/typebox';
import { loadConfig, readKey } from './config';
import { readTrustedProxies } from './trusted-proxies';

/**
 * The variables every service reads, with their defaults. A service's `config.ts` extends it with its
 * own (`Type.Object({ ...baseServiceEnv(4002), BOARD_CACHE_MS: ... })`), so no service declares these again.
 */
export const baseServiceEnv = (defaultPort: number) => ({
  PORT: Type.Integer({ default: defaultPort }),
  HOST: Type.String({ default: '127.0.0.1' }),
  LOG_LEVEL: Type.String({ default: 'info' }),
  DATABASE_URL: Type.String({ minLength: 1 }),
  /** Postgres connections this instance may hold. */
  DATABASE_POOL: Type.Integer({ minimum: 1, default: 10 }),
  NATS_URL: Type.String({ default: 'nats://127.0.0.1:4222' }),
  /** Subject/stream prefix so several deployments (or test runs) can share one NATS. */
  NATS_PREFIX: Type.String({ default: '' }),
  /** This service's NATS user (subject permissions); required unless DANGEROUSLY_ALLOW_OPEN_NATS=1. */
  NATS_USER: Type.Optional(Type.String()),
  NATS_PASSWORD: Type.Optional(Type.String()),
  /**
   * '1': run without a NATS user, or on a NATS that admits anonymous clients (any local process could then
   * publish this service's events). Development and in-process tests only; unset, such a bus is refused.
   */
  DANGEROUSLY_ALLOW_OPEN_NATS: Type.Optional(Type.Literal('1')),
  JWT_PUBLIC_KEY: Type.Optional(Type.String()),
  JWT_PUBLIC_KEY_FILE: Type.Optional(Type.String()),
  JWT_AUDIENCE: Type.String({ default: 'afya-platform' }),
  JWT_ISSUER: Type.String({ default: 'svc-identity' }),
  /** The gateway's address (IPs/CIDRs) whose X-Forwarded-For is believed; none: the socket's address. */
  TRUSTED_PROXIES: Type.String({ default: '' }),
  /**
   * The site's public address (as the gateway's): links a service writes (e-mails, certificates) lead there,
   * writes riding on the session cookie must come from its pages, and the cookie is Secure when it is https.
   */
  PUBLIC_URL: Type.String({ pattern: '^https?://[^\\s/]+', default: 'http://localhost:8080' }),
  /** Other origins allowed to call the API (the gateway's CORS_ORIGINS), comma-separated: their pages' writes too. */
  CORS_ORIGINS: Type.String({ default: '' }),
  /** Prometheus scrapes /metrics with this bearer token; unset: no /metrics. */
  METRICS_TOKEN: Type.Optional(Type.String({ minLength: 32 })),
  /** An OpenTelemetry collector (OTLP over HTTP) for trace spans; unset: trace ids are made, not sent. */
  OTEL_EXPORTER_OTLP_ENDPOINT: Type.Optional(Type.String({ pattern: '^https?://' })),
});

/** The base variables' shape, for typing what every service's configuration holds. */
const _base = Type.Object(baseServiceEnv(0));
type Base = typeof _base;

/** What a service's configuration holds once read: keys loaded, proxies parsed. */
export type ServiceConfig<C extends Static<Base> = Static<Base>> = Omit<
  C,
  'JWT_PUBLIC_KEY' | 'JWT_PUBLIC_KEY_FILE'
> & { jwtPublicKey: string; trustedProxies: string[] };

/**
 * Reads a service's env schema (`Type.Object({ ...baseServiceEnv(4002), OWN: ... })`), failing fast
 * with one message naming every bad variable; the public key is read and the proxies parsed.
 */
export function readServiceConfig<S extends TObject>(
  schema: S,
  env: Record<string, string | undefined>,
): ServiceConfig<Static<S> & Static<Base>> {
  const loaded = loadConfig(schema, env) as Static<S> & Static<Base>;
  const { JWT_PUBLIC_KEY, JWT_PUBLIC_KEY_FILE, ...rest } = loaded;
  return {
    ...rest,
    jwtPublicKey: readKey(JWT_PUBLIC_KEY, JWT_PUBLIC_KEY_FILE, 'JWT_PUBLIC_KEY'),
    trustedProxies: readTrustedProxies(loaded.TRUSTED_PROXIES),
  };
}
