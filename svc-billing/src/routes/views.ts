import type { CatalogueItem } from '../domain/catalogue';
import { vatBreakdown, VAT_RATE_PERCENT } from '../domain/money';
import { trialDaysLeft, type Subscription } from '../domain/subscription';
import type { AdminPrice, Invoice, Payment, Plan, Subscription as SubscriptionView } from '../../contract';
import type * as schema from '../db/schema';
import type { DbOrTx } from '../stores/db';
import { entitlementsOf } from '../stores/subscription-store';

/** How the stored rows are shown: the API's shapes. */
export function toPlan(item: CatalogueItem): Plan {
  return {
    id: item.id,
    name: item.name,
    kind: item.kind,
    price: item.price,
    duration: durationOf(item),
    currency: item.currency,
    vatIncluded: item.vatIncluded,
    vatRatePercent: VAT_RATE_PERCENT,
    vat: vatBreakdown(item.price, item.vatIncluded).vat,
    idealFor: item.idealFor,
    features: item.features,
    isPopular: item.isPopular,
    modules: item.modules,
    requiresCore: item.requiresCore ?? false,
    repeatable: item.repeatable ?? false,
  };
}

/** The catalogue's duration names as the API says them. */
const durationOf = (item: Pick<CatalogueItem, 'billing'>) =>
  item.billing === 'monthly' ? 'month' : item.billing === 'once' ? 'once' : 'week';

export function toAdminPrice(item: schema.CatalogueRow): AdminPrice {
  return {
    id: item.id,
    name: item.name,
    kind: item.kind,
    price: item.price,
    currency: item.currency,
    duration: durationOf(item),
    updatedAt: item.updatedAt.toISOString(),
  };
}

/** The organisation's plan: its line of a Core plan, if any. */
export const planOf = (lines: { itemId: string }[], catalogue: Map<string, CatalogueItem>) =>
  lines.find((l) => catalogue.get(l.itemId)?.kind === 'plan')?.itemId ?? null;

/** A subscription as the clinic (and an admin) reads it, with what it entitles to now. */
export async function toSubscriptionView(
  db: DbOrTx,
  orgId: string,
  sub: Subscription,
  now: Date,
  catalogue: Map<string, CatalogueItem>,
): Promise<SubscriptionView> {
  return {
    orgId,
    plan: planOf(sub.lines, catalogue),
    status: sub.status,
    lines: sub.lines,
    periodStart: sub.periodStart.toISOString(),
    periodEnd: sub.periodEnd.toISOString(),
    trialEndsAt: sub.trialEndsAt?.toISOString() ?? null,
    trialDaysLeft: trialDaysLeft(sub, now),
    cancelAtPeriodEnd: sub.cancelAtPeriodEnd,
    scheduledLines: sub.scheduledLines,
    entitlements: await entitlementsOf(db, orgId, sub, now, catalogue),
  };
}

export function toPayment(row: schema.PaymentRow): Payment {
  return {
    id: row.id,
    status: row.status,
    purpose: row.purpose,
    method: row.method,
    items: row.itemIds,
    amount: row.amount,
    credit: row.credit,
    currency: row.currency,
    redirectUrl: row.redirectUrl,
    receipt: row.receipt,
    failureCode: row.failureCode,
    createdAt: row.createdAt.toISOString(),
    settledAt: row.settledAt?.toISOString() ?? null,
  };
}

export function toInvoice(row: schema.InvoiceRow): Invoice {
  return {
    id: row.id,
    number: row.number,
    receiptNumber: row.receiptNumber,
    issuedAt: row.issuedAt.toISOString(),
    period:
      row.periodStart && row.periodEnd
        ? { start: row.periodStart.toISOString(), end: row.periodEnd.toISOString() }
        : null,
    lines: row.lines.map((l) => ({
      itemId: l.itemId,
      name: l.name,
      quantity: l.quantity,
      unitPrice: l.unitPrice,
    })),
    credit: row.credit,
    net: row.net,
    vat: row.vat,
    gross: row.gross,
    currency: row.currency as Invoice['currency'],
    method: row.method as Invoice['method'],
    providerReceipt: row.providerReceipt,
  };
}
