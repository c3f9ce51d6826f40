import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { natsAuthorization, natsPasswordVariable, type BusAccount } from '@platform/event-bus';
import { newSecret, readOrCreateSecret } from './secret-file';

/** Every instance follows logouts (ephemerally, from a start time). */
const SESSIONS = { producer: 'identity', filter: 'identity.session.>' };
/** The services keeping a projection of users (ARCHITECTURE: "Users are synced this way"). */
const userSync = (service: string) => ({
  producer: 'identity',
  durable: `${service}__user-sync`,
  filter: 'identity.user.>',
});

/**
 * Who may do what on the bus: one NATS user per service, named as the service names its bus. A module's
 * service is listed here when it lands; svc-events, svc-connect and svc-content are listed ahead.
 */
export const BUS_ACCOUNTS: BusAccount[] = [
  { user: 'svc-identity', producer: 'identity', follows: [SESSIONS] },
  { user: 'svc-hire', producer: 'hire', consumers: [userSync('svc-hire')], follows: [SESSIONS] },
  { user: 'svc-events', producer: 'events', consumers: [userSync('svc-events')], follows: [SESSIONS] },
  { user: 'svc-connect', producer: 'connect', consumers: [userSync('svc-connect')], follows: [SESSIONS] },
  { user: 'svc-content', producer: 'content', consumers: [userSync('svc-content')], follows: [SESSIONS] },
  // The gateway only reads: it publishes nothing.
  { user: 'gateway', follows: [SESSIONS] },
];

/** The users and permissions of the platform's NATS, to include in any nats-server configuration. */
export function platformNatsAuthorization(prefix = ''): string {
  return `# Generated from scripts/nats-accounts.ts. Each password is the server's environment variable $<USER>_NATS_PASSWORD.\n${natsAuthorization(BUS_ACCOUNTS, prefix)}`;
}

/** nats/nats.conf, for docker compose: JetStream synced to disk on every write, and the platform's users. */
export function composeNatsConfig(): string {
  return `# NATS for the platform: JetStream with every write synced to disk before it is acknowledged
# (a default server can lose acknowledged writes on a crash), and one user per service.
# Generated: npm run -s nats-config -- compose > nats/nats.conf
port: 4222
http_port: 8222
jetstream {
  store_dir: /data
  sync_interval: always
}

${platformNatsAuthorization()}`;
}

/**
 * NATS reads `$NAME` from the environment as a configuration value, not as text: `12e4…` would be a number
 * (and the server would not start). A letter first, then letters and digits, is always a string.
 */
const NATS_PASSWORD = /^[a-z][a-z0-9]{31,}$/;

/** Each account's password (made once, kept under the data dir, owner-only) as the server's environment. */
export function natsPasswords(dataDir: string): Record<string, string> {
  const env: Record<string, string> = {};
  for (const { user } of BUS_ACCOUNTS) {
    const file = path.join(dataDir, 'nats-passwords', user);
    const { value } = readOrCreateSecret(file, () => `n${newSecret()}`);
    if (!NATS_PASSWORD.test(value))
      throw new Error(`${file}: a NATS password must be a letter, then 31 or more letters or digits`);
    env[natsPasswordVariable(user)] = value;
  }
  return env;
}

/** NATS_USER and NATS_PASSWORD for one account, from the passwords' environment. */
export function natsCredentials(user: string, passwords: Record<string, string>): Record<string, string> {
  const password = passwords[natsPasswordVariable(user)];
  if (!password)
    throw new Error(`${user} has no NATS user: add it to BUS_ACCOUNTS in scripts/nats-accounts.ts`);
  return { NATS_USER: user, NATS_PASSWORD: password };
}

/** The configuration npm start gives its own nats-server (port and store come as flags). */
export function writeNatsServerConfig(file: string, prefix: string): void {
  writeFileSync(file, platformNatsAuthorization(prefix), { mode: 0o600 });
}
