import { writeFileSync } from 'node:fs';
import path from 'node:path';
import {
  DEAD_LETTER_PRODUCER,
  makeStreams,
  natsAuthorization,
  natsPasswordVariable,
  type BusAccount,
  type KeyValueBucket,
} from '@platform/event-bus';
import type { ModuleDescriptor } from '@platform/contracts';
import { consumersOf, loadModules } from '@platform/modules';
import { REPO_ROOT } from './config';
import { serviceRateLimitBucket } from '@platform/service-kit';
import { RATE_LIMIT_BUCKET } from '../gateway/src/rate-limit-kv';
import { GENERATED } from './generated-banner';
import { newSecret, readOrCreateSecret } from './secret-file';

/** Every instance follows logouts (ephemerally, from a start time): the trust model in service-kit. */
const SESSIONS = { producer: 'identity', filter: 'identity.session.>' };

/** The NATS user that makes the platform's streams (no service may: see busPermissions). */
export const STREAMS_USER = 'streams';

/** Every stream of the platform: each module's producer's, and the dead letters'. */
export function platformStreams(modules: ModuleDescriptor[] = loadModules(REPO_ROOT)): string[] {
  const producers = modules.flatMap((m) => (m.service?.producer ? [m.service.producer] : []));
  return [...producers, DEAD_LETTER_PRODUCER];
}

/**
 * Every key-value bucket of the platform: the gateway instances' shared rate-limit counts, and those of each
 * service whose descriptor says `sharedRateLimits`.
 */
export function platformBuckets(modules: ModuleDescriptor[] = loadModules(REPO_ROOT)): KeyValueBucket[] {
  const services = modules.flatMap((m) => (m.service?.sharedRateLimits ? [m.service.folder] : []));
  return [RATE_LIMIT_BUCKET, ...services.map(serviceRateLimitBucket)];
}

/**
 * Who may do what on the bus: one NATS user per module service (named as the service names its bus: its
 * folder), from the module descriptors: it alone publishes its own events, consumes what it declares and
 * follows logouts. The gateway publishes no event: it reads logouts, and reads and writes the keys of its
 * rate-limit bucket alone. The user `streams` makes the streams and buckets, before the services start, and
 * does nothing else.
 */
export function busAccounts(modules: ModuleDescriptor[] = loadModules(REPO_ROOT)): BusAccount[] {
  const services = modules.flatMap((m) => (m.service ? [m.service] : []));
  return [
    ...services.map((s) => {
      const consumers = consumersOf(s, modules);
      return {
        user: s.folder,
        ...(s.producer ? { producer: s.producer } : {}),
        ...(consumers.length ? { consumers } : {}),
        follows: [SESSIONS, ...(s.follows ?? [])],
        ...(s.sharedRateLimits ? { buckets: [serviceRateLimitBucket(s.folder).name] } : {}),
      };
    }),
    { user: 'gateway', follows: [SESSIONS], buckets: [RATE_LIMIT_BUCKET.name] },
    {
      user: STREAMS_USER,
      manages: platformStreams(modules),
      managesBuckets: platformBuckets(modules).map((b) => b.name),
    },
  ];
}

/** Makes every stream and bucket of the platform on a server with its users, as the user `streams` (with its password). */
export async function makePlatformStreams(
  url: string,
  passwords: Record<string, string>,
  prefix: string,
  waitMs = 0,
): Promise<Record<string, string>> {
  const password = passwords[natsPasswordVariable(STREAMS_USER)];
  if (!password) throw new Error(`no password for the NATS user ${STREAMS_USER}`);
  return makeStreams({
    url,
    user: STREAMS_USER,
    password,
    prefix,
    producers: platformStreams(),
    buckets: platformBuckets(),
    waitMs,
  });
}

/** The users and permissions of the platform's NATS, to include in any nats-server configuration. */
export function platformNatsAuthorization(
  prefix = '',
  modules: ModuleDescriptor[] = loadModules(REPO_ROOT),
): string {
  return `# Generated from the module descriptors (scripts/nats-accounts.ts). Each password is the server's environment variable $<USER>_NATS_PASSWORD.\n${natsAuthorization(busAccounts(modules), prefix)}`;
}

/** nats/nats.conf, for docker compose: JetStream synced to disk on every write, and the platform's users. */
export function composeNatsConfig(modules: ModuleDescriptor[] = loadModules(REPO_ROOT)): string {
  return `# ${GENERATED} from the module descriptors.
# NATS for the platform: JetStream with every write synced to disk before it is acknowledged
# (a default server can lose acknowledged writes on a crash), and one user per service.
port: 4222
http_port: 8222
jetstream {
  store_dir: /data
  sync_interval: always
}

${platformNatsAuthorization('', modules)}`;
}

/**
 * NATS reads `$NAME` from the environment as a configuration value, not as text: `12e4…` would be a number
 * (and the server would not start). A letter first, then letters and digits, is always a string.
 */
const NATS_PASSWORD = /^[a-z][a-z0-9]{31,}$/;

/** Each account's password (made once, kept under the data dir, owner-only) as the server's environment. */
export function natsPasswords(dataDir: string): Record<string, string> {
  const env: Record<string, string> = {};
  for (const { user } of busAccounts()) {
    const file = path.join(dataDir, 'nats-passwords', user);
    const { value } = readOrCreateSecret(file, () => `n${newSecret()}`, { privateFolder: true });
    if (!NATS_PASSWORD.test(value))
      throw new Error(`${file}: a NATS password must be a letter, then 31 or more letters or digits`);
    env[natsPasswordVariable(user)] = value;
  }
  return env;
}

/** NATS_USER and NATS_PASSWORD for one account, from the passwords' environment. */
export function natsCredentials(user: string, passwords: Record<string, string>): Record<string, string> {
  const password = passwords[natsPasswordVariable(user)];
  if (!password) throw new Error(`${user} has no NATS user: give its module a service in its module.json`);
  return { NATS_USER: user, NATS_PASSWORD: password };
}

/** The configuration npm start gives its own nats-server (port and store come as flags). */
export function writeNatsServerConfig(file: string, prefix: string): void {
  writeFileSync(file, platformNatsAuthorization(prefix), { mode: 0o600 });
}
