import { and, asc, count, desc, eq, isNull, lt, or, sql } from 'drizzle-orm';
import { pageOf } from '@platform/service-kit';
import * as schema from '../db/schema';
import type { Db, DbOrTx } from './db';

export type NewPayment = typeof schema.payments.$inferInsert;

/**
 * Records a checkout's payment once per (organisation, Idempotency-Key): the first request inserts it
 * (and only that one asks the provider); a repeat, even a concurrent one, gets the same row back.
 */
export async function createPayment(
  db: DbOrTx,
  values: NewPayment,
): Promise<{ row: schema.PaymentRow; created: boolean }> {
  const [inserted] = await db.insert(schema.payments).values(values).onConflictDoNothing().returning();
  if (inserted) return { row: inserted, created: true };
  const existing = await paymentByKey(db, values.orgId, values.idempotencyKey);
  if (!existing) throw new Error('payment neither inserted nor found');
  return { row: existing, created: false };
}

/** Whether the organisation has a renewal payment still waiting for its confirmation. */
export async function pendingRenewal(db: DbOrTx, orgId: string): Promise<boolean> {
  const p = schema.payments;
  const [row] = await db
    .select({ id: p.id })
    .from(p)
    .where(and(eq(p.orgId, orgId), eq(p.purpose, 'renewal'), eq(p.status, 'pending')))
    .limit(1);
  return !!row;
}

export async function paymentByKey(db: DbOrTx, orgId: string, idempotencyKey: string) {
  const [row] = await db
    .select()
    .from(schema.payments)
    .where(and(eq(schema.payments.orgId, orgId), eq(schema.payments.idempotencyKey, idempotencyKey)));
  return row;
}

export async function markStarted(db: DbOrTx, id: string, providerRef: string, redirectUrl?: string) {
  const [row] = await db
    .update(schema.payments)
    .set({ providerRef, redirectUrl: redirectUrl ?? null })
    .where(eq(schema.payments.id, id))
    .returning();
  return row!;
}

export async function markFailedToStart(db: DbOrTx, id: string, code: string, reason: string, now: Date) {
  const [row] = await db
    .update(schema.payments)
    .set({ status: 'failed', failureCode: code, failureReason: reason, settledAt: now })
    .where(and(eq(schema.payments.id, id), eq(schema.payments.status, 'pending')))
    .returning();
  return row;
}

export async function paymentOfOrg(db: DbOrTx, id: string, orgId: string) {
  const [row] = await db
    .select()
    .from(schema.payments)
    .where(and(eq(schema.payments.id, id), eq(schema.payments.orgId, orgId)));
  return row;
}

export async function paymentByToken(db: DbOrTx, token: string) {
  const [row] = await db.select().from(schema.payments).where(eq(schema.payments.callbackToken, token));
  return row;
}

export async function paymentByProviderRef(db: DbOrTx, method: schema.PaymentRow['method'], ref: string) {
  const [row] = await db
    .select()
    .from(schema.payments)
    .where(and(eq(schema.payments.method, method), eq(schema.payments.providerRef, ref)));
  return row;
}

export async function recordRejectedCallback(
  db: DbOrTx,
  entry: { method: string; paymentId?: string; providerRef?: string; reason: string; body: string; at: Date },
) {
  await db.insert(schema.rejectedCallbacks).values({
    method: entry.method,
    paymentId: entry.paymentId ?? null,
    providerRef: entry.providerRef ?? null,
    reason: entry.reason,
    body: entry.body.slice(0, 4000),
    receivedAt: entry.at,
  });
}

/** How long rejected callbacks are kept for admins, and how many at most (a flood of forged ones). */
export const REJECTED_CALLBACKS_KEEP = { days: 90, rows: 10_000 } as const;

/**
 * Drops rejected callbacks older than the kept days, then all but the newest kept rows: the table is
 * written by anyone who can reach a callback path, so it is bounded. Answers how many went.
 */
export async function pruneRejectedCallbacks(
  db: DbOrTx,
  now: Date,
  keep: { days: number; rows: number } = REJECTED_CALLBACKS_KEEP,
): Promise<number> {
  const t = schema.rejectedCallbacks;
  const old = await db
    .delete(t)
    .where(lt(t.receivedAt, new Date(now.getTime() - keep.days * 86_400_000)))
    .returning({ id: t.id });
  const beyond = await db.execute<{ id: number }>(sql`
    delete from ${t} where ${t.id} < (
      select ${t.id} from ${t} order by ${t.id} desc offset ${keep.rows - 1} limit 1
    ) returning ${t.id}`);
  return old.length + beyond.length;
}

/**
 * Pending payments whose callback is late, claimed for a status query: each instance takes different
 * rows (SKIP LOCKED) and stamps them, so a payment is queried at most once per `requeryMs`.
 */
export async function claimPendingForQuery(
  db: Db,
  now: Date,
  olderThan: Date,
  requeryBefore: Date,
  limit = 50,
): Promise<schema.PaymentRow[]> {
  return db.transaction(async (tx) => {
    const p = schema.payments;
    const rows = await tx
      .select()
      .from(p)
      .where(
        and(
          eq(p.status, 'pending'),
          lt(p.createdAt, olderThan),
          or(isNull(p.lastQueriedAt), lt(p.lastQueriedAt, requeryBefore)),
        ),
      )
      .orderBy(asc(p.createdAt))
      .limit(limit)
      .for('update', { skipLocked: true });
    for (const row of rows) await tx.update(p).set({ lastQueriedAt: now }).where(eq(p.id, row.id));
    return rows;
  });
}

export async function listPayments(db: DbOrTx, orgId: string, query: { page?: number; limit?: number }) {
  const { limit, offset } = pageOf(query);
  const p = schema.payments;
  const rows = await db
    .select()
    .from(p)
    .where(eq(p.orgId, orgId))
    .orderBy(desc(p.createdAt), desc(p.id))
    .limit(limit)
    .offset(offset);
  const [{ total }] = (await db.select({ total: count() }).from(p).where(eq(p.orgId, orgId))) as [
    { total: number },
  ];
  return { rows, total };
}
