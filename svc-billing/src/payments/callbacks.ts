import {
  CallbackRejected,
  type HeaderBag,
  type PaymentMethod,
  type PaymentOutcome,
} from '../providers/provider';
import type * as schema from '../db/schema';
import { paymentByProviderRef, paymentByToken, recordRejectedCallback } from '../stores/payment-store';
import type { BillingContext } from './context';
import { settlePayment } from './settle';

export type CallbackVerdict = 'settled' | 'duplicate' | 'rejected' | 'unconfirmed';

/**
 * A provider's callback, trusted only once confirmed: it must name a payment we asked for (M-Pesa: at
 * that payment's secret path, with its CheckoutRequestID), carry the amount and currency asked, and, for
 * the mobile-money providers, whose callbacks are not signed by the provider itself, agree with the
 * provider's status query. Anything else changes nothing and is recorded for the admins.
 */
export async function handleCallback(
  ctx: BillingContext,
  method: PaymentMethod,
  rawBody: string,
  headers: HeaderBag,
  token?: string,
): Promise<CallbackVerdict> {
  const now = ctx.now();
  const reject = async (reason: string, payment?: schema.PaymentRow, providerRef?: string) => {
    ctx.log.warn({ method, paymentId: payment?.id, providerRef, reason }, 'billing: callback rejected');
    await recordRejectedCallback(ctx.db, {
      method,
      paymentId: payment?.id,
      providerRef,
      reason,
      body: rawBody,
      at: now,
    });
    return 'rejected' as const;
  };

  let callback;
  try {
    callback = ctx.providers[method].parseCallback(rawBody, headers);
  } catch (err) {
    if (err instanceof CallbackRejected) return reject(err.message);
    throw err;
  }
  if (!callback) return 'duplicate'; // a signed notification about something else: nothing to do

  let payment: schema.PaymentRow | undefined;
  if (method === 'mpesa') {
    payment = token ? await paymentByToken(ctx.db, token) : undefined;
    if (!payment || payment.method !== 'mpesa')
      return reject('no payment at this callback path', undefined, callback.providerRef);
    if (payment.providerRef !== callback.providerRef)
      return reject('unknown CheckoutRequestID', payment, callback.providerRef);
  } else {
    payment = await paymentByProviderRef(ctx.db, method, callback.providerRef);
    if (!payment) return reject('unknown reference', undefined, callback.providerRef);
  }
  if (payment.status !== 'pending') return 'duplicate';

  const outcome = callback.outcome;
  if (outcome.state === 'pending') return 'unconfirmed';
  if (outcome.state === 'paid') {
    if (outcome.amount !== undefined && outcome.amount !== payment.amount) {
      return reject(
        `amount ${outcome.amount} is not the ${payment.amount} asked`,
        payment,
        callback.providerRef,
      );
    }
    if (outcome.currency !== undefined && outcome.currency !== payment.currency) {
      return reject(`currency ${outcome.currency} is not ${payment.currency}`, payment, callback.providerRef);
    }
  }
  let confirmed: Exclude<PaymentOutcome, { state: 'pending' }> = outcome;
  if (method !== 'card') {
    const queried = await ctx.providers[method].query(payment.providerRef!);
    if (queried.state === 'pending') return 'unconfirmed'; // the sweep asks again
    if (queried.state !== outcome.state) {
      return reject(
        `the status query says ${queried.state}, the callback ${outcome.state}`,
        payment,
        callback.providerRef,
      );
    }
    // The callback carries the receipt number (M-Pesa's), the query may not.
    confirmed = outcome.state === 'paid' && queried.state === 'paid' ? { ...queried, ...outcome } : queried;
  }
  const result = await settlePayment(ctx.db, payment.id, confirmed, now);
  return result === 'settled' ? 'settled' : 'duplicate';
}
