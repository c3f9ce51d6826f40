import path from 'node:path';
import { Type, type Static } from '@sinclair/typebox';
import type { ModuleDescriptor } from '@platform/contracts';
import { chooseModules, loadModules, remoteUrlVariable } from '@platform/modules';
import { loadConfig, readKey, readTrustedProxies } from '@platform/service-kit';
import type { UpstreamOptions } from './proxy';

const repoRoot = path.resolve(__dirname, '..', '..');

const Env = Type.Object({
  PORT: Type.Integer({ default: 8080 }),
  HOST: Type.String({ default: '127.0.0.1' }),
  LOG_LEVEL: Type.String({ default: 'info' }),
  JWT_PUBLIC_KEY: Type.Optional(Type.String()),
  JWT_PUBLIC_KEY_FILE: Type.Optional(Type.String()),
  JWT_AUDIENCE: Type.String({ default: 'afya-platform' }),
  JWT_ISSUER: Type.String({ default: 'svc-identity' }),
  NATS_URL: Type.String({ default: 'nats://127.0.0.1:4222' }),
  NATS_PREFIX: Type.String({ default: '' }),
  /** The gateway's NATS user (it may read, never publish); required unless DANGEROUSLY_ALLOW_OPEN_NATS=1. */
  NATS_USER: Type.Optional(Type.String()),
  NATS_PASSWORD: Type.Optional(Type.String()),
  /** '1': run without a NATS user, or on a NATS that admits anyone. Development only (as the services). */
  DANGEROUSLY_ALLOW_OPEN_NATS: Type.Optional(Type.Literal('1')),
  /** '1': OpenAPI at /docs and /docs/json (development); else both are 404. */
  GATEWAY_DOCS: Type.Union([Type.Literal('0'), Type.Literal('1')], { default: '0' }),
  /** Built shell (index.html + assets). */
  SHELL_DIST: Type.String({ default: path.join(repoRoot, 'shell', 'dist') }),
  /** Folder holding the module descriptors (`<folder>/module.json`): the checkout's root. */
  MODULES_ROOT: Type.String({ default: repoRoot }),
  /**
   * A standalone deployment (`events`, comma-separated): Core and these modules alone are routed, listed
   * and linked, whatever else the image holds; empty: every module.
   */
  MODULES: Type.String({ default: '' }),
  /** Folder holding each remote's folder (mf-core/dist ...). */
  REMOTES_ROOT: Type.String({ default: repoRoot }),
  /** The remotes manifest as JSON, to point remotes at wherever a team deployed them. */
  REMOTES_MANIFEST: Type.Optional(Type.String()),
  /**
   * The site's public origin (`https://afyahr.example`) for absolute links in pages (`og:url`) and first
   * screens. Never taken from a request's Host, which anyone may set.
   */
  PUBLIC_URL: Type.String({ pattern: '^https?://[^\\s/]+(/)?$', default: 'http://localhost:8080' }),
  /** Comma-separated origins allowed by CORS; empty: same origin only. */
  CORS_ORIGINS: Type.String({ default: '' }),
  BODY_LIMIT_BYTES: Type.Integer({ minimum: 1024, default: 1024 * 1024 }),
  /** API requests per client IP per minute (static files are not counted). */
  RATE_LIMIT_PER_MINUTE: Type.Integer({ minimum: 1, default: 1200 }),
  /**
   * How long a count waits for NATS (the counts every gateway instance shares) before this gateway counts
   * the client in its own memory instead.
   */
  RATE_LIMIT_NATS_TIMEOUT_MS: Type.Integer({ minimum: 50, default: 500 }),
  /**
   * Processes serving requests (node:cluster) on the one port; above 1, a primary supervises them and
   * keeps the rate limit's counts for all. One per core the gateway may use.
   */
  GATEWAY_WORKERS: Type.Integer({ minimum: 1, maximum: 64, default: 1 }),
  /** Bytes of answers kept by the edge cache (those a service marks `public` with a max-age); 0: none. */
  EDGE_CACHE_BYTES: Type.Integer({ minimum: 0, default: 32 * 1024 * 1024 }),
  /** Each exchange with a service, from the moment it is asked to its answer read (then 504). */
  UPSTREAM_TIMEOUT_MS: Type.Integer({ minimum: 100, default: 10_000 }),
  /** Kept-alive connections to each service at most. */
  UPSTREAM_CONNECTIONS: Type.Integer({ minimum: 1, default: 64 }),
  /** Requests waiting for one of a service's connections at most; one more: 503 at once. */
  UPSTREAM_QUEUE: Type.Integer({ minimum: 0, default: 256 }),
  /** Load balancers in front whose X-Forwarded-For is believed (IPs/CIDRs); none: the socket's address. */
  TRUSTED_PROXIES: Type.String({ default: '' }),
  /** Prometheus scrapes /metrics with this bearer token; unset: no /metrics. */
  METRICS_TOKEN: Type.Optional(Type.String({ minLength: 32 })),
  /** An OpenTelemetry collector (OTLP over HTTP) for trace spans; unset: trace ids are made, not sent. */
  OTEL_EXPORTER_OTLP_ENDPOINT: Type.Optional(Type.String({ pattern: '^https?://' })),
});

export type GatewayConfig = Omit<Static<typeof Env>, 'JWT_PUBLIC_KEY' | 'JWT_PUBLIC_KEY_FILE'> & {
  jwtPublicKey: string;
  trustedProxies: string[];
  /** Every module of the platform, from its descriptor. */
  modules: ModuleDescriptor[];
  /** Each module's service URL, from the variable its descriptor names (HIRE_URL ...); absent: 503. */
  upstreams: Record<string, string | undefined>;
  /**
   * Every instance of each module's service: the variable may list several URLs, comma-separated
   * (`HIRE_URL=http://10.0.0.5:4002,http://10.0.0.6:4002`); `upstreams` is the first of them.
   */
  instances: Record<string, string[]>;
  /**
   * Each module's remote served by a static origin of its own (its image), from `MF_<NAME>_URL` (several
   * URLs comma-separated, as a service's): the gateway proxies /mf/<folder>/ there. Absent: from its disk.
   */
  remoteInstances: Record<string, string[]>;
};

/** An http(s) URL or several separated by commas, from `variable`; none when unset. */
function urlsOf(env: Record<string, string | undefined>, variable: string): string[] {
  const urls = (env[variable] ?? '')
    .split(',')
    .map((u) => u.trim())
    .filter(Boolean);
  if (urls.some((url) => !/^https?:\/\/[^\s,]+$/.test(url)))
    throw new Error(
      `Invalid configuration:\n  ${variable}: must be an http(s) URL, or several separated by commas`,
    );
  return urls;
}

export function readConfig(env: Record<string, string | undefined> = process.env): GatewayConfig {
  const { JWT_PUBLIC_KEY, JWT_PUBLIC_KEY_FILE, ...rest } = loadConfig(Env, env);
  const modules = chooseModules(
    loadModules(rest.MODULES_ROOT),
    rest.MODULES.split(',')
      .map((m) => m.trim())
      .filter(Boolean),
  );
  const upstreams: Record<string, string | undefined> = {};
  const instances: Record<string, string[]> = {};
  const remoteInstances: Record<string, string[]> = {};
  for (const m of modules) {
    const urls = m.service ? urlsOf(env, m.service.urlVariable) : [];
    upstreams[m.name] = urls[0];
    instances[m.name] = urls;
    const origins = m.remote ? urlsOf(env, remoteUrlVariable(m)) : [];
    if (origins.length) remoteInstances[m.name] = origins;
  }
  return {
    ...rest,
    modules,
    upstreams,
    instances,
    remoteInstances,
    jwtPublicKey: readKey(JWT_PUBLIC_KEY, JWT_PUBLIC_KEY_FILE, 'JWT_PUBLIC_KEY'),
    trustedProxies: readTrustedProxies(rest.TRUSTED_PROXIES),
  };
}

/** The pools and deadlines of every upstream the gateway asks: services (routing.ts) and remotes' origins. */
export const upstreamOptions = (config: GatewayConfig): UpstreamOptions => ({
  connectTimeoutMs: 2000,
  timeoutMs: config.UPSTREAM_TIMEOUT_MS,
  connections: config.UPSTREAM_CONNECTIONS,
  queue: config.UPSTREAM_QUEUE,
});
