import { createHash, randomBytes } from 'node:crypto';
import { HttpError } from '@platform/service-kit';
import { CartError, nextLines, priceCart, sameLines } from '../domain/cart';
import { normaliseKenyanPhone } from '../domain/phone';
import {
  advance,
  nextPeriodLines,
  periodTotal,
  quoteUpgrade,
  TransitionError,
  type Line,
} from '../domain/subscription';
import { ProviderError, type PaymentMethod } from '../providers/provider';
import type * as schema from '../db/schema';
import { catalogueMap } from '../stores/catalogue-store';
import {
  createPayment,
  markFailedToStart,
  markStarted,
  paymentByKey,
  pendingRenewal,
} from '../stores/payment-store';
import { ensureTrial, getSubscription, toSubscription } from '../stores/subscription-store';
import type { BillingContext } from './context';

export interface CheckoutInput {
  orgId: string;
  userId: string;
  email: string;
  idempotencyKey: string;
  items: string[];
  method: PaymentMethod;
  phone?: string;
}

function sameRequestOrConflict(row: schema.PaymentRow, requestHash: string): schema.PaymentRow {
  if (row.requestHash !== requestHash) {
    throw new HttpError(
      409,
      'This Idempotency-Key was used for another checkout.',
      'billing.idempotency_key_reused',
    );
  }
  return row;
}

const paymentRequired = (status: number, code: string, message: string) =>
  new HttpError(status, message, code);

/**
 * A checkout: prices the cart against the stored catalogue and the organisation's subscription
 * (purchase, upgrade with credit, renewal, or a single listing), records the payment once per
 * Idempotency-Key, and asks the provider for it only when the record is new, so the same key never
 * sends a second prompt.
 */
export async function checkout(ctx: BillingContext, input: CheckoutInput): Promise<schema.PaymentRow> {
  const now = ctx.now();
  let phone: string | null = null;
  if (input.method !== 'card') {
    phone = normaliseKenyanPhone(input.phone ?? '');
    if (!phone) {
      throw new HttpError(
        400,
        'phone: enter a Kenyan mobile number (07…, 01…, +2547… or 2547…)',
        'billing.invalid_phone',
      );
    }
  }
  const requestHash = createHash('sha256')
    .update(JSON.stringify({ items: [...input.items].sort(), method: input.method, phone }))
    .digest('hex');

  // A key seen before answers with its payment as it is now, whatever has changed since.
  const seen = await paymentByKey(ctx.db, input.orgId, input.idempotencyKey);
  if (seen) return sameRequestOrConflict(seen, requestHash);

  const catalogue = await catalogueMap(ctx.db);
  await ctx.db.transaction((tx) => ensureTrial(tx, input.orgId, now));
  const sub = advance(toSubscription((await getSubscription(ctx.db, input.orgId))!), now);
  const running = sub.status === 'active' || sub.status === 'past_due';
  const holdsCore = running && sub.lines.some((l) => catalogue.get(l.itemId)?.kind === 'plan');

  let purpose: schema.PaymentPurpose;
  let recurring: Line[];
  let amount: number;
  let credit = 0;
  let once: Line[];
  try {
    const cart = priceCart(input.items, catalogue, { holdsCore });
    once = cart.once;
    const onceTotal = periodTotal(cart.once);
    if (cart.recurring.length === 0 && cart.once.some((l) => catalogue.get(l.itemId)?.kind === 'listing')) {
      purpose = 'listing';
      recurring = [];
      amount = cart.total;
    } else if (!running) {
      if (cart.recurring.length === 0)
        throw new CartError('billing.plan_required', 'choose a plan or module');
      purpose = 'purchase';
      recurring = cart.recurring;
      amount = cart.total;
    } else {
      // Past due, the next period is paid for: a downgrade scheduled for it, or (changing one's mind) the
      // lines held; while active only the lines held, which are already paid for.
      const renewable = sub.status === 'past_due' ? [nextPeriodLines(sub), sub.lines] : [sub.lines];
      const renewal =
        cart.recurring.length > 0 ? renewable.find((lines) => sameLines(cart.recurring, lines)) : undefined;
      const renewing = renewal !== undefined;
      recurring =
        renewal ??
        (cart.recurring.length === 0 ? sub.lines : nextLines(sub.lines, cart.recurring, catalogue));
      if (renewing) {
        if (sub.status !== 'past_due') {
          throw paymentRequired(
            409,
            'billing.already_subscribed',
            'This is what the organisation has already.',
          );
        }
        // One renewal at a time: paying from /billing while the due date's prompt waits would renew twice.
        if (await pendingRenewal(ctx.db, input.orgId)) {
          throw paymentRequired(
            409,
            'billing.renewal_pending',
            'A renewal payment is already waiting for confirmation: check your phone, or try again in a few minutes.',
          );
        }
        purpose = 'renewal';
        // At the prices its lines were sold (or scheduled) at: a changed catalogue price is for new purchases.
        amount = periodTotal(renewal) + onceTotal;
      } else if (periodTotal(recurring) > periodTotal(sub.lines)) {
        const quote = quoteUpgrade(sub, recurring, now);
        purpose = 'upgrade';
        credit = quote.credit;
        amount = quote.charge + onceTotal;
      } else if (cart.recurring.length === 0) {
        purpose = 'purchase'; // one-time add-ons (onsite setup) for a running Core plan
        recurring = sub.lines;
        amount = onceTotal;
        if (amount === 0) throw new CartError('billing.cart_empty', 'nothing to pay');
      } else {
        throw paymentRequired(
          409,
          'billing.downgrade_at_period_end',
          'A cheaper choice takes effect at the end of the period: change the plan on the billing page.',
        );
      }
    }
  } catch (err) {
    if (err instanceof CartError || err instanceof TransitionError)
      throw new HttpError(400, err.message, err.code);
    throw err;
  }

  const { row, created } = await createPayment(ctx.db, {
    orgId: input.orgId,
    createdBy: input.userId,
    idempotencyKey: input.idempotencyKey,
    requestHash,
    purpose,
    itemIds: input.items,
    recurring,
    once,
    amount,
    credit,
    currency: 'KES',
    method: input.method,
    phone,
    callbackToken: randomBytes(24).toString('base64url'),
    createdAt: now,
  });
  if (!created) return sameRequestOrConflict(row, requestHash);

  try {
    const started = await ctx.providers[input.method].start({
      reference: row.id,
      amount,
      currency: 'KES',
      phone: phone ?? undefined,
      email: input.email,
      accountReference: `AFYA${row.id.replace(/-/g, '').slice(0, 8).toUpperCase()}`,
      description: 'AfyaHR',
      callbackUrl:
        input.method === 'card'
          ? `${ctx.appUrl}/billing?payment=${row.id}`
          : `${ctx.callbackBaseUrl}/api/billing/callbacks/${input.method}/${row.callbackToken}`,
    });
    return await markStarted(ctx.db, row.id, started.providerRef, started.redirectUrl);
  } catch (err) {
    const code = err instanceof ProviderError ? `${err.provider}.${err.code}` : 'provider.error';
    ctx.log.warn(
      { err, paymentId: row.id, method: input.method },
      'billing: the provider refused the payment',
    );
    await markFailedToStart(ctx.db, row.id, code, err instanceof Error ? err.message : String(err), now);
    throw new HttpError(
      502,
      'The payment provider did not take the request. Please try again.',
      'billing.provider_unavailable',
    );
  }
}
