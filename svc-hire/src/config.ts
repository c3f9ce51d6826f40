import { Type, type Static } from '@sinclair/typebox';
import { loadConfig, readKey, readTrustedProxies } from '@platform/service-kit';

/** The env schema: the only place svc-hire reads process.env. */
const Env = Type.Object({
  PORT: Type.Integer({ default: 4002 }),
  HOST: Type.String({ default: '127.0.0.1' }),
  LOG_LEVEL: Type.String({ default: 'info' }),
  DATABASE_URL: Type.String({ minLength: 1 }),
  NATS_URL: Type.String({ default: 'nats://127.0.0.1:4222' }),
  /** Subject/stream prefix so several deployments (or test runs) can share one NATS. */
  NATS_PREFIX: Type.String({ default: '' }),
  /** This service's NATS user (subject permissions); unset: connect without auth, as to a dev server. */
  NATS_USER: Type.Optional(Type.String()),
  NATS_PASSWORD: Type.Optional(Type.String()),
  JWT_PUBLIC_KEY: Type.Optional(Type.String()),
  JWT_PUBLIC_KEY_FILE: Type.Optional(Type.String()),
  JWT_AUDIENCE: Type.String({ default: 'afya-platform' }),
  JWT_ISSUER: Type.String({ default: 'svc-identity' }),
  /** How long the public board's answers are reused (ms); 0 turns the cache off (benchmarks of the query). */
  BOARD_CACHE_MS: Type.Integer({ minimum: 0, default: 1000 }),
  /** Postgres connections this instance may hold. */
  DATABASE_POOL: Type.Integer({ minimum: 1, default: 10 }),
  /** The gateway's address (IPs/CIDRs) whose X-Forwarded-For is believed; none: the socket's address. */
  TRUSTED_PROXIES: Type.String({ default: '' }),
});

export type HireConfig = Omit<Static<typeof Env>, 'JWT_PUBLIC_KEY' | 'JWT_PUBLIC_KEY_FILE'> & {
  jwtPublicKey: string;
  trustedProxies: string[];
};

export function readConfig(env: Record<string, string | undefined> = process.env): HireConfig {
  const { JWT_PUBLIC_KEY, JWT_PUBLIC_KEY_FILE, ...rest } = loadConfig(Env, env);
  return {
    ...rest,
    jwtPublicKey: readKey(JWT_PUBLIC_KEY, JWT_PUBLIC_KEY_FILE, 'JWT_PUBLIC_KEY'),
    trustedProxies: readTrustedProxies(rest.TRUSTED_PROXIES),
  };
}
