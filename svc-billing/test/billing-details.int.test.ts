import postgres from 'postgres';
import { NatsEventBus } from '@platform/event-bus';
import { eventually, pdfText } from '@platform/testing';
import { checkoutAs, knownClinic, startBilling, type BillingTestContext, type Persona } from './helpers';

/**
 * The organisation's billing details: its clinic account sets its KRA PIN on /billing (checked as KRA
 * writes it: a letter, 9 digits, a letter), and the invoices issued from then on print it as the buyer's,
 * under the seller's legal name, postal address and KRA PIN from the configuration.
 */
const SELLER = {
  BILLING_SELLER_NAME: 'Afya Health Systems Limited',
  BILLING_SELLER_ADDRESS: 'P.O. Box 12345-00100, Nairobi, Kenya',
  BILLING_SELLER_KRA_PIN: 'P052000111Q',
};

let ctx: BillingTestContext;
let sql: postgres.Sql;
let identity: NatsEventBus;
beforeAll(async () => {
  ctx = await startBilling({ env: { BILLING_SWEEP_SECONDS: '3600', ...SELLER } });
  sql = postgres(ctx.db.url, { max: 2, onnotice: () => {} });
  identity = await NatsEventBus.connect({ url: ctx.natsUrl, prefix: ctx.prefix, name: 'fake-identity' });
  await identity.ensureStream('identity');
});
afterAll(async () => {
  await identity?.close();
  await sql?.end();
  await ctx?.close();
});

const details = (who: Persona) => ctx.call('GET', '/api/billing/details', who);
const setDetails = (who: Persona, body: unknown) => ctx.call('PUT', '/api/billing/details', who, body);

/** Pays `items` by M-Pesa through the sandbox; answers the paid payment's invoice. */
async function payAndInvoice(clinic: Persona, items: string[]) {
  const res = await checkoutAs(ctx, clinic, { items, method: 'mpesa', phone: '0708374149' });
  expect(res.statusCode).toBe(202);
  const id = res.json().data.id as string;
  await eventually(async () => {
    const p = (await ctx.call('GET', `/api/billing/payments/${id}`, clinic)).json().data;
    return p.status === 'paid' ? p : undefined;
  }, 20_000);
  return (await ctx.call('GET', '/api/billing/invoices', clinic)).json().data[0] as { id: string };
}

async function pdfLines(clinic: Persona, invoiceId: string, document: 'invoice' | 'receipt') {
  const res = await ctx.call('GET', `/api/billing/invoices/${invoiceId}/${document}.pdf`, clinic);
  expect(res.statusCode).toBe(200);
  return pdfText(res.rawPayload).split('\n');
}

describe("a clinic's billing details", () => {
  it('are empty until the clinic gives them', async () => {
    const clinic = ctx.persona('Clinic');
    const res = await details(clinic);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ success: true, data: { kraPin: null } });
  });

  it('keep a KRA PIN as KRA writes it, however it was typed; null removes it', async () => {
    const clinic = ctx.persona('Clinic');
    const set = await setDetails(clinic, { kraPin: ' p051 234 567x ' });
    expect(set.statusCode).toBe(200);
    expect(set.json().data).toEqual({ kraPin: 'P051234567X' });
    expect((await details(clinic)).json().data).toEqual({ kraPin: 'P051234567X' });
    expect((await setDetails(clinic, { kraPin: null })).json().data).toEqual({ kraPin: null });
    expect((await details(clinic)).json().data).toEqual({ kraPin: null });
  });

  it.each([['P05123456X'], ['P0512345678X'], ['051234567XP'], ['PP51234567X'], ['P051234567']])(
    'refuse %s with a 400 naming the format, changing nothing',
    async (kraPin) => {
      const clinic = ctx.persona('Clinic');
      await setDetails(clinic, { kraPin: 'A123456789B' });
      const res = await setDetails(clinic, { kraPin });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ success: false, code: 'billing.invalid_kra_pin' });
      expect(res.json().message).toMatch(/letter, 9 digits and a letter/);
      expect((await details(clinic)).json().data).toEqual({ kraPin: 'A123456789B' });
    },
  );

  it('refuse a body that is not the schema’s (an unknown field, too long, not a string)', async () => {
    const clinic = ctx.persona('Clinic');
    for (const body of [
      { kraPin: 'P051234567X', orgId: 'x' },
      { kraPin: 'P'.repeat(21) },
      { kraPin: 5 },
      {},
    ]) {
      const res = await setDetails(clinic, body);
      expect(res.statusCode).toBe(400);
    }
    expect((await details(clinic)).json().data).toEqual({ kraPin: null });
  });

  it("are the clinic's own: another organisation's clinic sees its own, professionals and admins are refused", async () => {
    const clinic = ctx.persona('Clinic');
    const other = ctx.persona('Clinic');
    await setDetails(clinic, { kraPin: 'P051234567X' });
    expect((await details(other)).json().data).toEqual({ kraPin: null });
    for (const role of ['user', 'admin'] as const) {
      const who = ctx.persona(role);
      expect((await details(who)).statusCode).toBe(403);
      expect((await setDetails(who, { kraPin: 'P051234567X' })).statusCode).toBe(403);
    }
    expect((await ctx.call('GET', '/api/billing/details')).statusCode).toBe(401);
    expect((await details(clinic)).json().data).toEqual({ kraPin: 'P051234567X' });
  });
});

describe('invoices and receipts', () => {
  it("print the configured seller on both, and the clinic's KRA PIN on those issued after it was given", async () => {
    const clinic = await knownClinic(ctx, identity, sql, '0712345678');
    const before = await payAndInvoice(clinic, ['job-listing']);
    expect((await setDetails(clinic, { kraPin: 'P051234567X' })).statusCode).toBe(200);
    const after = await payAndInvoice(clinic, ['hire']);

    const seller = [
      'Afya Health Systems Limited',
      'P.O. Box 12345-00100, Nairobi, Kenya',
      'KRA PIN: P052000111Q',
    ];
    for (const document of ['invoice', 'receipt'] as const) {
      const lines = await pdfLines(clinic, after.id, document);
      expect(lines.slice(0, 3)).toEqual(seller);
      const billedTo = lines.indexOf('Billed to');
      expect(lines.slice(billedTo + 2, billedTo + 3)).toEqual(['KRA PIN: P051234567X']);
    }
    // An invoice keeps what it was issued with: the one paid before the PIN was given has none.
    const earlier = await pdfLines(clinic, before.id, 'invoice');
    expect(earlier.slice(0, 3)).toEqual(seller);
    expect(earlier.filter((l) => l.startsWith('KRA PIN'))).toEqual(['KRA PIN: P052000111Q']);
  });
});
