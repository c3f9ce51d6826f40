import postgres from 'postgres';
import { eventually, readEvents } from '@platform/testing';
import type { AdminActionRecordedData } from '@platform/contracts';
import { checkoutAs, startBilling, type BillingTestContext, type Persona } from './helpers';

/**
 * Billing for admins against real Postgres, NATS and the payments sandbox: only admins read the figures
 * and change anything; an extension or a granted plan reaches every service as
 * billing.subscription.changed.v1 and the audit log as billing.admin-action.recorded.v1 with its reason;
 * a new price is for purchases to come, not for the running subscription's renewal.
 */
let ctx: BillingTestContext;
let sql: postgres.Sql;
let admin: Persona;
beforeAll(async () => {
  ctx = await startBilling({ payDelayMs: 100 });
  sql = postgres(ctx.db.url, { max: 2, onnotice: () => {} });
  admin = ctx.persona('admin');
});
afterAll(async () => {
  await sql?.end();
  await ctx?.close();
});

const ADMIN = '/api/billing/admin';
const subscriptionOf = async (who: Persona) =>
  (await ctx.call('GET', '/api/billing/subscription', who)).json().data;
const settled = async (who: Persona, items: string[], phone = '0708374149') => {
  const res = await checkoutAs(ctx, who, { items, method: 'mpesa', phone });
  expect(res.statusCode).toBe(202);
  const id = res.json().data.id;
  return eventually(async () => {
    const p = (await ctx.call('GET', `/api/billing/payments/${id}`, who)).json().data;
    return p.status === 'pending' ? undefined : p;
  }, 15_000);
};
const summary = async () => {
  const res = await ctx.call('GET', `${ADMIN}/summary`, admin);
  expect(res.statusCode).toBe(200);
  return res.json().data as {
    mrr: number;
    subscriptions: { plan: string | null; status: string; count: number }[];
  };
};
const countOf = (s: Awaited<ReturnType<typeof summary>>, plan: string | null, status: string) =>
  s.subscriptions.find((c) => c.plan === plan && c.status === status)?.count ?? 0;
const adminActions = async (action: string, id: string) =>
  (
    await readEvents<AdminActionRecordedData>(
      ctx.natsUrl,
      `${ctx.prefix}billing.admin-action.recorded.v1`,
    ).catch(() => [])
  )
    .map((e) => e.data)
    .filter((d) => d.action === action && d.target.id === id);

it('refuses every role but admin, changing nothing', async () => {
  const clinic = ctx.persona('Clinic');
  const before = await subscriptionOf(clinic);
  for (const who of [clinic, ctx.persona('user'), undefined]) {
    const status = who ? 403 : 401;
    expect((await ctx.call('GET', `${ADMIN}/summary`, who)).statusCode).toBe(status);
    expect((await ctx.call('GET', `${ADMIN}/payments/failed`, who)).statusCode).toBe(status);
    expect((await ctx.call('GET', `${ADMIN}/organisations/${clinic.orgId}`, who)).statusCode).toBe(status);
    const extend = { days: 30, reason: 'goodwill' };
    expect(
      (await ctx.call('POST', `${ADMIN}/organisations/${clinic.orgId}/extend`, who, extend)).statusCode,
    ).toBe(status);
    const grant = { plan: 'enterprise', reason: 'goodwill' };
    expect(
      (await ctx.call('POST', `${ADMIN}/organisations/${clinic.orgId}/grant`, who, grant)).statusCode,
    ).toBe(status);
    const price = { price: 100, reason: 'cheap' };
    expect((await ctx.call('PUT', `${ADMIN}/prices/essential`, who, price)).statusCode).toBe(status);
  }
  expect(await subscriptionOf(clinic)).toEqual(before);
  const [essential] = await sql`select price from billing.catalogue_items where id = 'essential'`;
  expect(essential!.price).toBe(800_000);
  expect(await adminActions('subscription.extend', clinic.orgId!)).toEqual([]);
});

it('sums the monthly revenue, counts plans by status, lists failed payments and rejected callbacks', async () => {
  const before = await summary();
  const [a, b, c] = [ctx.persona('Clinic'), ctx.persona('Clinic'), ctx.persona('Clinic')];
  expect((await settled(a, ['essential'])).status).toBe('paid');
  expect((await settled(b, ['hire', 'events'])).status).toBe('paid');
  // Insufficient funds (the sandbox's number): a failed payment, c stays on its trial.
  const failed = await settled(c, ['professional'], '254711000002');
  expect(failed.status).toBe('failed');

  const after = await summary();
  expect(after.mrr - before.mrr).toBe(800_000 + 100_000 + 50_000);
  expect(countOf(after, 'essential', 'active') - countOf(before, 'essential', 'active')).toBe(1);
  expect(countOf(after, null, 'active') - countOf(before, null, 'active')).toBe(1);
  expect(countOf(after, 'professional', 'trialing') - countOf(before, 'professional', 'trialing')).toBe(1);

  const list = (await ctx.call('GET', `${ADMIN}/payments/failed?limit=5`, admin)).json();
  expect(list.pageInfo).toMatchObject({ page: 1, limit: 5 });
  expect(list.data[0]).toMatchObject({ id: failed.id, orgId: c.orgId, status: 'failed', amount: 1_500_000 });

  const forged = await ctx.app.inject({
    method: 'POST',
    url: '/api/billing/callbacks/mpesa/not-a-payment-token-admin',
    payload: { Body: { stkCallback: { MerchantRequestID: 'forged', CheckoutRequestID: 'ws_CO_1' } } },
  });
  expect(forged.statusCode).toBe(200);
  const rejected = (await ctx.call('GET', `${ADMIN}/callbacks/rejected`, admin)).json();
  expect(rejected.pageInfo.total).toBeGreaterThanOrEqual(1);
  expect(rejected.data[0]).toMatchObject({ method: 'mpesa', paymentId: null });
  expect(rejected.data[0].body).toContain('forged');

  // One clinic's history: its subscription, payments and invoices.
  const history = (await ctx.call('GET', `${ADMIN}/organisations/${a.orgId}`, admin)).json().data;
  expect(history.subscription).toMatchObject({ status: 'active', plan: 'essential' });
  const payments = (await ctx.call('GET', `${ADMIN}/organisations/${a.orgId}/payments`, admin)).json();
  expect(payments.data.map((p: { status: string }) => p.status)).toEqual(['paid']);
  const invoices = (await ctx.call('GET', `${ADMIN}/organisations/${a.orgId}/invoices`, admin)).json();
  expect(invoices.data).toHaveLength(1);
  expect(invoices.data[0]).toMatchObject({ gross: 800_000, number: expect.stringMatching(/^INV-/) });
  expect(
    (await ctx.call('GET', `${ADMIN}/organisations/00000000-0000-4000-8000-000000000000`, admin)).statusCode,
  ).toBe(404);
});

it('extends a period by days with a reason: moved, announced, and recorded for the audit log', async () => {
  const clinic = ctx.persona('Clinic');
  const trial = await subscriptionOf(clinic);
  const res = await ctx.call('POST', `${ADMIN}/organisations/${clinic.orgId}/extend`, admin, {
    days: 10,
    reason: 'Onboarding took longer',
  });
  expect(res.statusCode).toBe(200);
  const tenDays = 10 * 24 * 3600 * 1000;
  const moved = new Date(new Date(trial.periodEnd).getTime() + tenDays).toISOString();
  expect(res.json().data).toMatchObject({ status: 'trialing', periodEnd: moved, trialEndsAt: moved });
  expect((await subscriptionOf(clinic)).periodEnd).toBe(moved);

  const event = await eventually(async () =>
    (await ctx.eventsOf(clinic.orgId!)).find((e) => e.periodEnd === moved),
  );
  expect(event).toMatchObject({ status: 'trialing', plan: 'professional', version: 2 });
  const [recorded] = await eventually(async () => {
    const found = await adminActions('subscription.extend', clinic.orgId!);
    return found.length ? found : undefined;
  });
  expect(recorded).toMatchObject({
    actor: { id: admin.id, role: 'admin' },
    target: { module: 'billing', kind: 'subscription', id: clinic.orgId },
    before: { periodEnd: trial.periodEnd, status: 'trialing' },
    after: { periodEnd: moved, days: 10, reason: 'Onboarding took longer' },
  });
});

it('grants a plan: its entitlements reach every service, with the reason in the audit log', async () => {
  const clinic = ctx.persona('Clinic');
  await subscriptionOf(clinic);
  const res = await ctx.call('POST', `${ADMIN}/organisations/${clinic.orgId}/grant`, admin, {
    plan: 'enterprise',
    days: 60,
    reason: 'Pilot partner',
  });
  expect(res.statusCode).toBe(200);
  expect(res.json().data).toMatchObject({ status: 'active', plan: 'enterprise', trialEndsAt: null });
  const event = await eventually(async () =>
    (await ctx.eventsOf(clinic.orgId!)).find((e) => e.plan === 'enterprise'),
  );
  expect(event.status).toBe('active');
  expect(event.entitlements.capabilities).toEqual(
    expect.arrayContaining(['role-based-access', 'branded-portal']),
  );
  expect(event.entitlements.limits).toMatchObject({ staff: null, locations: 5 });
  const [recorded] = await eventually(async () => {
    const found = await adminActions('subscription.grant', clinic.orgId!);
    return found.length ? found : undefined;
  });
  expect(recorded).toMatchObject({
    before: { plan: 'professional', status: 'trialing' },
    after: { plan: 'enterprise', status: 'active', granted: 'enterprise', days: 60, reason: 'Pilot partner' },
  });
});

it('refuses a bad grant or extension with a clear 4xx, changing nothing', async () => {
  const clinic = ctx.persona('Clinic');
  const before = await subscriptionOf(clinic);
  const post = (path: string, body: unknown) =>
    ctx.call('POST', `${ADMIN}/organisations/${clinic.orgId}/${path}`, admin, body);
  expect((await post('grant', { plan: 'hire', reason: 'x' })).json()).toMatchObject({
    code: 'billing.not_a_plan',
  });
  for (const body of [
    { days: 0, reason: 'x' },
    { days: 10 },
    { days: 10, reason: '   ' },
    { days: 1.5, reason: 'x' },
  ])
    expect((await post('extend', body)).statusCode).toBe(400);
  expect((await post('grant', { plan: 'essential', reason: 'x', extra: 1 })).statusCode).toBe(400);
  const nobody = '00000000-0000-4000-8000-000000000000';
  const missing = await ctx.call('POST', `${ADMIN}/organisations/${nobody}/extend`, admin, {
    days: 5,
    reason: 'x',
  });
  expect(missing.statusCode).toBe(404);
  expect((await ctx.call('POST', `${ADMIN}/organisations/not-an-id/extend`, admin, {})).statusCode).toBe(400);
  expect(await subscriptionOf(clinic)).toEqual(before);
});

it('charges a changed price to new checkouts, not to the running subscription’s renewal', async () => {
  const running = ctx.persona('Clinic');
  expect((await settled(running, ['essential'])).amount).toBe(800_000);

  for (const body of [{ price: 850_050, reason: 'x' }, { price: 0, reason: 'x' }, { price: 900_000 }])
    expect((await ctx.call('PUT', `${ADMIN}/prices/essential`, admin, body)).statusCode).toBe(400);
  expect(
    (await ctx.call('PUT', `${ADMIN}/prices/nothing`, admin, { price: 100, reason: 'x' })).statusCode,
  ).toBe(404);
  const changed = await ctx.call('PUT', `${ADMIN}/prices/essential`, admin, {
    price: 900_000,
    reason: 'Yearly review',
  });
  expect(changed.statusCode).toBe(200);
  expect(changed.json().data).toMatchObject({ id: 'essential', price: 900_000 });
  const prices = (await ctx.call('GET', `${ADMIN}/prices`, admin)).json().data;
  expect(prices.find((p: { id: string }) => p.id === 'essential').price).toBe(900_000);
  expect((await ctx.call('GET', '/api/billing/plans')).json().data[0]).toMatchObject({
    id: 'essential',
    price: 900_000,
  });
  const [recorded] = await eventually(async () => {
    const found = await adminActions('price.change', 'essential');
    return found.length ? found : undefined;
  });
  expect(recorded).toMatchObject({
    before: { price: 800_000 },
    after: { price: 900_000, reason: 'Yearly review' },
  });

  const newcomer = ctx.persona('Clinic');
  expect((await settled(newcomer, ['essential'])).amount).toBe(900_000);

  // The running subscription's period ends: its renewal keeps the price it was sold at.
  ctx.clock.advanceDays(32);
  const renewal = await settled(running, ['essential']);
  expect(renewal).toMatchObject({ purpose: 'renewal', status: 'paid', amount: 800_000 });
  expect((await subscriptionOf(running)).lines).toEqual([
    { itemId: 'essential', quantity: 1, unitPrice: 800_000 },
  ]);
});
