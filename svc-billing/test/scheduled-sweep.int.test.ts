import postgres from 'postgres';
import { NatsEventBus } from '@platform/event-bus';
import { eventually } from '@platform/testing';
import type { App } from '@platform/service-kit';
import { buildApp } from '../src/app';
import { checkoutAs, knownClinic, startBilling, type BillingTestContext, type Persona } from './helpers';

/**
 * The billing sweep on its schedule (every minute here) with two svc-billing instances on one database:
 * each tick runs once, on one of them, and the clinic whose period ended gets one renewal prompt.
 */
const DAY = 86_400_000;
let ctx: BillingTestContext;
let second: App;
let sql: postgres.Sql;
let identity: NatsEventBus;
beforeAll(async () => {
  ctx = await startBilling({ env: { BILLING_SWEEP_SECONDS: '60' } });
  sql = postgres(ctx.db.url, { max: 2, onnotice: () => {} });
  identity = await NatsEventBus.connect({ url: ctx.natsUrl, prefix: ctx.prefix, name: 'fake-identity' });
  await identity.ensureStream('identity');
});
afterAll(async () => {
  await second?.close();
  await identity?.close();
  await sql?.end();
  await ctx?.close();
});

const subscriptionOf = async (who: Persona) =>
  (await ctx.call('GET', '/api/billing/subscription', who)).json().data;
const stkPushes = () => ctx.sandboxCalls.filter((u) => u === '/mpesa/stkpush/v1/processrequest').length;
const renewalPayments = (who: Persona) =>
  sql`select status from billing.payments where org_id = ${who.orgId} and purpose = 'renewal'`;

it('runs each minute tick once across two instances: one renewal prompt on the due date', async () => {
  const clinic = await knownClinic(ctx, identity, sql, '0708374149');
  const paid = await checkoutAs(ctx, clinic, { items: ['hire'], method: 'mpesa', phone: '0708374149' });
  expect(paid.statusCode).toBe(202);
  await eventually(
    async () => ((await subscriptionOf(clinic)).status === 'active' ? true : undefined),
    15_000,
  );
  second = await buildApp(ctx.config, { now: ctx.clock.now });
  await second.ready();
  const prompts = stkPushes();

  // The due date: the next tick (on whichever instance takes it) asks for the renewal.
  const { periodEnd } = await subscriptionOf(clinic);
  ctx.clock.advanceDays((Date.parse(periodEnd) + 3_600_000 - ctx.clock.now().getTime()) / DAY);
  await eventually(async () => ((await renewalPayments(clinic)).length ? true : undefined), 100_000);
  await new Promise((r) => setTimeout(r, 3000));

  expect(await renewalPayments(clinic)).toHaveLength(1);
  expect(stkPushes()).toBe(prompts + 1);
  // One job per tick, whichever instance's clock sent it.
  const perTick = await sql`select date_trunc('minute', created_on) as tick, count(*)::int as jobs
    from billing_jobs.job where name = 'billing-sweep' group by 1`;
  expect(perTick.length).toBeGreaterThan(0);
  expect(perTick.map((t) => t.jobs)).toEqual(perTick.map(() => 1));
}, 150_000);
