import { and, desc, eq, inArray, isNotNull, lte } from 'drizzle-orm';
import { enqueue } from '@platform/event-bus';
import { HttpError } from '@platform/service-kit';
import * as schema from '../db/schema';
import {
  addDays,
  advance,
  GRACE_DAYS,
  nextPeriodLines,
  periodTotal,
  REMINDER_DAYS_BEFORE,
  renewalSchedule,
  RETRY_DAYS,
  type Subscription,
} from '../domain/subscription';
import { renewalReminderNotice, renewalRequestNotice } from '../notices';
import { toSubscription } from '../stores/subscription-store';
import type { DbOrTx } from '../stores/db';
import type { BillingContext } from './context';
import { checkout } from './checkout';

type Step = 'reminder' | `request-${(typeof RETRY_DAYS)[number]}`;

/** The step due now for a subscription, if any: the reminder before the period ends, then the newest request. */
export function dueStep(sub: Subscription, now: Date): Step | null {
  const schedule = renewalSchedule(sub);
  if (!schedule || now >= schedule.expiresAt) return null;
  if (now < sub.periodEnd) return now >= schedule.reminderAt ? 'reminder' : null;
  // Only the newest request due: after a pause the clinic gets one prompt, not the missed ones at once.
  const due = RETRY_DAYS.filter((_, i) => now >= schedule.paymentRequestsAt[i]!);
  return due.length ? `request-${due[due.length - 1]!}` : null;
}

/** Takes the step for this period once: false when it was taken already (another instance, an earlier run). */
async function claim(db: DbOrTx, orgId: string, periodEnd: Date, step: Step, now: Date) {
  const rows = await db
    .insert(schema.renewalSteps)
    .values({ orgId, periodEnd, step, takenAt: now })
    .onConflictDoNothing()
    .returning({ step: schema.renewalSteps.step });
  return rows.length === 1;
}

/**
 * Where the renewal prompt goes: the clinic account's phone (its billing contact, from identity), by the
 * mobile money last paid with (M-Pesa unless Airtel). No phone, no prompt: the notice leads to /billing.
 */
async function billingContact(db: DbOrTx, orgId: string) {
  const [last] = await db
    .select({ method: schema.payments.method, phone: schema.payments.phone })
    .from(schema.payments)
    .where(
      and(
        eq(schema.payments.orgId, orgId),
        eq(schema.payments.status, 'paid'),
        inArray(schema.payments.method, ['mpesa', 'airtel']),
        isNotNull(schema.payments.phone),
      ),
    )
    .orderBy(desc(schema.payments.createdAt))
    .limit(1);
  const [org] = await db.select().from(schema.organisations).where(eq(schema.organisations.orgId, orgId));
  return {
    method: (last?.method ?? 'mpesa') as 'mpesa' | 'airtel',
    phone: org?.phone ?? '',
    email: org?.email ?? '',
  };
}

/**
 * Renewals, from the sweep: 3 days before the period ends a reminder (inbox and e-mail); on the due date a
 * payment request (an STK prompt to the billing contact, else paying from /billing), again 2 and 5 days
 * later; the 7 days' grace then runs out in `advance`. Each step once per period (renewal_steps' key, and
 * the prompt's own Idempotency-Key), however many instances sweep and whatever restarts.
 */
export async function runRenewals(ctx: BillingContext, now: Date, limit = 100): Promise<void> {
  const s = schema.subscriptions;
  const rows = await ctx.db
    .select()
    .from(s)
    .where(
      and(
        inArray(s.status, ['active', 'past_due']),
        eq(s.cancelAtPeriodEnd, false),
        lte(s.periodEnd, addDays(now, REMINDER_DAYS_BEFORE)),
      ),
    )
    .limit(limit);
  for (const row of rows) {
    const sub = advance(toSubscription(row), now);
    const step = dueStep(sub, now);
    if (!step) continue;
    const account = row.orgId; // the clinic's own account carries the organisation's id
    // The next period's lines: a downgrade scheduled for it is what the reminder says and the prompt asks.
    const next = nextPeriodLines(sub);
    if (step === 'reminder') {
      await ctx.db.transaction(async (tx) => {
        if (await claim(tx, row.orgId, row.periodEnd, step, now))
          await enqueue(tx, schema.outbox, renewalReminderNotice(account, row.periodEnd, periodTotal(next)));
      });
      continue;
    }
    if (!(await claim(ctx.db, row.orgId, row.periodEnd, step, now))) continue;
    const contact = await billingContact(ctx.db, row.orgId);
    const items = next.flatMap((l) => Array<string>(l.quantity).fill(l.itemId));
    try {
      const payment = await checkout(ctx, {
        orgId: row.orgId,
        userId: account,
        email: contact.email,
        idempotencyKey: `renewal-${row.periodEnd.toISOString()}-${step}`,
        items,
        method: contact.method,
        phone: contact.phone,
      });
      await ctx.db
        .update(schema.renewalSteps)
        .set({ paymentId: payment.id })
        .where(
          and(
            eq(schema.renewalSteps.orgId, row.orgId),
            eq(schema.renewalSteps.periodEnd, row.periodEnd),
            eq(schema.renewalSteps.step, step),
          ),
        );
    } catch (err) {
      // No prompt (no valid number, the provider down): the notice still leads to /billing.
      const level = err instanceof HttpError && err.statusCode < 500 ? 'info' : 'warn';
      ctx.log[level]({ err, orgId: row.orgId, step }, 'billing: renewal prompt not sent');
    }
    await enqueue(ctx.db, schema.outbox, renewalRequestNotice(account, addDays(row.periodEnd, GRACE_DAYS)));
  }
}
