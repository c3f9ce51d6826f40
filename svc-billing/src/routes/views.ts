import type { CatalogueItem } from '../domain/catalogue';
import { vatBreakdown, VAT_RATE_PERCENT } from '../domain/money';
import type { Invoice, Payment, Plan } from '../../contract';
import type * as schema from '../db/schema';

/** How the stored rows are shown: the API's shapes. */
export function toPlan(item: CatalogueItem): Plan {
  return {
    id: item.id,
    name: item.name,
    kind: item.kind,
    price: item.price,
    duration: item.billing === 'monthly' ? 'month' : item.billing === 'once' ? 'once' : 'week',
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
