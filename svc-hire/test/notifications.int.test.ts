/**
 * svc-hire's notices reach the platform inbox: svc-hire and svc-identity on one NATS prefix, real accounts
 * from svc-identity, job alerts matched on posting, decisions with a clinic's message.
 */
import { randomUUID } from 'node:crypto';
import { eventually, serviceTestEnv, type ServiceTestEnv } from '@platform/testing';
import type { App } from '@platform/service-kit';
import { startIdentity, type TestContext } from '@platform/svc-identity/testing';
import { buildApp as buildHire } from '../src/app';
import { readConfig as hireConfig } from '../src/config';
import { aJob, anApplication } from './helpers';

let run: ServiceTestEnv;
let identityContext: TestContext;
let identity: App;
let hire: App;

beforeAll(async () => {
  run = await serviceTestEnv('hire');
  // svc-identity on svc-hire's NATS prefix and keys, with a database of its own.
  const { DATABASE_URL: _hireDatabase, ...shared } = run.env;
  identityContext = await startIdentity({
    ...shared,
    JWT_PRIVATE_KEY: run.keys.privateKey,
    NOTIFICATION_PRODUCERS: 'hire',
  });
  identity = identityContext.app;
  hire = await buildHire(hireConfig(run.env));
});
afterAll(async () => {
  await hire?.close();
  await identityContext?.close();
  await run?.cleanup();
});

const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

async function signUp(role: 'user' | 'Clinic', name: string) {
  const email = `${role.toLowerCase()}.${randomUUID().slice(0, 8)}@notify.example`;
  const password = 'correct horse battery';
  const reg = await identity.inject({
    method: 'POST',
    url: '/api/user/register',
    payload: { name, email, password, role },
  });
  expect(reg.statusCode).toBe(201);
  const login = (
    await identity.inject({ method: 'POST', url: '/api/user/login', payload: { email, password } })
  ).json();
  return { id: login.user.id as string, token: login.token as string };
}

const call = (method: string, url: string, token: string, payload?: unknown) =>
  hire.inject({
    method: method as 'GET',
    url,
    headers: bearer(token),
    ...(payload === undefined ? {} : { payload: payload as object }),
  });

const inbox = async (token: string) =>
  (await identity.inject({ url: '/api/user/notifications', headers: bearer(token) })).json() as {
    unread: number;
    data: Array<{
      kind: string;
      title: { en: string; sw: string };
      body: { en: string } | null;
      link: string;
    }>;
  };

it('a new job notifies the people whose alert it matches, once each, and never its poster', async () => {
  const clinic = await signUp('Clinic', 'Nairobi West Clinic');
  const nurse = await signUp('user', 'Amina Wanjiru');
  const doctor = await signUp('user', 'Baraka Otieno');
  const both = await signUp('user', 'Chebet Kiprono');
  await call('POST', '/api/job/alerts', nurse.token, { query: { title: 'nurse' } });
  await call('POST', '/api/job/alerts', doctor.token, { query: { title: 'doctor' } });
  // Two alerts matching the same job: one notice.
  await call('POST', '/api/job/alerts', both.token, { query: { title: 'nurse' } });
  await call('POST', '/api/job/alerts', both.token, { query: { department: 'maternity' } });

  const posted = await call('POST', '/api/job/add', clinic.token, aJob({ title: 'Registered Nurse' }));
  expect(posted.statusCode).toBe(201);
  const job = posted.json().data;

  const notice = await eventually(async () => (await inbox(nurse.token)).data[0]);
  expect(notice).toMatchObject({
    kind: 'hire.job-alert',
    link: `/hire/${job.id}`,
    title: {
      en: 'New job matching your alert: Registered Nurse',
      sw: 'Kazi mpya inayolingana na arifa yako: Registered Nurse',
    },
    body: { en: 'Nakuru Family Clinic · Nakuru, Kenya' },
  });
  await eventually(async () => ((await inbox(both.token)).data.length > 0 ? true : undefined));
  await new Promise((r) => setTimeout(r, 500));
  expect((await inbox(both.token)).data).toHaveLength(1);
  expect((await inbox(doctor.token)).data).toEqual([]);
  expect((await inbox(clinic.token)).data).toEqual([]);
});

it('the applicant is notified of an accept with the clinic’s message, and reads it on the application', async () => {
  const clinic = await signUp('Clinic', 'Kisumu Lakeside Hospital');
  const nurse = await signUp('user', 'Dalia Achieng');
  const job = (await call('POST', '/api/job/add', clinic.token, aJob({ title: 'Theatre Nurse' }))).json()
    .data;
  const application = (
    await call('POST', '/api/application/apply', nurse.token, anApplication(job.id))
  ).json().data;

  const tooLong = await call('PATCH', `/api/application/${application.id}`, clinic.token, {
    status: 'accepted',
    message: 'x'.repeat(501),
  });
  expect(tooLong.statusCode).toBe(400);
  const mine = await call('GET', `/api/application/${application.id}`, nurse.token);
  expect(mine.json().data).toMatchObject({ status: 'pending', decisionMessage: '' });

  const accepted = await call('PATCH', `/api/application/${application.id}`, clinic.token, {
    status: 'accepted',
    message: '  Please come for an interview on Monday at 9.  ',
  });
  expect(accepted.statusCode).toBe(200);
  expect(accepted.json().data.decisionMessage).toBe('Please come for an interview on Monday at 9.');

  const notice = await eventually(async () =>
    (await inbox(nurse.token)).data.find((n) => n.kind === 'hire.application-decided'),
  );
  expect(notice).toMatchObject({
    link: '/userdashboard',
    title: { en: 'Your application for Theatre Nurse was accepted' },
    body: { en: 'Please come for an interview on Monday at 9.' },
  });
  const list = (await call('GET', '/api/application/get', nurse.token)).json().data;
  expect(list[0].decisionMessage).toBe('Please come for an interview on Monday at 9.');

  // The applicant cannot attach a message to a withdrawal.
  const withdraw = await call('PATCH', `/api/application/${application.id}`, nurse.token, {
    status: 'withdrawn',
    message: 'bye',
  });
  expect(withdraw.statusCode).toBe(400);
  expect(withdraw.json().code).toBe('hire.message_not_allowed');
});

it('a rejection without a message notifies too; repeating it notifies nobody again', async () => {
  const clinic = await signUp('Clinic', 'Mombasa Coast Clinic');
  const nurse = await signUp('user', 'Esther Njeri');
  const job = (await call('POST', '/api/job/add', clinic.token, aJob({ title: 'Night Nurse' }))).json().data;
  const application = (
    await call('POST', '/api/application/apply', nurse.token, anApplication(job.id))
  ).json().data;
  for (let i = 0; i < 2; i++)
    expect(
      (await call('PATCH', `/api/application/${application.id}`, clinic.token, { status: 'rejected' }))
        .statusCode,
    ).toBe(200);
  const notice = await eventually(async () => (await inbox(nurse.token)).data[0]);
  expect(notice).toMatchObject({
    title: { en: 'Your application for Night Nurse was not successful' },
    body: null,
  });
  await new Promise((r) => setTimeout(r, 500));
  expect((await inbox(nurse.token)).data).toHaveLength(1);
});
