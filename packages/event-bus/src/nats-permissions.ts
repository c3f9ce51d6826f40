import { DEAD_LETTER_PRODUCER, deadLetterSubjects } from './dead-letter';
import { bucketStream, bucketSubjects } from './key-value';
import { durableName, inboxPrefix, streamName, streamSubjects, subjectFor } from './naming';

/** One client of the bus (a service, or the gateway) and everything it does on it. */
export interface BusAccount {
  /** Its NATS user: the `name` it gives the bus, e.g. `svc-hire`. */
  user: string;
  /** The producer it is (`hire`): it alone publishes `hire.>`. None: it publishes nothing. */
  producer?: string;
  /** Its durable consumers (`subscribe`), e.g. svc-hire's `svc-hire__user-sync` on `identity.user.>`. */
  consumers?: Array<{ producer: string; durable: string; filter: string }>;
  /** What it reads with `follow` (ephemeral consumers), e.g. `identity.session.>`. */
  follows?: Array<{ producer: string; filter: string }>;
  /**
   * The streams it makes and keeps as the platform defines them (by producer, `deadletter` included): only
   * the platform's stream maker (the user `streams`), which publishes and reads no event.
   */
  manages?: string[];
  /**
   * The key-value buckets it reads and writes (by name, e.g. `gateway-rate-limits`): their keys, and
   * nothing of their stream. The gateway keeps its rate-limit counts so.
   */
  buckets?: string[];
  /** The buckets it makes and keeps as the platform defines them: only the user `streams`. */
  managesBuckets?: string[];
}

export interface NatsPermissions {
  publish: { allow: string[]; deny: string[] };
  subscribe: { allow: string[] };
}

const API = '$JS.API';

/**
 * The least a bus client needs, as NATS subject permissions: publish its own events; read its own stream's
 * and the dead-letter stream's state; create, read and acknowledge its own durable consumers; create
 * ephemeral consumers only with the filters it follows (the filter is part of the request's subject) and
 * read them; dead-letter only under its own name. Other accounts' durable consumers are denied by name, so
 * nobody can pull or remove another service's messages. It may subscribe to nothing but its own inbox
 * (`_INBOX.<user>.>`, where its replies and pulled messages arrive), so it cannot read another client's.
 *
 * No service may create or update a stream, not even its own: a stream's configuration is in the request's
 * body, where permissions cannot look, and a stream made to republish writes onto any subject (another
 * producer's included) and one made to source reads any stream. Streams are made by one account alone
 * (`manages`), run by whoever runs the bus, never by a service. Nobody deletes or purges a stream or a
 * message, and nobody reads a stream's messages but through its own consumers.
 */
export function busPermissions(account: BusAccount, all: BusAccount[], prefix = ''): NatsPermissions {
  const allow = new Set<string>([`${API}.INFO`]);
  const deny = new Set<string>();
  const stream = (producer: string) => streamName(prefix, producer);

  if (account.producer) {
    allow.add(streamSubjects(prefix, account.producer));
    allow.add(`${API}.STREAM.INFO.${stream(account.producer)}`);
  }
  for (const producer of account.manages ?? [])
    for (const op of ['INFO', 'CREATE', 'UPDATE']) allow.add(`${API}.STREAM.${op}.${stream(producer)}`);
  for (const name of account.managesBuckets ?? [])
    for (const op of ['INFO', 'CREATE', 'UPDATE'])
      allow.add(`${API}.STREAM.${op}.${bucketStream(prefix, name)}`);
  for (const name of account.buckets ?? []) {
    // Writes (put, and update at an expected revision) on the keys' subjects; reads of a key's last value.
    allow.add(bucketSubjects(prefix, name));
    allow.add(`${API}.DIRECT.GET.${bucketStream(prefix, name)}.${bucketSubjects(prefix, name)}`);
  }
  for (const c of account.consumers ?? []) {
    const s = stream(c.producer);
    const d = durableName(prefix, c.durable);
    allow.add(`${API}.CONSUMER.CREATE.${s}.${d}.${subjectFor(prefix, c.filter)}`);
    allow.add(`${API}.CONSUMER.INFO.${s}.${d}`);
    allow.add(`${API}.CONSUMER.MSG.NEXT.${s}.${d}`);
    allow.add(`$JS.ACK.${s}.${d}.>`);
  }
  if (account.consumers?.length) {
    allow.add(`${API}.STREAM.INFO.${stream(DEAD_LETTER_PRODUCER)}`);
    allow.add(deadLetterSubjects(prefix, account.user));
  }
  for (const f of account.follows ?? []) {
    const s = stream(f.producer);
    // Ephemeral consumers are named by the client (random), so any name, but only this filter.
    allow.add(`${API}.CONSUMER.CREATE.${s}.*.${subjectFor(prefix, f.filter)}`);
    allow.add(`${API}.CONSUMER.INFO.${s}.*`);
    allow.add(`${API}.CONSUMER.MSG.NEXT.${s}.*`);
  }
  // The wildcards above would also reach other accounts' durable consumers on the same streams: not those.
  const followed = new Set((account.follows ?? []).map((f) => f.producer));
  for (const other of all) {
    if (other.user === account.user) continue;
    for (const c of other.consumers ?? []) {
      if (!followed.has(c.producer)) continue;
      const s = stream(c.producer);
      const d = durableName(prefix, c.durable);
      deny.add(`${API}.CONSUMER.CREATE.${s}.${d}.>`);
      deny.add(`${API}.CONSUMER.INFO.${s}.${d}`);
      deny.add(`${API}.CONSUMER.MSG.NEXT.${s}.${d}`);
    }
  }
  return {
    publish: { allow: [...allow], deny: [...deny] },
    subscribe: { allow: [`${inboxPrefix(account.user)}.>`] },
  };
}

/** The environment variable holding an account's password: `svc-hire` → `SVC_HIRE_NATS_PASSWORD`. */
export function natsPasswordVariable(user: string): string {
  return `${user.toUpperCase().replace(/[^A-Z0-9]/g, '_')}_NATS_PASSWORD`;
}

const list = (items: string[], indent: string) =>
  items.length === 0
    ? '[]'
    : `[\n${items.map((i) => `${indent}  ${JSON.stringify(i)}`).join(',\n')}\n${indent}]`;

/**
 * The `authorization` block of a nats-server configuration: one user per account with its permissions.
 * Passwords are not in it: each is the environment variable `natsPasswordVariable(user)` of the server's
 * process (NATS resolves `$NAME` from the environment), so the text is the same everywhere and holds no secret.
 * Without a user there is no access at all.
 */
export function natsAuthorization(accounts: BusAccount[], prefix = ''): string {
  const users = accounts.map((a) => {
    const p = busPermissions(a, accounts, prefix);
    return [
      `    {`,
      `      user: ${JSON.stringify(a.user)}`,
      `      password: $${natsPasswordVariable(a.user)}`,
      `      permissions: {`,
      `        publish: {`,
      `          allow: ${list(p.publish.allow, '          ')}`,
      `          deny: ${list(p.publish.deny, '          ')}`,
      `        }`,
      `        subscribe: {`,
      `          allow: ${list(p.subscribe.allow, '          ')}`,
      `        }`,
      `      }`,
      `    }`,
    ].join('\n');
  });
  return `authorization {\n  users: [\n${users.join('\n')}\n  ]\n}\n`;
}
