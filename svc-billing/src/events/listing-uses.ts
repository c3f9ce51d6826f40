import { and, eq, isNull } from 'drizzle-orm';
import { handleOnce, type EventBus } from '@platform/event-bus';
import type { App } from '@platform/service-kit';
import { HireEvents, ListingUsedData } from '@platform/svc-hire/contract';
import * as schema from '../db/schema';
import type { Db, Tx } from '../stores/db';
import { announceSubscription } from '../stores/subscription-store';

export const LISTING_USES_DURABLE = 'svc-billing__listing-uses';
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export type ListingUseOutcome = 'used' | 'already-used' | 'unknown';

/**
 * Marks a single listing used by the job Hire posted with it, once: a listing already used (by another job,
 * or announced twice) keeps its first use, and a listing that is not the poster's organisation's changes
 * nothing. A use changes the entitlements (the listing is spent), so they are announced again.
 */
export async function markListingUsed(tx: Tx, use: ListingUsedData, now: Date): Promise<ListingUseOutcome> {
  if (!UUID.test(use.creditId)) return 'unknown';
  const c = schema.listingCredits;
  const marked = await tx
    .update(c)
    .set({ usedAt: new Date(use.usedAt), jobId: use.jobId })
    .where(and(eq(c.id, use.creditId), eq(c.orgId, use.ownerId), isNull(c.usedAt)))
    .returning({ id: c.id });
  if (marked.length === 1) {
    await announceSubscription(tx, use.ownerId, now);
    return 'used';
  }
  const [held] = await tx
    .select({ id: c.id })
    .from(c)
    .where(and(eq(c.id, use.creditId), eq(c.orgId, use.ownerId)));
  return held ? 'already-used' : 'unknown';
}

/**
 * The durable consumer of Hire's listing uses (`hire.listing.used.v1`), each event applied once; what it
 * cannot apply (a listing used already, or unknown here) is logged and acknowledged, never retried.
 */
export async function listingUses(
  app: App,
  { bus, db, now }: { bus: EventBus; db: Db; now: () => Date },
): Promise<void> {
  const subscription = await bus.subscribe<ListingUsedData>({
    producer: 'hire',
    durable: LISTING_USES_DURABLE,
    filter: 'hire.listing.>',
    schemas: { [HireEvents.listingUsed]: ListingUsedData },
    handler: async (event) => {
      await handleOnce(db, schema.processed, LISTING_USES_DURABLE, event, async (tx) => {
        const outcome = await markListingUsed(tx as Tx, event.data, now());
        if (outcome !== 'used')
          app.log.warn(
            { creditId: event.data.creditId, jobId: event.data.jobId, outcome },
            'billing: a listing use changed nothing',
          );
      });
    },
  });
  app.addHook('onClose', () => subscription.stop());
}
