import { recordAdminAction, type AdminAction } from '@platform/event-bus';
import { HttpError, notFound } from '@platform/service-kit';
import { BillingErrors } from '../../contract';
import * as schema from '../db/schema';
import {
  addDays,
  addMonth,
  advance,
  extendPeriod,
  grantPlan,
  TransitionError,
  type Subscription,
} from '../domain/subscription';
import { organisationOf } from '../stores/admin-store';
import { catalogueMap, catalogueRow, setPrice } from '../stores/catalogue-store';
import type { Tx } from '../stores/db';
import { lockSubscription, saveSubscription, toSubscription } from '../stores/subscription-store';
import type { BillingContext } from './context';

/** The admin and the request they acted with, for the audit log. */
export type AdminBy = Pick<AdminAction, 'actor' | 'request'>;

/**
 * The reason as the audit log keeps it: trimmed, a lone surrogate (not UTF-8, refused by jsonb) replaced.
 */
const reasonOf = (text: string) => text.trim().replace(/[\ud800-\udfff]/gu, '\ufffd');

/** What the audit log keeps of a subscription before and after an admin's change. */
const snapshot = (sub: Subscription, planId: string | null) => ({
  status: sub.status,
  plan: planId,
  periodEnd: sub.periodEnd,
  trialEndsAt: sub.trialEndsAt,
});

/**
 * Changes one organisation's subscription for an admin, in one transaction with the audit record and the
 * `billing.subscription.changed.v1` every service follows (saveSubscription). 404 when billing has never
 * heard of the organisation; a refused transition is 409 with its code.
 */
async function changeSubscription(
  ctx: BillingContext,
  orgId: string,
  by: AdminBy,
  action: 'subscription.extend' | 'subscription.grant',
  details: Record<string, unknown>,
  change: (sub: Subscription, tx: Tx) => Promise<Subscription>,
): Promise<void> {
  const now = ctx.now();
  await ctx.db.transaction(async (tx) => {
    const row = await lockSubscription(tx, orgId);
    if (!row)
      throw notFound(
        'Billing has no subscription for this organisation.',
        BillingErrors.organisationNotFound,
      );
    const before = advance(toSubscription(row), now);
    let next: Subscription;
    try {
      next = await change(before, tx);
    } catch (err) {
      if (err instanceof TransitionError) throw new HttpError(409, err.message, err.code);
      throw err;
    }
    await saveSubscription(tx, row, next, now);
    const catalogue = await catalogueMap(tx);
    const plan = (sub: Subscription) =>
      sub.lines.find((l) => catalogue.get(l.itemId)?.kind === 'plan')?.itemId ?? null;
    const org = await organisationOf(tx, orgId);
    await recordAdminAction(tx, schema.outbox, 'billing', {
      ...by,
      action,
      target: { module: 'billing', kind: 'subscription', id: orgId, label: org?.name || orgId },
      before: snapshot(before, plan(before)),
      after: { ...snapshot(next, plan(next)), ...details },
    });
  });
}

/** Moves the organisation's period (a trial's end too) `days` later. */
export function extendSubscription(
  ctx: BillingContext,
  orgId: string,
  body: { days: number; reason: string },
  by: AdminBy,
) {
  const reason = reasonOf(body.reason);
  return changeSubscription(ctx, orgId, by, 'subscription.extend', { days: body.days, reason }, async (sub) =>
    extendPeriod(sub, body.days, ctx.now()),
  );
}

/** Gives the organisation `plan` from now, unpaid, for `days` (one month when not said). */
export function grantSubscription(
  ctx: BillingContext,
  orgId: string,
  body: { plan: string; days?: number; reason: string },
  by: AdminBy,
) {
  const reason = reasonOf(body.reason);
  const details = { granted: body.plan, days: body.days ?? null, reason };
  return changeSubscription(ctx, orgId, by, 'subscription.grant', details, async (sub, tx) => {
    const catalogue = await catalogueMap(tx);
    const item = catalogue.get(body.plan);
    if (item?.kind !== 'plan') {
      throw new HttpError(400, `plan: ${body.plan} is not a Core plan`, BillingErrors.notAPlan);
    }
    const now = ctx.now();
    const addOns = sub.lines.filter((l) => catalogue.get(l.itemId)?.kind === 'addon');
    const until = body.days ? addDays(now, body.days) : addMonth(now);
    return grantPlan(sub, { itemId: item.id, quantity: 1, unitPrice: item.price }, addOns, now, until);
  });
}

/**
 * A catalogue item's new price: purchases from now on pay it; running subscriptions keep the price their
 * lines were sold at (renewals too). Recorded for the audit log; false when there is no such item.
 */
export async function changePrice(
  ctx: BillingContext,
  id: string,
  body: { price: number; reason: string },
  by: AdminBy,
): Promise<boolean> {
  const now = ctx.now();
  return ctx.db.transaction(async (tx) => {
    const item = await catalogueRow(tx, id, true);
    if (!item || !(await setPrice(tx, id, body.price, now))) return false;
    await recordAdminAction(tx, schema.outbox, 'billing', {
      ...by,
      action: 'price.change',
      target: { module: 'billing', kind: 'catalogue-item', id, label: item.name },
      before: { price: item.price },
      after: { price: body.price, reason: reasonOf(body.reason) },
    });
    return true;
  });
}
