import { count, desc, eq } from 'drizzle-orm';
import { pageOf } from '@platform/service-kit';
import * as schema from '../db/schema';
import type { Listing } from '../../contract';
import type { DbOrTx } from './db';

/**
 * The organisation's single listings, newest first (listing_credits_org_idx: a listing's end follows its
 * purchase), a page at a time, each with when its payment settled and the job it posted, once used.
 */
export async function listListings(db: DbOrTx, orgId: string, query: { page?: number; limit?: number }) {
  const { limit, offset } = pageOf(query);
  const c = schema.listingCredits;
  const rows = await db
    .select({
      id: c.id,
      paymentId: c.paymentId,
      boughtAt: schema.payments.settledAt,
      expiresAt: c.expiresAt,
      usedAt: c.usedAt,
      jobId: c.jobId,
    })
    .from(c)
    .leftJoin(schema.payments, eq(schema.payments.id, c.paymentId))
    .where(eq(c.orgId, orgId))
    .orderBy(desc(c.expiresAt), desc(c.id))
    .limit(limit)
    .offset(offset);
  const [{ total }] = (await db.select({ total: count() }).from(c).where(eq(c.orgId, orgId))) as [
    { total: number },
  ];
  const data: Listing[] = rows.map((r) => ({
    id: r.id,
    paymentId: r.paymentId,
    boughtAt: r.boughtAt?.toISOString() ?? null,
    expiresAt: r.expiresAt.toISOString(),
    usedAt: r.usedAt?.toISOString() ?? null,
    jobId: r.jobId,
  }));
  return { data, total };
}
