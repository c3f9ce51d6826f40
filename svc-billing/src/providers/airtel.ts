import { createHmac, timingSafeEqual } from 'node:crypto';
import { nationalNumber } from '../domain/phone';
import { toWholeShillings } from '../domain/money';
import { requestJson, isRecord, stringField } from './http';
import { TokenCache } from './oauth-token';
import {
  CallbackRejected,
  ProviderError,
  type PaymentOutcome,
  type PaymentProvider,
  type PaymentRequest,
  type ProviderCallback,
  type StartedPayment,
} from './provider';

/**
 * Airtel Money collections (Airtel Africa's open API): a client-credentials token, the USSD push
 * (`POST /merchant/v1/payments/`), the transaction enquiry (`GET /standard/v1/payments/{id}`) and the
 * callback, which goes to the URL registered on Airtel's portal. With callback authentication enabled
 * there, the callback carries `hash`: base64 HMAC-SHA256 of its `transaction` object under the secret.
 * The enquiry, not the callback, is what confirms a payment.
 */
export interface AirtelConfig {
  /** https://openapi.airtel.africa in production, https://openapiuat.airtel.africa for Airtel's UAT. */
  baseUrl: string;
  clientId: string;
  clientSecret: string;
  country: string;
  currency: string;
  /** The callback authentication secret, when enabled on the portal. */
  callbackSecret?: string;
}

/** What a transaction status means: TS succeeded, TF failed, TE expired; TIP and TA are still open. */
export function outcomeOfAirtelStatus(status: string, message: string, moneyId?: string): PaymentOutcome {
  switch (status) {
    case 'TS':
      return { state: 'paid', receipt: moneyId };
    case 'TF':
      return { state: 'failed', code: 'airtel.failed', reason: message || 'payment failed' };
    case 'TE':
      return { state: 'failed', code: 'airtel.expired', reason: message || 'the prompt expired' };
    default:
      return { state: 'pending' };
  }
}

export function airtelCallbackHash(transaction: unknown, secret: string): string {
  return createHmac('sha256', secret).update(JSON.stringify(transaction)).digest('base64');
}

export class AirtelClient implements PaymentProvider {
  readonly method = 'airtel' as const;
  private readonly tokens: TokenCache;

  constructor(private readonly config: AirtelConfig) {
    this.tokens = new TokenCache(() => this.fetchToken());
  }

  private async fetchToken() {
    const { status, body } = await requestJson('airtel', `${this.config.baseUrl}/auth/oauth2/token`, {
      method: 'POST',
      body: {
        client_id: this.config.clientId,
        client_secret: this.config.clientSecret,
        grant_type: 'client_credentials',
      },
    });
    const accessToken = stringField(body, 'access_token');
    if (status !== 200 || !accessToken) throw this.error(status, body, 'token refused');
    return { accessToken, expiresInSeconds: Number(stringField(body, 'expires_in') ?? 180) };
  }

  private error(status: number, body: unknown, fallback: string): ProviderError {
    const detail = isRecord(body) ? body.status : undefined;
    return new ProviderError(
      'airtel',
      status,
      stringField(detail, 'result_code') ?? stringField(detail, 'code') ?? 'error',
      stringField(detail, 'message') ?? fallback,
    );
  }

  private async call(method: 'GET' | 'POST', path: string, payload?: unknown) {
    for (let attempt = 0; ; attempt++) {
      const token = await this.tokens.get();
      const answer = await requestJson('airtel', `${this.config.baseUrl}${path}`, {
        method,
        headers: {
          authorization: `Bearer ${token}`,
          'x-country': this.config.country,
          'x-currency': this.config.currency,
        },
        body: payload,
      });
      if (answer.status !== 401 || attempt > 0) return answer;
      this.tokens.clear();
    }
  }

  async start(request: PaymentRequest): Promise<StartedPayment> {
    if (!request.phone) throw new ProviderError('airtel', 0, 'phone_required', 'an Airtel number is needed');
    const { status, body } = await this.call('POST', '/merchant/v1/payments/', {
      reference: request.accountReference,
      subscriber: {
        country: this.config.country,
        currency: this.config.currency,
        msisdn: nationalNumber(request.phone),
      },
      transaction: {
        amount: toWholeShillings(request.amount),
        country: this.config.country,
        currency: this.config.currency,
        id: request.reference,
      },
    });
    const detail = isRecord(body) ? body.status : undefined;
    if (status !== 200 || !isRecord(detail) || detail.success !== true) {
      throw this.error(status, body, 'USSD push refused');
    }
    return { providerRef: request.reference };
  }

  async query(transactionId: string): Promise<PaymentOutcome> {
    const { status, body } = await this.call(
      'GET',
      `/standard/v1/payments/${encodeURIComponent(transactionId)}`,
    );
    const transaction = isRecord(body) && isRecord(body.data) ? body.data.transaction : undefined;
    const state = stringField(transaction, 'status');
    if (status !== 200 || !state) throw this.error(status, body, 'enquiry refused');
    return outcomeOfAirtelStatus(
      state,
      stringField(transaction, 'message') ?? '',
      stringField(transaction, 'airtel_money_id'),
    );
  }

  parseCallback(rawBody: string): ProviderCallback {
    let parsed: unknown;
    try {
      parsed = JSON.parse(rawBody);
    } catch {
      throw new CallbackRejected('the callback is not JSON');
    }
    const transaction = isRecord(parsed) ? parsed.transaction : undefined;
    const id = stringField(transaction, 'id');
    const statusCode = stringField(transaction, 'status_code');
    if (!id || !statusCode) throw new CallbackRejected('no transaction with id and status_code');
    if (this.config.callbackSecret) {
      const given = Buffer.from(stringField(parsed, 'hash') ?? '');
      const expected = Buffer.from(airtelCallbackHash(transaction, this.config.callbackSecret));
      if (given.length !== expected.length || !timingSafeEqual(given, expected)) {
        throw new CallbackRejected('the callback hash does not match');
      }
    }
    return {
      providerRef: id,
      outcome: outcomeOfAirtelStatus(
        statusCode,
        stringField(transaction, 'message') ?? '',
        stringField(transaction, 'airtel_money_id'),
      ),
    };
  }
}
