import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { connect, type NatsConnection } from '@nats-io/transport-node';
import { AckPolicy, StorageType, jetstream, jetstreamManager } from '@nats-io/jetstream';
import { IdentityEvents, SessionRevokedData, UserEventData, type Envelope } from '@platform/contracts';
import { NatsEventBus, inboxPrefix, makeEnvelope, natsPasswordVariable } from '@platform/event-bus';
import { eventually, startNatsServer, type OwnNatsServer } from '@platform/testing';
import { Kvm } from '@nats-io/kv';
import { KvCounts, RATE_LIMIT_BUCKET } from '../gateway/src/rate-limit-kv';
import { storeOver, WindowCounts } from '../gateway/src/shared-rate-limit';
import { makePlatformStreams, natsPasswords, platformNatsAuthorization } from './nats-accounts';

// A private server with exactly the configuration npm start and docker compose give NATS (no prefix, as in production).
let server: OwnNatsServer;
let dataDir: string;
let passwords: Record<string, string>;
const open: Array<{ close(): Promise<unknown> }> = [];

const password = (user: string) => passwords[natsPasswordVariable(user)]!;
async function as(user: string): Promise<NatsConnection> {
  const nc = await connect({
    servers: server.url,
    user,
    pass: password(user),
    inboxPrefix: inboxPrefix(user),
    timeout: 3000,
  });
  open.push(nc);
  return nc;
}
async function busAs(user: string): Promise<NatsEventBus> {
  const bus = await NatsEventBus.connect({ url: server.url, name: user, user, password: password(user) });
  open.push(bus);
  return bus;
}
/** Messages on a stream, asked as a user allowed to see it. */
async function stored(nc: NatsConnection, stream: string): Promise<number> {
  return (await (await jetstreamManager(nc)).streams.info(stream)).state.messages;
}

const aUser = (over: Partial<UserEventData> = {}): UserEventData => ({
  ...{
    id: 'u-1',
    name: 'Nakuru Family Clinic',
    role: 'Clinic',
    designation: '',
    description: '',
    address: '',
  },
  ...{
    skills: [],
    facility: '',
    country: '',
    location: '',
    photo: '',
    email: 'hr@nakuru.example',
    phone: '',
  },
  ...{ orgId: null, createdAt: new Date().toISOString(), version: 1 },
  ...over,
});
const userSchemas = {
  [IdentityEvents.userRegistered]: UserEventData,
  [IdentityEvents.userUpdated]: UserEventData,
};

let identity: NatsEventBus;
let identityNc: NatsConnection;

beforeAll(async () => {
  dataDir = mkdtempSync(path.join(tmpdir(), 'nats-accounts-'));
  passwords = natsPasswords(dataDir);
  server = await startNatsServer({ config: platformNatsAuthorization(), env: passwords });
  // As npm start and docker compose do before any service: the streams, made by the user allowed to.
  await makePlatformStreams(server.url, passwords, '');
  identity = await busAs('svc-identity');
  await identity.ensureStream('identity');
  identityNc = await as('svc-identity');
});

afterAll(async () => {
  for (const c of open.reverse()) await c.close().catch(() => {});
  await server?.destroy();
  rmSync(dataDir, { recursive: true, force: true });
});

it('lets nobody in without a user, nor with a wrong password', async () => {
  await expect(connect({ servers: server.url, timeout: 3000 })).rejects.toThrow(/Authorization/i);
  await expect(
    connect({ servers: server.url, user: 'svc-hire', pass: password('svc-identity'), timeout: 3000 }),
  ).rejects.toThrow(/Authorization/i);
});

it("refuses svc-hire's user a forged identity.user.updated.v1, while svc-identity's user publishes it", async () => {
  const hire = await busAs('svc-hire');
  const before = await stored(identityNc, 'IDENTITY');
  const forged = makeEnvelope(IdentityEvents.userUpdated, aUser({ name: 'Forged Poster', version: 999 }));
  await expect(
    jetstream(await as('svc-hire')).publish(IdentityEvents.userUpdated, JSON.stringify(forged)),
  ).rejects.toThrow('Permissions Violation for Publish to "identity.user.updated.v1"');
  await expect(hire.publish(forged)).rejects.toThrow(/Permissions Violation/);
  // Not through JetStream either: a plain publish on the subject is dropped by the server.
  const raw = await as('svc-hire');
  raw.publish(IdentityEvents.userUpdated, JSON.stringify(forged));
  await raw.flush();
  await new Promise((r) => setTimeout(r, 300));
  expect(await stored(identityNc, 'IDENTITY')).toBe(before);

  await identity.publish(makeEnvelope(IdentityEvents.userUpdated, aUser({ version: 2 })));
  expect(await stored(identityNc, 'IDENTITY')).toBe(before + 1);
});

it("lets svc-hire's user consume the IDENTITY stream (durable and following), dead-letter there, and publish its own events", async () => {
  const hire = await busAs('svc-hire');
  await hire.ensureStream('hire');
  const users: Envelope[] = [];
  const sync = await hire.subscribe({
    producer: 'identity',
    durable: 'svc-hire__user-sync',
    filter: 'identity.user.>',
    schemas: userSchemas,
    handler: async (e) => void users.push(e),
  });
  const revoked: string[] = [];
  const since = new Date(Date.now() - 60_000);
  const sessions = await hire.follow({
    producer: 'identity',
    filter: 'identity.session.>',
    schemas: { [IdentityEvents.sessionRevoked]: SessionRevokedData },
    since,
    handler: (e) => void revoked.push((e.data as SessionRevokedData).jti),
  });
  const registered = makeEnvelope(IdentityEvents.userRegistered, aUser({ id: 'u-2' }));
  await identity.publish(registered);
  // svc-identity's own bug, say: an event that breaks its contract. svc-hire dead-letters it under its name.
  await jetstream(identityNc).publish(IdentityEvents.userUpdated, '{"not": "an envelope"}');
  await identity.publish(makeEnvelope(IdentityEvents.sessionRevoked, { jti: 'j-1', userId: 'u-2', exp: 1 }));

  await eventually(async () => (users.some((e) => e.id === registered.id) ? true : undefined));
  await eventually(async () => (revoked.includes('j-1') ? true : undefined));
  const hireNc = await as('svc-hire');
  await eventually(async () => ((await stored(hireNc, 'DEADLETTER')) === 1 ? true : undefined));
  await eventually(async () => {
    const info = await (await jetstreamManager(hireNc)).consumers.info('IDENTITY', 'svc-hire__user-sync');
    return info.num_ack_pending === 0 && info.num_pending === 0 ? true : undefined;
  });

  await hire.publish(makeEnvelope('hire.application.submitted.v1', { id: 'a-1' }));
  expect(await stored(hireNc, 'HIRE')).toBe(1);
  await sync.stop();
  await sessions.stop();
});

it("keeps svc-hire's user off other streams' management and other clients' messages", async () => {
  const hireNc = await as('svc-hire');
  const jsm = await jetstreamManager(hireNc);
  await expect(jsm.streams.delete('IDENTITY')).rejects.toThrow(/Permissions Violation/);
  await expect(jsm.streams.update('IDENTITY', { max_age: 1 })).rejects.toThrow(/Permissions Violation/);
  await expect(jsm.streams.add({ name: 'EVENTS', subjects: ['events.>'] })).rejects.toThrow(
    /Permissions Violation/,
  );
  // Nor reading another producer's events around its consumers: no direct or stored-message gets.
  await expect(jsm.direct.getMessage('IDENTITY', { seq: 1 })).rejects.toThrow(/Permissions Violation/);
  await expect(jsm.streams.getMessage('IDENTITY', { seq: 1 })).rejects.toThrow(/Permissions Violation/);
  // Reading identity's replies, or events straight off the subjects, is not allowed either.
  for (const subject of [`${inboxPrefix('svc-identity')}.>`, 'identity.>', '>']) {
    const sub = hireNc.subscribe(subject);
    await expect(sub.closed).resolves.toThrow(/Permissions Violation for Subscription/);
  }
});

it("lets the gateway follow logouts, and nothing else: it publishes nothing of the platform's", async () => {
  const gateway = await busAs('gateway');
  const revoked: string[] = [];
  const sub = await gateway.follow({
    producer: 'identity',
    filter: IdentityEvents.sessionRevoked,
    schemas: { [IdentityEvents.sessionRevoked]: SessionRevokedData },
    since: new Date(Date.now() - 60_000),
    handler: (e) => void revoked.push((e.data as SessionRevokedData).jti),
  });
  await identity.publish(makeEnvelope(IdentityEvents.sessionRevoked, { jti: 'j-2', userId: 'u-2', exp: 1 }));
  await eventually(async () => (revoked.includes('j-2') ? true : undefined));
  await sub.stop();

  const before = await stored(identityNc, 'IDENTITY');
  for (const type of [
    IdentityEvents.userUpdated,
    IdentityEvents.sessionRevoked,
    'hire.application.submitted.v1',
  ]) {
    await expect(gateway.publish(makeEnvelope(type, {}))).rejects.toThrow(/Permissions Violation/);
  }
  const nc = await as('gateway');
  const jsm = await jetstreamManager(nc);
  await expect(jetstream(nc).publish('deadletter.gateway.x', '{}')).rejects.toThrow(/Permissions Violation/);
  await expect(jsm.streams.add({ name: 'GATEWAY', subjects: ['gateway.>'] })).rejects.toThrow(
    /Permissions Violation/,
  );
  // No reading users' e-mails: only the session filter may be followed, and svc-hire's consumer is not its to pull.
  await expect(
    jsm.consumers.add('IDENTITY', {
      name: 'peek',
      ack_policy: AckPolicy.None,
      filter_subject: 'identity.user.>',
    }),
  ).rejects.toThrow(/Permissions Violation/);
  await expect(jsm.consumers.info('IDENTITY', 'svc-hire__user-sync')).rejects.toThrow(
    /Permissions Violation/,
  );
  expect(await stored(identityNc, 'IDENTITY')).toBe(before);
});

it('lets the gateway count in its rate-limit bucket, which the user streams made, and nothing more', async () => {
  const gateway = await busAs('gateway');
  const failures: unknown[] = [];
  const counts = new KvCounts({
    bucket: () => gateway.keyValue(RATE_LIMIT_BUCKET),
    fallback: storeOver(new WindowCounts()),
    log: { warn: (o) => failures.push(o), info: () => {} },
    maxWindowMs: RATE_LIMIT_BUCKET.ttlMs,
  });
  const count = () =>
    new Promise<number>((resolve, reject) =>
      counts.incr('10.1.2.3', (err, c) => (err ? reject(err) : resolve(c!.current)), 60_000),
    );
  expect([await count(), await count(), await count()]).toEqual([1, 2, 3]);
  // Counted in NATS, not in the fallback: another gateway's user sees the same count.
  expect(failures).toEqual([]);
  const kv = await new Kvm(await as('gateway')).open('GATEWAY-RATE-LIMITS', { allow_direct: true });
  expect((await kv.get(Buffer.from('10.1.2.3').toString('base64url')))?.string()).toMatch(/^3 \d+$/);

  // Its bucket's keys only: no stream's state, no other bucket, no purge of the whole bucket.
  const nc = await as('gateway');
  const jsm = await jetstreamManager(nc);
  const refused = /Permissions Violation/;
  await expect(jsm.streams.info('KV_GATEWAY-RATE-LIMITS')).rejects.toThrow(refused);
  await expect(jsm.streams.purge('KV_GATEWAY-RATE-LIMITS')).rejects.toThrow(refused);
  await expect(new Kvm(nc).create('OTHER', { history: 1 })).rejects.toThrow(refused);
  await expect(jetstream(nc).publish('$KV.OTHER.x', '1')).rejects.toThrow(refused);
  // And a service's user may not touch the gateway's counts.
  const hireKv = await new Kvm(await as('svc-hire')).open('GATEWAY-RATE-LIMITS', { allow_direct: true });
  await expect(hireKv.put('x', '0 0')).rejects.toThrow(refused);
  await expect(hireKv.get('x')).rejects.toThrow(refused);
});

it('gives svc-identity (sharedRateLimits) its own bucket, which neither the gateway nor svc-hire may touch', async () => {
  const open = async (user: string) =>
    new Kvm(await as(user)).open('SVC-IDENTITY-RATE-LIMITS', { allow_direct: true });
  const own = await open('svc-identity');
  await own.create('k', '1 0');
  expect((await own.get('k'))?.string()).toBe('1 0');
  for (const other of ['gateway', 'svc-hire']) {
    const kv = await open(other);
    await expect(kv.put('k', '0 0')).rejects.toThrow(/Permissions Violation/);
    await expect(kv.get('k')).rejects.toThrow(/Permissions Violation/);
  }
});

it("refuses svc-hire's user every way of writing into, or deleting from, another producer's stream", async () => {
  const hireNc = await as('svc-hire');
  const jsm = await jetstreamManager(hireNc);
  const before = await stored(identityNc, 'IDENTITY');
  const ended = makeEnvelope(IdentityEvents.sessionsEnded, {
    userId: 'u-1',
    issuedBefore: 2_000_000_000,
    reason: 'suspended',
  });
  const refused = /Permissions Violation/;

  // Deleting or purging what the producer wrote.
  await expect(jsm.streams.deleteMessage('IDENTITY', 1)).rejects.toThrow(refused);
  await expect(jsm.streams.purge('IDENTITY')).rejects.toThrow(refused);
  // A stream of its own made (or remade) to republish onto identity's subjects: JetStream would write the
  // copies into IDENTITY, past the publish permission of identity.> (it did, while services made streams).
  const republishing = (name: string, src: string) => ({
    name,
    subjects: [src],
    storage: StorageType.File,
    republish: { src, dest: 'identity.>' },
  });
  await expect(jsm.streams.add(republishing('DEADLETTER', 'deadletter.>'))).rejects.toThrow(refused);
  await expect(jsm.streams.add(republishing('HIRE', 'hire.>'))).rejects.toThrow(refused);
  // Its own stream changed to take identity's subjects, or to copy IDENTITY (reading every user's e-mail).
  await expect(jsm.streams.update('HIRE', { subjects: ['hire.>', 'identity.>'] })).rejects.toThrow(refused);
  await expect(jsm.streams.update('HIRE', { sources: [{ name: 'IDENTITY' }] })).rejects.toThrow(refused);
  // Every stream exists from the start (npm start made them), as the platform defines it: none is left for
  // whoever comes first to make their way.
  const streams = await jetstreamManager(await as('streams'));
  for (const producer of ['identity', 'hire', 'events', 'connect', 'content', 'deadletter']) {
    const { config } = await streams.streams.info(producer.toUpperCase());
    expect([config.subjects, config.republish, config.sources]).toEqual([
      [`${producer}.>`],
      undefined,
      undefined,
    ]);
  }
  // And a dead letter of its own stays a dead letter: nothing copies it onto identity's subjects.
  await jetstream(hireNc).publish('deadletter.svc-hire.session.all-ended.v1', JSON.stringify(ended));
  await new Promise((r) => setTimeout(r, 300));
  expect(await stored(identityNc, 'IDENTITY')).toBe(before);
});

it('lets the user `streams` make streams, and do nothing else: it publishes and reads no event', async () => {
  const nc = await as('streams');
  const jsm = await jetstreamManager(nc);
  expect((await jsm.streams.info('IDENTITY')).config.subjects).toEqual(['identity.>']);
  await expect(jetstream(nc).publish(IdentityEvents.userUpdated, '{}')).rejects.toThrow(
    /Permissions Violation/,
  );
  await expect(
    jsm.consumers.add('IDENTITY', { name: 'peek', ack_policy: AckPolicy.None, filter_subject: 'identity.>' }),
  ).rejects.toThrow(/Permissions Violation/);
  await expect(jsm.streams.deleteMessage('IDENTITY', 1)).rejects.toThrow(/Permissions Violation/);
  await expect(jsm.streams.delete('IDENTITY')).rejects.toThrow(/Permissions Violation/);
});
