import postgres from 'postgres';
import { eventually } from '@platform/testing';
import { TEST_NUMBERS } from '../sandbox/scenarios';
import { paystackSignature } from '../src/providers/paystack';
import { SANDBOX_CREDENTIALS } from '../sandbox/credentials';
import { checkoutAs, startBilling, type BillingTestContext, type Persona } from './helpers';

/**
 * The money rules against real Postgres, NATS and the payments sandbox over HTTP: idempotent checkout,
 * callbacks duplicated, forged, unknown and of the wrong amount, the missing callback settled by the
 * status query, the card webhook's signature.
 */
let ctx: BillingTestContext;
let sql: postgres.Sql;
beforeAll(async () => {
  ctx = await startBilling({ payDelayMs: 1500 });
  sql = postgres(ctx.db.url, { max: 2, onnotice: () => {} });
});
afterAll(async () => {
  await sql?.end();
  await ctx?.close();
});

const stkPushes = () => ctx.sandboxCalls.filter((u) => u === '/mpesa/stkpush/v1/processrequest').length;
const paymentOf = async (who: Persona, id: string) =>
  (await ctx.call('GET', `/api/billing/payments/${id}`, who)).json().data;
const settled = (who: Persona, id: string) =>
  eventually(async () => {
    const p = await paymentOf(who, id);
    return p.status === 'pending' ? undefined : p;
  }, 20_000);
const subscriptionOf = async (who: Persona) =>
  (await ctx.call('GET', '/api/billing/subscription', who)).json().data;
const invoicesOf = (orgId: string) =>
  sql`select number, receipt_number, gross, vat, net, provider_receipt from billing.invoices where org_id = ${orgId}`;

it('lists the spec’s plans and add-ons publicly, in cents, saying VAT is included', async () => {
  const res = await ctx.call('GET', '/api/billing/plans');
  expect(res.statusCode).toBe(200);
  const { data, addOns } = res.json();
  const byId = Object.fromEntries([...data, ...addOns].map((p: { id: string }) => [p.id, p]));
  expect(data.map((p: { id: string }) => p.id)).toEqual([
    'essential',
    'professional',
    'enterprise',
    'hire',
    'events',
    'connect',
  ]);
  expect(byId.professional).toMatchObject({
    name: 'Professional',
    price: 1_500_000,
    duration: 'month',
    currency: 'KES',
    isPopular: true,
    vatIncluded: true,
    vatRatePercent: 16,
    vat: 206_897,
  });
  expect(byId.hire).toMatchObject({ price: 100_000, kind: 'module' });
  expect(byId['onsite-setup']).toMatchObject({ price: 1_300_000, duration: 'once', requiresCore: true });
  expect(byId['job-listing']).toMatchObject({ price: 25_000, duration: 'week' });
});

it('sells standalone Hire by M-Pesa: one prompt however often the same key is sent, paid once confirmed', async () => {
  const clinic = ctx.persona('Clinic');
  const before = stkPushes();
  const key = 'hire-purchase-0001';
  const answers = await Promise.all(
    Array.from({ length: 5 }, () =>
      checkoutAs(ctx, clinic, { items: ['hire'], method: 'mpesa', phone: '0708 374 149' }, key),
    ),
  );
  for (const a of answers) expect(a.statusCode).toBe(202);
  const ids = new Set(answers.map((a) => a.json().data.id));
  expect(ids.size).toBe(1);
  expect(answers[0]!.json().data).toMatchObject({
    status: 'pending',
    amount: 100_000,
    currency: 'KES',
    method: 'mpesa',
  });
  expect(stkPushes() - before).toBe(1);

  const paid = await settled(clinic, [...ids][0]!);
  expect(paid.status).toBe('paid');
  expect(paid.receipt).toMatch(/^[0-9A-F]{10}$/);
  const again = await checkoutAs(ctx, clinic, { items: ['hire'], method: 'mpesa', phone: '0708374149' }, key);
  expect(again.json().data).toMatchObject({ id: [...ids][0], status: 'paid' });
  expect(stkPushes() - before).toBe(1);

  const sub = await subscriptionOf(clinic);
  expect(sub).toMatchObject({
    status: 'active',
    trialEndsAt: null,
    lines: [{ itemId: 'hire', quantity: 1 }],
  });
  expect(sub.entitlements).toMatchObject({ modules: ['hire'], limits: { openPostings: 2 } });
  const [invoice, ...more] = await invoicesOf(clinic.orgId!);
  expect(more).toHaveLength(0);
  expect(invoice).toMatchObject({ gross: 100_000, vat: 13_793, net: 86_207, provider_receipt: paid.receipt });
  expect(invoice!.number).toMatch(/^INV-\d{4}-\d{6}$/);

  const events = await eventually(async () => {
    const e = await ctx.eventsOf(clinic.orgId!);
    return e.some((d) => d.status === 'active') ? e : undefined;
  });
  expect(events.at(-1)).toMatchObject({
    orgId: clinic.orgId,
    plan: null,
    items: [{ itemId: 'hire', quantity: 1 }],
    status: 'active',
    entitlements: { modules: ['hire'], limits: { openPostings: 2 } },
  });
  expect(events.map((e) => e.version)).toEqual([...events.keys()].map((i) => i + 1));
});

it('refuses a key reused for another checkout, and bad input, storing nothing', async () => {
  const clinic = ctx.persona('Clinic');
  const first = await checkoutAs(
    ctx,
    clinic,
    { items: ['events'], method: 'mpesa', phone: '0712000111' },
    'reused-key-1',
  );
  expect(first.statusCode).toBe(202);
  const other = await checkoutAs(
    ctx,
    clinic,
    { items: ['connect'], method: 'mpesa', phone: '0712000111' },
    'reused-key-1',
  );
  expect(other.statusCode).toBe(409);
  expect(other.json().code).toBe('billing.idempotency_key_reused');

  const pushes = stkPushes();
  const bad: [object, string][] = [
    [{ items: ['hire'], method: 'mpesa', phone: '0208374149' }, 'billing.invalid_phone'],
    [{ items: ['hire'], method: 'mpesa' }, 'billing.invalid_phone'],
    [{ items: ['platinum'], method: 'mpesa', phone: '0712000111' }, 'billing.unknown_item'],
    [{ items: ['hire', 'extra-location'], method: 'card' }, 'billing.requires_core'],
    [{ items: [], method: 'mpesa', phone: '0712000111' }, 'request.invalid'],
    [{ items: ['hire'], method: 'cash', phone: '0712000111' }, 'request.invalid'],
    [{ items: ['hire'], method: 'card', extra: 1 }, 'request.invalid'],
  ];
  for (const [body, code] of bad) {
    const res = await checkoutAs(ctx, clinic, body as never);
    expect({ body, status: res.statusCode, code: res.json().code }).toEqual({ body, status: 400, code });
  }
  const noKey = await ctx.call('POST', '/api/billing/checkout', clinic, { items: ['hire'], method: 'card' });
  expect(noKey.statusCode).toBe(400);
  expect(stkPushes()).toBe(pushes);
  const [{ n }] =
    (await sql`select count(*)::int as n from billing.payments where org_id = ${clinic.orgId!}`) as [
      { n: number },
    ];
  expect(n).toBe(1);

  expect((await checkoutAs(ctx, ctx.persona('user'), { items: ['hire'], method: 'card' })).statusCode).toBe(
    403,
  );
  const anonymous = await ctx.app.inject({
    method: 'POST',
    url: '/api/billing/checkout',
    headers: { 'idempotency-key': 'anonymous-1' },
    payload: { items: ['hire'], method: 'card' },
  });
  expect(anonymous.statusCode).toBe(401);
});

it.each([
  [TEST_NUMBERS.cancelledByUser, 'cancelled', 'mpesa.cancelled'],
  [TEST_NUMBERS.insufficientFunds, 'failed', 'mpesa.insufficient_funds'],
])('%s: the payment ends %s and the trial goes on', async (phone, status, failureCode) => {
  const clinic = ctx.persona('Clinic');
  const res = await checkoutAs(ctx, clinic, { items: ['professional'], method: 'mpesa', phone });
  const done = await settled(clinic, res.json().data.id);
  expect(done).toMatchObject({ status, failureCode });
  expect((await subscriptionOf(clinic)).status).toBe('trialing');
  expect(await invoicesOf(clinic.orgId!)).toHaveLength(0);
});

describe('a payment whose callback never comes (254711000003)', () => {
  let clinic: Persona;
  let payment: { id: string; amount: number };
  let providerRef: string;
  let token: string;
  const callbackPath = () => `/api/billing/callbacks/mpesa/${token}`;
  const stkCallback = (over: { amount?: number; checkoutRequestId?: string } = {}) => ({
    Body: {
      stkCallback: {
        MerchantRequestID: 'forged-1',
        CheckoutRequestID: over.checkoutRequestId ?? providerRef,
        ResultCode: 0,
        ResultDesc: 'The service request is processed successfully.',
        CallbackMetadata: {
          Item: [
            { Name: 'Amount', Value: (over.amount ?? payment.amount) / 100 },
            { Name: 'MpesaReceiptNumber', Value: 'FORGED0001' },
            { Name: 'PhoneNumber', Value: 254711000003 },
          ],
        },
      },
    },
  });
  const post = (path: string, body: unknown) =>
    ctx.app.inject({ method: 'POST', url: path, payload: body as object });
  const rejectedFor = async (id: string) =>
    (await sql`select reason from billing.rejected_callbacks where payment_id = ${id} order by id`).map(
      (r) => r.reason,
    );

  beforeAll(async () => {
    clinic = ctx.persona('Clinic');
    const res = await checkoutAs(ctx, clinic, {
      items: ['essential'],
      method: 'mpesa',
      phone: '+254711000003',
    });
    payment = res.json().data;
    const [row] =
      await sql`select provider_ref, callback_token from billing.payments where id = ${payment.id}`;
    providerRef = row!.provider_ref;
    token = row!.callback_token;
  });

  it('changes nothing for an unknown path, an unknown CheckoutRequestID, a wrong amount or an early claim', async () => {
    expect(
      (await post('/api/billing/callbacks/mpesa/not-a-payment-token-000', stkCallback())).statusCode,
    ).toBe(200);
    await post(callbackPath(), stkCallback({ checkoutRequestId: 'ws_CO_000000forged' }));
    await post(callbackPath(), stkCallback({ amount: 100 }));
    // The sandbox has not finished yet: its status query says pending, so a "paid" callback proves nothing.
    await post(callbackPath(), stkCallback());
    expect((await paymentOf(clinic, payment.id)).status).toBe('pending');
    expect(await rejectedFor(payment.id)).toEqual([
      'unknown CheckoutRequestID',
      'amount 100 is not the 800000 asked',
    ]);
    const [unknown] =
      await sql`select reason from billing.rejected_callbacks where reason = 'no payment at this callback path'`;
    expect(unknown).toBeDefined();
  });

  it('is settled by the status query, once, however many callbacks then arrive', async () => {
    const paid = await settled(clinic, payment.id);
    expect(paid.status).toBe('paid');
    // The paid state reaches the bus through the outbox a moment after the payment row: count from it.
    const versions = (
      await eventually(async () => {
        const events = await ctx.eventsOf(clinic.orgId!);
        return events.some((e) => e.status === 'active' && e.plan === 'essential') ? events : undefined;
      })
    ).length;
    const answers = await Promise.all([1, 2, 3].map(() => post(callbackPath(), stkCallback())));
    for (const a of answers) expect(a.json()).toEqual({ ResultCode: 0, ResultDesc: 'Accepted' });
    expect(await invoicesOf(clinic.orgId!)).toHaveLength(1);
    expect((await subscriptionOf(clinic)).lines).toEqual([
      { itemId: 'essential', quantity: 1, unitPrice: 800_000 },
    ]);
    await new Promise((r) => setTimeout(r, 500));
    expect(await ctx.eventsOf(clinic.orgId!)).toHaveLength(versions);
  });
});

it('sells by Airtel Money: the hashed callback, confirmed by the enquiry', async () => {
  const clinic = ctx.persona('Clinic');
  const res = await checkoutAs(ctx, clinic, { items: ['connect'], method: 'airtel', phone: '0733123456' });
  expect(res.statusCode).toBe(202);
  const paid = await settled(clinic, res.json().data.id);
  expect(paid).toMatchObject({ status: 'paid', amount: 75_000 });
  expect(paid.receipt).toMatch(/^MP/);
  expect((await subscriptionOf(clinic)).entitlements.modules).toEqual(['connect']);
});

it('sells by card through the hosted page; a webhook with a bad signature changes nothing', async () => {
  const clinic = ctx.persona('Clinic');
  const res = await checkoutAs(ctx, clinic, { items: ['events'], method: 'card' });
  const { id, redirectUrl } = res.json().data;
  expect(redirectUrl).toMatch(/\/checkout\//);

  const forgedBody = JSON.stringify({
    event: 'charge.success',
    data: { id: 1, reference: id, amount: 50_000, currency: 'KES', status: 'success' },
  });
  const forged = await ctx.app.inject({
    method: 'POST',
    url: '/api/billing/callbacks/card',
    headers: {
      'content-type': 'application/json',
      'x-paystack-signature': paystackSignature(forgedBody, 'sk_guess'),
    },
    payload: forgedBody,
  });
  expect(forged.statusCode).toBe(400);
  expect((await paymentOf(clinic, id)).status).toBe('pending');
  const [rejected] = await sql`select reason from billing.rejected_callbacks where body like ${`%${id}%`}`;
  expect(rejected!.reason).toContain('x-paystack-signature');

  const wrongAmount = JSON.stringify({
    event: 'charge.success',
    data: { id: 2, reference: id, amount: 100, currency: 'KES', status: 'success' },
  });
  await ctx.app.inject({
    method: 'POST',
    url: '/api/billing/callbacks/card',
    headers: {
      'content-type': 'application/json',
      'x-paystack-signature': paystackSignature(wrongAmount, SANDBOX_CREDENTIALS.paystack.secretKey),
    },
    payload: wrongAmount,
  });
  expect((await paymentOf(clinic, id)).status).toBe('pending');

  // Posted as the hosted page's form posts it in a browser (an empty urlencoded body).
  const page = await fetch(`${redirectUrl}/pay`, {
    method: 'POST',
    redirect: 'manual',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: '',
  });
  expect(page.status).toBe(303);
  expect(page.headers.get('location')).toContain(`/billing?payment=${id}`);
  expect(await settled(clinic, id)).toMatchObject({ status: 'paid', amount: 50_000 });
  expect((await subscriptionOf(clinic)).entitlements.modules).toEqual(['events']);
});

it('numbers invoices and receipts without gaps', async () => {
  const rows = await sql`select number, receipt_number from billing.invoices order by number`;
  const seq = (n: string) => Number(n.slice(-6));
  expect(rows.map((r) => seq(r.number))).toEqual(rows.map((_, i) => i + 1));
  expect(rows.map((r) => seq(r.receipt_number)).sort((a, b) => a - b)).toEqual(rows.map((_, i) => i + 1));
});
