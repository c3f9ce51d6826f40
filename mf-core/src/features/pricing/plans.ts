/**
 * The plans and add-ons (Ksh, monthly) for the landing page and /pricing. Prices are svc-billing's stored
 * catalogue (an admin changes them there): `usePrices` reads `GET /api/billing/plans`, and the figures
 * below are only what the prerendered page shows until that answer arrives (the catalogue's first prices).
 */
import { useEffect, useState } from 'react';
import { formatMoney } from '@platform/ui';
import type { PlanId } from '@platform/contracts/values';
import { coreApi } from '../../api';

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
/** `itemId`: the add-on's id in svc-billing's catalogue (what the checkout buys); null: asked for by a demo request. */
export const ADD_ONS: Array<{ key: string; itemId: string | null; price: number | null; kind: AddOnKind }> = [
  { key: 'extraLocation', itemId: 'extra-location', price: 2500, kind: 'monthly' },
  { key: 'extraStaff', itemId: 'extra-staff-25', price: 3500, kind: 'monthly' },
  { key: 'onsite', itemId: 'onsite-setup', price: 13000, kind: 'oneTime' },
  { key: 'onsiteFar', itemId: null, price: null, kind: 'quote' },
  { key: 'offline', itemId: 'offline-devices', price: 1500, kind: 'monthly' },
  { key: 'hire', itemId: 'hire', price: 1000, kind: 'monthly' },
  { key: 'events', itemId: 'events', price: 500, kind: 'monthly' },
  { key: 'connect', itemId: 'connect', price: 750, kind: 'monthly' },
];

export const JOB_LISTING_PER_WEEK = 250;

const FIRST_PRICES: Record<string, number> = {
  ...Object.fromEntries(PLANS.map((p) => [p.id, p.price])),
  ...Object.fromEntries(ADD_ONS.flatMap((a) => (a.itemId && a.price !== null ? [[a.itemId, a.price]] : []))),
  'job-listing': JOB_LISTING_PER_WEEK,
};

/**
 * Whole-shilling price of a catalogue item (`essential`, `hire`, `job-listing`, …) as svc-billing sells it
 * now; its first price until the catalogue has answered, or if it cannot. Asked once the page is on screen
 * with the plain request the landing page's blocks use: the landing page's first load carries no query
 * cache for it (its JS budget).
 */
export function usePrices(): (itemId: string) => number {
  const [stored, setStored] = useState<ReadonlyMap<string, number>>(new Map());
  useEffect(() => {
    let live = true;
    coreApi
      .plans()
      .then((res) => {
        // Whatever else answers (an older catalogue, a page's test double) leaves the first prices.
        if (!live || !res.ok || !Array.isArray(res.body.data) || !Array.isArray(res.body.addOns)) return;
        const items = [...res.body.data, ...res.body.addOns];
        setStored(new Map(items.map((item) => [item.id, item.price / 100] as const)));
      })
      .catch(() => {});
    return () => {
      live = false;
    };
  }, []);
  return (itemId) => stored.get(itemId) ?? FIRST_PRICES[itemId] ?? 0;
}

/** Ksh amounts in the reader's language ("Ksh 8,000", "Ksh 8 000"): the platform's one money format. */
export const formatKsh = (amount: number, language: string) => formatMoney(amount, 'KES', language);
