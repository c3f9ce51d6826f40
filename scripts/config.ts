import path from 'node:path';

/** What `npm start` reads from the environment (documented in .env.example). */
export interface StartConfig {
  port: number;
  databaseUrl?: string;
  natsUrl?: string;
  natsPrefix: string;
  /** DANGEROUSLY_ALLOW_OPEN_NATS=1: run on a NATS_URL that admits anyone, without users (development only). */
  allowOpenNats: boolean;
  adminEmail?: string;
  adminPassword?: string;
  embeddedPgPort: number;
  dataDir: string;
  logLevel: string;
  /** MODULES=events: a standalone deployment of Core and these modules; unset: every module. */
  modules?: string[];
  /** The site's address for links services write (e-mails, certificates' QR codes); unset: the gateway's. */
  publicUrl?: string;
  /** Prometheus's bearer token for /metrics on the gateway and every service; none: no /metrics. */
  metricsToken?: string;
  /** An OpenTelemetry collector (OTLP over HTTP) every process sends its trace spans to. */
  otlpEndpoint?: string;
  /** DEMO_DATA=1 (or `npm start -- --demo`): load the demo through the platform's API once it is up. */
  demo: boolean;
  /**
   * REPLICAS=2: every service runs as this many instances, which the gateway spreads requests over, and so
   * does the gateway (the first on PORT, the others on free ports).
   */
  replicas: number;
}

export const REPO_ROOT = path.resolve(__dirname, '..');

export function readStartConfig(env: Record<string, string | undefined> = process.env): StartConfig {
  const port = Number(env.PORT ?? 8080);
  if (!Number.isInteger(port) || port <= 0) throw new Error(`PORT must be a port number, not "${env.PORT}"`);
  const replicas = Number(env.REPLICAS || 1);
  if (!Number.isInteger(replicas) || replicas < 1 || replicas > 8)
    throw new Error(`REPLICAS must be a whole number from 1 to 8, not "${env.REPLICAS}"`);
  return {
    replicas,
    port,
    databaseUrl: env.DATABASE_URL || undefined,
    natsUrl: env.NATS_URL || undefined,
    natsPrefix: env.NATS_PREFIX ?? '',
    allowOpenNats: env.DANGEROUSLY_ALLOW_OPEN_NATS === '1',
    adminEmail: env.ADMIN_EMAIL || undefined,
    adminPassword: env.ADMIN_PASSWORD || undefined,
    embeddedPgPort: Number(env.EMBEDDED_PG_PORT ?? 5433),
    dataDir: path.resolve(env.DATA_DIR ?? path.join(REPO_ROOT, '.data')),
    logLevel: env.LOG_LEVEL ?? 'warn',
    publicUrl: env.PUBLIC_URL || undefined,
    metricsToken: env.METRICS_TOKEN || undefined,
    otlpEndpoint: env.OTEL_EXPORTER_OTLP_ENDPOINT || undefined,
    demo: ['1', 'true', 'yes'].includes((env.DEMO_DATA ?? '').toLowerCase()),
    modules: env.MODULES?.split(',')
      .map((m) => m.trim())
      .filter(Boolean),
  };
}
