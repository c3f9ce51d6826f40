/**
 * svc-billing's contracts: the TypeBox schemas of its HTTP payloads and its error codes. The event every
 * service projects (`billing.subscription.changed.v1`) and the 402 answer live in @platform/contracts,
 * since every service uses them. mf-billing imports these types (`import type ... from
 * '@platform/svc-billing/contract'`), so no schema code reaches the browser.
 */
import { Type, type Static } from '@sinclair/typebox';
import {
  Entitlements,
  Ok,
  PageQuery,
  Paged,
  SUBSCRIPTION_STATUSES,
  SearchTerm,
  NullableStringEnum,
  StringEnum,
} from '@platform/contracts';

const Uuid = Type.String({ format: 'uuid' });
const Instant = Type.String({ format: 'date-time' });
/** Money: an integer of the currency's smallest unit (cents of a shilling), never a float. */
const Cents = Type.Integer({ description: 'integer of the smallest unit (cents)' });

export const PAYMENT_METHODS = ['mpesa', 'airtel', 'card'] as const;
export const PAYMENT_STATUSES = ['pending', 'paid', 'failed', 'cancelled'] as const;

/** The spec's Plan fields, priced in cents, saying whether VAT is included and how much it is. */
export const Plan = Type.Object({
  id: Type.String(),
  name: Type.String(),
  kind: StringEnum(['plan', 'module', 'addon', 'listing'] as const),
  price: Cents,
  /** month: every month; once: paid once; week: one 7-day listing. */
  duration: StringEnum(['month', 'once', 'week'] as const),
  currency: Type.Literal('KES'),
  vatIncluded: Type.Boolean(),
  vatRatePercent: Type.Integer(),
  vat: Cents,
  idealFor: Type.String(),
  features: Type.Array(Type.String()),
  isPopular: Type.Boolean(),
  modules: Type.Array(Type.String()),
  requiresCore: Type.Boolean(),
  repeatable: Type.Boolean(),
});
export type Plan = Static<typeof Plan>;

export const PlansResponse = Ok({ data: Type.Array(Plan), addOns: Type.Array(Plan) });
export type PlansResponse = Static<typeof PlansResponse>;

const ItemId = Type.String({ minLength: 1, maxLength: 40, pattern: '^[a-z0-9-]+$' });

export const CheckoutBody = Type.Object(
  {
    items: Type.Array(ItemId, { minItems: 1, maxItems: 20 }),
    method: StringEnum(PAYMENT_METHODS),
    phone: Type.Optional(Type.String({ maxLength: 20 })),
  },
  { additionalProperties: false },
);
export type CheckoutBody = Static<typeof CheckoutBody>;

/** Required on a checkout: the same key never starts a second payment (nor a second prompt). */
export const CheckoutHeaders = Type.Object({
  'idempotency-key': Type.String({ minLength: 8, maxLength: 100, pattern: '^[A-Za-z0-9_-]+$' }),
});

export const Payment = Type.Object({
  id: Uuid,
  status: StringEnum(PAYMENT_STATUSES),
  purpose: StringEnum(['purchase', 'upgrade', 'renewal', 'listing'] as const),
  method: StringEnum(PAYMENT_METHODS),
  items: Type.Array(Type.String()),
  amount: Cents,
  credit: Cents,
  currency: Type.Literal('KES'),
  /** The hosted card page to send the browser to (card only). */
  redirectUrl: Type.Union([Type.String(), Type.Null()]),
  receipt: Type.Union([Type.String(), Type.Null()]),
  failureCode: Type.Union([Type.String(), Type.Null()]),
  createdAt: Instant,
  settledAt: Type.Union([Instant, Type.Null()]),
});
export type Payment = Static<typeof Payment>;

export const PaymentResponse = Ok({ data: Payment });
export type PaymentResponse = Static<typeof PaymentResponse>;
export const PaymentParams = Type.Object({ id: Uuid });
export const PaymentListQuery = PageQuery;
export const PaymentListResponse = Paged(Payment);
export type PaymentListResponse = Static<typeof PaymentListResponse>;

const Line = Type.Object({ itemId: Type.String(), quantity: Type.Integer(), unitPrice: Cents });

/** A line as invoiced: the item's name when it was sold beside its id, quantity and unit price. */
const InvoiceLine = Type.Object({
  itemId: Type.String(),
  name: Type.String(),
  quantity: Type.Integer(),
  unitPrice: Cents,
});

/**
 * The invoice and receipt of one paid payment (one row, two numbers): gross is what was paid, VAT (16 %)
 * included; credit is the unused part of the previous plan already taken off. Its PDFs:
 * `GET /api/billing/invoices/:id/invoice.pdf` and `/receipt.pdf`.
 */
export const Invoice = Type.Object({
  id: Uuid,
  number: Type.String(),
  receiptNumber: Type.String(),
  issuedAt: Instant,
  /** The subscription period paid for; null for a single job listing. */
  period: Type.Union([Type.Object({ start: Instant, end: Instant }), Type.Null()]),
  lines: Type.Array(InvoiceLine),
  credit: Cents,
  net: Cents,
  vat: Cents,
  gross: Cents,
  currency: Type.Literal('KES'),
  method: StringEnum(PAYMENT_METHODS),
  /** The M-Pesa or Airtel Money receipt (the card provider's reference for a card). */
  providerReceipt: Type.Union([Type.String(), Type.Null()]),
});
export type Invoice = Static<typeof Invoice>;

export const InvoiceParams = Type.Object({ id: Uuid });
export const InvoiceListQuery = PageQuery;
/** Newest first, a page at a time. */
export const InvoiceListResponse = Paged(Invoice);
export type InvoiceListResponse = Static<typeof InvoiceListResponse>;

/**
 * A paid single job listing: bought (its payment settled), running until `expiresAt`, and the job Hire
 * posted with it once used (Hire's `hire.listing.used.v1`; a listing posts one job only).
 */
export const Listing = Type.Object({
  id: Uuid,
  paymentId: Uuid,
  boughtAt: Type.Union([Instant, Type.Null()]),
  expiresAt: Instant,
  usedAt: Type.Union([Instant, Type.Null()]),
  /** The job posted with it (`/hire/<jobId>`), once used. */
  jobId: Type.Union([Uuid, Type.Null()]),
});
export type Listing = Static<typeof Listing>;
export const ListingListQuery = PageQuery;
/** Newest first, a page at a time: the clinic's own (`GET /api/billing/listings`) or, for admins, one clinic's. */
export const ListingListResponse = Paged(Listing);
export type ListingListResponse = Static<typeof ListingListResponse>;

export const Subscription = Type.Object({
  orgId: Type.String(),
  plan: Type.Union([Type.String(), Type.Null()]),
  status: StringEnum(SUBSCRIPTION_STATUSES),
  lines: Type.Array(Line),
  periodStart: Instant,
  periodEnd: Instant,
  trialEndsAt: Type.Union([Instant, Type.Null()]),
  trialDaysLeft: Type.Integer(),
  cancelAtPeriodEnd: Type.Boolean(),
  scheduledLines: Type.Union([Type.Array(Line), Type.Null()]),
  entitlements: Entitlements,
});
export type Subscription = Static<typeof Subscription>;
export const SubscriptionResponse = Ok({ data: Subscription });
export type SubscriptionResponse = Static<typeof SubscriptionResponse>;

/**
 * The organisation's billing details, set by its clinic account on /billing (`GET`/`PUT
 * /api/billing/details`): its KRA PIN, printed as the buyer's on the invoices issued from then on.
 */
export const BillingDetails = Type.Object({
  /** A letter, 9 digits, a letter (`P051234567X`); null until the clinic gives it. */
  kraPin: Type.Union([Type.String(), Type.Null()]),
});
export type BillingDetails = Static<typeof BillingDetails>;
export const BillingDetailsResponse = Ok({ data: BillingDetails });
export type BillingDetailsResponse = Static<typeof BillingDetailsResponse>;
/** The PIN as typed (spaces and small letters are fine: it is stored as KRA prints it), or null to remove it. */
export const BillingDetailsBody = Type.Object(
  { kraPin: Type.Union([Type.String({ maxLength: 20 }), Type.Null()]) },
  { additionalProperties: false },
);
export type BillingDetailsBody = Static<typeof BillingDetailsBody>;

/** A cheaper choice for the next period, whole: its plan or modules and the add-ons to keep. */
export const DowngradeBody = Type.Object(
  { items: Type.Array(ItemId, { minItems: 1, maxItems: 20 }) },
  { additionalProperties: false },
);
export type DowngradeBody = Static<typeof DowngradeBody>;
/**
 * The admins' view of billing (`/api/billing/admin/...`, admins only): the figures, what failed, one
 * organisation's history, its period extended or a plan granted, and the catalogue's prices. Each change
 * is recorded for the audit log with the admin's reason.
 */
export const AdminSummary = Type.Object({
  /** Monthly recurring revenue: the active subscriptions' lines at the prices they were sold at. */
  mrr: Cents,
  currency: Type.Literal('KES'),
  /** How many subscriptions hold each plan (null: modules only) in each status. */
  subscriptions: Type.Array(
    Type.Object({
      plan: Type.Union([Type.String(), Type.Null()]),
      status: StringEnum(SUBSCRIPTION_STATUSES),
      count: Type.Integer(),
    }),
  ),
});
export type AdminSummary = Static<typeof AdminSummary>;
export const AdminSummaryResponse = Ok({ data: AdminSummary });
export type AdminSummaryResponse = Static<typeof AdminSummaryResponse>;

export const AdminPayment = Type.Composite([
  Payment,
  Type.Object({
    orgId: Type.String(),
    /** The organisation's name as identity last told (empty when not known yet). */
    orgName: Type.String(),
    failureReason: Type.Union([Type.String(), Type.Null()]),
  }),
]);
export type AdminPayment = Static<typeof AdminPayment>;
export const AdminPaymentListResponse = Paged(AdminPayment);
export type AdminPaymentListResponse = Static<typeof AdminPaymentListResponse>;

/** A provider's callback that changed nothing (unknown reference, wrong amount, bad signature ...). */
export const RejectedCallback = Type.Object({
  id: Type.Integer(),
  method: Type.String(),
  paymentId: Type.Union([Uuid, Type.Null()]),
  providerRef: Type.Union([Type.String(), Type.Null()]),
  reason: Type.String(),
  body: Type.String(),
  receivedAt: Instant,
});
export type RejectedCallback = Static<typeof RejectedCallback>;
export const RejectedCallbackListResponse = Paged(RejectedCallback);
export type RejectedCallbackListResponse = Static<typeof RejectedCallbackListResponse>;
export const AdminPageQuery = PageQuery;

export const AdminOrganisationQuery = Type.Composite([
  PageQuery,
  Type.Object({ search: Type.Optional(SearchTerm) }),
]);
export type AdminOrganisationQuery = Static<typeof AdminOrganisationQuery>;

/** An organisation as billing knows it: its details and where its subscription stands. */
export const AdminOrganisation = Type.Object({
  orgId: Type.String(),
  name: Type.String(),
  email: Type.String(),
  phone: Type.String(),
  plan: Type.Union([Type.String(), Type.Null()]),
  status: NullableStringEnum(SUBSCRIPTION_STATUSES),
  periodEnd: Type.Union([Instant, Type.Null()]),
});
export type AdminOrganisation = Static<typeof AdminOrganisation>;
export const AdminOrganisationListResponse = Paged(AdminOrganisation);
export type AdminOrganisationListResponse = Static<typeof AdminOrganisationListResponse>;

export const OrganisationParams = Type.Object({ orgId: Uuid });
export const AdminOrganisationResponse = Ok({
  data: Type.Object({
    organisation: AdminOrganisation,
    subscription: Type.Union([Subscription, Type.Null()]),
  }),
});
export type AdminOrganisationResponse = Static<typeof AdminOrganisationResponse>;

/** Why an admin acted: kept in the audit log with the change. */
const Reason = Type.String({ minLength: 1, maxLength: 500, pattern: '\\S' });

export const ExtendBody = Type.Object(
  { days: Type.Integer({ minimum: 1, maximum: 365 }), reason: Reason },
  { additionalProperties: false },
);
export type ExtendBody = Static<typeof ExtendBody>;

export const GrantBody = Type.Object(
  {
    plan: ItemId,
    /** How long the granted period lasts; omitted: one month. */
    days: Type.Optional(Type.Integer({ minimum: 1, maximum: 365 })),
    reason: Reason,
  },
  { additionalProperties: false },
);
export type GrantBody = Static<typeof GrantBody>;

/** One catalogue item's price as admins see and change it. */
export const AdminPrice = Type.Object({
  id: Type.String(),
  name: Type.String(),
  kind: StringEnum(['plan', 'module', 'addon', 'listing'] as const),
  price: Cents,
  currency: Type.Literal('KES'),
  duration: StringEnum(['month', 'once', 'week'] as const),
  updatedAt: Instant,
});
export type AdminPrice = Static<typeof AdminPrice>;
export const AdminPriceListResponse = Ok({ data: Type.Array(AdminPrice) });
export type AdminPriceListResponse = Static<typeof AdminPriceListResponse>;
export const AdminPriceResponse = Ok({ data: AdminPrice });
export type AdminPriceResponse = Static<typeof AdminPriceResponse>;
export const PriceParams = Type.Object({ id: ItemId });

export const PriceBody = Type.Object(
  {
    /** Whole shillings in cents (M-Pesa and Airtel take no cents), at most Ksh 1,000,000. */
    price: Type.Integer({ minimum: 100, maximum: 100_000_000, multipleOf: 100 }),
    reason: Reason,
  },
  { additionalProperties: false },
);
export type PriceBody = Static<typeof PriceBody>;

/** The error codes svc-billing answers with (`code` beside the English `message`). */
export const BillingErrors = {
  invalidPhone: 'billing.invalid_phone',
  invalidKraPin: 'billing.invalid_kra_pin',
  paymentNotFound: 'billing.payment_not_found',
  invoiceNotFound: 'billing.invoice_not_found',
  idempotencyKeyReused: 'billing.idempotency_key_reused',
  providerUnavailable: 'billing.provider_unavailable',
  alreadySubscribed: 'billing.already_subscribed',
  downgradeAtPeriodEnd: 'billing.downgrade_at_period_end',
  cartEmpty: 'billing.cart_empty',
  unknownItem: 'billing.unknown_item',
  onePlan: 'billing.one_plan',
  requiresCore: 'billing.requires_core',
  includedInCore: 'billing.included_in_core',
  notRepeatable: 'billing.not_repeatable',
  listingAlone: 'billing.listing_alone',
  alreadyHeld: 'billing.already_held',
  planRequired: 'billing.plan_required',
  notActive: 'billing.not_active',
  notADowngrade: 'billing.not_a_downgrade',
  notRecurring: 'billing.not_recurring',
  notExtendable: 'billing.not_extendable',
  notAPlan: 'billing.not_a_plan',
  organisationNotFound: 'billing.organisation_not_found',
  priceNotFound: 'billing.price_not_found',
} as const;
