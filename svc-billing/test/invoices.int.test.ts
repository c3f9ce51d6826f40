import postgres from 'postgres';
import { PDFDocument } from 'pdf-lib';
import {
  IdentityEvents,
  notificationRequestedType,
  type NotificationRequestedData,
} from '@platform/contracts';
import { NatsEventBus } from '@platform/event-bus';
import { eventually, pdfText, readEvents, userEvent } from '@platform/testing';
import type { Invoice } from '../contract';
import { checkoutAs, startBilling, type BillingTestContext, type Persona } from './helpers';

/**
 * A paid payment's invoice and receipt: listed for its organisation newest first, a page at a time, and
 * downloaded as PDFs that say what was paid, by whom, to whom; another organisation finds none of them.
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

/** A clinic svc-billing knows by name (from identity's event), with its KRA PIN when given. */
async function knownClinic(name: string, kraPin?: string): Promise<Persona> {
  const clinic = ctx.persona('Clinic');
  await identity.publish(userEvent(IdentityEvents.userRegistered, clinic.orgId!, { role: 'Clinic', name }));
  await eventually(
    async () =>
      (await sql`select 1 from billing.organisations where org_id = ${clinic.orgId!}`).length
        ? true
        : undefined,
    10_000,
  );
  // The clinic gives its KRA PIN on /billing (svc-billing keeps the organisation's billing details).
  if (kraPin)
    expect((await ctx.call('PUT', '/api/billing/details', clinic, { kraPin })).statusCode).toBe(200);
  return clinic;
}

/** Pays `items` by M-Pesa through the sandbox and waits for the confirmation. */
async function pay(clinic: Persona, items: string[]) {
  const res = await checkoutAs(ctx, clinic, { items, method: 'mpesa', phone: '0708374149' });
  expect(res.statusCode).toBe(202);
  const id = res.json().data.id as string;
  return eventually(async () => {
    const p = (await ctx.call('GET', `/api/billing/payments/${id}`, clinic)).json().data;
    return p.status === 'paid' ? p : undefined;
  }, 20_000);
}

const invoicesOf = (who: Persona, query = '') => ctx.call('GET', `/api/billing/invoices${query}`, who);

describe('a paid checkout’s invoice and receipt', () => {
  let clinic: Persona;
  let payment: { id: string; receipt: string };
  let invoice: Invoice;

  beforeAll(async () => {
    clinic = await knownClinic('Clinique Sainte-Thérèse', 'P051234567X');
    payment = await pay(clinic, ['hire']);
  });

  it('lists one invoice for the organisation with what was paid, VAT taken out of the price', async () => {
    const res = await invoicesOf(clinic);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.pageInfo).toEqual({ page: 1, limit: 20, total: 1 });
    expect(body.data).toHaveLength(1);
    invoice = body.data[0];
    expect(invoice).toMatchObject({
      number: expect.stringMatching(/^INV-\d{4}-\d{6}$/),
      receiptNumber: expect.stringMatching(/^RCT-\d{4}-\d{6}$/),
      lines: [{ itemId: 'hire', name: 'Hire', quantity: 1, unitPrice: 100_000 }],
      credit: 0,
      gross: 100_000,
      vat: 13_793,
      net: 86_207,
      currency: 'KES',
      method: 'mpesa',
      providerReceipt: payment.receipt,
      period: { start: expect.any(String), end: expect.any(String) },
    });
    expect(Date.parse(invoice.period!.end) - Date.parse(invoice.period!.start)).toBeGreaterThan(
      27 * 86_400_000,
    );
  });

  it('downloads the invoice as a PDF naming seller, clinic, KRA PIN, number, line, VAT and total', async () => {
    const res = await ctx.call('GET', `/api/billing/invoices/${invoice.id}/invoice.pdf`, clinic);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['content-disposition']).toBe(`attachment; filename="${invoice.number}.pdf"`);
    expect(res.headers['cache-control']).toContain('no-store');
    expect(res.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    expect((await PDFDocument.load(res.rawPayload)).getPageCount()).toBe(1);
    const lines = pdfText(res.rawPayload).split('\n');
    expect(lines).toEqual(
      expect.arrayContaining([
        // The seller as configured (here npm start's local defaults): legal name, postal address, KRA PIN.
        'AfyaHR Limited',
        'P.O. Box 00000-00100, Nairobi, Kenya',
        'KRA PIN: P000000000A',
        'Tax invoice',
        invoice.number,
        'Clinique Sainte-Thérèse',
        'KRA PIN: P051234567X',
        'Hire',
        'Ksh 1,000.00',
        'VAT 16 %',
        'Ksh 137.93',
        'Net (excluding VAT)',
        'Ksh 862.07',
      ]),
    );
    expect(lines[lines.indexOf('Total (VAT included)') + 1]).toBe('Ksh 1,000.00');
  });

  it('downloads the receipt: its number, the method, the M-Pesa receipt number and the amount paid', async () => {
    const res = await ctx.call('GET', `/api/billing/invoices/${invoice.id}/receipt.pdf`, clinic);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-disposition']).toBe(`attachment; filename="${invoice.receiptNumber}.pdf"`);
    const lines = pdfText(res.rawPayload).split('\n');
    expect(lines).toEqual(
      expect.arrayContaining([
        'Payment receipt',
        invoice.receiptNumber,
        invoice.number,
        'M-Pesa',
        'M-Pesa receipt number',
        payment.receipt,
        'Clinique Sainte-Thérèse',
      ]),
    );
    expect(lines[lines.indexOf('Amount paid') + 1]).toBe('Ksh 1,000.00');
  });

  it('tells the billing contact once, in the inbox and by e-mail now, leading to the billing page', async () => {
    const notices = await eventually(async () => {
      const all = await readEvents<NotificationRequestedData>(
        ctx.natsUrl,
        `${ctx.prefix}${notificationRequestedType('billing')}`,
      );
      const mine = all.filter(
        (e) => e.data.userId === clinic.orgId && e.data.kind === 'billing.invoice-issued',
      );
      return mine.length ? mine : undefined;
    }, 10_000);
    expect(notices).toHaveLength(1);
    expect(notices[0]!.data).toMatchObject({
      link: '/billing',
      email: 'now',
      title: {
        en: `Payment received: Ksh 1,000.00, invoice ${invoice.number}. Download the invoice and its receipt from the billing page.`,
        sw: expect.stringContaining(`ankara ${invoice.number}`),
        fr: expect.stringContaining(`facture ${invoice.number}`),
      },
    });
  });

  it('shows another clinic nothing of it: an empty list and 404s that say no more', async () => {
    const other = ctx.persona('Clinic');
    expect((await invoicesOf(other)).json()).toEqual({
      success: true,
      data: [],
      pageInfo: { page: 1, limit: 20, total: 0 },
    });
    for (const document of ['invoice', 'receipt']) {
      const res = await ctx.call('GET', `/api/billing/invoices/${invoice.id}/${document}.pdf`, other);
      expect(res.statusCode).toBe(404);
      expect(res.headers['content-type']).toContain('application/json');
      expect(res.json()).toEqual({
        success: false,
        message: 'This invoice does not exist.',
        error: 'This invoice does not exist.',
        code: 'billing.invoice_not_found',
      });
    }
  });

  it('refuses a malformed id, professionals and visitors', async () => {
    const bad = await ctx.call('GET', '/api/billing/invoices/INV-2026-000001/invoice.pdf', clinic);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().code).toBe('request.invalid');
    const path = `/api/billing/invoices/${invoice.id}/invoice.pdf`;
    expect((await ctx.call('GET', path, ctx.persona('user'))).statusCode).toBe(403);
    expect((await ctx.call('GET', path)).statusCode).toBe(401);
    expect((await invoicesOf(ctx.persona('user'))).statusCode).toBe(403);
    expect((await ctx.call('GET', '/api/billing/invoices')).statusCode).toBe(401);
  });
});

it('lists a clinic’s invoices newest first, a page at a time, within the page size limit', async () => {
  const clinic = await knownClinic('Mombasa Road Clinic');
  await pay(clinic, ['hire']);
  ctx.clock.advanceDays(1);
  await pay(clinic, ['job-listing']);
  ctx.clock.advanceDays(1);
  await pay(clinic, ['job-listing']);

  const all = (await invoicesOf(clinic)).json();
  expect(all.pageInfo.total).toBe(3);
  expect(all.data.map((i: { lines: { itemId: string }[] }) => i.lines[0]!.itemId)).toEqual([
    'job-listing',
    'job-listing',
    'hire',
  ]);
  const issued = all.data.map((i: { issuedAt: string }) => Date.parse(i.issuedAt));
  expect(issued).toEqual([...issued].sort((a, b) => b - a));
  // A single listing pays for no subscription period.
  expect(all.data[0].period).toBeNull();

  const pages = await Promise.all([1, 2, 3].map((p) => invoicesOf(clinic, `?page=${p}&limit=1`)));
  expect(pages.map((p) => p.json().data[0].id)).toEqual(all.data.map((i: { id: string }) => i.id));
  expect(pages[2]!.json().pageInfo).toEqual({ page: 3, limit: 1, total: 3 });
  expect((await invoicesOf(clinic, '?page=4&limit=1')).json().data).toEqual([]);

  for (const query of ['?limit=101', '?limit=0', '?page=0', '?limit=ten']) {
    const res = await invoicesOf(clinic, query);
    expect({ query, status: res.statusCode }).toEqual({ query, status: 400 });
  }
  expect((await invoicesOf(clinic, '?limit=100')).statusCode).toBe(200);
});
