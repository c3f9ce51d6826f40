import { eq, lt, sql } from 'drizzle-orm';
import { integer, jsonb, text, timestamp, type PgSchema } from 'drizzle-orm/pg-core';
import type { PostgresJsDatabase } from 'drizzle-orm/postgres-js';
import {
  BillingEvents,
  BillingEventSchemas,
  EntitlementErrors,
  type BillingModule,
  type Entitlements,
  type LimitName,
  type ListingCredit,
  type SubscriptionChangedData,
} from '@platform/contracts';
import type { EventBus, Subscription } from '@platform/event-bus';
import { HttpError } from './errors';

/**
 * What each organisation bought, as one service keeps it: a projection of svc-billing's
 * `billing.subscription.changed.v1` (newest version wins), and the 402 a service answers from it. Every
 * service uses these three the same way: the table in its schema, the follower at start, the check in the
 * route that creates what is sold.
 */
export function orgEntitlementsTable(schema: PgSchema) {
  return schema.table('org_entitlements', {
    orgId: text('org_id').primaryKey(),
    status: text('status').notNull(),
    entitlements: jsonb('entitlements').notNull().$type<Entitlements>(),
    version: integer('version').notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  });
}
export type OrgEntitlementsTable = ReturnType<typeof orgEntitlementsTable>;
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyDb = PostgresJsDatabase<any>;

/** The durable consumer keeping the projection (an older version never overwrites a newer one). */
export function followEntitlements(
  bus: EventBus,
  db: AnyDb,
  table: OrgEntitlementsTable,
  durable: string,
): Promise<Subscription> {
  return bus.subscribe<SubscriptionChangedData>({
    producer: 'billing',
    durable,
    filter: 'billing.subscription.>',
    schemas: BillingEventSchemas,
    handler: async (event) => {
      if (event.type !== BillingEvents.subscriptionChanged) return;
      const d = event.data;
      const row = { orgId: d.orgId, status: d.status, entitlements: d.entitlements, version: d.version };
      await db
        .insert(table)
        .values(row)
        .onConflictDoUpdate({
          target: table.orgId,
          set: { ...row, updatedAt: sql`now()` },
          setWhere: lt(table.version, d.version),
        });
    },
  });
}

/**
 * The organisation's entitlements, or null when billing has said nothing about it yet: a clinic seconds
 * old (its 14-day trial, which includes everything, is on its way) or a deployment without billing.
 */
export async function entitlementsOf(
  db: AnyDb,
  table: OrgEntitlementsTable,
  orgId: string,
): Promise<Entitlements | null> {
  const [row] = await db
    .select({ entitlements: table.entitlements })
    .from(table)
    .where(eq(table.orgId, orgId));
  return row?.entitlements ?? null;
}

/** The 402's words for each limit: what the plan allows, named rightly (postings are "at a time"). */
const LIMIT_TEXT: Record<LimitName, (allowed: number) => string> = {
  openPostings: (n) => `Your plan allows ${n} open job postings at a time.`,
  staff: (n) => `Your plan allows up to ${n} staff.`,
  locations: (n) => `Your plan allows up to ${n} locations.`,
  licenceAlertRoles: (n) => `Your plan tracks licences for up to ${n} staff roles.`,
  workflows: (n) => `Your plan allows up to ${n} workflow automations.`,
};

/**
 * Refuses with 402 unless the organisation has `module` and, with a `limit`, room for `adding` more (one
 * by default) beyond `current` (counted only when needed). With `listingCredit`, a refusal first offers
 * the organisation's unused, unexpired single listings (billing's view of them) to the caller, which
 * answers the one it uses (and must mark it used in the same transaction as what it creates), or
 * undefined when none is left; the answer is that listing's id, undefined when the plan itself allowed it.
 */
export async function requireEntitlement(
  entitlements: Entitlements | null,
  module: BillingModule,
  limit?: { name: LimitName; current: () => Promise<number>; adding?: number },
  listingCredit?: (unused: ListingCredit[], now: Date) => Promise<string | undefined>,
): Promise<string | undefined> {
  if (entitlements === null) return undefined;
  const refusal = await refusalOf(entitlements, module, limit);
  if (!refusal) return undefined;
  if (listingCredit) {
    const now = new Date();
    const unused = entitlements.listingCredits.filter(
      (c) => !c.used && Date.parse(c.expiresAt) > now.getTime(),
    );
    const used = unused.length > 0 ? await listingCredit(unused, now) : undefined;
    if (used) return used;
  }
  throw refusal;
}

async function refusalOf(
  entitlements: Entitlements,
  module: BillingModule,
  limit?: { name: LimitName; current: () => Promise<number>; adding?: number },
): Promise<HttpError | undefined> {
  if (!entitlements.modules.includes(module)) {
    return new HttpError(
      402,
      `Your organisation's plan does not include ${module}.`,
      EntitlementErrors.entitlementRequired,
      { module },
    );
  }
  if (!limit) return undefined;
  const allowed = entitlements.limits[limit.name];
  if (allowed === null || (await limit.current()) + (limit.adding ?? 1) <= allowed) return undefined;
  return new HttpError(402, LIMIT_TEXT[limit.name](allowed), EntitlementErrors.limitReached, {
    module,
    limit: limit.name,
    allowed,
  });
}
