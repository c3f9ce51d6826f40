import { ProviderError } from '../providers/provider';
import { advance } from '../domain/subscription';
import {
  claimPendingForQuery,
  markFailedToStart,
  pruneRejectedCallbacks,
  REJECTED_CALLBACKS_KEEP,
} from '../stores/payment-store';
import {
  lockSubscription,
  saveSubscription,
  subscriptionsDue,
  toSubscription,
} from '../stores/subscription-store';
import type { BillingContext } from './context';
import { settlePayment } from './settle';
import { runRenewals } from './renewals';

/** How long a payment the provider never took (no reference) waits before it is failed. */
const ORPHAN_AFTER_MS = 2 * 60_000;

/**
 * The background step (every BILLING_SWEEP_SECONDS, on every instance; rows are claimed so each is
 * handled once): pending payments whose callback is late are settled by the provider's status query,
 * subscriptions whose period ended move on (trial over, past due, expired, cancelled), and rejected
 * callbacks beyond `keep` are pruned; then the renewals' reminders and payment requests (runRenewals).
 */
export async function sweep(
  ctx: BillingContext,
  queryAfterMs: number,
  requeryMs: number,
  keep: { days: number; rows: number } = REJECTED_CALLBACKS_KEEP,
): Promise<void> {
  const now = ctx.now();
  const pruned = await pruneRejectedCallbacks(ctx.db, now, keep);
  if (pruned > 0) ctx.log.info({ pruned }, 'billing: old rejected callbacks pruned');
  const pending = await claimPendingForQuery(
    ctx.db,
    now,
    new Date(now.getTime() - queryAfterMs),
    new Date(now.getTime() - requeryMs),
  );
  for (const payment of pending) {
    if (!payment.providerRef) {
      if (now.getTime() - payment.createdAt.getTime() > ORPHAN_AFTER_MS) {
        await markFailedToStart(
          ctx.db,
          payment.id,
          'provider.no_reference',
          'the provider never took it',
          now,
        );
      }
      continue;
    }
    try {
      const outcome = await ctx.providers[payment.method].query(payment.providerRef);
      if (outcome.state !== 'pending') {
        const result = await settlePayment(ctx.db, payment.id, outcome, now);
        ctx.log.info(
          { paymentId: payment.id, state: outcome.state, result },
          'billing: settled by status query',
        );
      }
    } catch (err) {
      const level = err instanceof ProviderError ? 'warn' : 'error';
      ctx.log[level]({ err, paymentId: payment.id }, 'billing: status query failed; asking again later');
    }
  }

  for (const orgId of await subscriptionsDue(ctx.db, now)) {
    await ctx.db.transaction(async (tx) => {
      const row = await lockSubscription(tx, orgId);
      if (!row) return;
      const current = toSubscription(row);
      const next = advance(current, now);
      if (next.status !== current.status) await saveSubscription(tx, row, next, now);
    });
  }
  await runRenewals(ctx, now);
}
