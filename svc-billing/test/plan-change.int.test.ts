import postgres from 'postgres';
import { notificationRequestedType, type NotificationRequestedData } from '@platform/contracts';
import { NatsEventBus } from '@platform/event-bus';
import { eventually, readEvents } from '@platform/testing';
import {
  checkoutAs,
  knownClinic,
  startBilling,
  sweepAt,
  type BillingTestContext,
  type Persona,
} from './helpers';

/**
 * A cheaper plan chosen for the period's end, with the clock moved by the test, against Postgres, NATS
 * and the payments sandbox: nothing changes until then, the renewal prompt asks the new plan's price, and
 * once it is paid the entitlements are the new plan's (announced on the bus); resume undoes the choice,
 * and a choice that is not cheaper, not whole or not for sale is refused with nothing changed.
 */
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

const subscriptionOf = async (who: Persona) =>
  (await ctx.call('GET', '/api/billing/subscription', who)).json().data;
const downgrade = (who: Persona, body: unknown) =>
  ctx.call('POST', '/api/billing/subscription/downgrade', who, body);
const renewalPayments = (who: Persona) =>
  sql`select item_ids, amount, status from billing.payments where org_id = ${who.orgId} and purpose = 'renewal'`;

/** A clinic whose billing contact is M-Pesa's sandbox number (it pays), with Professional paid. */
async function clinicWithProfessional(): Promise<Persona> {
  const clinic = await knownClinic(ctx, identity, sql, '0708374149');
  const res = await checkoutAs(ctx, clinic, {
    items: ['professional'],
    method: 'mpesa',
    phone: '0708374149',
  });
  expect(res.statusCode).toBe(202);
  await eventually(
    async () => ((await subscriptionOf(clinic)).status === 'active' ? true : undefined),
    15_000,
  );
  return clinic;
}

it('keeps Professional until the period ends, renews at the Essential price, then gives Essential', async () => {
  const clinic = await clinicWithProfessional();
  const { periodEnd } = await subscriptionOf(clinic);

  const res = await downgrade(clinic, { items: ['essential'] });
  expect(res.statusCode).toBe(200);
  expect(res.json().data).toMatchObject({
    plan: 'professional',
    status: 'active',
    periodEnd,
    scheduledLines: [{ itemId: 'essential', quantity: 1, unitPrice: 800_000 }],
  });
  expect(res.json().data.entitlements.limits.staff).toBe(40);

  // The reminder 3 days before says what the renewal will ask: Essential's price.
  await sweepAt(ctx, periodEnd, -3);
  const reminder = await eventually(async () =>
    (
      await readEvents<NotificationRequestedData>(
        ctx.natsUrl,
        `${ctx.prefix}${notificationRequestedType('billing')}`,
      )
    ).find((e) => e.data.userId === clinic.orgId && e.data.kind === 'billing.renewal-reminder'),
  );
  expect(reminder.data.title.en).toContain('Ksh 8,000.00');
  await sweepAt(ctx, periodEnd, -1);
  const lastDay = await subscriptionOf(clinic);
  expect(lastDay).toMatchObject({ plan: 'professional', status: 'active' });
  expect(lastDay.entitlements.limits).toMatchObject({ staff: 40, workflows: 5 });
  expect(await renewalPayments(clinic)).toHaveLength(0);

  // The due date's prompt asks Ksh 8,000, Essential's price, not Professional's Ksh 15,000.
  await sweepAt(ctx, periodEnd, 0);
  expect(await renewalPayments(clinic)).toEqual([
    { item_ids: ['essential'], amount: 800_000, status: expect.any(String) },
  ]);
  await eventually(
    async () => ((await subscriptionOf(clinic)).status === 'active' ? true : undefined),
    15_000,
  );
  const renewed = await subscriptionOf(clinic);
  expect(renewed).toMatchObject({ plan: 'essential', periodStart: periodEnd, scheduledLines: null });
  expect(renewed.lines).toEqual([{ itemId: 'essential', quantity: 1, unitPrice: 800_000 }]);
  expect(renewed.entitlements.limits).toEqual({
    staff: 15,
    locations: 1,
    openPostings: null,
    licenceAlertRoles: 3,
    workflows: 2,
  });
  expect(await renewalPayments(clinic)).toEqual([
    { item_ids: ['essential'], amount: 800_000, status: 'paid' },
  ]);
  const announced = await eventually(async () => {
    const last = (await ctx.eventsOf(clinic.orgId!)).at(-1);
    return last?.plan === 'essential' ? last : undefined;
  });
  expect(announced).toMatchObject({ status: 'active', entitlements: { limits: { staff: 15 } } });
});

it('undoes the change with resume: the renewal asks the plan held', async () => {
  const clinic = await clinicWithProfessional();
  const { periodEnd } = await subscriptionOf(clinic);
  expect((await downgrade(clinic, { items: ['essential'] })).statusCode).toBe(200);

  const resumed = await ctx.call('POST', '/api/billing/subscription/resume', clinic);
  expect(resumed.statusCode).toBe(200);
  expect(resumed.json().data).toMatchObject({ plan: 'professional', scheduledLines: null });

  await sweepAt(ctx, periodEnd, 0);
  expect(await renewalPayments(clinic)).toEqual([
    { item_ids: ['professional'], amount: 1_500_000, status: expect.any(String) },
  ]);
  await eventually(
    async () => ((await subscriptionOf(clinic)).periodStart === periodEnd ? true : undefined),
    15_000,
  );
  expect((await subscriptionOf(clinic)).entitlements.limits.staff).toBe(40);
});

it('replaces a cancellation (one change at a time), and a cancellation replaces it', async () => {
  const clinic = await clinicWithProfessional();
  await ctx.call('POST', '/api/billing/subscription/cancel', clinic);
  const scheduled = (await downgrade(clinic, { items: ['essential', 'extra-staff-25'] })).json().data;
  expect(scheduled).toMatchObject({ cancelAtPeriodEnd: false });
  expect(scheduled.scheduledLines.map((l: { itemId: string }) => l.itemId)).toEqual([
    'essential',
    'extra-staff-25',
  ]);
  const cancelled = (await ctx.call('POST', '/api/billing/subscription/cancel', clinic)).json().data;
  expect(cancelled).toMatchObject({ cancelAtPeriodEnd: true, scheduledLines: null });
});

it('refuses what is not a cheaper, whole, monthly choice, and changes nothing', async () => {
  const clinic = await clinicWithProfessional();
  expect((await downgrade(clinic, { items: ['hire'] })).statusCode).toBe(200);
  const before = await subscriptionOf(clinic);
  const refusals: [unknown, number, string | undefined][] = [
    [{ items: ['enterprise'] }, 409, 'billing.not_a_downgrade'],
    [{ items: ['professional'] }, 409, 'billing.not_a_downgrade'],
    [{ items: ['essential', 'extra-staff-25', 'extra-staff-25'] }, 409, 'billing.not_a_downgrade'],
    [{ items: ['essential', 'onsite-setup'] }, 400, 'billing.not_recurring'],
    [{ items: ['job-listing'] }, 400, 'billing.not_recurring'],
    [{ items: ['extra-location'] }, 400, 'billing.requires_core'],
    [{ items: ['essential', 'enterprise'] }, 400, 'billing.one_plan'],
    [{ items: ['essential', 'hire'] }, 400, 'billing.included_in_core'],
    [{ items: ['no-such-plan'] }, 400, 'billing.unknown_item'],
    [{ items: [] }, 400, undefined],
    [{ items: ['Essential!'] }, 400, undefined],
    [{ items: ['essential'], at: 'now' }, 400, undefined],
  ];
  for (const [body, status, code] of refusals) {
    const res = await downgrade(clinic, body);
    expect([JSON.stringify(body), res.statusCode]).toEqual([JSON.stringify(body), status]);
    if (code) expect(res.json()).toMatchObject({ success: false, code });
  }
  expect(await subscriptionOf(clinic)).toEqual(before);
});

it('refuses a trial (nothing is paid yet) and a professional account', async () => {
  const trialing = ctx.persona('Clinic');
  const res = await downgrade(trialing, { items: ['essential'] });
  expect(res.statusCode).toBe(409);
  expect(res.json()).toMatchObject({ code: 'billing.not_active' });
  expect((await subscriptionOf(trialing)).scheduledLines).toBeNull();

  expect((await downgrade(ctx.persona('user'), { items: ['essential'] })).statusCode).toBe(403);
  const visitor = await ctx.call('POST', '/api/billing/subscription/downgrade', undefined, {
    items: ['essential'],
  });
  expect(visitor.statusCode).toBe(401);
});
