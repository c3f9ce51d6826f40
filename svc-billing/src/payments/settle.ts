import { eq, sql } from 'drizzle-orm';
import { enqueue } from '@platform/event-bus';
import { documentSeries, formatDocumentNumber, type DocumentKind } from '../domain/document-number';
import { vatBreakdown } from '../domain/money';
import { activate, addDays, advance, applyUpgrade, renew, type Subscription } from '../domain/subscription';
import type { PaymentOutcome } from '../providers/provider';
import * as schema from '../db/schema';
import { invoiceIssuedNotice } from '../notices';
import { catalogueMap } from '../stores/catalogue-store';
import type { Db, Tx } from '../stores/db';
import {
  announceSubscription,
  ensureTrial,
  lockSubscription,
  saveSubscription,
  toSubscription,
} from '../stores/subscription-store';

/** The next number of a series, under the counter's row lock: a rolled-back payment uses none. */
async function nextDocumentNumber(tx: Tx, kind: DocumentKind, at: Date): Promise<string> {
  const series = documentSeries(kind, at);
  const [row] = await tx
    .insert(schema.documentCounters)
    .values({ kind, year: series.year, last: 1 })
    .onConflictDoUpdate({
      target: [schema.documentCounters.kind, schema.documentCounters.year],
      set: { last: sql`${schema.documentCounters.last} + 1` },
    })
    .returning({ last: schema.documentCounters.last });
  return formatDocumentNumber(series, row!.last);
}

/** What the paid payment does to the subscription. */
function paidTransition(payment: schema.PaymentRow, current: Subscription, now: Date): Subscription {
  const sub = advance(current, now);
  const running = sub.status === 'active' || sub.status === 'past_due';
  switch (payment.purpose) {
    case 'renewal':
      // The lines paid for: the next period's when the renewal was asked (a scheduled downgrade's).
      return running ? renew(sub, payment.recurring) : activate(sub, payment.recurring, now);
    case 'upgrade':
    case 'purchase':
      // A purchase paid after another one already made the subscription run counts as an upgrade.
      return running ? applyUpgrade(sub, payment.recurring, now) : activate(sub, payment.recurring, now);
    default:
      return sub;
  }
}

export type SettleResult = 'settled' | 'already-settled';

/**
 * Records a confirmed outcome exactly once: the payment row is locked and must still be pending; a paid
 * one moves the subscription, issues the invoice and receipt, and announces the change, all in one
 * transaction.
 */
export async function settlePayment(
  db: Db,
  paymentId: string,
  outcome: Exclude<PaymentOutcome, { state: 'pending' }>,
  now: Date,
): Promise<SettleResult> {
  return db.transaction(async (tx) => {
    const [payment] = await tx
      .select()
      .from(schema.payments)
      .where(eq(schema.payments.id, paymentId))
      .for('update');
    if (!payment || payment.status !== 'pending') return 'already-settled';
    if (outcome.state !== 'paid') {
      await tx
        .update(schema.payments)
        .set({
          status: outcome.state,
          failureCode: outcome.code,
          failureReason: outcome.reason,
          settledAt: now,
        })
        .where(eq(schema.payments.id, paymentId));
      return 'settled';
    }
    await tx
      .update(schema.payments)
      .set({ status: 'paid', receipt: outcome.receipt ?? null, settledAt: now })
      .where(eq(schema.payments.id, paymentId));

    await ensureTrial(tx, payment.orgId, now);
    const catalogue = await catalogueMap(tx);
    let periodStart: Date | null = null;
    let periodEnd: Date | null = null;
    if (payment.purpose === 'listing') {
      const days = payment.once.reduce(
        (sum, l) => sum + (catalogue.get(l.itemId)?.days ?? 0) * l.quantity,
        0,
      );
      await tx
        .insert(schema.listingCredits)
        .values({ orgId: payment.orgId, paymentId, expiresAt: addDays(now, days) });
      await announceSubscription(tx, payment.orgId, now);
    } else {
      const row = (await lockSubscription(tx, payment.orgId))!;
      const next = paidTransition(payment, toSubscription(row), now);
      await saveSubscription(tx, row, next, now);
      periodStart = next.periodStart;
      periodEnd = next.periodEnd;
    }

    const [org] = await tx
      .select()
      .from(schema.organisations)
      .where(eq(schema.organisations.orgId, payment.orgId));
    const vat = vatBreakdown(payment.amount, true);
    const [invoice] = await tx
      .insert(schema.invoices)
      .values({
        number: await nextDocumentNumber(tx, 'invoice', now),
        receiptNumber: await nextDocumentNumber(tx, 'receipt', now),
        orgId: payment.orgId,
        paymentId,
        orgName: org?.name ?? '',
        kraPin: org?.kraPin ?? null,
        lines: [...payment.recurring, ...payment.once].map((l) => ({
          ...l,
          name: catalogue.get(l.itemId)?.name ?? l.itemId,
        })),
        credit: payment.credit,
        net: vat.net,
        vat: vat.vat,
        gross: vat.gross,
        currency: payment.currency,
        method: payment.method,
        providerReceipt: outcome.receipt ?? null,
        periodStart,
        periodEnd,
        issuedAt: now,
      })
      .returning();
    // The billing contact (the clinic's own account carries the organisation's id) hears of it with the
    // payment itself: the outbox sends the notice only if this transaction commits.
    await enqueue(tx, schema.outbox, invoiceIssuedNotice(payment.orgId, invoice!));
    return 'settled';
  });
}
