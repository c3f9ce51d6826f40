import postgres from 'postgres';
import { notificationRequestedType, type NotificationRequestedData } from '@platform/contracts';
import { NatsEventBus } from '@platform/event-bus';
import { eventually, readEvents } from '@platform/testing';
import { buildApp } from '../src/app';
import {
  checkoutAs,
  knownClinic,
  startBilling,
  sweepAt,
  type BillingTestContext,
  type Persona,
} from './helpers';

/**
 * Renewals with the clock moved by the test, against Postgres, NATS and the payments sandbox: a reminder
 * (inbox and e-mail) 3 days before the period ends, a payment request (an STK prompt to the clinic's
 * phone) on the due date and 2 and 5 days later, expiry after 7 days' grace; each step once however often
 * the sweep runs.
 */
const DAY = 86_400_000;
let ctx: BillingTestContext;
let sql: postgres.Sql;
let identity: NatsEventBus;
beforeAll(async () => {
  ctx = await startBilling({ env: { BILLING_SWEEP_SECONDS: '3600' } });
  sql = postgres(ctx.db.url, { max: 2, onnotice: () => {} });
  identity = await NatsEventBus.connect({ url: ctx.natsUrl, prefix: ctx.prefix, name: 'fake-identity' });
  await identity.ensureStream('identity');
});
afterAll(async () => {
  await identity?.close();
  await sql?.end();
  await ctx?.close();
});

/** A clinic whose account (its billing contact) has `phone`, known to svc-billing, with standalone Hire paid. */
async function clinicWithHire(phone: string): Promise<Persona> {
  const clinic = await knownClinic(ctx, identity, sql, phone);
  const res = await checkoutAs(ctx, clinic, { items: ['hire'], method: 'mpesa', phone: '0708374149' });
  expect(res.statusCode).toBe(202);
  await eventually(
    async () => ((await subscriptionOf(clinic)).status === 'active' ? true : undefined),
    15_000,
  );
  return clinic;
}
const subscriptionOf = async (who: Persona) =>
  (await ctx.call('GET', '/api/billing/subscription', who)).json().data;
/** Waits until every renewal payment of the clinic has its answer (the sandbox calls back). */
const answered = (who: Persona) =>
  eventually(
    async () => ((await renewalPayments(who)).every((p) => p.status !== 'pending') ? true : undefined),
    15_000,
  );
const at = (periodEnd: string, days: number) => sweepAt(ctx, periodEnd, days);
const notices = async (who: Persona, kind: string) =>
  (
    await readEvents<NotificationRequestedData>(
      ctx.natsUrl,
      `${ctx.prefix}${notificationRequestedType('billing')}`,
    )
  ).filter((e) => e.data.userId === who.orgId && e.data.kind === kind);
const stkPushes = () => ctx.sandboxCalls.filter((u) => u === '/mpesa/stkpush/v1/processrequest').length;
const renewalPayments = (who: Persona) =>
  sql`select phone, status from billing.payments where org_id = ${who.orgId} and purpose = 'renewal' order by created_at`;

it('reminds 3 days before, asks on the due date by STK to the clinic, and the paid renewal continues the period', async () => {
  const clinic = await clinicWithHire('0708374149');
  const { periodEnd } = await subscriptionOf(clinic);

  await at(periodEnd, -4);
  expect(await notices(clinic, 'billing.renewal-reminder')).toHaveLength(0);
  await at(periodEnd, -3);
  await at(periodEnd, -2);
  await eventually(async () =>
    (await notices(clinic, 'billing.renewal-reminder')).length ? true : undefined,
  );
  const [reminder] = await notices(clinic, 'billing.renewal-reminder');
  expect(reminder!.data).toMatchObject({ link: '/billing', email: 'now' });
  expect(reminder!.data.title.sw).toContain('Usajili');
  expect(reminder!.data.title.en).toContain('Ksh 1,000.00'); // what the renewal will ask
  expect(await renewalPayments(clinic)).toHaveLength(0);

  const prompts = stkPushes();
  await at(periodEnd, 0);
  expect(stkPushes()).toBe(prompts + 1);
  expect(await renewalPayments(clinic)).toEqual([{ phone: '254708374149', status: expect.any(String) }]);
  await eventually(
    async () => ((await subscriptionOf(clinic)).status === 'active' ? true : undefined),
    15_000,
  );
  const renewed = await subscriptionOf(clinic);
  expect(renewed.periodStart).toBe(periodEnd);
  await eventually(async () =>
    (await notices(clinic, 'billing.renewal-requested')).length ? true : undefined,
  );
  expect(await notices(clinic, 'billing.renewal-reminder')).toHaveLength(1);
  expect(await notices(clinic, 'billing.renewal-requested')).toHaveLength(1);
});

it('retries 2 and 5 days later, once each, then expires after 7 days (access gone, data kept)', async () => {
  // 254711000001: the sandbox's "cancelled by the user" number, so no renewal is ever paid.
  const clinic = await clinicWithHire('0711000001');
  const { periodEnd } = await subscriptionOf(clinic);

  await at(periodEnd, 0);
  await answered(clinic);
  await at(periodEnd, 1);
  expect(await renewalPayments(clinic)).toHaveLength(1);
  expect((await subscriptionOf(clinic)).status).toBe('past_due');
  await at(periodEnd, 2);
  await answered(clinic);
  await at(periodEnd, 3);
  expect(await renewalPayments(clinic)).toHaveLength(2);
  await at(periodEnd, 5);
  await at(periodEnd, 6);
  await eventually(
    async () => ((await renewalPayments(clinic)).every((p) => p.status === 'cancelled') ? true : undefined),
    15_000,
  );
  const requests = await renewalPayments(clinic);
  expect(requests.map((p) => p.phone)).toEqual(['254711000001', '254711000001', '254711000001']);
  expect((await subscriptionOf(clinic)).entitlements.modules).toEqual(['hire']);

  await at(periodEnd, 7);
  const expired = await subscriptionOf(clinic);
  expect(expired.status).toBe('expired');
  expect(expired.entitlements.modules).toEqual([]);
  expect(await renewalPayments(clinic)).toHaveLength(3);
  const steps =
    await sql`select step from billing.renewal_steps where org_id = ${clinic.orgId} order by taken_at`;
  expect(steps.map((s) => s.step)).toEqual(['request-0', 'request-2', 'request-5']);
  await eventually(async () =>
    (await notices(clinic, 'billing.renewal-requested')).length === 3 ? true : undefined,
  );
});

it('refuses a second renewal from /billing while the due-date prompt waits (no period paid twice)', async () => {
  // 254711000003: the sandbox's number that never calls back, so the prompt stays pending.
  const clinic = await clinicWithHire('0711000003');
  const { periodEnd } = await subscriptionOf(clinic);
  await at(periodEnd, 0);
  expect(await renewalPayments(clinic)).toEqual([{ phone: '254711000003', status: 'pending' }]);
  const second = await checkoutAs(ctx, clinic, { items: ['hire'], method: 'mpesa', phone: '0708374149' });
  expect(second.statusCode).toBe(409);
  expect(second.json()).toMatchObject({ code: 'billing.renewal_pending' });
  expect(await renewalPayments(clinic)).toHaveLength(1);
});

it('takes each step once with two instances sweeping at once, and again none after a restart', async () => {
  const clinic = await clinicWithHire('0711000001');
  const { periodEnd } = await subscriptionOf(clinic);
  // A second svc-billing on the same database, bus and clock.
  let second = await buildApp(ctx.config, { now: ctx.clock.now });
  const both = () => Promise.all([ctx.app.billingSweep(), second.billingSweep(), second.billingSweep()]);
  const moveTo = (days: number) =>
    ctx.clock.advanceDays((Date.parse(periodEnd) + days * DAY + 3_600_000 - ctx.clock.now().getTime()) / DAY);
  try {
    moveTo(-3);
    await both();
    await both();
    const prompts = stkPushes();
    moveTo(0);
    await both();
    await both();
    expect(stkPushes()).toBe(prompts + 1);
    expect(await renewalPayments(clinic)).toHaveLength(1);

    // A restart: the steps taken are in Postgres, not in the process.
    await second.close();
    second = await buildApp(ctx.config, { now: ctx.clock.now });
    await both();
    expect(await renewalPayments(clinic)).toHaveLength(1);
    const steps =
      await sql`select step from billing.renewal_steps where org_id = ${clinic.orgId} order by taken_at`;
    expect(steps.map((r) => r.step)).toEqual(['reminder', 'request-0']);
    await eventually(async () =>
      (await notices(clinic, 'billing.renewal-requested')).length ? true : undefined,
    );
    expect(await notices(clinic, 'billing.renewal-reminder')).toHaveLength(1);
    expect(await notices(clinic, 'billing.renewal-requested')).toHaveLength(1);
  } finally {
    await second.close();
  }
});
