import { count, desc, eq, or, sql } from 'drizzle-orm';
import { pageOf, textSearch } from '@platform/service-kit';
import type { SubscriptionStatus } from '../domain/subscription';
import * as schema from '../db/schema';
import type { DbOrTx } from './db';

/** What admins read of billing: the figures, the failures and one organisation's papers. */

/**
 * Monthly recurring revenue (the active subscriptions' lines, each at the price it was sold at: lines are
 * the monthly items only) and how many subscriptions hold each plan in each status.
 */
export async function billingSummary(db: DbOrTx) {
  const s = schema.subscriptions;
  const c = schema.catalogueItems;
  const [revenue] = await db.execute<{ mrr: string }>(sql`
    select coalesce(sum((line->>'unitPrice')::bigint * (line->>'quantity')::bigint), 0) as mrr
    from ${s} cross join lateral jsonb_array_elements(${s.lines}) as line
    where ${s.status} = 'active'`);
  const counts = await db.execute<{ plan: string | null; status: SubscriptionStatus; count: number }>(sql`
    select (
      select line->>'itemId' from jsonb_array_elements(${s.lines}) as line
      join ${c} on ${c.id} = line->>'itemId' where ${c.kind} = 'plan' limit 1
    ) as plan, ${s.status} as status, count(*)::int as count
    from ${s} group by 1, 2 order by 1 nulls last, 2`);
  return { mrr: Number(revenue?.mrr ?? 0), counts: [...counts] };
}

/** Failed payments of every organisation, newest first (the partial index payments_failed_idx). */
export async function failedPayments(db: DbOrTx, query: { page?: number; limit?: number }) {
  const { limit, offset } = pageOf(query);
  const p = schema.payments;
  const o = schema.organisations;
  const rows = await db
    .select({ payment: p, orgName: o.name })
    .from(p)
    .leftJoin(o, eq(o.orgId, p.orgId))
    .where(eq(p.status, 'failed'))
    .orderBy(desc(p.createdAt), desc(p.id))
    .limit(limit)
    .offset(offset);
  const [{ total }] = (await db.select({ total: count() }).from(p).where(eq(p.status, 'failed'))) as [
    { total: number },
  ];
  return { rows, total };
}

/** Callbacks that changed nothing, newest first. */
export async function rejectedCallbacks(db: DbOrTx, query: { page?: number; limit?: number }) {
  const { limit, offset } = pageOf(query);
  const r = schema.rejectedCallbacks;
  const rows = await db.select().from(r).orderBy(desc(r.id)).limit(limit).offset(offset);
  const [{ total }] = (await db.select({ total: count() }).from(r)) as [{ total: number }];
  return { rows, total };
}

/** Organisations by name or e-mail (trigram indexes), with their subscription if they have one. */
export async function searchOrganisations(
  db: DbOrTx,
  query: { search?: string; page?: number; limit?: number },
) {
  const { limit, offset } = pageOf(query);
  const o = schema.organisations;
  const s = schema.subscriptions;
  const name = textSearch(o.name, query.search);
  const where = name && or(name, textSearch(o.email, query.search));
  const rows = await db
    .select({ organisation: o, subscription: s })
    .from(o)
    .leftJoin(s, eq(s.orgId, o.orgId))
    .where(where)
    .orderBy(o.name, o.orgId)
    .limit(limit)
    .offset(offset);
  const [{ total }] = (await db.select({ total: count() }).from(o).where(where)) as [{ total: number }];
  return { rows, total };
}

export async function organisationOf(db: DbOrTx, orgId: string) {
  const [row] = await db.select().from(schema.organisations).where(eq(schema.organisations.orgId, orgId));
  return row;
}
