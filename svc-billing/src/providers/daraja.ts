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
 * M-Pesa Express (STK push) through Safaricom's Daraja API: an OAuth client-credentials token, the STK
 * push, its callback (`Body.stkCallback`) and the STK status query. Daraja does not sign callbacks, so
 * svc-billing receives each at a secret per-payment path and confirms it with the status query.
 */
export interface DarajaConfig {
  /** https://api.safaricom.co.ke in production, https://sandbox.safaricom.co.ke for Daraja's sandbox. */
  baseUrl: string;
  consumerKey: string;
  consumerSecret: string;
  shortcode: string;
  passkey: string;
  transactionType?: 'CustomerPayBillOnline' | 'CustomerBuyGoodsOnline';
  /** Till numbers: the shortcode that receives the money (PartyB), when not the business shortcode. */
  partyB?: string;
}

const NAIROBI_OFFSET_MS = 3 * 60 * 60 * 1000;

/** Daraja's Timestamp: yyyyMMddHHmmss in Nairobi time. */
export function darajaTimestamp(at: Date): string {
  const local = new Date(at.getTime() + NAIROBI_OFFSET_MS);
  const pad = (n: number) => String(n).padStart(2, '0');
  return (
    String(local.getUTCFullYear()) +
    pad(local.getUTCMonth() + 1) +
    pad(local.getUTCDate()) +
    pad(local.getUTCHours()) +
    pad(local.getUTCMinutes()) +
    pad(local.getUTCSeconds())
  );
}

/** Daraja's Password: base64(shortcode + passkey + timestamp). */
export function darajaPassword(shortcode: string, passkey: string, timestamp: string): string {
  return Buffer.from(`${shortcode}${passkey}${timestamp}`).toString('base64');
}

/** What an STK ResultCode means (0 paid; 1032 cancelled by the user; 1037 no answer; 1 not enough money). */
export function outcomeOfResultCode(resultCode: string, resultDesc: string): PaymentOutcome {
  switch (resultCode) {
    case '0':
      return { state: 'paid' };
    case '1032':
      return { state: 'cancelled', code: 'mpesa.cancelled', reason: resultDesc || 'cancelled by the user' };
    case '1037':
      return {
        state: 'failed',
        code: 'mpesa.timeout',
        reason: resultDesc || 'the phone could not be reached',
      };
    case '1':
      return {
        state: 'failed',
        code: 'mpesa.insufficient_funds',
        reason: resultDesc || 'insufficient funds',
      };
    case '2001':
      return { state: 'failed', code: 'mpesa.wrong_pin', reason: resultDesc || 'wrong PIN' };
    default:
      return { state: 'failed', code: `mpesa.result_${resultCode}`, reason: resultDesc || 'payment failed' };
  }
}

/** Daraja's answer to a status query while the customer has not answered the prompt yet (the same
 * errorCode also means other errors, so the message decides). */
function stillProcessing(body: unknown): boolean {
  return (
    stringField(body, 'errorCode') === '500.001.1001' &&
    /being processed/i.test(stringField(body, 'errorMessage') ?? '')
  );
}

export class DarajaClient implements PaymentProvider {
  readonly method = 'mpesa' as const;
  private readonly tokens: TokenCache;

  constructor(
    private readonly config: DarajaConfig,
    private readonly now: () => Date = () => new Date(),
  ) {
    this.tokens = new TokenCache(() => this.fetchToken());
  }

  private async fetchToken(): Promise<{ accessToken: string; expiresInSeconds: number }> {
    const basic = Buffer.from(`${this.config.consumerKey}:${this.config.consumerSecret}`).toString('base64');
    const { status, body } = await requestJson(
      'mpesa',
      `${this.config.baseUrl}/oauth/v1/generate?grant_type=client_credentials`,
      { method: 'GET', headers: { authorization: `Basic ${basic}` } },
    );
    const accessToken = stringField(body, 'access_token');
    if (status !== 200 || !accessToken) throw this.error(status, body, 'token refused');
    return { accessToken, expiresInSeconds: Number(stringField(body, 'expires_in') ?? 3599) };
  }

  private error(status: number, body: unknown, fallback: string): ProviderError {
    return new ProviderError(
      'mpesa',
      status,
      stringField(body, 'errorCode') ?? stringField(body, 'ResponseCode') ?? 'error',
      stringField(body, 'errorMessage') ?? stringField(body, 'ResponseDescription') ?? fallback,
    );
  }

  /** A call with the bearer token, fetching a new token once if the old one is refused. */
  private async call(path: string, payload: unknown) {
    for (let attempt = 0; ; attempt++) {
      const token = await this.tokens.get();
      const answer = await requestJson('mpesa', `${this.config.baseUrl}${path}`, {
        method: 'POST',
        headers: { authorization: `Bearer ${token}` },
        body: payload,
      });
      if (answer.status !== 401 || attempt > 0) return answer;
      this.tokens.clear();
    }
  }

  private credentials() {
    const timestamp = darajaTimestamp(this.now());
    return {
      BusinessShortCode: this.config.shortcode,
      Password: darajaPassword(this.config.shortcode, this.config.passkey, timestamp),
      Timestamp: timestamp,
    };
  }

  async start(request: PaymentRequest): Promise<StartedPayment> {
    if (!request.phone) throw new ProviderError('mpesa', 0, 'phone_required', 'an M-Pesa number is needed');
    const { status, body } = await this.call('/mpesa/stkpush/v1/processrequest', {
      ...this.credentials(),
      TransactionType: this.config.transactionType ?? 'CustomerPayBillOnline',
      Amount: toWholeShillings(request.amount),
      PartyA: request.phone,
      PartyB: this.config.partyB ?? this.config.shortcode,
      PhoneNumber: request.phone,
      CallBackURL: request.callbackUrl,
      AccountReference: request.accountReference.slice(0, 12),
      TransactionDesc: request.description.slice(0, 13),
    });
    const checkoutRequestId = stringField(body, 'CheckoutRequestID');
    if (status !== 200 || stringField(body, 'ResponseCode') !== '0' || !checkoutRequestId) {
      throw this.error(status, body, 'STK push refused');
    }
    return { providerRef: checkoutRequestId };
  }

  async query(checkoutRequestId: string): Promise<PaymentOutcome> {
    const { status, body } = await this.call('/mpesa/stkpushquery/v1/query', {
      ...this.credentials(),
      CheckoutRequestID: checkoutRequestId,
    });
    if (stillProcessing(body)) return { state: 'pending' };
    const resultCode = stringField(body, 'ResultCode');
    if (status !== 200 || resultCode === undefined) throw this.error(status, body, 'status query refused');
    return outcomeOfResultCode(resultCode, stringField(body, 'ResultDesc') ?? '');
  }

  parseCallback(rawBody: string): ProviderCallback {
    let parsed: unknown;
    try {
      parsed = JSON.parse(rawBody);
    } catch {
      throw new CallbackRejected('the callback is not JSON');
    }
    const callback = isRecord(parsed) && isRecord(parsed.Body) ? parsed.Body.stkCallback : undefined;
    const checkoutRequestId = stringField(callback, 'CheckoutRequestID');
    const resultCode = stringField(callback, 'ResultCode');
    if (!isRecord(callback) || !checkoutRequestId || resultCode === undefined) {
      throw new CallbackRejected('no Body.stkCallback with CheckoutRequestID and ResultCode');
    }
    const outcome = outcomeOfResultCode(resultCode, stringField(callback, 'ResultDesc') ?? '');
    if (outcome.state !== 'paid') return { providerRef: checkoutRequestId, outcome };
    const items = isRecord(callback.CallbackMetadata) ? callback.CallbackMetadata.Item : undefined;
    const metadata = new Map<string, unknown>();
    if (Array.isArray(items)) {
      for (const item of items)
        if (isRecord(item) && typeof item.Name === 'string') metadata.set(item.Name, item.Value);
    }
    const amount = metadata.get('Amount');
    if (typeof amount !== 'number' || !Number.isFinite(amount)) {
      throw new CallbackRejected('a paid callback without CallbackMetadata Amount');
    }
    const receipt = metadata.get('MpesaReceiptNumber');
    const payer = metadata.get('PhoneNumber');
    return {
      providerRef: checkoutRequestId,
      outcome: {
        state: 'paid',
        // Daraja reports whole shillings (sometimes as 1.00): to cents, rounding away float noise.
        amount: Math.round(amount * 100),
        currency: 'KES',
        receipt: typeof receipt === 'string' ? receipt : undefined,
        payer: payer === undefined ? undefined : String(payer),
      },
    };
  }
}
