import { eventually } from '@platform/testing';
import { checkoutAs, startBilling, type BillingTestContext, type Persona } from './helpers';

/**
 * The subscription's life with the clock moved by the test: trial → expired; bought → active → past_due
 * → expired; upgrade with the unused part credited; cancel at the period's end. Each change reaches the
 * bus as billing.subscription.changed.v1.
 */
let ctx: BillingTestContext;
beforeAll(async () => {
  ctx = await startBilling({ payDelayMs: 100 });
});
afterAll(async () => ctx?.close());

const subscriptionOf = async (who: Persona) =>
  (await ctx.call('GET', '/api/billing/subscription', who)).json().data;
const pay = async (who: Persona, items: string[]) => {
  const res = await checkoutAs(ctx, who, { items, method: 'mpesa', phone: '0708374149' });
  expect(res.statusCode).toBe(202);
  const id = res.json().data.id;
  return eventually(async () => {
    const p = (await ctx.call('GET', `/api/billing/payments/${id}`, who)).json().data;
    return p.status === 'paid' ? p : undefined;
  }, 15_000);
};
const lastEvent = (who: Persona, status: string) =>
  eventually(async () => {
    const events = await ctx.eventsOf(who.orgId!);
    const last = events.at(-1);
    return last?.status === status ? last : undefined;
  });

it('gives a new clinic 14 days of Professional, then expires an unpaid trial (data kept, access gone)', async () => {
  const clinic = ctx.persona('Clinic');
  const trial = await subscriptionOf(clinic);
  expect(trial).toMatchObject({ status: 'trialing', plan: 'professional', trialDaysLeft: 14 });
  expect(trial.entitlements.modules).toEqual(['connect', 'core', 'events', 'hire']);
  expect((await lastEvent(clinic, 'trialing')).entitlements.limits.staff).toBe(40);

  ctx.clock.advanceDays(10);
  expect((await subscriptionOf(clinic)).trialDaysLeft).toBe(4);
  ctx.clock.advanceDays(4);
  await ctx.app.billingSweep();
  const expired = await lastEvent(clinic, 'expired');
  expect(expired.entitlements.modules).toEqual([]);
  expect((await subscriptionOf(clinic)).status).toBe('expired');
});

it('buying during the trial ends it; the period runs out into past_due, then expiry after 7 days', async () => {
  const clinic = ctx.persona('Clinic');
  await subscriptionOf(clinic);
  await pay(clinic, ['hire']);
  const active = await subscriptionOf(clinic);
  expect(active).toMatchObject({ status: 'active', trialEndsAt: null, plan: null });
  expect(active.entitlements.modules).toEqual(['hire']);

  ctx.clock.advanceDays(32);
  await ctx.app.billingSweep();
  const due = await lastEvent(clinic, 'past_due');
  expect(due.entitlements.modules).toEqual(['hire']); // kept through the grace days

  // Paying from /billing during the grace renews from the old period's end, not from today.
  const renewal = await checkoutAs(ctx, clinic, { items: ['hire'], method: 'mpesa', phone: '0708374149' });
  expect(renewal.json().data).toMatchObject({ purpose: 'renewal', amount: 100_000 });
  await eventually(
    async () => ((await subscriptionOf(clinic)).status === 'active' ? true : undefined),
    15_000,
  );
  const renewed = await subscriptionOf(clinic);
  expect(renewed.periodStart).toBe(active.periodEnd);

  // Two days into the renewed period's grace (a month is 28 to 31 days), then past its 7 days.
  ctx.clock.advanceDays(31);
  await ctx.app.billingSweep();
  await lastEvent(clinic, 'past_due');
  ctx.clock.advanceDays(6);
  await ctx.app.billingSweep();
  expect((await lastEvent(clinic, 'expired')).entitlements.modules).toEqual([]);
});

it('upgrades now with the unused part credited, and cancels at the period end', async () => {
  const clinic = ctx.persona('Clinic');
  await subscriptionOf(clinic);
  await pay(clinic, ['hire']);
  const before = await subscriptionOf(clinic);
  const periodMs = Date.parse(before.periodEnd) - Date.parse(before.periodStart);

  ctx.clock.advanceDays(10);
  const res = await checkoutAs(ctx, clinic, {
    items: ['professional'],
    method: 'mpesa',
    phone: '0708374149',
  });
  const upgrade = res.json().data;
  expect(res.statusCode).toBe(202);
  expect(upgrade.purpose).toBe('upgrade');
  // The credit is the unused share of Ksh 1,000 in whole shillings (the test's own seconds aside).
  const expectedCredit = Math.floor((1000 * (periodMs - 10 * 86_400_000)) / periodMs) * 100;
  expect([expectedCredit - 100, expectedCredit]).toContain(upgrade.credit);
  expect(upgrade.amount).toBe(1_500_000 - upgrade.credit);
  await eventually(
    async () => ((await subscriptionOf(clinic)).plan === 'professional' ? true : undefined),
    15_000,
  );
  const upgraded = await subscriptionOf(clinic);
  expect(upgraded.entitlements.modules).toEqual(['connect', 'core', 'events', 'hire']);
  expect(Date.parse(upgraded.periodStart)).toBeGreaterThan(Date.parse(before.periodStart));

  const downgrade = await checkoutAs(ctx, clinic, {
    items: ['essential'],
    method: 'mpesa',
    phone: '0708374149',
  });
  expect(downgrade.statusCode).toBe(409);
  expect(downgrade.json().code).toBe('billing.downgrade_at_period_end');

  const cancel = await ctx.call('POST', '/api/billing/subscription/cancel', clinic);
  expect(cancel.json().data).toMatchObject({ status: 'active', cancelAtPeriodEnd: true });
  ctx.clock.advanceDays(20);
  await ctx.app.billingSweep();
  expect((await subscriptionOf(clinic)).status).toBe('active');
  ctx.clock.advanceDays(15);
  await ctx.app.billingSweep();
  expect((await lastEvent(clinic, 'cancelled')).entitlements.modules).toEqual([]);
  expect((await ctx.call('POST', '/api/billing/subscription/cancel', clinic)).statusCode).toBe(409);
});
