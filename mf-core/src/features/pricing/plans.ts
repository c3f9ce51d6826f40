/** The plans and add-ons (Ksh, monthly): one source for the landing page and /pricing. */
import type { PlanId } from '@platform/contracts/values';

export type { PlanId };

export interface Plan {
  id: PlanId;
  price: number;
  currency: 'KES';
  isPopular: boolean;
}

export const PLANS: Plan[] = [
  { id: 'essential', price: 8000, currency: 'KES', isPopular: false },
  { id: 'professional', price: 15000, currency: 'KES', isPopular: true },
  { id: 'enterprise', price: 25000, currency: 'KES', isPopular: false },
];

/** Cards on the landing page show only the first features. */
export const CARD_FEATURES = 5;

export type AddOnKind = 'monthly' | 'oneTime' | 'quote';
export const ADD_ONS: Array<{ key: string; price: number | null; kind: AddOnKind }> = [
  { key: 'extraLocation', price: 2500, kind: 'monthly' },
  { key: 'extraStaff', price: 3500, kind: 'monthly' },
  { key: 'onsite', price: 13000, kind: 'oneTime' },
  { key: 'onsiteFar', price: null, kind: 'quote' },
  { key: 'offline', price: 1500, kind: 'monthly' },
  { key: 'hire', price: 1000, kind: 'monthly' },
  { key: 'events', price: 500, kind: 'monthly' },
  { key: 'connect', price: 750, kind: 'monthly' },
];

export const JOB_LISTING_PER_WEEK = 250;

/** Ksh amounts in the reader's language, e.g. "Ksh 8,000" / "KES 8 000". */
export function formatKsh(amount: number, locale: string): string {
  return new Intl.NumberFormat(locale, {
    style: 'currency',
    currency: 'KES',
    maximumFractionDigits: 0,
  }).format(amount);
}
