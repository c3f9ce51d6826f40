import { randomUUID } from 'node:crypto';
import postgres from 'postgres';
import { makeEnvelope, NatsEventBus } from '@platform/event-bus';
import { notificationRequestedType, type NotificationRequestedData } from '@platform/contracts';
import { eventually } from '@platform/testing';
import {
  SMS_SANDBOX_CREDENTIALS,
  SMS_TEST_NUMBERS,
  startSmsSandbox,
  type RunningSmsSandbox,
} from '../sandbox/sms';
import { aUser, startIdentity, type TestContext } from './helpers';

let sandbox: RunningSmsSandbox;
let ctx: TestContext;
let core: NatsEventBus;
let sql: postgres.Sql;

beforeAll(async () => {
  sandbox = await startSmsSandbox();
  ctx = await startIdentity({
    NOTIFICATION_PRODUCERS: 'core',
    AT_BASE_URL: sandbox.url,
    AT_USERNAME: SMS_SANDBOX_CREDENTIALS.username,
    AT_API_KEY: SMS_SANDBOX_CREDENTIALS.apiKey,
    PUBLIC_URL: 'https://afyahr.example',
    // Retries only when the test sweeps (a stored notice is texted at once).
    SMS_SWEEP_SECONDS: '3600',
  });
  sql = postgres(ctx.db.url, { max: 2, onnotice: () => {} });
  // Stands in for svc-core: publishes its notices on the same prefix.
  core = await NatsEventBus.connect({ url: ctx.natsUrl, prefix: ctx.prefix, name: 'fake-core' });
  await core.ensureStream('core');
});
afterAll(async () => {
  await core?.close();
  await sql?.end();
  await ctx?.close();
  await sandbox?.close();
});

async function signUp(phone?: string) {
  const body = aUser(phone === undefined ? { phone: undefined } : { phone });
  const res = await ctx.register(body);
  expect(res.statusCode).toBe(201);
  const [row] = await sql<{ id: string }[]>`select id from identity.users where email = ${body.email}`;
  return row!.id;
}

const licenceAlert = (
  userId: string,
  over: Partial<NotificationRequestedData> = {},
): NotificationRequestedData => ({
  id: randomUUID(),
  userId,
  kind: 'core.licence-days-30',
  title: {
    en: 'Your NCK licence expires in 30 days',
    sw: 'Leseni yako ya NCK inaisha baada ya siku 30',
    fr: "Votre autorisation d'exercer NCK expire dans 30 jours",
  },
  link: '/hr/me',
  email: 'now',
  sms: true,
  createdAt: new Date().toISOString(),
  ...over,
});

const publish = (data: NotificationRequestedData) =>
  core.publish(makeEnvelope(notificationRequestedType('core'), data));
const textsTo = (phone: string) => sandbox.messages.filter((m) => m.to === phone);
const smsOf = async (id: string) =>
  (
    await sql`select state, attempts, phone, provider_message_id, provider_status, cost, error
    from identity.sms_messages where notification_id = ${id}`
  )[0];
const stored = (id: string) =>
  eventually(async () =>
    (await sql`select 1 from identity.notifications where id = ${id}`).length ? true : undefined,
  );

it("texts a notice that asks for it to the person's phone over Africa's Talking's API, exactly once", async () => {
  const amina = await signUp('0712 345 678');
  const alert = licenceAlert(amina);
  const event = makeEnvelope(notificationRequestedType('core'), alert);
  await core.publish(event);

  const [text] = await eventually(async () =>
    textsTo('+254712345678').length ? textsTo('+254712345678') : undefined,
  );
  expect(text!.message).toBe('AfyaHR: Your NCK licence expires in 30 days https://afyahr.example/hr/me');
  const record = await eventually(async () => {
    const row = await smsOf(alert.id);
    return row?.state === 'sent' ? row : undefined;
  });
  expect(record).toMatchObject({
    attempts: 1,
    phone: '+254712345678',
    provider_message_id: text!.messageId,
    provider_status: 'Success',
    cost: 'KES 0.8000',
  });

  // The event again (a redelivery, or a second consumer's copy) and two instances sweeping at once: still one.
  await core.publish({ ...event, id: randomUUID() });
  await Promise.all([ctx.app.smsSender!.sweep(), ctx.app.smsSender!.sweep()]);
  await new Promise((r) => setTimeout(r, 300));
  await ctx.app.smsSender!.sweep(new Date(Date.now() + 3600_000));
  expect(textsTo('+254712345678')).toHaveLength(1);
});

it('texts in the person’s language, and only the notices that ask for it', async () => {
  const baraka = await signUp('+254 733 000 111');
  await sql`update identity.users set language = 'sw' where id = ${baraka}`;
  const quiet = licenceAlert(baraka, { sms: undefined });
  await publish(quiet);
  await stored(quiet.id);
  const loud = licenceAlert(baraka);
  await publish(loud);
  const texts = await eventually(async () =>
    textsTo('+254733000111').length ? textsTo('+254733000111') : undefined,
  );
  expect(texts.map((t) => t.message)).toEqual([
    'AfyaHR: Leseni yako ya NCK inaisha baada ya siku 30 https://afyahr.example/hr/me',
  ]);
  expect(await smsOf(quiet.id)).toBeUndefined();
});

it('records a number it cannot text, and does not try again what the provider refused for good', async () => {
  const noPhone = await signUp(undefined);
  const optedOut = await signUp(SMS_TEST_NUMBERS.blacklisted);
  const before = sandbox.messages.length;
  const [a, b] = [licenceAlert(noPhone), licenceAlert(optedOut)];
  await publish(a);
  await publish(b);
  await stored(a.id);
  await stored(b.id);
  await ctx.app.smsSender!.sweep();
  expect(await smsOf(a.id)).toMatchObject({
    state: 'failed',
    attempts: 0,
    phone: null,
    error: 'no phone number',
  });
  expect(await smsOf(b.id)).toMatchObject({
    state: 'failed',
    attempts: 1,
    phone: SMS_TEST_NUMBERS.blacklisted,
    provider_status: 'UserInBlacklist',
  });
  await ctx.app.smsSender!.sweep(new Date(Date.now() + 24 * 3600_000 - 60_000));
  expect((await smsOf(b.id))?.attempts).toBe(1);
  expect(sandbox.messages.length).toBe(before);
});

it("retries a provider's passing failure with a growing delay, then gives up", async () => {
  const someone = await signUp(SMS_TEST_NUMBERS.gatewayError);
  const alert = licenceAlert(someone);
  await publish(alert);
  await stored(alert.id);
  await eventually(async () => ((await smsOf(alert.id))?.attempts === 1 ? true : undefined));
  expect(await smsOf(alert.id)).toMatchObject({ state: 'due', error: 'GatewayError' });
  // Not before its delay …
  await ctx.app.smsSender!.sweep(new Date(Date.now() + 30_000));
  expect((await smsOf(alert.id))?.attempts).toBe(1);
  // … then once per delay (1, 2, 4, 8 minutes) until the fifth try.
  let at = Date.now();
  for (const minutes of [1, 2, 4, 8]) {
    at += minutes * 60_000 + 1000;
    await ctx.app.smsSender!.sweep(new Date(at));
  }
  expect(await smsOf(alert.id)).toMatchObject({ state: 'failed', attempts: 5, error: 'GatewayError' });
});

it('sends no SMS where no provider is configured (the notice still reaches the inbox)', async () => {
  const plain = await startIdentity({ NOTIFICATION_PRODUCERS: 'core' });
  const bus = await NatsEventBus.connect({ url: plain.natsUrl, prefix: plain.prefix, name: 'fake-core-2' });
  const db = postgres(plain.db.url, { max: 1, onnotice: () => {} });
  try {
    await bus.ensureStream('core');
    const body = aUser();
    expect((await plain.register(body)).statusCode).toBe(201);
    const [user] = await db<{ id: string }[]>`select id from identity.users where email = ${body.email}`;
    const alert = licenceAlert(user!.id);
    await bus.publish(makeEnvelope(notificationRequestedType('core'), alert));
    await eventually(async () =>
      (await db`select 1 from identity.notifications where id = ${alert.id}`).length ? true : undefined,
    );
    expect(plain.app.smsSender).toBeUndefined();
    expect(await db`select * from identity.sms_messages`).toHaveLength(0);
  } finally {
    await db.end();
    await bus.close();
    await plain.close();
  }
});
