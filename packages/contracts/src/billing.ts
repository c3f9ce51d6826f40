import { Type, type Static } from '@sinclair/typebox';
import { StringEnum } from './common';

/**
 * What an organisation bought, as every service sees it: svc-billing publishes
 * `billing.subscription.changed.v1` through its outbox; each service keeps its own projection and
 * refuses with 402 (`billing.entitlement_required`, `billing.limit_reached`) itself.
 */
export const BILLING_MODULES = ['core', 'hire', 'events', 'connect'] as const;
export type BillingModule = (typeof BILLING_MODULES)[number];

export const LIMIT_NAMES = ['staff', 'locations', 'openPostings', 'licenceAlertRoles', 'workflows'] as const;
export type LimitName = (typeof LIMIT_NAMES)[number];

export const SUBSCRIPTION_STATUSES = ['trialing', 'active', 'past_due', 'cancelled', 'expired'] as const;
export type SubscriptionStatus = (typeof SUBSCRIPTION_STATUSES)[number];

/** A limit; null is unlimited. */
const Limit = Type.Union([Type.Integer({ minimum: 0 }), Type.Null()]);

export const BillingLimits = Type.Object({
  staff: Limit,
  locations: Limit,
  openPostings: Limit,
  licenceAlertRoles: Limit,
  workflows: Limit,
});
export type BillingLimits = Static<typeof BillingLimits>;

/** A paid single job listing: one posting, usable until it expires. */
export const ListingCredit = Type.Object({
  id: Type.String(),
  expiresAt: Type.String({ format: 'date-time' }),
  used: Type.Boolean(),
});
export type ListingCredit = Static<typeof ListingCredit>;

export const Entitlements = Type.Object({
  modules: Type.Array(StringEnum(BILLING_MODULES)),
  limits: BillingLimits,
  capabilities: Type.Array(Type.String()),
  listingCredits: Type.Array(ListingCredit),
});
export type Entitlements = Static<typeof Entitlements>;

export const SubscriptionItem = Type.Object({
  itemId: Type.String(),
  quantity: Type.Integer({ minimum: 1 }),
});
export type SubscriptionItem = Static<typeof SubscriptionItem>;

export const SubscriptionChangedData = Type.Object({
  orgId: Type.String(),
  /** The Core plan (essential, professional, enterprise), or null with standalone modules or nothing. */
  plan: Type.Union([Type.String(), Type.Null()]),
  /** Standalone modules and add-ons held, with their quantities. */
  items: Type.Array(SubscriptionItem),
  status: StringEnum(SUBSCRIPTION_STATUSES),
  periodEnd: Type.String({ format: 'date-time' }),
  trialEndsAt: Type.Union([Type.String({ format: 'date-time' }), Type.Null()]),
  entitlements: Entitlements,
  /** Monotonic per organisation: projections apply an event only when it is newer than what they hold. */
  version: Type.Integer({ minimum: 1 }),
});
export type SubscriptionChangedData = Static<typeof SubscriptionChangedData>;

export const BillingEvents = {
  subscriptionChanged: 'billing.subscription.changed.v1',
} as const;

export const BillingEventSchemas = { [BillingEvents.subscriptionChanged]: SubscriptionChangedData };

/** The 402 codes every service answers with when what was bought does not allow an action. */
export const EntitlementErrors = {
  entitlementRequired: 'billing.entitlement_required',
  limitReached: 'billing.limit_reached',
} as const;

/** The 402 answer: which module is missing, or which limit is reached and what it allows. */
export const PaymentRequiredResponse = Type.Object({
  success: Type.Literal(false),
  message: Type.String(),
  /** The same text as `message` (every refusal carries both: ErrorResponse). */
  error: Type.Optional(Type.String()),
  code: Type.Union([
    Type.Literal(EntitlementErrors.entitlementRequired),
    Type.Literal(EntitlementErrors.limitReached),
  ]),
  module: StringEnum(BILLING_MODULES),
  limit: Type.Optional(StringEnum(LIMIT_NAMES)),
  allowed: Type.Optional(Type.Integer()),
});
export type PaymentRequiredResponse = Static<typeof PaymentRequiredResponse>;
