import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { natsPasswordVariable } from '@platform/event-bus';
import { eventually, startNatsServer, type OwnNatsServer } from '@platform/testing';
import { aUser, startIdentity, type TestContext } from '../svc-identity/test/helpers';
import { aJob, startHire, type HireContext } from '../svc-hire/test/helpers';
import { natsPasswords, platformNatsAuthorization } from './nats-accounts';

// The services themselves (not just the bus) on a NATS with the platform's users, as npm start runs them.
let server: OwnNatsServer;
let dataDir: string;
let identity: TestContext;
let hire: HireContext;

beforeAll(async () => {
  dataDir = mkdtempSync(path.join(tmpdir(), 'nats-services-'));
  const passwords = natsPasswords(dataDir);
  server = await startNatsServer({ config: platformNatsAuthorization(), env: passwords });
  const as = (user: string) => ({
    NATS_URL: server.url,
    NATS_PREFIX: '',
    NATS_USER: user,
    NATS_PASSWORD: passwords[natsPasswordVariable(user)]!,
  });
  identity = await startIdentity({ ...as('svc-identity'), NOTIFICATION_PRODUCERS: 'hire' });
  hire = await startHire(as('svc-hire'));
}, 60_000);

afterAll(async () => {
  await hire?.close();
  await identity?.close();
  await server?.destroy();
  rmSync(dataDir, { recursive: true, force: true });
});

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
