import { and, eq, gt, inArray, lte, or } from 'drizzle-orm';
import { enqueue, makeEnvelope } from '@platform/event-bus';
import { BillingEvents, type SubscriptionChangedData } from '@platform/contracts';
import type { CatalogueItem } from '../domain/catalogue';
import { computeEntitlements, type Entitlements } from '../domain/entitlements';
import { addDays, GRACE_DAYS, startTrial, type Subscription } from '../domain/subscription';
import * as schema from '../db/schema';
import { catalogueMap } from './catalogue-store';
import type { DbOrTx, Tx } from './db';

export function toSubscription(row: schema.SubscriptionRow): Subscription {
  return {
    status: row.status,
    lines: row.lines,
    periodStart: row.periodStart,
    periodEnd: row.periodEnd,
    trialEndsAt: row.trialEndsAt,
    cancelAtPeriodEnd: row.cancelAtPeriodEnd,
    scheduledLines: row.scheduledLines ?? null,
  };
}

export async function getSubscription(db: DbOrTx, orgId: string) {
  const [row] = await db.select().from(schema.subscriptions).where(eq(schema.subscriptions.orgId, orgId));
  return row;
}

export async function lockSubscription(tx: Tx, orgId: string) {
  const [row] = await tx
    .select()
    .from(schema.subscriptions)
    .where(eq(schema.subscriptions.orgId, orgId))
    .for('update');
  return row;
}

/** The unexpired single listings the organisation bought. */
async function listingCreditsOf(db: DbOrTx, orgId: string, now: Date) {
  const rows = await db
    .select()
    .from(schema.listingCredits)
    .where(and(eq(schema.listingCredits.orgId, orgId), gt(schema.listingCredits.expiresAt, now)));
  return rows.map((r) => ({ id: r.id, expiresAt: r.expiresAt.toISOString(), used: r.usedAt !== null }));
}

export async function entitlementsOf(
  db: DbOrTx,
  orgId: string,
  sub: Subscription,
  now: Date,
  catalogue?: Map<string, CatalogueItem>,
): Promise<Entitlements> {
  const items = catalogue ?? (await catalogueMap(db));
  const held = sub.lines.flatMap((line) => {
    const item = items.get(line.itemId);
    return item ? [{ item, quantity: line.quantity }] : [];
  });
  return computeEntitlements(sub.status, held, await listingCreditsOf(db, orgId, now));
}

async function eventData(
  tx: DbOrTx,
  orgId: string,
  sub: Subscription,
  version: number,
  now: Date,
): Promise<SubscriptionChangedData> {
  const catalogue = await catalogueMap(tx);
  const plan = sub.lines.find((l) => catalogue.get(l.itemId)?.kind === 'plan')?.itemId ?? null;
  return {
    orgId,
    plan,
    items: sub.lines
      .filter((l) => l.itemId !== plan)
      .map((l) => ({ itemId: l.itemId, quantity: l.quantity })),
    status: sub.status,
    periodEnd: sub.periodEnd.toISOString(),
    trialEndsAt: sub.trialEndsAt?.toISOString() ?? null,
    entitlements: await entitlementsOf(tx, orgId, sub, now, catalogue),
    version,
  };
}

/** A new organisation's trial, once (a second call changes nothing); announced through the outbox. */
export async function ensureTrial(tx: Tx, orgId: string, now: Date): Promise<boolean> {
  const sub = startTrial(now);
  const inserted = await tx
    .insert(schema.subscriptions)
    .values({ orgId, ...sub, version: 1, updatedAt: now })
    .onConflictDoNothing()
    .returning({ orgId: schema.subscriptions.orgId });
  if (inserted.length === 0) return false;
  await enqueue(
    tx,
    schema.outbox,
    makeEnvelope(BillingEvents.subscriptionChanged, await eventData(tx, orgId, sub, 1, now)),
  );
  return true;
}

/** Stores the subscription's next state with its version raised, announced in the same transaction. */
export async function saveSubscription(
  tx: Tx,
  row: schema.SubscriptionRow,
  next: Subscription,
  now: Date,
): Promise<number> {
  const version = row.version + 1;
  await tx
    .update(schema.subscriptions)
    .set({ ...next, version, updatedAt: now })
    .where(eq(schema.subscriptions.orgId, row.orgId));
  await enqueue(
    tx,
    schema.outbox,
    makeEnvelope(BillingEvents.subscriptionChanged, await eventData(tx, row.orgId, next, version, now)),
  );
  return version;
}

/** Re-announces the current state (a listing bought changes the entitlements, not the subscription). */
export async function announceSubscription(tx: Tx, orgId: string, now: Date): Promise<void> {
  const row = await lockSubscription(tx, orgId);
  if (row) await saveSubscription(tx, row, toSubscription(row), now);
}

/** Organisations with a transition due: a trial or period ended, or a past-due grace run out. */
export async function subscriptionsDue(db: DbOrTx, now: Date, limit = 100): Promise<string[]> {
  const s = schema.subscriptions;
  const rows = await db
    .select({ orgId: s.orgId })
    .from(s)
    .where(
      or(
        and(lte(s.periodEnd, now), inArray(s.status, ['trialing', 'active'])),
        and(lte(s.periodEnd, addDays(now, -GRACE_DAYS)), eq(s.status, 'past_due')),
      ),
    )
    .limit(limit);
  return rows.map((r) => r.orgId);
}
