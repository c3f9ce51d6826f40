import { natsPasswordVariable } from '@platform/event-bus';
import type { ModuleDescriptor } from '@platform/contracts';
import { busAccounts, STREAMS_USER } from './nats-accounts';
import { servicesToRun, type ServiceToRun } from './modules';
import { GENERATED } from './generated-banner';

/** The gateway's address on the platform's network: services believe X-Forwarded-For from it alone. */
const GATEWAY_ADDRESS = '172.28.0.10';

const indent = (lines: string[], by: string) => lines.map((l) => (l ? by + l : l)).join('\n');

function serviceBlock(s: ServiceToRun): string {
  const passwordVar = natsPasswordVariable(s.name);
  const env = [
    `SERVICE: ${s.name}`,
    `PORT: '${s.port}'`,
    'DATABASE_URL: postgres://postgres:${POSTGRES_PASSWORD:-postgres}@postgres:5432/afya',
    'NATS_URL: nats://nats:4222',
    `NATS_USER: ${s.name}`,
    `NATS_PASSWORD: \${${passwordVar}:-}`,
    ...(s.signsTokens ? ['JWT_PRIVATE_KEY_FILE: /keys/jwt-ed25519.pem'] : []),
    'JWT_PUBLIC_KEY_FILE: /keys/jwt-ed25519.pub.pem',
    ...(s.signsTokens ? ['ADMIN_EMAIL: ${ADMIN_EMAIL:-}', 'ADMIN_PASSWORD: ${ADMIN_PASSWORD:-}'] : []),
    ...(s.auditProducers !== undefined ? [`AUDIT_PRODUCERS: '${s.auditProducers}'`] : []),
    ...(s.notificationProducers !== undefined
      ? [
          `NOTIFICATION_PRODUCERS: '${s.notificationProducers}'`,
          'SMTP_URL: ${SMTP_URL:-}',
          'MAIL_FROM: ${MAIL_FROM:-AfyaHR <no-reply@afyahr.local>}',
          // SMS through Africa's Talking (none while unset; Compose runs no SMS sandbox).
          'AT_USERNAME: ${AT_USERNAME:-}',
          'AT_API_KEY: ${AT_API_KEY:-}',
          'AT_SENDER_ID: ${AT_SENDER_ID:-}',
        ]
      : []),
    // The site's address, for the links a service writes (e-mails, certificates' QR codes).
    'PUBLIC_URL: ${PUBLIC_URL:-http://localhost:8080}',
    'TRUSTED_PROXIES: *gateway-address',
  ];
  return `  ${s.name}:\n    <<: *service\n    environment:\n${indent(env, '      ')}\n`;
}

/**
 * docker-compose.yml, generated from the module descriptors (`npm run generate`; a test keeps the
 * committed file equal to this): Postgres, NATS with one user per service, every module
 * service whose code exists, and the gateway pointed at them.
 */
export function composeFile(modules: ModuleDescriptor[], root: string): string {
  const services = servicesToRun(modules, root);
  const natsEnv = busAccounts(modules).map((a) => `- ${natsPasswordVariable(a.user)}`);
  const urls = services.map((s) => `${s.urlVariable}: http://${s.name}:${s.port}`);
  const absent = modules.flatMap((m) =>
    m.service && !services.some((s) => s.name === m.service!.folder)
      ? [
          `# ${m.service.urlVariable}: http://${m.service.folder}:${m.service.port}   (${m.name}: not built yet)`,
        ]
      : [],
  );
  return `# ${GENERATED} from the module descriptors (<service>/module.json).
# The platform in containers: \`docker compose up\` runs Postgres, NATS, every module service that exists,
# the gateway and the shell; \`MODULES=events docker compose up gateway svc-core svc-events\` runs a standalone
# Events deployment (identity's accounts and sign-in, core's public site, Events, the gateway: nothing of
# Hire is routed or linked).
# JWT keys come from ./.data/keys (made by \`npm start\`, or with openssl:
# openssl genpkey -algorithm ed25519 -out .data/keys/jwt-ed25519.pem &&
# openssl pkey -in .data/keys/jwt-ed25519.pem -pubout -out .data/keys/jwt-ed25519.pub.pem).
# NATS has one user per service (nats/nats.conf, generated); their passwords come from the environment or
# .env: \`npm run -s nats-config -- passwords >> .env\` makes them once (kept under .data/nats-passwords).
# Without them NATS does not start: it has no anonymous access. No service may make or change a stream:
# nats-streams makes them, as the NATS user \`${STREAMS_USER}\`, before any service starts.

x-service: &service
  build: { context: ., dockerfile: docker/Dockerfile }
  image: afyahr/platform:local
  restart: unless-stopped
  volumes:
    - ./.data/keys:/keys:ro
  depends_on:
    postgres: { condition: service_healthy }
    nats-streams: { condition: service_completed_successfully }

# The gateway's address on the platform's network: services trust X-Forwarded-For from it alone.
x-gateway-address: &gateway-address ${GATEWAY_ADDRESS}

services:
  postgres:
    image: postgres:16-alpine
    environment:
      POSTGRES_USER: postgres
      POSTGRES_PASSWORD: \${POSTGRES_PASSWORD:-postgres}
      POSTGRES_DB: afya
    volumes: [pgdata:/var/lib/postgresql/data]
    healthcheck:
      test: ['CMD-SHELL', 'pg_isready -U postgres -d afya']
      interval: 5s
      retries: 10

  nats:
    image: nats:2.10-alpine
    command: ['-c', '/etc/nats/nats.conf']
    # Passed through unset when missing, so the server refuses to start rather than run without a password.
    environment:
${indent(natsEnv, '      ')}
    volumes:
      - ./nats/nats.conf:/etc/nats/nats.conf:ro
      - natsdata:/data

  # Makes (or checks) every stream of the platform, then exits (scripts/nats-streams.ts).
  nats-streams:
    build: { context: ., dockerfile: docker/Dockerfile }
    image: afyahr/platform:local
    command: ['sh', '-c', 'cd /app && exec node --import tsx scripts/nats-streams.ts']
    restart: on-failure
    depends_on:
      nats: { condition: service_started }
    environment:
      NATS_URL: nats://nats:4222
      NATS_PASSWORD: \${${natsPasswordVariable(STREAMS_USER)}:-}

${services.map(serviceBlock).join('\n')}
  gateway:
    <<: *service
    # Only Core first: a module's API answers 503 until its service is up, and a standalone deployment
    # starts the gateway with its modules alone.
    depends_on: [${services
      .filter((s) => s.signsTokens)
      .map((s) => s.name)
      .join(', ')}]
    ports: ['\${PORT:-8080}:8080']
    # A fixed address, so services can believe its X-Forwarded-For and nobody else's.
    networks:
      default:
        ipv4_address: *gateway-address
    environment:
      SERVICE: gateway
      PORT: '8080'
      NATS_URL: nats://nats:4222
      NATS_USER: gateway
      NATS_PASSWORD: \${${natsPasswordVariable('gateway')}:-}
      JWT_PUBLIC_KEY_FILE: /keys/jwt-ed25519.pub.pem
      # Absolute links in pages (og:url): never taken from a request's Host.
      PUBLIC_URL: \${PUBLIC_URL:-http://localhost:8080}
      # Empty: every module; \`events\`: Core and Events alone.
      MODULES: \${MODULES:-}
${indent(urls, '      ')}
      # Clients reach the gateway directly: it believes no X-Forwarded-For. Behind a load balancer, put
      # the balancer's address here.
      TRUSTED_PROXIES: ''
${absent.length ? `      # A module without a URL answers 503 with a clear message.\n${indent(absent, '      ')}\n` : ''}
networks:
  default:
    ipam:
      config:
        - subnet: 172.28.0.0/24

volumes:
  pgdata:
  natsdata:
`;
}
