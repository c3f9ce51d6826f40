import type { SubscriptionStatus } from '@platform/contracts';
import { proportion, type Cents } from './money';

/**
 * An organisation's subscription as a pure state machine; the store persists the result and the clock
 * is always passed in (tests move it). Monthly periods.
 *
 *   trialing ──paid──▶ active ──period ends──▶ past_due ──7 days' grace──▶ expired
 *      │                 │  ▲                      │
 *      └─14 days─▶ expired│  └──────renewal paid───┘
 *                        └─cancelled at period end─▶ cancelled
 *
 * Buying during the trial ends it at once. An upgrade starts a new period now, crediting the unused
 * part of the current one; a downgrade or a cancellation waits for the period's end (one of them at a
 * time: the later choice replaces the earlier, and resuming undoes either).
 */
export type { SubscriptionStatus };

export const TRIAL_DAYS = 14;
export const TRIAL_PLAN = 'professional';
export const GRACE_DAYS = 7;
export const REMINDER_DAYS_BEFORE = 3;
/** Payment requests on the due date, then 2 and 5 days later. */
export const RETRY_DAYS = [0, 2, 5] as const;

const DAY_MS = 24 * 60 * 60 * 1000;

/** One recurring line of a period: an item, how many, and the unit price agreed when it was bought. */
export interface Line {
  itemId: string;
  quantity: number;
  unitPrice: Cents;
}

export interface Subscription {
  status: SubscriptionStatus;
  lines: Line[];
  periodStart: Date;
  periodEnd: Date;
  trialEndsAt: Date | null;
  cancelAtPeriodEnd: boolean;
  /** A downgrade waiting for the period's end. */
  scheduledLines: Line[] | null;
}

export class TransitionError extends Error {
  constructor(
    readonly code: string,
    message: string,
  ) {
    super(message);
  }
}

export function addDays(date: Date, days: number): Date {
  return new Date(date.getTime() + days * DAY_MS);
}

/** One calendar month later, the day clamped to the month's length (31 January → 28/29 February). */
export function addMonth(date: Date): Date {
  const next = new Date(date.getTime());
  const day = next.getUTCDate();
  next.setUTCDate(1);
  next.setUTCMonth(next.getUTCMonth() + 1);
  const lastDay = new Date(Date.UTC(next.getUTCFullYear(), next.getUTCMonth() + 1, 0)).getUTCDate();
  next.setUTCDate(Math.min(day, lastDay));
  return next;
}

export function periodTotal(lines: Line[]): Cents {
  return lines.reduce((sum, line) => sum + line.unitPrice * line.quantity, 0);
}

export function startTrial(now: Date, trialUnitPrice: Cents = 0): Subscription {
  const end = addDays(now, TRIAL_DAYS);
  return {
    status: 'trialing',
    lines: [{ itemId: TRIAL_PLAN, quantity: 1, unitPrice: trialUnitPrice }],
    periodStart: now,
    periodEnd: end,
    trialEndsAt: end,
    cancelAtPeriodEnd: false,
    scheduledLines: null,
  };
}

/** Whole days of trial left (rounded up), 0 when not trialing. */
export function trialDaysLeft(sub: Subscription, now: Date): number {
  if (sub.status !== 'trialing' || !sub.trialEndsAt) return 0;
  return Math.max(0, Math.ceil((sub.trialEndsAt.getTime() - now.getTime()) / DAY_MS));
}

/** Time passing: the transitions that need no payment. Call it before any other transition. */
export function advance(sub: Subscription, now: Date): Subscription {
  if (sub.status === 'trialing' && now >= sub.periodEnd) {
    return { ...sub, status: 'expired', scheduledLines: null };
  }
  if (sub.status === 'active' && now >= sub.periodEnd) {
    return sub.cancelAtPeriodEnd
      ? { ...sub, status: 'cancelled', cancelAtPeriodEnd: false, scheduledLines: null }
      : { ...sub, status: 'past_due' };
  }
  if (sub.status === 'past_due' && now >= addDays(sub.periodEnd, GRACE_DAYS)) {
    return { ...sub, status: 'expired', scheduledLines: null };
  }
  return sub;
}

/** A new purchase paid: from a trial (ending it), or after expiry or cancellation, a fresh period now. */
export function activate(sub: Subscription, lines: Line[], now: Date): Subscription {
  if (sub.status === 'active' || sub.status === 'past_due') {
    throw new TransitionError('billing.already_subscribed', 'the subscription is running: upgrade or renew');
  }
  return {
    status: 'active',
    lines,
    periodStart: now,
    periodEnd: addMonth(now),
    trialEndsAt: null,
    cancelAtPeriodEnd: false,
    scheduledLines: null,
  };
}

/** What the next period holds: a downgrade scheduled for it, else the same lines again. */
export function nextPeriodLines(sub: Subscription): Line[] {
  return sub.scheduledLines ?? sub.lines;
}

/**
 * The renewal paid: the next period follows the last one without a gap, with the lines paid for (a
 * scheduled downgrade's, unless the payment says otherwise).
 */
export function renew(sub: Subscription, lines: Line[] = nextPeriodLines(sub)): Subscription {
  if (sub.status !== 'active' && sub.status !== 'past_due') {
    throw new TransitionError('billing.not_renewable', `a ${sub.status} subscription is not renewed`);
  }
  const start = sub.periodEnd;
  return {
    ...sub,
    status: 'active',
    lines,
    scheduledLines: null,
    periodStart: start,
    periodEnd: addMonth(start),
  };
}

export interface UpgradeQuote {
  credit: Cents;
  newTotal: Cents;
  charge: Cents;
}

/** What an upgrade costs now: the new period's price less the unused part of the current one (in whole
 * shillings, rounded down). */
export function quoteUpgrade(sub: Subscription, lines: Line[], now: Date): UpgradeQuote {
  const newTotal = periodTotal(lines);
  if (sub.status !== 'active' && sub.status !== 'past_due') return { credit: 0, newTotal, charge: newTotal };
  if (newTotal <= periodTotal(sub.lines)) {
    throw new TransitionError('billing.not_an_upgrade', 'a cheaper choice is a downgrade, at the period end');
  }
  const unusedMs = sub.status === 'active' ? sub.periodEnd.getTime() - now.getTime() : 0;
  const periodMs = sub.periodEnd.getTime() - sub.periodStart.getTime();
  // Whole shillings (rounded down): M-Pesa and Airtel take no cents.
  const exact = proportion(periodTotal(sub.lines), unusedMs, periodMs);
  const credit = exact - (exact % 100);
  return { credit, newTotal, charge: Math.max(0, newTotal - credit) };
}

/** The upgrade paid: a new period starts now with the new lines. */
export function applyUpgrade(sub: Subscription, lines: Line[], now: Date): Subscription {
  if (sub.status !== 'active' && sub.status !== 'past_due') return activate(sub, lines, now);
  return {
    ...sub,
    status: 'active',
    lines,
    periodStart: now,
    periodEnd: addMonth(now),
    cancelAtPeriodEnd: false,
    scheduledLines: null,
  };
}

/** A cheaper choice for the next period (it replaces a cancellation: the clinic stays, for less). */
export function scheduleDowngrade(sub: Subscription, lines: Line[]): Subscription {
  if (sub.status !== 'active') {
    throw new TransitionError('billing.not_active', 'only an active subscription changes at its period end');
  }
  if (periodTotal(lines) >= periodTotal(sub.lines)) {
    throw new TransitionError('billing.not_a_downgrade', 'a dearer choice is an upgrade, paid now');
  }
  return { ...sub, scheduledLines: lines, cancelAtPeriodEnd: false };
}

export function cancelAtPeriodEnd(sub: Subscription): Subscription {
  if (sub.status !== 'active') {
    throw new TransitionError('billing.not_active', 'only an active subscription can be cancelled');
  }
  return { ...sub, cancelAtPeriodEnd: true, scheduledLines: null };
}

/** Keeps the subscription as it is: undoes a cancellation or a scheduled downgrade. */
export function resume(sub: Subscription): Subscription {
  if (sub.status !== 'active') throw new TransitionError('billing.not_active', 'nothing to resume');
  return { ...sub, cancelAtPeriodEnd: false, scheduledLines: null };
}

/**
 * An admin's extension: the period (and a trial's end) moves `days` later. A past-due subscription whose
 * new end lies ahead is active again; an ended one is not extended (an admin grants a plan instead).
 */
export function extendPeriod(sub: Subscription, days: number, now: Date): Subscription {
  if (sub.status === 'expired' || sub.status === 'cancelled') {
    throw new TransitionError('billing.not_extendable', `a ${sub.status} subscription is not extended`);
  }
  const periodEnd = addDays(sub.periodEnd, days);
  return {
    ...sub,
    periodEnd,
    trialEndsAt: sub.status === 'trialing' ? periodEnd : sub.trialEndsAt,
    status: sub.status === 'past_due' && periodEnd > now ? 'active' : sub.status,
  };
}

/**
 * An admin's grant: `plan` from now until `until`, unpaid. A running subscription keeps its add-ons (a plan
 * includes the standalone modules); any trial ends. The plan's line carries its price, charged at renewal.
 */
export function grantPlan(
  sub: Subscription,
  plan: Line,
  addOns: Line[],
  now: Date,
  until: Date,
): Subscription {
  const running = sub.status === 'active' || sub.status === 'past_due';
  return {
    status: 'active',
    lines: [plan, ...(running ? addOns : [])],
    periodStart: now,
    periodEnd: until,
    trialEndsAt: null,
    cancelAtPeriodEnd: false,
    scheduledLines: null,
  };
}

export interface RenewalSchedule {
  reminderAt: Date;
  paymentRequestsAt: Date[];
  expiresAt: Date;
}

/** When to remind, when to ask for the renewal payment, and when the grace runs out. */
export function renewalSchedule(sub: Subscription): RenewalSchedule | null {
  if ((sub.status !== 'active' && sub.status !== 'past_due') || sub.cancelAtPeriodEnd) return null;
  return {
    reminderAt: addDays(sub.periodEnd, -REMINDER_DAYS_BEFORE),
    paymentRequestsAt: RETRY_DAYS.map((d) => addDays(sub.periodEnd, d)),
    expiresAt: addDays(sub.periodEnd, GRACE_DAYS),
  };
}
