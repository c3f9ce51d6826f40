import { randomUUID } from 'node:crypto';
import postgres from 'postgres';
import { makeEnvelope, NatsEventBus } from '@platform/event-bus';
import {
  notificationRequestedType,
  type EmailTiming,
  type NotificationRequestedData,
} from '@platform/contracts';
import { eventually, startSmtpSink, type SmtpSink } from '@platform/testing';
import { aUser, startIdentity, type TestContext } from './helpers';

let ctx: TestContext;
let hire: NatsEventBus;
let smtp: SmtpSink;

beforeAll(async () => {
  smtp = await startSmtpSink();
  ctx = await startIdentity({
    NOTIFICATION_PRODUCERS: 'hire',
    SMTP_URL: smtp.url,
    PUBLIC_URL: 'https://afyahr.example',
    // Only the test's own sweeps send digests (immediate ones also go out when stored).
    MAIL_SWEEP_SECONDS: '3600',
    ADMIN_EMAIL: 'admin@inbox.example',
    ADMIN_PASSWORD: 'Rift Valley sunrise over Naivasha',
  });
  // Stands in for svc-hire: publishes its notices on the same prefix.
  hire = await NatsEventBus.connect({ url: ctx.natsUrl, prefix: ctx.prefix, name: 'fake-hire' });
  await hire.ensureStream('hire');
});
afterAll(async () => {
  await hire?.close();
  await ctx?.close();
  await smtp?.close();
});

/** The notices' e-mails to `email` (not the verification link every sign-up is sent). */
const noticeMailsTo = (email: string) =>
  smtp.inbox.filter((m) => m.to === email && !m.raw.includes('/verify-email#token='));

async function signUp(over: Record<string, unknown> = {}) {
  const body = aUser(over);
  const res = await ctx.register(body);
  expect(res.statusCode).toBe(201);
  const login = (await ctx.login(body.email as string, body.password as string)).json();
  return { id: login.user.id as string, email: body.email as string, token: login.token as string };
}

const notice = (
  userId: string,
  over: Partial<NotificationRequestedData> = {},
): NotificationRequestedData => ({
  id: randomUUID(),
  userId,
  kind: 'hire.application-decided',
  title: {
    en: 'Your application was accepted',
    sw: 'Ombi lako limekubaliwa',
    fr: 'Votre candidature est acceptée',
  },
  body: { en: 'See you <b>Monday</b>', sw: 'Tuonane <b>Jumatatu</b>', fr: 'À <b>lundi</b>' },
  link: '/userdashboard',
  email: 'none' as EmailTiming,
  createdAt: new Date().toISOString(),
  ...over,
});

const publish = (data: NotificationRequestedData) =>
  hire.publish(makeEnvelope(notificationRequestedType('hire'), data));

const inbox = (token: string, query = '') =>
  ctx.app.inject({
    method: 'GET',
    url: `/api/user/notifications${query}`,
    headers: { authorization: `Bearer ${token}` },
  });
const markRead = (token: string, payload: unknown) =>
  ctx.app.inject({
    method: 'POST',
    url: '/api/user/notifications/read',
    headers: { authorization: `Bearer ${token}` },
    payload: payload as object,
  });

it('stores each notice once, newest first, and shows and marks only the recipient’s own', async () => {
  const amina = await signUp();
  const baraka = await signUp({ name: 'Baraka Otieno' });
  const first = notice(amina.id, { createdAt: new Date(Date.now() - 60_000).toISOString() });
  const second = notice(amina.id, { kind: 'hire.job-alert', link: '/hire?title=Nurse' });
  const forBaraka = notice(baraka.id);
  const event = makeEnvelope(notificationRequestedType('hire'), first);
  await hire.publish(event);
  // The same event again, and the same notice under a new event id: stored once.
  await hire.publish({ ...event, id: randomUUID() });
  await publish(second);
  await publish(forBaraka);

  const list = await eventually(async () => {
    const body = (await inbox(amina.token)).json();
    // The page and its total are read side by side: wait until both have seen the second notice.
    return body.pageInfo.total === 2 && body.data.length === 2 ? body : undefined;
  });
  expect(list.unread).toBe(2);
  expect(list.data.map((n: { id: string }) => n.id)).toEqual([second.id, first.id]);
  expect(list.data[1]).toMatchObject({
    title: first.title,
    body: first.body,
    link: '/userdashboard',
    readAt: null,
  });
  await new Promise((r) => setTimeout(r, 300));
  expect((await inbox(amina.token)).json().pageInfo.total).toBe(2);

  // Baraka never sees Amina's notices, and marking hers read as him changes nothing.
  await eventually(async () => ((await inbox(baraka.token)).json().pageInfo.total === 1 ? true : undefined));
  const barakas = (await inbox(baraka.token)).json();
  expect(barakas.data.map((n: { id: string }) => n.id)).toEqual([forBaraka.id]);
  expect((await markRead(baraka.token, { ids: [first.id, second.id] })).json()).toEqual({
    success: true,
    unread: 1,
  });
  expect((await inbox(amina.token)).json().unread).toBe(2);

  // Amina marks one, then all.
  expect((await markRead(amina.token, { ids: [first.id] })).json().unread).toBe(1);
  const after = (await inbox(amina.token, '?limit=1')).json();
  expect(after).toMatchObject({ unread: 1, pageInfo: { page: 1, limit: 1, total: 2 } });
  expect(after.data[0].readAt).toBeNull();
  expect((await markRead(amina.token, { all: true })).json().unread).toBe(0);
  expect((await inbox(baraka.token)).json().unread).toBe(1);
});

it('refuses bad requests with 400 and anonymous ones with 401', async () => {
  const amina = await signUp();
  expect((await markRead(amina.token, { ids: ['not-a-uuid'] })).statusCode).toBe(400);
  expect((await markRead(amina.token, { all: false })).statusCode).toBe(400);
  expect((await markRead(amina.token, {})).statusCode).toBe(400);
  expect((await inbox(amina.token, '?limit=500')).statusCode).toBe(400);
  expect((await ctx.app.inject('/api/user/notifications')).statusCode).toBe(401);
});

it('drops a notice whose link leaves the site (dead-lettered, never stored)', async () => {
  const amina = await signUp();
  await publish(notice(amina.id, { link: '//evil.example/x' }));
  await publish(notice(amina.id, { link: '/\\evil.example' }));
  const good = notice(amina.id);
  await publish(good);
  await eventually(async () => ((await inbox(amina.token)).json().pageInfo.total >= 1 ? true : undefined));
  await new Promise((r) => setTimeout(r, 300));
  expect((await inbox(amina.token)).json().data.map((n: { id: string }) => n.id)).toEqual([good.id]);
});

it('e-mails an immediate notice in the account’s language, with escaped text and an absolute link', async () => {
  const amina = await signUp();
  const saved = await ctx.app.inject({
    method: 'PUT',
    url: '/api/user/me',
    headers: { authorization: `Bearer ${amina.token}` },
    payload: { language: 'sw' },
  });
  expect(saved.json().user.language).toBe('sw');
  const bad = await ctx.app.inject({
    method: 'PUT',
    url: '/api/user/me',
    headers: { authorization: `Bearer ${amina.token}` },
    payload: { language: 'de' },
  });
  expect(bad.statusCode).toBe(400);

  await publish(notice(amina.id, { email: 'now' }));
  const mail = await eventually(async () => noticeMailsTo(amina.email)[0]);
  expect(mail.raw).toContain('Ombi lako limekubaliwa');
  expect(mail.raw).not.toContain('Your application was accepted');
  expect(mail.raw).toContain('Tuonane &lt;b&gt;Jumatatu&lt;/b&gt;');
  expect(mail.raw).toContain('<a href="https://afyahr.example/userdashboard">');
  expect(mail.raw).toContain('<html lang="sw">');
  // Sweeping again sends nothing more.
  await ctx.app.mailer!.sweep();
  expect(noticeMailsTo(amina.email)).toHaveLength(1);
});

it('sends a digest at most once a day per person', async () => {
  const amina = await signUp({ name: 'Amina Digest' });
  const count = () => noticeMailsTo(amina.email).length;
  await publish(
    notice(amina.id, {
      email: 'digest',
      kind: 'hire.job-alert',
      title: { en: 'New job: Nurse', sw: 'Kazi mpya: Muuguzi', fr: 'Nouvel emploi : Infirmier' },
    }),
  );
  await eventually(async () => ((await inbox(amina.token)).json().pageInfo.total === 1 ? true : undefined));
  const now = new Date();
  await Promise.all([ctx.app.mailer!.sweep(now), ctx.app.mailer!.sweep(now)]);
  expect(count()).toBe(1);
  expect(noticeMailsTo(amina.email)[0]!.raw).toContain('New job: Nurse');

  // A second alert the same day waits for tomorrow's digest.
  await publish(
    notice(amina.id, {
      email: 'digest',
      kind: 'hire.job-alert',
      title: { en: 'New job: Midwife', sw: 'Kazi mpya: Mkunga', fr: 'Nouvel emploi : Sage-femme' },
    }),
  );
  await eventually(async () => ((await inbox(amina.token)).json().pageInfo.total === 2 ? true : undefined));
  await ctx.app.mailer!.sweep(new Date(now.getTime() + 12 * 3600_000));
  expect(count()).toBe(1);
  await ctx.app.mailer!.sweep(new Date(now.getTime() + 25 * 3600_000));
  expect(count()).toBe(2);
  const second = noticeMailsTo(amina.email)[1]!;
  expect(second.raw).toContain('New job: Midwife');
  expect(second.raw).not.toContain('New job: Nurse');
});

it('removing an account removes its notices', async () => {
  const amina = await signUp({ name: 'Amina Removed' });
  await publish(notice(amina.id));
  await eventually(async () => ((await inbox(amina.token)).json().pageInfo.total === 1 ? true : undefined));
  const admin = (await ctx.login('admin@inbox.example', 'Rift Valley sunrise over Naivasha')).json();
  const removed = await ctx.app.inject({
    method: 'DELETE',
    url: `/api/user/admin/accounts/${amina.id}`,
    headers: { authorization: `Bearer ${admin.token}` },
  });
  expect(removed.statusCode).toBe(200);
  // A late notice for the removed account is dropped too.
  await publish(notice(amina.id));
  const sql = postgres(ctx.config.DATABASE_URL, { max: 1 });
  try {
    await new Promise((r) => setTimeout(r, 500));
    const [row] =
      await sql`select count(*)::int as n from identity.notifications where user_id = ${amina.id}`;
    expect(row!.n).toBe(0);
  } finally {
    await sql.end();
  }
});
