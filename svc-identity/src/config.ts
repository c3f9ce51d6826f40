import { Type, type Static } from '@sinclair/typebox';
import { loadConfig, readKey } from '@platform/service-kit';

/** The env schema: the only place svc-identity reads process.env. */
const Env = Type.Object({
  PORT: Type.Integer({ default: 4001 }),
  HOST: Type.String({ default: '127.0.0.1' }),
  LOG_LEVEL: Type.String({ default: 'info' }),
  DATABASE_URL: Type.String({ minLength: 1 }),
  NATS_URL: Type.String({ default: 'nats://127.0.0.1:4222' }),
  /** Subject/stream prefix so several deployments (or test runs) can share one NATS. */
  NATS_PREFIX: Type.String({ default: '' }),
  /** This service's NATS user (subject permissions); unset: connect without auth, as to a dev server. */
  NATS_USER: Type.Optional(Type.String()),
  NATS_PASSWORD: Type.Optional(Type.String()),
  JWT_PRIVATE_KEY: Type.Optional(Type.String()),
  JWT_PRIVATE_KEY_FILE: Type.Optional(Type.String()),
  JWT_PUBLIC_KEY: Type.Optional(Type.String()),
  JWT_PUBLIC_KEY_FILE: Type.Optional(Type.String()),
  JWT_AUDIENCE: Type.String({ default: 'afya-platform' }),
  JWT_ISSUER: Type.String({ default: 'svc-identity' }),
  /** Access token lifetime: hours, not weeks. */
  JWT_TTL_SECONDS: Type.Integer({ minimum: 60, maximum: 24 * 3600, default: 8 * 3600 }),
  ADMIN_EMAIL: Type.Optional(Type.String({ format: 'email' })),
  ADMIN_PASSWORD: Type.Optional(Type.String({ minLength: 12 })),
  /** Failed logins per account per window before 429. */
  LOGIN_ACCOUNT_MAX_FAILURES: Type.Integer({ minimum: 1, default: 5 }),
  LOGIN_ACCOUNT_WINDOW_SECONDS: Type.Integer({ minimum: 1, default: 60 }),
  /** Login and register attempts per client IP per minute. */
  LOGIN_IP_PER_MINUTE: Type.Integer({ minimum: 1, default: 30 }),
  REGISTER_IP_PER_MINUTE: Type.Integer({ minimum: 1, default: 20 }),
  /** Password hashes computed at once; more wait in a short queue, beyond it 503. */
  HASH_CONCURRENCY: Type.Integer({ minimum: 1, default: 2 }),
  HASH_QUEUE: Type.Integer({ minimum: 0, default: 32 }),
});

export interface IdentityConfig extends Omit<
  Static<typeof Env>,
  'JWT_PRIVATE_KEY' | 'JWT_PRIVATE_KEY_FILE' | 'JWT_PUBLIC_KEY' | 'JWT_PUBLIC_KEY_FILE'
> {
  jwtPrivateKey: string;
  jwtPublicKey: string;
}

export function readConfig(env: Record<string, string | undefined> = process.env): IdentityConfig {
  const c = loadConfig(Env, env);
  const { JWT_PRIVATE_KEY, JWT_PRIVATE_KEY_FILE, JWT_PUBLIC_KEY, JWT_PUBLIC_KEY_FILE, ...rest } = c;
  return {
    ...rest,
    jwtPrivateKey: readKey(JWT_PRIVATE_KEY, JWT_PRIVATE_KEY_FILE, 'JWT_PRIVATE_KEY'),
    jwtPublicKey: readKey(JWT_PUBLIC_KEY, JWT_PUBLIC_KEY_FILE, 'JWT_PUBLIC_KEY'),
  };
}
