import Fastify, { type FastifyInstance } from 'fastify';
import { eventually } from '@platform/testing';
import { buildSandbox } from '../sandbox/app';
import { TEST_NUMBERS } from '../sandbox/scenarios';
import { AirtelClient } from '../src/providers/airtel';
import { DarajaClient } from '../src/providers/daraja';
import { PaystackClient } from '../src/providers/paystack';
import { ProviderError, type PaymentRequest, type ProviderCallback } from '../src/providers/provider';

/**
 * The three provider clients against the payments sandbox over HTTP, with a receiver standing in for
 * svc-billing's callback endpoints: what each test number does, the signatures, the status queries.
 */
const mpesa = { consumerKey: 'ck', consumerSecret: 'cs', shortcode: '174379', passkey: 'passkey' };
const airtelCreds = {
  clientId: 'airtel-id',
  clientSecret: 'airtel-secret',
  callbackSecret: 'airtel-hash-secret',
};
const PAY_DELAY_MS = 150;

let receiver: FastifyInstance;
let sandbox: FastifyInstance;
let receiverUrl: string;
let sandboxUrl: string;
const received: { path: string; body: string; headers: Record<string, string | string[] | undefined> }[] = [];

beforeAll(async () => {
  receiver = Fastify();
  receiver.addContentTypeParser('application/json', { parseAs: 'string' }, (_req, body, done) =>
    done(null, body),
  );
  receiver.post('/*', async (request) => {
    received.push({ path: request.url, body: request.body as string, headers: request.headers });
    return { ResultCode: 0, ResultDesc: 'Accepted' };
  });
  receiverUrl = await receiver.listen({ port: 0, host: '127.0.0.1' });
  sandbox = await buildSandbox({
    mpesa,
    airtel: { ...airtelCreds, callbackUrl: `${receiverUrl}/airtel` },
    paystack: { secretKey: 'sk_test_sandbox', webhookUrl: `${receiverUrl}/paystack` },
    payDelayMs: PAY_DELAY_MS,
  });
  sandboxUrl = await sandbox.listen({ port: 0, host: '127.0.0.1' });
});

afterAll(async () => {
  await sandbox.close();
  await receiver.close();
});

const request = (phone: string, callbackPath: string, amount = 100_000): PaymentRequest => ({
  reference: `pay-${Math.random().toString(36).slice(2)}`,
  amount,
  currency: 'KES',
  phone,
  email: 'clinic@example.test',
  accountReference: 'AfyaHR-Hire',
  description: 'Hire monthly',
  callbackUrl: `${receiverUrl}${callbackPath}`,
});

const callbackAt = (path: string) => eventually(async () => received.find((r) => r.path === path), 5_000);

describe('M-Pesa through the sandbox', () => {
  const client = () => new DarajaClient({ baseUrl: sandboxUrl, ...mpesa });

  it('254708374149 pays after the wait: pending, then a paid callback with the amount, then the query agrees', async () => {
    const daraja = client();
    const started = await daraja.start(request(TEST_NUMBERS.pays, '/mpesa/paid'));
    expect(started.providerRef).toMatch(/^ws_CO_/);
    expect(await daraja.query(started.providerRef)).toEqual({ state: 'pending' });
    const cb = await callbackAt('/mpesa/paid');
    const parsed = daraja.parseCallback(cb.body);
    expect(parsed).toMatchObject({
      providerRef: started.providerRef,
      outcome: { state: 'paid', amount: 100_000, currency: 'KES', payer: TEST_NUMBERS.pays },
    });
    expect((parsed.outcome as { receipt: string }).receipt).toMatch(/^[0-9A-F]{10}$/);
    expect(await daraja.query(started.providerRef)).toEqual({ state: 'paid' });
  });

  it.each([
    [TEST_NUMBERS.cancelledByUser, 'cancelled', 'mpesa.cancelled'],
    [TEST_NUMBERS.insufficientFunds, 'failed', 'mpesa.insufficient_funds'],
  ])('%s ends as %s in the callback and the query', async (phone, state, code) => {
    const daraja = client();
    const path = `/mpesa/${phone}`;
    const started = await daraja.start(request(phone, path));
    const cb = await callbackAt(path);
    expect(daraja.parseCallback(cb.body)).toMatchObject({
      providerRef: started.providerRef,
      outcome: { state, code },
    });
    expect(await daraja.query(started.providerRef)).toMatchObject({ state, code });
  });

  it('254711000003 never calls back, but the status query learns it paid', async () => {
    const daraja = client();
    const started = await daraja.start(request(TEST_NUMBERS.neverCallsBack, '/mpesa/silent'));
    const outcome = await eventually(async () => {
      const o = await daraja.query(started.providerRef);
      return o.state === 'pending' ? undefined : o;
    }, 5_000);
    expect(outcome).toEqual({ state: 'paid' });
    await new Promise((r) => setTimeout(r, PAY_DELAY_MS * 2));
    expect(received.find((r) => r.path === '/mpesa/silent')).toBeUndefined();
  });

  it('refuses a wrong passkey or consumer secret, a landline, fractions of a shilling and an unknown CheckoutRequestID', async () => {
    const wrong = new DarajaClient({ baseUrl: sandboxUrl, ...mpesa, passkey: 'guess' });
    await expect(wrong.start(request(TEST_NUMBERS.pays, '/x'))).rejects.toMatchObject({
      status: 400,
      message: expect.stringContaining('Invalid Password'),
    });
    await expect(client().start(request('254208374149', '/x'))).rejects.toThrow('Invalid PhoneNumber');
    await expect(client().start(request(TEST_NUMBERS.pays, '/x', 100_050))).rejects.toThrow('whole number');
    const badKey = new DarajaClient({ baseUrl: sandboxUrl, ...mpesa, consumerSecret: 'nope' });
    await expect(badKey.start(request(TEST_NUMBERS.pays, '/x'))).rejects.toBeInstanceOf(ProviderError);
    await expect(client().query('ws_CO_unknown')).rejects.toThrow('Invalid CheckoutRequestID');
  });
});

describe('Airtel Money through the sandbox', () => {
  const client = () =>
    new AirtelClient({ baseUrl: sandboxUrl, ...airtelCreds, country: 'KE', currency: 'KES' });

  it('pushes the prompt, calls back with a hash the client checks, and the enquiry agrees', async () => {
    const airtel = client();
    const req = request('254733000111', '/unused');
    const started = await airtel.start(req);
    expect(started.providerRef).toBe(req.reference);
    expect(await airtel.query(req.reference)).toEqual({ state: 'pending' });
    const cb = await eventually(async () => {
      const found = received.find((r) => r.path === '/airtel' && r.body.includes(req.reference));
      return found;
    }, 5_000);
    const parsed: ProviderCallback = airtel.parseCallback(cb.body);
    expect(parsed).toMatchObject({ providerRef: req.reference, outcome: { state: 'paid' } });
    expect(await airtel.query(req.reference)).toMatchObject({ state: 'paid' });
  });

  it('fails for insufficient funds and refuses a repeated transaction id', async () => {
    const airtel = client();
    const req = request(TEST_NUMBERS.insufficientFunds, '/unused');
    await airtel.start(req);
    await expect(airtel.start(req)).rejects.toThrow('Duplicate transaction id');
    const outcome = await eventually(async () => {
      const o = await airtel.query(req.reference);
      return o.state === 'pending' ? undefined : o;
    }, 5_000);
    expect(outcome).toEqual({ state: 'failed', code: 'airtel.failed', reason: 'Insufficient funds' });
  });
});

describe('card through the sandbox’s hosted page', () => {
  const client = () => new PaystackClient({ baseUrl: sandboxUrl, secretKey: 'sk_test_sandbox' });

  it('initialises, the page pays, the webhook is signed, the browser goes back, verify agrees', async () => {
    const card = client();
    const req = request(TEST_NUMBERS.pays, '/billing/return');
    const started = await card.start(req);
    expect(started.redirectUrl).toMatch(new RegExp(`^${sandboxUrl}/checkout/`));
    expect(await card.query(req.reference)).toEqual({ state: 'pending' });
    const page = await fetch(started.redirectUrl!);
    const html = await page.text();
    expect(html).toContain('KES 1000.00');
    expect(html).not.toMatch(/card number|cvv/i);
    const paid = await fetch(`${started.redirectUrl}/pay`, { method: 'POST', redirect: 'manual' });
    expect(paid.status).toBe(303);
    expect(paid.headers.get('location')).toBe(
      `${receiverUrl}/billing/return?trxref=${req.reference}&reference=${req.reference}`,
    );
    const hook = await eventually(async () =>
      received.find((r) => r.path === '/paystack' && r.body.includes(req.reference)),
    );
    expect(card.parseCallback(hook.body, hook.headers)).toMatchObject({
      providerRef: req.reference,
      outcome: { state: 'paid', amount: 100_000, currency: 'KES' },
    });
    expect(await card.query(req.reference)).toMatchObject({ state: 'paid', amount: 100_000 });
  });

  it('a declined card fails without a webhook; a wrong secret key is refused', async () => {
    const card = client();
    const req = request(TEST_NUMBERS.pays, '/billing/return');
    const started = await card.start(req);
    await fetch(`${started.redirectUrl}/decline`, { method: 'POST', redirect: 'manual' });
    expect(await card.query(req.reference)).toMatchObject({ state: 'failed', code: 'card.failed' });
    expect(received.find((r) => r.path === '/paystack' && r.body.includes(req.reference))).toBeUndefined();
    const wrong = new PaystackClient({ baseUrl: sandboxUrl, secretKey: 'sk_test_guess' });
    await expect(wrong.start(request(TEST_NUMBERS.pays, '/x'))).rejects.toMatchObject({ status: 401 });
  });
});
