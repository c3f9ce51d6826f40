import type { ModuleDescriptor } from '@platform/contracts';
import { natsPasswordVariable } from '@platform/event-bus';
import { remoteUrlVariable } from '@platform/modules';
import { GENERATED } from './generated-banner';
import { busAccounts } from './nats-accounts';

/** `npm start`'s own variables (scripts/config.ts). */
const START = `# --- npm start (scripts/) ---
PORT=8080                      # the gateway's port: the one URL users open
DATABASE_URL=                  # Postgres; empty: embedded Postgres with data under .data/postgres
EMBEDDED_PG_PORT=5433          # port of the embedded Postgres
NATS_URL=                      # NATS with JetStream and the platform's users (README: NATS users); empty: the one
                               # on 127.0.0.1:4222 if it requires credentials, else our own nats-server (from PATH)
NATS_PREFIX=                   # subject/stream prefix, to share one NATS between deployments or test runs
ADMIN_EMAIL=                   # the admin account, created or updated at start-up
ADMIN_PASSWORD=                # at least 12 characters, not a common one, not built from ADMIN_EMAIL
DATA_DIR=.data                 # embedded Postgres and its password, NATS store and passwords, JWT keys
LOG_LEVEL=warn                 # services' log level under npm start (info when run alone)
METRICS_TOKEN=                 # Prometheus's bearer token for /metrics on the gateway and every service (32+
                               # characters); empty: no /metrics anywhere
OTEL_EXPORTER_OTLP_ENDPOINT=   # an OpenTelemetry collector (OTLP over HTTP, e.g. http://127.0.0.1:4318) for every
                               # process's trace spans; empty: trace ids are made and logged, not sent
MODULES=                       # a standalone deployment: identity, core and these modules (MODULES=events); empty: all
DEMO_DATA=                     # 1: load the fictional demo at start (as npm start -- --demo); needs ADMIN_EMAIL/ADMIN_PASSWORD
PUBLIC_URL=                    # the site's address for links services write (e-mails, certificates); empty: http://localhost:$PORT
REPLICAS=1                     # instances of every service and gateway (2: as on two machines; one rate limit)
# WARNING: with 1, npm start and every service run on a NATS anyone may connect to without a password, and
# any process that reaches it can publish events as any service (notices, audit entries, logouts). Only on a
# development machine nobody else reaches; never in production. Unset: such a NATS is refused.
DANGEROUSLY_ALLOW_OPEN_NATS=
`;

/** What every service reads (service-kit's `baseServiceEnv`), then what its descriptor declares. */
function serviceSection(service: NonNullable<ModuleDescriptor['service']>): string {
  const lines = [
    `# --- ${service.folder} (src/config.ts) ---`,
    `# PORT=${service.port} HOST=127.0.0.1 DATABASE_URL NATS_URL NATS_PREFIX DATABASE_POOL=10`,
    `${`# NATS_USER=${service.folder} NATS_PASSWORD`.padEnd(46)}its own NATS user; unset: refuses to start (unless`,
    '#                                             DANGEROUSLY_ALLOW_OPEN_NATS=1), as on a NATS that admits anyone',
    '# JWT_PUBLIC_KEY or JWT_PUBLIC_KEY_FILE JWT_AUDIENCE=afya-platform JWT_ISSUER=svc-identity',
    "# TRUSTED_PROXIES=                            the gateway's address(es), comma-separated IPs/CIDRs: only their",
    "#                                             X-Forwarded-For is believed; empty: the socket's address (npm start: 127.0.0.1)",
    "# PUBLIC_URL=http://localhost:8080            the site's address: links the service writes (e-mails, certificates);",
    '#                                             writes signed in by the session cookie must come from its pages (or',
    '#                                             CORS_ORIGINS=, comma-separated); the cookie is Secure when it is https',
    ...Object.entries(service.environment ?? {}).map(([name, what]) => `# ${name}${what}`),
  ];
  return `${lines.join('\n')}\n`;
}

function gatewaySection(modules: ModuleDescriptor[]): string {
  const urls = modules.flatMap((m) => (m.service ? [m.service.urlVariable] : [])).join(' ');
  const remoteUrls = modules.flatMap((m) => (m.remote ? [remoteUrlVariable(m)] : [])).join(' ');
  return `# --- gateway (src/config.ts) ---
# PORT=8080 HOST=127.0.0.1
# ${urls}
#                                             each module's service, by the variable its module.json names
#                                             (service.urlVariable); unset: that API answers 503
# ${remoteUrls}
#                                             each module's remote served by its own static origin (its image):
#                                             /mf/mf-<name>/ proxied there; unset: its build from REMOTES_ROOT
# MODULES_ROOT=.                              where the module descriptors (<folder>/module.json) are read
# MODULES=                                    a standalone deployment: only identity, core and these modules are
#                                             routed, listed and linked (MODULES=events); empty: every module
# JWT_PUBLIC_KEY or JWT_PUBLIC_KEY_FILE JWT_AUDIENCE JWT_ISSUER NATS_URL NATS_PREFIX
# NATS_USER=gateway NATS_PASSWORD
# SHELL_DIST=shell/dist REMOTES_ROOT=. REMOTES_MANIFEST (JSON, for remotes deployed elsewhere)
# CORS_ORIGINS= BODY_LIMIT_BYTES=1048576 RATE_LIMIT_PER_MINUTE=1200 UPSTREAM_TIMEOUT_MS=10000
# RATE_LIMIT_NATS_TIMEOUT_MS=500              how long a count waits for NATS (the counts every gateway instance
#                                             shares) before this gateway counts the client in its own memory
# PUBLIC_URL=                                 the public origin for absolute links in page previews (og:url); unset: the request's;
#                                             writes signed in by the session cookie must come from it or CORS_ORIGINS
# TRUSTED_PROXIES=                            load balancers in front (IPs/CIDRs) whose X-Forwarded-For is believed;
#                                             empty (npm start): clients are their socket's address
# GATEWAY_WORKERS=1                           processes serving the one port (node:cluster); above 1 a primary
#                                             supervises them (and counts the rate limit while NATS cannot); one per core
# EDGE_CACHE_BYTES=33554432                   answers a service marks public with a max-age kept at the edge; 0: none
`;
}

function natsSection(modules: ModuleDescriptor[]): string {
  const variables = busAccounts(modules).map((a) => natsPasswordVariable(a.user));
  const lines: string[] = [];
  for (const v of variables) {
    const last = lines[lines.length - 1];
    if (last !== undefined && `${last} ${v}`.length <= 108) lines[lines.length - 1] = `${last} ${v}`;
    else lines.push(`# ${v}`);
  }
  return `# --- NATS server (docker compose, or an existing NATS given the generated users) ---
${lines.join('\n')}
#                                             one per user: \`npm run -s nats-config -- passwords\`
#                                             (streams: the user that makes the streams; compose's nats-streams)
# (a letter, then letters and digits: NATS reads these as configuration values)
`;
}

/** .env.example: every variable the platform reads, each module service's from its descriptor. */
export function envExample(modules: ModuleDescriptor[]): string {
  return [
    `# ${GENERATED} (scripts/env-example.ts and each service's module.json: service.environment).
# Every variable the platform reads. \`npm start\` needs none of them; set what you want to change.
`,
    START,
    ...modules.flatMap((m) => (m.service ? [serviceSection(m.service)] : [])),
    gatewaySection(modules),
    natsSection(modules),
    `# --- tests ---
# DATABASE_URL, NATS_URL (else found or started for the run, as npm start does), CHROMIUM_PATH=/usr/bin/chromium, E2E_PORT
`,
  ].join('\n');
}
