import type { Cents } from '../domain/money';

/**
 * One interface for every way a clinic pays. Each implementation is a thin client of the provider's
 * public HTTP API (the same API the local sandbox speaks). A provider never decides that a payment
 * counts: it starts one, reports what its callback says, and answers the status query; svc-billing
 * confirms (amount, currency, status query) and records it exactly once.
 */
export type PaymentMethod = 'mpesa' | 'airtel' | 'card';
export const PAYMENT_METHODS: readonly PaymentMethod[] = ['mpesa', 'airtel', 'card'];

export interface PaymentRequest {
  /** Our unique reference for this payment (Airtel's transaction id, Paystack's reference). */
  reference: string;
  amount: Cents;
  currency: 'KES';
  /** Mobile money: the payer's number as 2547XXXXXXXX or 2541XXXXXXXX. */
  phone?: string;
  /** Card: the payer's e-mail, which the hosted page needs. */
  email?: string;
  /** Shown to the payer (M-Pesa's AccountReference: at most 12 characters). */
  accountReference: string;
  description: string;
  /** Where the provider reports the result (M-Pesa: a secret per-payment path) or, for card, where the
   * hosted page sends the browser back. */
  callbackUrl: string;
}

export interface StartedPayment {
  /** The provider's identifier, unique per payment (M-Pesa's CheckoutRequestID …). */
  providerRef: string;
  /** Card: the hosted payment page to send the browser to. */
  redirectUrl?: string;
}

export type PaymentOutcome =
  | { state: 'pending' }
  | { state: 'paid'; amount?: Cents; currency?: string; receipt?: string; payer?: string }
  | { state: 'failed' | 'cancelled'; code: string; reason: string };

export interface ProviderCallback {
  providerRef: string;
  outcome: PaymentOutcome;
}

export type HeaderBag = Record<string, string | string[] | undefined>;

export interface PaymentProvider {
  readonly method: PaymentMethod;
  start(request: PaymentRequest): Promise<StartedPayment>;
  /** What the provider says now about a payment it started. */
  query(providerRef: string): Promise<PaymentOutcome>;
  /**
   * Reads a callback from its raw body (signatures are over the exact bytes). Throws CallbackRejected
   * when it is malformed or its signature is wrong; null for a notification that concerns no payment.
   */
  parseCallback(rawBody: string, headers: HeaderBag): ProviderCallback | null;
}

/** The provider refused or failed a call; `status` is its HTTP status, `code` its own error code. */
export class ProviderError extends Error {
  constructor(
    readonly provider: PaymentMethod,
    readonly status: number,
    readonly code: string,
    message: string,
  ) {
    super(`${provider}: ${message}`);
  }
}

export class CallbackRejected extends Error {}

export function headerValue(headers: HeaderBag, name: string): string | undefined {
  const value = headers[name.toLowerCase()];
  return Array.isArray(value) ? value[0] : value;
}
