import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import type { LightMyRequestResponse } from 'fastify';
import { connect } from '@nats-io/transport-node';
import { StorageType, jetstream, jetstreamManager } from '@nats-io/jetstream';
import { IdentityEvents, type Envelope } from '@platform/contracts';
import {
  NatsEventBus,
  OPEN_NATS_SWITCH,
  inboxPrefix,
  makeAdminAction,
  makeEnvelope,
  makeNotice,
  natsPasswordVariable,
  openNatsRefusal,
} from '@platform/event-bus';
import type { App } from '@platform/service-kit';
import {
  eventually,
  natsUrl,
  startNatsServer,
  startServiceForTest,
  type OwnNatsServer,
  type ServiceContext,
} from '@platform/testing';
import { aUser, startIdentity, type TestContext } from '@platform/svc-identity/testing';
import { aJob, startHire, type HireContext } from '@platform/svc-hire/testing';
import { readConfig as readContentConfig, type ContentConfig } from '../svc-content/src/config';
import { buildApp as buildContent } from '../svc-content/src/app';
import { makePlatformStreams, natsPasswords, platformNatsAuthorization } from './nats-accounts';

// The services themselves (not just the bus) on a NATS with the platform's users, as npm start runs them:
// each its own user, the streams made first by the user `streams`, and no development switch.
let server: OwnNatsServer;
let dataDir: string;
let passwords: Record<string, string>;
let identity: TestContext;
let hire: HireContext;
let content: ServiceContext<ContentConfig, App, LightMyRequestResponse>;
const METRICS_TOKEN = 'metrics-token-for-this-test-0123456789abcdef';
const open: Array<{ close(): Promise<unknown> }> = [];

const password = (user: string) => passwords[natsPasswordVariable(user)]!;
const as = (user: string) => ({
  NATS_URL: server.url,
  NATS_PREFIX: '',
  NATS_USER: user,
  NATS_PASSWORD: password(user),
  [OPEN_NATS_SWITCH]: '',
});

beforeAll(async () => {
  dataDir = mkdtempSync(path.join(tmpdir(), 'nats-services-'));
  passwords = natsPasswords(dataDir);
  server = await startNatsServer({ config: platformNatsAuthorization(), env: passwords });
  await makePlatformStreams(server.url, passwords, '');
  identity = await startIdentity({ ...as('svc-identity'), NOTIFICATION_PRODUCERS: 'hire' });
  hire = await startHire({ ...as('svc-hire'), METRICS_TOKEN });
  content = await startServiceForTest('content', readContentConfig, buildContent, as('svc-content'));
}, 60_000);

afterAll(async () => {
  for (const c of open.reverse()) await c.close().catch(() => {});
  await content?.close();
  await hire?.close();
  await identity?.close();
  await server?.destroy();
  rmSync(dataDir, { recursive: true, force: true });
});

/** A client of the bus under one service's user: what anyone holding that service's password could do. */
async function busAs(user: string): Promise<NatsEventBus> {
  const bus = await NatsEventBus.connect({ url: server.url, name: user, user, password: password(user) });
  open.push(bus);
  return bus;
}
async function natsAs(user: string) {
  const nc = await connect({
    servers: server.url,
    user,
    pass: password(user),
    inboxPrefix: inboxPrefix(user),
  });
  open.push(nc);
  return nc;
}

/**
 * Every way a client holding `user`'s password could try to get `event` onto its producer's stream: a plain
 * publish, a JetStream publish, and a stream of its own (or the dead letters') made to republish onto the
 * producer's subjects. NATS must refuse each.
 */
async function forgeAs(user: string, event: Envelope): Promise<void> {
  const nc = await natsAs(user);
  const refused = /Permissions Violation/;
  nc.publish(event.type, JSON.stringify(event));
  await nc.flush();
  await expect(jetstream(nc).publish(event.type, JSON.stringify(event))).rejects.toThrow(refused);
  await expect((await busAs(user)).publish(event)).rejects.toThrow(refused);
  const producer = event.type.split('.')[0]!;
  const jsm = await jetstreamManager(nc);
  for (const [stream, subjects] of [
    ['DEADLETTER', 'deadletter.>'],
    ['FORGED', 'forged.>'],
  ] as const) {
    const republish = { src: subjects, dest: `${producer}.>` };
    await expect(
      jsm.streams.add({ name: stream, subjects: [subjects], storage: StorageType.File, republish }),
    ).rejects.toThrow(refused);
  }
  await expect(jsm.streams.deleteMessage(producer.toUpperCase(), 1)).rejects.toThrow(refused);
}

async function inboxOf(token: string) {
  const res = await identity.app.inject({
    url: '/api/user/notifications',
    headers: { authorization: `Bearer ${token}` },
  });
  return (res.json() as { data: Array<{ kind: string; title: { en: string } }> }).data;
}

it('each service refuses to start on a bus anyone may publish on, unless the development switch says so', async () => {
  // No NATS user at all, on the run's NATS.
  await expect(startIdentity({ NATS_URL: natsUrl(), [OPEN_NATS_SWITCH]: '' })).rejects.toThrow(
    `svc-identity has no NATS user (NATS_USER): ${openNatsRefusal(natsUrl())}`,
  );
  // Its own user and password, on a server that lets anyone in besides.
  const openServer = await startNatsServer();
  try {
    await expect(startHire({ ...as('svc-hire'), NATS_URL: openServer.url })).rejects.toThrow(
      openNatsRefusal(openServer.url),
    );
    const allowed = await startHire({ ...as('svc-hire'), NATS_URL: openServer.url, [OPEN_NATS_SWITCH]: '1' });
    expect((await allowed.app.inject('/readyz')).statusCode).toBe(200);
    await allowed.close();
  } finally {
    await openServer.destroy();
  }
}, 30_000);

it('svc-identity and svc-hire, each as its own NATS user, carry a new clinic to the job board', async () => {
  for (const app of [identity.app, hire.app]) expect((await app.inject('/readyz')).statusCode).toBe(200);
  const body = aUser({ role: 'Clinic', name: 'Eldoret Diagnostics' });
  const registered = await identity.app.inject({ method: 'POST', url: '/api/user/register', payload: body });
  expect(registered.statusCode).toBe(201);
  const login = await identity.app.inject({
    method: 'POST',
    url: '/api/user/login',
    payload: { email: body.email, password: body.password },
  });
  const clinic = hire.persona('Clinic', { sub: login.json().user.id, orgId: login.json().user.orgId });
  const job = (await hire.call('POST', '/api/job/add', clinic, aJob())).json().data;
  const shown = await eventually(async () => {
    const j = (await hire.call('GET', `/api/job/${job.id}`)).json().data;
    return j.posterName === 'Eldoret Diagnostics' ? j : undefined;
  });
  expect(shown.postedBy).toBe('Eldoret Diagnostics');
  // The account's e-mail travelled too, shown only to the clinic itself.
  const mine = (await hire.call('GET', '/api/job/mine', clinic)).json().data;
  expect(mine[0].posterEmail).toBe(body.email);
}, 30_000);

it("svc-hire's own NATS user may read what its metrics show: its consumers' lag and its dead letters", async () => {
  const metrics = await hire.app.inject({
    url: '/metrics',
    headers: { authorization: `Bearer ${METRICS_TOKEN}` },
  });
  expect(metrics.statusCode).toBe(200);
  // A read the server refused would leave these out of the page rather than show 0.
  for (const gauge of ['consumer_pending_events', 'consumer_redelivered_events', 'dead_letter_events'])
    expect(metrics.body).toMatch(
      new RegExp(`^${gauge}\\{[^}]*durable="svc-hire__user-sync"[^}]*\\} \\d+$`, 'm'),
    );
});

it("svc-hire's job alerts reach svc-identity's inbox, each service under its own NATS user", async () => {
  const body = aUser({ name: 'Faith Chebet' });
  expect(
    (await identity.app.inject({ method: 'POST', url: '/api/user/register', payload: body })).statusCode,
  ).toBe(201);
  const login = (
    await identity.app.inject({
      method: 'POST',
      url: '/api/user/login',
      payload: { email: body.email, password: body.password },
    })
  ).json();
  const nurse = hire.persona('user', { sub: login.user.id });
  expect(
    (await hire.call('POST', '/api/job/alerts', nurse, { query: { title: 'radiographer' } })).statusCode,
  ).toBe(201);
  // svc-hire consumes its own hire.job.posted.v1, then publishes the notice that svc-identity consumes.
  await hire.call('POST', '/api/job/add', hire.persona('Clinic'), aJob({ title: 'Radiographer' }));
  const inbox = await eventually(async () => {
    const res = await identity.app.inject({
      url: '/api/user/notifications',
      headers: { authorization: `Bearer ${login.token}` },
    });
    const listed = res.json() as { data: Array<Record<string, unknown>> };
    return listed.data.length ? listed : undefined;
  });
  expect(inbox.data[0]).toMatchObject({
    kind: 'hire.job-alert',
    title: { en: 'New job matching your alert: Radiographer' },
  });
}, 30_000);

it("refuses forged events under another service's user, and its consumers never apply them", async () => {
  const body = aUser({ name: 'Grace Akinyi' });
  expect((await identity.register(body)).statusCode).toBe(201);
  const { token, user } = (await identity.login(body.email, body.password)).json();
  const nurse = hire.persona('user');
  const admin = content.persona('admin');
  const byAdmin = { sub: admin.id, name: 'Forged Admin', email: admin.email, role: 'admin' as const };
  const jobAlert = (title: string) =>
    makeNotice('hire', {
      userId: user.id,
      kind: 'hire.job-alert',
      title: { en: title, sw: title, fr: title },
      link: '/hire',
      email: 'none',
    });
  const adminAction = (label: string) =>
    makeAdminAction('identity', {
      actor: byAdmin,
      action: 'account.suspend',
      target: { module: 'identity', kind: 'account', id: randomUUID(), label },
    });

  // A notice into svc-identity's inbox, under svc-events' user; an admin action for the audit log and an
  // end of every session of the nurse, under svc-hire's.
  await forgeAs('svc-events', jobAlert('Forged: pay a fee to apply'));
  await forgeAs('svc-hire', adminAction('forged'));
  await forgeAs(
    'svc-hire',
    makeEnvelope(IdentityEvents.sessionsEnded, {
      userId: nurse.id,
      issuedBefore: Math.floor(Date.now() / 1000) + 60,
      reason: 'suspended',
    }),
  );

  // The real producers' events, published after the forged ones, are applied: the consumers read past them.
  await (await busAs('svc-hire')).publish(jobAlert('Real: Radiographer in Kisumu'));
  await (await busAs('svc-identity')).publish(adminAction('real'));
  const other = hire.persona('user');
  const revoked = JSON.parse(Buffer.from(other.token.split('.')[1]!, 'base64url').toString()).jti;
  await (
    await busAs('svc-identity')
  ).publish(
    makeEnvelope(IdentityEvents.sessionRevoked, { jti: revoked, userId: other.id, exp: 2_000_000_000 }),
  );

  const inbox = await eventually(async () => {
    const data = await inboxOf(token);
    return data.length ? data : undefined;
  });
  const audit = await eventually(async () => {
    const res = await content.call('GET', '/api/admin/audit', admin);
    const { data } = res.json() as { data: Array<{ target: { label: string } }> };
    return data.length ? data : undefined;
  });
  await eventually(async () =>
    (await hire.call('GET', '/api/job/alerts', other)).statusCode === 401 ? true : undefined,
  );
  expect(inbox.map((n) => n.title.en)).toEqual(['Real: Radiographer in Kisumu']);
  expect(audit.map((e) => e.target.label)).toEqual(['real']);
  expect((await content.call('GET', '/api/admin/audit/verify', admin)).json()).toMatchObject({ ok: true });
  expect((await hire.call('GET', '/api/job/alerts', nurse)).statusCode).toBe(200);
}, 30_000);
