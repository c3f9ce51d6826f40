import postgres from 'postgres';
import { startBilling, type BillingTestContext } from './helpers';

/**
 * Rejected callbacks are kept for admins, but anyone can send them: the sweep keeps at most
 * REJECTED_CALLBACKS_KEEP_ROWS (the newest) and none older than REJECTED_CALLBACKS_KEEP_DAYS.
 */
let ctx: BillingTestContext;
let sql: postgres.Sql;
beforeAll(async () => {
  ctx = await startBilling({
    env: {
      REJECTED_CALLBACKS_KEEP_ROWS: '5',
      REJECTED_CALLBACKS_KEEP_DAYS: '30',
      BILLING_SWEEP_SECONDS: '3600',
    },
  });
  sql = postgres(ctx.db.url, { max: 2, onnotice: () => {} });
});
afterAll(async () => {
  await sql?.end();
  await ctx?.close();
});

const forged = (n: number) =>
  ctx.app.inject({
    method: 'POST',
    url: `/api/billing/callbacks/mpesa/not-a-payment-token-${n}`,
    payload: {
      Body: {
        stkCallback: { MerchantRequestID: `forged-${n}`, CheckoutRequestID: `ws_CO_${n}`, ResultCode: 0 },
      },
    },
  });
const stored = async () =>
  (await sql`select body from billing.rejected_callbacks order by id`).map(
    (r) => JSON.parse(r.body as string).Body.stkCallback.MerchantRequestID as string,
  );

it('keeps only the newest rejected callbacks, and none past the kept days', async () => {
  for (let n = 1; n <= 12; n++) expect((await forged(n)).statusCode).toBe(200);
  expect(await stored()).toHaveLength(12);

  await ctx.app.billingSweep();
  expect(await stored()).toEqual(['forged-8', 'forged-9', 'forged-10', 'forged-11', 'forged-12']);

  ctx.clock.advanceDays(31);
  await ctx.app.billingSweep();
  expect(await stored()).toEqual([]);
});
