import { sql } from 'drizzle-orm';
import {
  bigserial,
  boolean,
  index,
  integer,
  jsonb,
  pgSchema,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { outboxTable, processedEventsTable } from '@platform/event-bus';
import type { Limits } from '../domain/catalogue';
import type { Line } from '../domain/subscription';

/** svc-billing's own Postgres schema: no other service reads or writes it. */
export const billingSchema = pgSchema('billing');

/**
 * What can be bought: seeded by a migration from the spec's catalogue, then changed by admins (a new
 * price applies to purchases made after the change; running subscriptions keep, and renew at, the price
 * they were sold at: their lines carry it).
 */
export const catalogueItems = billingSchema.table('catalogue_items', {
  id: text('id').primaryKey(),
  kind: text('kind').notNull().$type<'plan' | 'module' | 'addon' | 'listing'>(),
  name: text('name').notNull(),
  /** Cents of the currency. */
  price: integer('price').notNull(),
  currency: text('currency').notNull().$type<'KES'>(),
  vatIncluded: boolean('vat_included').notNull(),
  billing: text('billing').notNull().$type<'monthly' | 'once' | 'days'>(),
  days: integer('days'),
  modules: jsonb('modules').notNull().$type<string[]>(),
  limits: jsonb('limits').notNull().$type<Partial<Limits>>(),
  capabilities: jsonb('capabilities').notNull().$type<string[]>(),
  idealFor: text('ideal_for').notNull(),
  features: jsonb('features').notNull().$type<string[]>(),
  isPopular: boolean('is_popular').notNull().default(false),
  repeatable: boolean('repeatable').notNull().default(false),
  requiresCore: boolean('requires_core').notNull().default(false),
  sortOrder: integer('sort_order').notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
export type CatalogueRow = typeof catalogueItems.$inferSelect;

/** One subscription per organisation; `version` orders its changes for the services' projections. */
export const subscriptions = billingSchema.table(
  'subscriptions',
  {
    orgId: text('org_id').primaryKey(),
    status: text('status').notNull().$type<'trialing' | 'active' | 'past_due' | 'cancelled' | 'expired'>(),
    lines: jsonb('lines').notNull().$type<Line[]>(),
    periodStart: timestamp('period_start', { withTimezone: true }).notNull(),
    periodEnd: timestamp('period_end', { withTimezone: true }).notNull(),
    trialEndsAt: timestamp('trial_ends_at', { withTimezone: true }),
    cancelAtPeriodEnd: boolean('cancel_at_period_end').notNull().default(false),
    scheduledLines: jsonb('scheduled_lines').$type<Line[] | null>(),
    version: integer('version').notNull().default(1),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  // The sweep finds the subscriptions whose period ended (trial over, renewal due, grace over).
  (t) => [index('subscriptions_period_end_idx').on(t.periodEnd)],
);
export type SubscriptionRow = typeof subscriptions.$inferSelect;

/** The organisation's billing details, kept from identity's user events (the clinic's account). */
export const organisations = billingSchema.table(
  'organisations',
  {
    orgId: text('org_id').primaryKey(),
    name: text('name').notNull(),
    email: text('email').notNull(),
    phone: text('phone').notNull(),
    kraPin: text('kra_pin'),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  // The admins' clinic search (service-kit's textSearch, by name or e-mail).
  (t) => [
    index('organisations_name_trgm_idx').using('gin', sql`${t.name} gin_trgm_ops`),
    index('organisations_email_trgm_idx').using('gin', sql`${t.email} gin_trgm_ops`),
  ],
);

export type PaymentStatus = 'pending' | 'paid' | 'failed' | 'cancelled';
export type PaymentPurpose = 'purchase' | 'upgrade' | 'renewal' | 'listing';

/**
 * A payment asked of a provider. `(org_id, idempotency_key)` is unique so a repeated checkout finds the
 * first one instead of sending a second prompt; `provider_ref` is unique so a provider's reference
 * names one payment; `callback_token` is the secret in the per-payment callback path.
 */
export const payments = billingSchema.table(
  'payments',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    orgId: text('org_id').notNull(),
    createdBy: text('created_by').notNull(),
    idempotencyKey: text('idempotency_key').notNull(),
    /** What the checkout asked for, to tell a reused key with another body. */
    requestHash: text('request_hash').notNull(),
    purpose: text('purpose').notNull().$type<PaymentPurpose>(),
    itemIds: jsonb('item_ids').notNull().$type<string[]>(),
    recurring: jsonb('recurring').notNull().$type<Line[]>(),
    once: jsonb('once').notNull().$type<Line[]>(),
    amount: integer('amount').notNull(),
    credit: integer('credit').notNull().default(0),
    currency: text('currency').notNull().$type<'KES'>(),
    method: text('method').notNull().$type<'mpesa' | 'airtel' | 'card'>(),
    phone: text('phone'),
    status: text('status').notNull().$type<PaymentStatus>().default('pending'),
    providerRef: text('provider_ref'),
    callbackToken: text('callback_token').notNull(),
    redirectUrl: text('redirect_url'),
    receipt: text('receipt'),
    failureCode: text('failure_code'),
    failureReason: text('failure_reason'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    settledAt: timestamp('settled_at', { withTimezone: true }),
    lastQueriedAt: timestamp('last_queried_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('payments_idempotency_idx').on(t.orgId, t.idempotencyKey),
    uniqueIndex('payments_provider_ref_idx').on(t.method, t.providerRef),
    uniqueIndex('payments_callback_token_idx').on(t.callbackToken),
    index('payments_org_created_idx').on(t.orgId, t.createdAt, t.id),
    // The sweep settles the pending ones whose callback has not come.
    index('payments_pending_idx')
      .on(t.createdAt)
      .where(sql`status = 'pending'`),
    // The admins' list of failed payments, newest first.
    index('payments_failed_idx')
      .on(t.createdAt, t.id)
      .where(sql`status = 'failed'`),
  ],
);
export type PaymentRow = typeof payments.$inferSelect;

/** Every callback that changed nothing (unknown reference, wrong amount, bad signature …), for admins. */
export const rejectedCallbacks = billingSchema.table(
  'rejected_callbacks',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    method: text('method').notNull(),
    paymentId: uuid('payment_id'),
    providerRef: text('provider_ref'),
    reason: text('reason').notNull(),
    body: text('body').notNull(),
    receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('rejected_callbacks_received_idx').on(t.receivedAt)],
);

/** Invoice and receipt of each paid payment, numbered per series without gaps. */
export const invoices = billingSchema.table(
  'invoices',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    number: text('number').notNull().unique(),
    receiptNumber: text('receipt_number').notNull().unique(),
    orgId: text('org_id').notNull(),
    paymentId: uuid('payment_id').notNull().unique(),
    orgName: text('org_name').notNull(),
    kraPin: text('kra_pin'),
    lines: jsonb('lines').notNull().$type<(Line & { name: string })[]>(),
    credit: integer('credit').notNull(),
    net: integer('net').notNull(),
    vat: integer('vat').notNull(),
    gross: integer('gross').notNull(),
    currency: text('currency').notNull(),
    method: text('method').notNull(),
    providerReceipt: text('provider_receipt'),
    periodStart: timestamp('period_start', { withTimezone: true }),
    periodEnd: timestamp('period_end', { withTimezone: true }),
    issuedAt: timestamp('issued_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('invoices_org_issued_idx').on(t.orgId, t.issuedAt, t.id)],
);
export type InvoiceRow = typeof invoices.$inferSelect;

/** The last number used in each series; taken under a row lock in the paying transaction. */
export const documentCounters = billingSchema.table(
  'document_counters',
  {
    kind: text('kind').notNull(),
    year: integer('year').notNull(),
    last: integer('last').notNull(),
  },
  (t) => [primaryKey({ columns: [t.kind, t.year] })],
);

/**
 * Paid single job listings: one posting each, until it expires. Hire says when one posted a job
 * (`hire.listing.used.v1`): `used_at` and `job_id` are set once, by the first use heard of.
 */
export const listingCredits = billingSchema.table(
  'listing_credits',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    orgId: text('org_id').notNull(),
    paymentId: uuid('payment_id').notNull().unique(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    jobId: uuid('job_id'),
  },
  (t) => [index('listing_credits_org_idx').on(t.orgId, t.expiresAt)],
);

/**
 * The renewal steps taken for one period (`reminder`, `request-0`, `request-2`, `request-5`): the key makes
 * each happen once, whatever the number of instances or restarts.
 */
export const renewalSteps = billingSchema.table(
  'renewal_steps',
  {
    orgId: text('org_id').notNull(),
    periodEnd: timestamp('period_end', { withTimezone: true }).notNull(),
    step: text('step').notNull(),
    paymentId: uuid('payment_id'),
    takenAt: timestamp('taken_at', { withTimezone: true }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.orgId, t.periodEnd, t.step] })],
);

export const outbox = outboxTable(billingSchema);
export const processed = processedEventsTable(billingSchema);
