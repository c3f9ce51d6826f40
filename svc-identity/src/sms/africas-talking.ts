import type { SmsOutcome, SmsProvider, SmsRequest } from './provider';

export interface AfricasTalkingOptions {
  /** https://api.africastalking.com (live), https://api.sandbox.africastalking.com, or the local sandbox. */
  baseUrl: string;
  /** The application's username (`sandbox` on Africa's Talking's own sandbox). */
  username: string;
  apiKey: string;
  /** A registered sender id or short code; unset: the account's default. */
  from?: string;
  timeoutMs?: number;
}

/**
 * Recipient status codes Africa's Talking answers per number: 100 Processed, 101 Sent, 102 Queued are
 * accepted; 500 InternalServerError, 501 GatewayError, 502 RejectedByGateway and 405 InsufficientBalance
 * may pass on a later try; the rest (401 RiskHold, 402 InvalidSenderId, 403 InvalidPhoneNumber,
 * 404 UnsupportedNumberType, 406 UserInBlacklist, 407 CouldNotRoute, 409 DoNotDisturbRejection) will not.
 */
const ACCEPTED = new Set([100, 101, 102]);
const TRANSIENT = new Set([405, 500, 501, 502]);

/**
 * A thin client of Africa's Talking's bulk SMS API: `POST /version1/messaging`, form-encoded `username`,
 * `to`, `message` (and `from`), the key in the `apiKey` header; it answers 201 with
 * `SMSMessageData.Recipients[]`, one per number, each with `status`, `statusCode`, `messageId` and `cost`.
 */
export class AfricasTalkingSms implements SmsProvider {
  readonly name = 'africastalking';

  constructor(private readonly opts: AfricasTalkingOptions) {}

  async send({ to, message }: SmsRequest): Promise<SmsOutcome> {
    const form = new URLSearchParams({ username: this.opts.username, to, message });
    if (this.opts.from) form.set('from', this.opts.from);
    let response: Response;
    try {
      response = await fetch(new URL('/version1/messaging', this.opts.baseUrl), {
        method: 'POST',
        headers: {
          apiKey: this.opts.apiKey,
          accept: 'application/json',
          'content-type': 'application/x-www-form-urlencoded',
        },
        body: form.toString(),
        signal: AbortSignal.timeout(this.opts.timeoutMs ?? 15_000),
      });
    } catch (err) {
      return { state: 'retry', status: `network: ${String(err)}`.slice(0, 200) };
    }
    const text = await response.text();
    if (response.status !== 200 && response.status !== 201)
      // 401 is a wrong key or username: a configuration error an operator fixes, so the message waits.
      return { state: 'retry', status: `HTTP ${response.status}: ${text.slice(0, 160)}` };
    const recipient = firstRecipient(text);
    if (!recipient) return { state: 'retry', status: `unreadable answer: ${text.slice(0, 160)}` };
    const { statusCode, status } = recipient;
    if (ACCEPTED.has(statusCode) && recipient.messageId)
      return { state: 'sent', messageId: recipient.messageId, status, cost: recipient.cost };
    return TRANSIENT.has(statusCode) ? { state: 'retry', status } : { state: 'rejected', status };
  }
}

interface Recipient {
  statusCode: number;
  status: string;
  messageId: string | null;
  cost: string | null;
}

/** The one recipient of a single-number send, or null when the answer is not the documented shape. */
function firstRecipient(text: string): Recipient | null {
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    return null;
  }
  const data = (body as { SMSMessageData?: { Recipients?: unknown } } | null)?.SMSMessageData;
  const first: unknown = Array.isArray(data?.Recipients) ? data.Recipients[0] : undefined;
  if (typeof first !== 'object' || first === null) return null;
  const r = first as Record<string, unknown>;
  const statusCode = Number(r.statusCode);
  if (!Number.isInteger(statusCode)) return null;
  const str = (v: unknown) => (typeof v === 'string' && v && v !== 'None' ? v : null);
  return {
    statusCode,
    status: str(r.status) ?? String(statusCode),
    messageId: str(r.messageId),
    cost: str(r.cost),
  };
}
