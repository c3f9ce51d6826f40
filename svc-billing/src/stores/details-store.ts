import { eq } from 'drizzle-orm';
import * as schema from '../db/schema';
import type { BillingDetails } from '../../contract';
import type { DbOrTx } from './db';

/** The organisation's billing details as its clinic account set them (none yet: all null). */
export async function billingDetailsOf(db: DbOrTx, orgId: string): Promise<BillingDetails> {
  const [row] = await db
    .select({ kraPin: schema.organisations.kraPin })
    .from(schema.organisations)
    .where(eq(schema.organisations.orgId, orgId));
  return { kraPin: row?.kraPin ?? null };
}

/**
 * Keeps the organisation's billing details. Its row may not exist yet (identity's event not applied): it is
 * made with empty names, which that event fills in without touching what is set here.
 */
export async function saveBillingDetails(
  db: DbOrTx,
  orgId: string,
  details: BillingDetails,
  now: Date,
): Promise<void> {
  await db
    .insert(schema.organisations)
    .values({ orgId, name: '', email: '', phone: '', kraPin: details.kraPin, updatedAt: now })
    .onConflictDoUpdate({
      target: schema.organisations.orgId,
      set: { kraPin: details.kraPin, updatedAt: now },
    });
}
