import { and, count, desc, eq } from 'drizzle-orm';
import { pageOf } from '@platform/service-kit';
import * as schema from '../db/schema';
import type { DbOrTx } from './db';

/** The organisation's invoices, newest first (invoices_org_issued_idx), a page at a time. */
export async function listInvoices(db: DbOrTx, orgId: string, query: { page?: number; limit?: number }) {
  const { limit, offset } = pageOf(query);
  const i = schema.invoices;
  const rows = await db
    .select()
    .from(i)
    .where(eq(i.orgId, orgId))
    .orderBy(desc(i.issuedAt), desc(i.id))
    .limit(limit)
    .offset(offset);
  const [{ total }] = (await db.select({ total: count() }).from(i).where(eq(i.orgId, orgId))) as [
    { total: number },
  ];
  return { rows, total };
}

/** One invoice, only if it is the organisation's: another's id finds nothing. */
export async function invoiceOfOrg(db: DbOrTx, id: string, orgId: string) {
  const [row] = await db
    .select()
    .from(schema.invoices)
    .where(and(eq(schema.invoices.id, id), eq(schema.invoices.orgId, orgId)));
  return row;
}
