import path from 'node:path';
import { Type, type Static } from '@sinclair/typebox';
import { loadConfig, readKey } from '@platform/service-kit';

const repoRoot = path.resolve(__dirname, '..', '..');

const Env = Type.Object({
  PORT: Type.Integer({ default: 8080 }),
  HOST: Type.String({ default: '127.0.0.1' }),
  LOG_LEVEL: Type.String({ default: 'info' }),
  IDENTITY_URL: Type.Optional(Type.String()),
  HIRE_URL: Type.Optional(Type.String()),
  EVENTS_URL: Type.Optional(Type.String()),
  CONNECT_URL: Type.Optional(Type.String()),
  CONTENT_URL: Type.Optional(Type.String()),
  JWT_PUBLIC_KEY: Type.Optional(Type.String()),
  JWT_PUBLIC_KEY_FILE: Type.Optional(Type.String()),
  JWT_AUDIENCE: Type.String({ default: 'afya-platform' }),
  JWT_ISSUER: Type.String({ default: 'svc-identity' }),
  NATS_URL: Type.String({ default: 'nats://127.0.0.1:4222' }),
  NATS_PREFIX: Type.String({ default: '' }),
  /** The gateway's NATS user (it may read, never publish); unset: connect without auth. */
  NATS_USER: Type.Optional(Type.String()),
  NATS_PASSWORD: Type.Optional(Type.String()),
  /** Built shell (index.html + assets). */
  SHELL_DIST: Type.String({ default: path.join(repoRoot, 'shell', 'dist') }),
  /** Folder holding each remote's folder (mf-core/dist ...). */
  REMOTES_ROOT: Type.String({ default: repoRoot }),
  /** The remotes manifest as JSON, to point remotes at wherever a team deployed them. */
  REMOTES_MANIFEST: Type.Optional(Type.String()),
  /** Comma-separated origins allowed by CORS; empty: same origin only. */
  CORS_ORIGINS: Type.String({ default: '' }),
  BODY_LIMIT_BYTES: Type.Integer({ minimum: 1024, default: 1024 * 1024 }),
  /** API requests per client IP per minute (static files are not counted). */
  RATE_LIMIT_PER_MINUTE: Type.Integer({ minimum: 1, default: 1200 }),
  UPSTREAM_TIMEOUT_MS: Type.Integer({ minimum: 100, default: 10_000 }),
});

export type GatewayConfig = Omit<Static<typeof Env>, 'JWT_PUBLIC_KEY' | 'JWT_PUBLIC_KEY_FILE'> & {
  jwtPublicKey: string;
};

export function readConfig(env: Record<string, string | undefined> = process.env): GatewayConfig {
  const { JWT_PUBLIC_KEY, JWT_PUBLIC_KEY_FILE, ...rest } = loadConfig(Env, env);
  return { ...rest, jwtPublicKey: readKey(JWT_PUBLIC_KEY, JWT_PUBLIC_KEY_FILE, 'JWT_PUBLIC_KEY') };
}
