import { randomBytes, randomUUID } from 'node:crypto';
import Fastify, { type FastifyInstance, type FastifyReply, type FastifyRequest } from 'fastify';
import { darajaPassword } from '../src/providers/daraja';
import { airtelCallbackHash } from '../src/providers/airtel';
import { paystackSignature } from '../src/providers/paystack';
import { scenarioFor, type Scenario } from './scenarios';

/**
 * A local payments sandbox speaking the same HTTP APIs as Safaricom's Daraja (STK push), Airtel Money
 * collections and Paystack (hosted card page), so svc-billing sells a plan on a laptop with no internet.
 * It keeps its transactions in memory, calls back where a real provider would, and answers the status
 * queries truthfully (including for a payment whose callback it never sends).
 */
export interface SandboxOptions {
  mpesa: { consumerKey: string; consumerSecret: string; shortcode: string; passkey: string };
  airtel: { clientId: string; clientSecret: string; callbackUrl?: string; callbackSecret: string };
  paystack: { secretKey: string; webhookUrl?: string };
  /** How long a test phone takes to answer (ms). */
  payDelayMs: number;
  logger?: boolean;
}

interface StkTransaction {
  merchantRequestId: string;
  checkoutRequestId: string;
  amount: number;
  phone: string;
  callbackUrl: string;
  result: { code: number; desc: string; receipt?: string } | null;
}

interface AirtelTransaction {
  id: string;
  amount: number;
  msisdn: string;
  result: { status: 'TS' | 'TF'; message: string; moneyId?: string } | null;
}

interface CardTransaction {
  id: number;
  reference: string;
  accessCode: string;
  amount: number;
  currency: string;
  email: string;
  callbackUrl?: string;
  status: 'abandoned' | 'success' | 'failed';
  paidAt?: string;
}

const TOKEN_SECONDS = 3599;

function receiptNumber(): string {
  return randomBytes(5).toString('hex').toUpperCase();
}

function isWholePositive(value: unknown): value is number {
  const n = typeof value === 'string' && /^\d+$/.test(value) ? Number(value) : value;
  return typeof n === 'number' && Number.isSafeInteger(n) && n >= 1;
}

function isUrl(value: unknown): value is string {
  if (typeof value !== 'string') return false;
  try {
    const url = new URL(value);
    return url.protocol === 'http:' || url.protocol === 'https:';
  } catch {
    return false;
  }
}

const KENYAN_MSISDN = /^254[17]\d{8}$/;
const PAYSTACK_REFERENCE = /^[A-Za-z0-9.=-]{1,100}$/;

export async function buildSandbox(options: SandboxOptions): Promise<FastifyInstance> {
  const app = Fastify({ logger: options.logger ?? false });
  // The hosted card page's forms post as browsers do (urlencoded, nothing in them worth reading).
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_req, body, done) =>
    done(null, body),
  );
  const timers = new Set<NodeJS.Timeout>();
  const tokens = new Map<string, { kind: 'mpesa' | 'airtel'; expiresAt: number }>();
  const stk = new Map<string, StkTransaction>();
  const airtel = new Map<string, AirtelTransaction>();
  const cards = new Map<string, CardTransaction>();
  const cardsByAccessCode = new Map<string, CardTransaction>();
  let cardIds = 1_000_000;

  app.addHook('onClose', async () => {
    timers.forEach((t) => clearTimeout(t));
  });

  function later(fn: () => Promise<void> | void) {
    const timer = setTimeout(() => {
      timers.delete(timer);
      Promise.resolve(fn()).catch((err) => app.log.warn({ err }, 'sandbox: a delayed step failed'));
    }, options.payDelayMs);
    timers.add(timer);
  }

  async function post(url: string, body: string, headers: Record<string, string> = {}) {
    try {
      const res = await fetch(url, {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...headers },
        body,
        signal: AbortSignal.timeout(10_000),
      });
      await res.arrayBuffer();
    } catch (err) {
      app.log.warn({ err, url }, 'sandbox: the callback could not be delivered');
    }
  }

  function issueToken(kind: 'mpesa' | 'airtel'): string {
    const token = randomBytes(18).toString('base64url');
    tokens.set(token, { kind, expiresAt: Date.now() + TOKEN_SECONDS * 1000 });
    return token;
  }

  function bearerOk(request: FastifyRequest, kind: 'mpesa' | 'airtel'): boolean {
    const match = /^Bearer (.+)$/.exec(request.headers.authorization ?? '');
    const token = match ? tokens.get(match[1]!) : undefined;
    return !!token && token.kind === kind && token.expiresAt > Date.now();
  }

  // ---------------------------------------------------------------- Daraja (M-Pesa Express)
  const darajaError = (reply: FastifyReply, status: number, errorCode: string, errorMessage: string) =>
    reply.code(status).send({ requestId: randomUUID(), errorCode, errorMessage });

  app.get('/oauth/v1/generate', async (request, reply) => {
    const { grant_type: grant } = request.query as { grant_type?: string };
    const expected = Buffer.from(`${options.mpesa.consumerKey}:${options.mpesa.consumerSecret}`).toString(
      'base64',
    );
    if (grant !== 'client_credentials')
      return darajaError(reply, 400, '400.008.02', 'Invalid grant type passed');
    if (request.headers.authorization !== `Basic ${expected}`) {
      return darajaError(reply, 400, '400.008.01', 'Invalid Authentication passed');
    }
    return { access_token: issueToken('mpesa'), expires_in: String(TOKEN_SECONDS) };
  });

  function darajaCredentialsError(body: Record<string, unknown>): string | null {
    if (String(body.BusinessShortCode) !== options.mpesa.shortcode)
      return 'Bad Request - Invalid BusinessShortCode';
    if (typeof body.Timestamp !== 'string' || !/^\d{14}$/.test(body.Timestamp)) {
      return 'Bad Request - Invalid Timestamp';
    }
    const password = darajaPassword(options.mpesa.shortcode, options.mpesa.passkey, body.Timestamp);
    if (body.Password !== password) return 'Bad Request - Invalid Password';
    return null;
  }

  app.post('/mpesa/stkpush/v1/processrequest', async (request, reply) => {
    if (!bearerOk(request, 'mpesa')) return darajaError(reply, 401, '404.001.03', 'Invalid Access Token');
    const body = (request.body ?? {}) as Record<string, unknown>;
    const problem =
      darajaCredentialsError(body) ??
      (!['CustomerPayBillOnline', 'CustomerBuyGoodsOnline'].includes(String(body.TransactionType))
        ? 'Bad Request - Invalid TransactionType'
        : !isWholePositive(body.Amount)
          ? 'Bad Request - Invalid Amount'
          : !KENYAN_MSISDN.test(String(body.PhoneNumber))
            ? 'Bad Request - Invalid PhoneNumber'
            : !KENYAN_MSISDN.test(String(body.PartyA))
              ? 'Bad Request - Invalid PartyA'
              : !isUrl(body.CallBackURL)
                ? 'Bad Request - Invalid CallBackURL'
                : typeof body.AccountReference !== 'string' ||
                    body.AccountReference.length < 1 ||
                    body.AccountReference.length > 12
                  ? 'Bad Request - Invalid AccountReference'
                  : typeof body.TransactionDesc !== 'string' || body.TransactionDesc.length > 13
                    ? 'Bad Request - Invalid TransactionDesc'
                    : null);
    if (problem) return darajaError(reply, 400, '400.002.02', problem);
    const tx: StkTransaction = {
      merchantRequestId: `${randomBytes(4).toString('hex')}-${Date.now()}`,
      checkoutRequestId: `ws_CO_${Date.now()}${randomBytes(6).toString('hex')}`,
      amount: Number(body.Amount),
      phone: String(body.PhoneNumber),
      callbackUrl: String(body.CallBackURL),
      result: null,
    };
    stk.set(tx.checkoutRequestId, tx);
    const scenario = scenarioFor(tx.phone);
    later(() => settleStk(tx, scenario));
    return {
      MerchantRequestID: tx.merchantRequestId,
      CheckoutRequestID: tx.checkoutRequestId,
      ResponseCode: '0',
      ResponseDescription: 'Success. Request accepted for processing',
      CustomerMessage: 'Success. Request accepted for processing',
    };
  });

  async function settleStk(tx: StkTransaction, scenario: Scenario) {
    tx.result =
      scenario.kind === 'pay'
        ? { code: 0, desc: 'The service request is processed successfully.', receipt: receiptNumber() }
        : scenario.kind === 'cancelled'
          ? { code: 1032, desc: 'Request cancelled by user' }
          : scenario.kind === 'insufficient_funds'
            ? { code: 1, desc: 'The balance is insufficient for the transaction' }
            : { code: 1037, desc: 'DS timeout user cannot be reached' };
    if (scenario.kind === 'pay' && !scenario.callback) return;
    const stkCallback: Record<string, unknown> = {
      MerchantRequestID: tx.merchantRequestId,
      CheckoutRequestID: tx.checkoutRequestId,
      ResultCode: tx.result.code,
      ResultDesc: tx.result.desc,
    };
    if (tx.result.code === 0) {
      const local = new Date(Date.now() + 3 * 3600_000).toISOString().replace(/\D/g, '').slice(0, 14);
      stkCallback.CallbackMetadata = {
        Item: [
          { Name: 'Amount', Value: tx.amount },
          { Name: 'MpesaReceiptNumber', Value: tx.result.receipt },
          { Name: 'Balance' },
          { Name: 'TransactionDate', Value: Number(local) },
          { Name: 'PhoneNumber', Value: Number(tx.phone) },
        ],
      };
    }
    await post(tx.callbackUrl, JSON.stringify({ Body: { stkCallback } }));
  }

  app.post('/mpesa/stkpushquery/v1/query', async (request, reply) => {
    if (!bearerOk(request, 'mpesa')) return darajaError(reply, 401, '404.001.03', 'Invalid Access Token');
    const body = (request.body ?? {}) as Record<string, unknown>;
    const problem = darajaCredentialsError(body);
    if (problem) return darajaError(reply, 400, '400.002.02', problem);
    const tx = stk.get(String(body.CheckoutRequestID));
    if (!tx) return darajaError(reply, 400, '400.002.02', 'Bad Request - Invalid CheckoutRequestID');
    if (!tx.result) return darajaError(reply, 500, '500.001.1001', 'The transaction is being processed');
    return {
      ResponseCode: '0',
      ResponseDescription: 'The service request has been accepted successsfully',
      MerchantRequestID: tx.merchantRequestId,
      CheckoutRequestID: tx.checkoutRequestId,
      ResultCode: String(tx.result.code),
      ResultDesc: tx.result.desc,
    };
  });

  // ---------------------------------------------------------------- Airtel Money collections
  const airtelStatus = (success: boolean, code: string, resultCode: string, message: string) => ({
    code,
    message,
    result_code: resultCode,
    success,
  });

  app.post('/auth/oauth2/token', async (request, reply) => {
    const body = (request.body ?? {}) as Record<string, unknown>;
    if (
      body.grant_type !== 'client_credentials' ||
      body.client_id !== options.airtel.clientId ||
      body.client_secret !== options.airtel.clientSecret
    ) {
      return reply
        .code(401)
        .send({ error: 'invalid_client', error_description: 'Invalid client credentials' });
    }
    return { access_token: issueToken('airtel'), expires_in: String(TOKEN_SECONDS), token_type: 'bearer' };
  });

  app.post('/merchant/v1/payments/', async (request, reply) => {
    if (!bearerOk(request, 'airtel')) {
      return reply
        .code(401)
        .send({ status: airtelStatus(false, '401', 'ESB000033', 'Invalid access token') });
    }
    const body = (request.body ?? {}) as Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any
    const msisdn = String(body.subscriber?.msisdn ?? '');
    const id = body.transaction?.id;
    const problem =
      !request.headers['x-country'] || !request.headers['x-currency']
        ? 'X-Country and X-Currency are required'
        : !/^[17]\d{8}$/.test(msisdn)
          ? 'Invalid msisdn (without the country code)'
          : typeof id !== 'string' || id.length === 0
            ? 'Invalid transaction id'
            : airtel.has(id)
              ? 'Duplicate transaction id'
              : !isWholePositive(body.transaction?.amount)
                ? 'Invalid amount'
                : null;
    if (problem) return reply.code(400).send({ status: airtelStatus(false, '400', 'ESB000008', problem) });
    const tx: AirtelTransaction = { id, amount: Number(body.transaction.amount), msisdn, result: null };
    airtel.set(id, tx);
    const scenario = scenarioFor(`254${msisdn}`);
    later(() => settleAirtel(tx, scenario));
    return {
      data: { transaction: { id, status: 'Success.' } },
      status: airtelStatus(true, '200', 'ESB000010', 'SUCCESS'),
    };
  });

  async function settleAirtel(tx: AirtelTransaction, scenario: Scenario) {
    tx.result =
      scenario.kind === 'pay'
        ? { status: 'TS', message: 'Paid', moneyId: `MP${receiptNumber()}` }
        : {
            status: 'TF',
            message:
              scenario.kind === 'cancelled'
                ? 'Transaction cancelled by the payer'
                : scenario.kind === 'insufficient_funds'
                  ? 'Insufficient funds'
                  : 'The payer did not respond',
          };
    if ((scenario.kind === 'pay' && !scenario.callback) || !options.airtel.callbackUrl) return;
    const transaction = {
      id: tx.id,
      message: tx.result.message,
      status_code: tx.result.status,
      airtel_money_id: tx.result.moneyId ?? '',
    };
    const hash = airtelCallbackHash(transaction, options.airtel.callbackSecret);
    await post(options.airtel.callbackUrl, JSON.stringify({ transaction, hash }));
  }

  app.get('/standard/v1/payments/:id', async (request, reply) => {
    if (!bearerOk(request, 'airtel')) {
      return reply
        .code(401)
        .send({ status: airtelStatus(false, '401', 'ESB000033', 'Invalid access token') });
    }
    const tx = airtel.get((request.params as { id: string }).id);
    if (!tx) {
      return reply
        .code(404)
        .send({ status: airtelStatus(false, '404', 'ESB000011', 'Transaction not found') });
    }
    return {
      data: {
        transaction: {
          airtel_money_id: tx.result?.moneyId ?? '',
          id: tx.id,
          message: tx.result?.message ?? 'In progress',
          status: tx.result?.status ?? 'TIP',
        },
      },
      status: airtelStatus(true, '200', 'ESB000010', 'SUCCESS'),
    };
  });

  // ---------------------------------------------------------------- Paystack (hosted card page)
  const paystackAuthorised = (request: FastifyRequest) =>
    request.headers.authorization === `Bearer ${options.paystack.secretKey}`;

  app.post('/transaction/initialize', async (request, reply) => {
    if (!paystackAuthorised(request)) {
      return reply.code(401).send({ status: false, message: 'Invalid key' });
    }
    const body = (request.body ?? {}) as Record<string, unknown>;
    const reference = typeof body.reference === 'string' ? body.reference : randomBytes(8).toString('hex');
    const problem =
      typeof body.email !== 'string' || !body.email.includes('@')
        ? 'Invalid Email Address Passed'
        : !isWholePositive(body.amount)
          ? 'Invalid Amount Sent'
          : !PAYSTACK_REFERENCE.test(reference)
            ? 'Invalid transaction reference'
            : cards.has(reference)
              ? 'Duplicate Transaction Reference'
              : body.callback_url !== undefined && !isUrl(body.callback_url)
                ? 'Invalid callback_url'
                : null;
    if (problem) return reply.code(400).send({ status: false, message: problem });
    const tx: CardTransaction = {
      id: cardIds++,
      reference,
      accessCode: randomBytes(9).toString('base64url'),
      amount: Number(body.amount),
      currency: typeof body.currency === 'string' ? body.currency : 'KES',
      email: String(body.email),
      callbackUrl: typeof body.callback_url === 'string' ? body.callback_url : undefined,
      status: 'abandoned',
    };
    cards.set(reference, tx);
    cardsByAccessCode.set(tx.accessCode, tx);
    const origin = `${request.protocol}://${request.host}`;
    return {
      status: true,
      message: 'Authorization URL created',
      data: {
        authorization_url: `${origin}/checkout/${tx.accessCode}`,
        access_code: tx.accessCode,
        reference,
      },
    };
  });

  const cardData = (tx: CardTransaction) => ({
    id: tx.id,
    status: tx.status,
    reference: tx.reference,
    amount: tx.amount,
    currency: tx.currency,
    paid_at: tx.paidAt ?? null,
    channel: 'card',
    gateway_response:
      tx.status === 'success' ? 'Successful' : tx.status === 'failed' ? 'Declined' : 'Abandoned',
    customer: { email: tx.email },
  });

  app.get('/transaction/verify/:reference', async (request, reply) => {
    if (!paystackAuthorised(request)) return reply.code(401).send({ status: false, message: 'Invalid key' });
    const tx = cards.get((request.params as { reference: string }).reference);
    if (!tx) return reply.code(400).send({ status: false, message: 'Transaction reference not found' });
    return { status: true, message: 'Verification successful', data: cardData(tx) };
  });

  // The hosted page: no card number is typed anywhere in the platform; here a tester picks the outcome.
  app.get('/checkout/:accessCode', async (request, reply) => {
    const tx = cardsByAccessCode.get((request.params as { accessCode: string }).accessCode);
    if (!tx) return reply.code(404).type('text/plain').send('Unknown payment');
    const amount = `${tx.currency} ${(tx.amount / 100).toFixed(2)}`;
    const action = `/checkout/${tx.accessCode}`;
    return reply.type('text/html; charset=utf-8').send(`<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>Sandbox card payment</title>
<style>body{font-family:system-ui,sans-serif;max-width:28rem;margin:2rem auto;padding:0 1rem;color:#222}
button{font:inherit;padding:.75rem 1rem;margin:.25rem 0;width:100%;cursor:pointer}
button:focus-visible{outline:3px solid #336573;outline-offset:2px}</style></head>
<body><main><h1>Sandbox card payment</h1>
<p>Amount: <strong>${amount}</strong></p>
<p>Reference: <code>${tx.reference}</code></p>
<p>This is the local payments sandbox standing in for the card provider's hosted page: no card is charged.</p>
${
  tx.status === 'abandoned'
    ? `<form method="post" action="${action}/pay"><button type="submit">Pay with the test card</button></form>
<form method="post" action="${action}/decline"><button type="submit">Use a declined test card</button></form>`
    : `<p role="status">This payment is ${tx.status === 'success' ? 'paid' : 'declined'}.</p>`
}
</main></body></html>`);
  });

  async function finishCard(tx: CardTransaction, reply: FastifyReply, outcome: 'success' | 'failed') {
    if (tx.status === 'abandoned') {
      tx.status = outcome;
      if (outcome === 'success') {
        tx.paidAt = new Date().toISOString();
        if (options.paystack.webhookUrl) {
          const body = JSON.stringify({ event: 'charge.success', data: cardData(tx) });
          await post(options.paystack.webhookUrl, body, {
            'x-paystack-signature': paystackSignature(body, options.paystack.secretKey),
          });
        }
      }
    }
    if (!tx.callbackUrl) return reply.redirect(`/checkout/${tx.accessCode}`, 303);
    const back = new URL(tx.callbackUrl);
    back.searchParams.set('trxref', tx.reference);
    back.searchParams.set('reference', tx.reference);
    return reply.redirect(back.toString(), 303);
  }

  app.post('/checkout/:accessCode/pay', async (request, reply) => {
    const tx = cardsByAccessCode.get((request.params as { accessCode: string }).accessCode);
    if (!tx) return reply.code(404).type('text/plain').send('Unknown payment');
    return finishCard(tx, reply, 'success');
  });

  app.post('/checkout/:accessCode/decline', async (request, reply) => {
    const tx = cardsByAccessCode.get((request.params as { accessCode: string }).accessCode);
    if (!tx) return reply.code(404).type('text/plain').send('Unknown payment');
    return finishCard(tx, reply, 'failed');
  });

  app.get('/healthz', async () => ({ ok: true }));
  return app;
}
