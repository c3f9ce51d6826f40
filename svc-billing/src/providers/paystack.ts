import { createHmac, timingSafeEqual } from 'node:crypto';
import { requestJson, isRecord, stringField } from './http';
import {
  CallbackRejected,
  ProviderError,
  headerValue,
  type HeaderBag,
  type PaymentOutcome,
  type PaymentProvider,
  type PaymentRequest,
  type ProviderCallback,
  type StartedPayment,
} from './provider';

/**
 * Card payments through a hosted page, Paystack's API: initialise a transaction (amount in the
 * currency's subunit) and send the browser to its `authorization_url`; the platform never sees a card
 * number. The result comes as a webhook (to the URL set on Paystack's dashboard) signed with
 * HMAC-SHA512 of the raw body under the secret key in `x-paystack-signature`, and from the verify call.
 */
export interface PaystackConfig {
  /** https://api.paystack.co */
  baseUrl: string;
  secretKey: string;
}

export function paystackSignature(rawBody: string, secretKey: string): string {
  return createHmac('sha512', secretKey).update(rawBody).digest('hex');
}

function outcomeOfTransaction(data: unknown): PaymentOutcome {
  const status = stringField(data, 'status');
  const amount = isRecord(data) && typeof data.amount === 'number' ? data.amount : undefined;
  switch (status) {
    case 'success':
      return {
        state: 'paid',
        amount,
        currency: stringField(data, 'currency'),
        receipt: stringField(data, 'id') ?? stringField(data, 'reference'),
      };
    case 'failed':
    case 'reversed':
      return {
        state: 'failed',
        code: `card.${status}`,
        reason: stringField(data, 'gateway_response') ?? status,
      };
    default:
      // ongoing, pending, processing, queued, abandoned (not yet completed on the page)
      return { state: 'pending' };
  }
}

export class PaystackClient implements PaymentProvider {
  readonly method = 'card' as const;

  constructor(private readonly config: PaystackConfig) {}

  private headers() {
    return { authorization: `Bearer ${this.config.secretKey}` };
  }

  async start(request: PaymentRequest): Promise<StartedPayment> {
    if (!request.email) throw new ProviderError('card', 0, 'email_required', 'the payer e-mail is needed');
    const { status, body } = await requestJson('card', `${this.config.baseUrl}/transaction/initialize`, {
      method: 'POST',
      headers: this.headers(),
      body: {
        email: request.email,
        amount: request.amount,
        currency: request.currency,
        reference: request.reference,
        callback_url: request.callbackUrl,
        metadata: { accountReference: request.accountReference, description: request.description },
      },
    });
    const data = isRecord(body) ? body.data : undefined;
    const url = stringField(data, 'authorization_url');
    if (status !== 200 || !isRecord(body) || body.status !== true || !url) {
      throw new ProviderError('card', status, 'initialize', stringField(body, 'message') ?? 'refused');
    }
    return { providerRef: stringField(data, 'reference') ?? request.reference, redirectUrl: url };
  }

  async query(reference: string): Promise<PaymentOutcome> {
    const { status, body } = await requestJson(
      'card',
      `${this.config.baseUrl}/transaction/verify/${encodeURIComponent(reference)}`,
      { method: 'GET', headers: this.headers() },
    );
    if (status !== 200 || !isRecord(body) || body.status !== true) {
      throw new ProviderError('card', status, 'verify', stringField(body, 'message') ?? 'refused');
    }
    return outcomeOfTransaction(body.data);
  }

  parseCallback(rawBody: string, headers: HeaderBag): ProviderCallback | null {
    const given = Buffer.from(headerValue(headers, 'x-paystack-signature') ?? '', 'utf8');
    const expected = Buffer.from(paystackSignature(rawBody, this.config.secretKey), 'utf8');
    if (given.length !== expected.length || !timingSafeEqual(given, expected)) {
      throw new CallbackRejected('the x-paystack-signature does not match the body');
    }
    let parsed: unknown;
    try {
      parsed = JSON.parse(rawBody);
    } catch {
      throw new CallbackRejected('the webhook is not JSON');
    }
    const event = stringField(parsed, 'event');
    const data = isRecord(parsed) ? parsed.data : undefined;
    const reference = stringField(data, 'reference');
    if (!event || !reference) throw new CallbackRejected('no event or data.reference');
    if (event !== 'charge.success') return null;
    return { providerRef: reference, outcome: outcomeOfTransaction(data) };
  }
}
