import { SEED_CATALOGUE, type CatalogueItem } from '../src/domain/catalogue';
import { CartError, priceCart } from '../src/domain/cart';
import {
  checkLimit,
  checkModule,
  checkNewPosting,
  computeEntitlements,
  type HeldItem,
} from '../src/domain/entitlements';
import { shillings } from '../src/domain/money';

const catalogue = new Map<string, CatalogueItem>(SEED_CATALOGUE.map((i) => [i.id, i]));
const held = (...ids: string[]): HeldItem[] => {
  const counts = new Map<string, number>();
  ids.forEach((id) => counts.set(id, (counts.get(id) ?? 0) + 1));
  return [...counts].map(([id, quantity]) => ({ item: catalogue.get(id)!, quantity }));
};
const now = new Date('2026-02-01T00:00:00Z');

describe('catalogue', () => {
  it('holds the spec’s prices in cents, VAT included, Professional popular', () => {
    const price = (id: string) => catalogue.get(id)!.price;
    expect(price('essential')).toBe(shillings(8000));
    expect(price('professional')).toBe(shillings(15000));
    expect(price('enterprise')).toBe(shillings(25000));
    expect([price('hire'), price('events'), price('connect')]).toEqual([100_000, 50_000, 75_000]);
    expect(price('extra-location')).toBe(shillings(2500));
    expect(price('extra-staff-25')).toBe(shillings(3500));
    expect(price('offline-devices')).toBe(shillings(1500));
    expect(price('onsite-setup')).toBe(shillings(13000));
    expect(catalogue.get('job-listing')).toMatchObject({ price: shillings(250), billing: 'days', days: 7 });
    expect(SEED_CATALOGUE.filter((i) => i.isPopular).map((i) => i.id)).toEqual(['professional']);
    expect(SEED_CATALOGUE.every((i) => i.vatIncluded && Number.isInteger(i.price))).toBe(true);
  });
});

describe('entitlements', () => {
  it('unlocks Hire, Events and Connect with any Core plan', () => {
    const e = computeEntitlements('active', held('essential'));
    expect(e.modules).toEqual(['connect', 'core', 'events', 'hire']);
    expect(e.limits).toMatchObject({ staff: 15, locations: 1, licenceAlertRoles: 3, workflows: 2 });
    expect(checkLimit(e, 'hire', 'openPostings', 50)).toEqual({ ok: true });
  });

  it('gives standalone Hire two open postings and nothing else', () => {
    const e = computeEntitlements('active', held('hire'));
    expect(e.modules).toEqual(['hire']);
    expect(checkNewPosting(e, 1, now)).toEqual({ ok: true });
    expect(checkNewPosting(e, 2, now)).toEqual({
      ok: false,
      code: 'billing.limit_reached',
      module: 'hire',
      limit: 'openPostings',
      allowed: 2,
    });
    expect(checkModule(e, 'events')).toEqual({
      ok: false,
      code: 'billing.entitlement_required',
      module: 'events',
    });
  });

  it('adds add-ons to the plan’s limits, and only to a Core plan', () => {
    const e = computeEntitlements(
      'active',
      held('professional', 'extra-staff-25', 'extra-staff-25', 'extra-location'),
    );
    expect(e.limits.staff).toBe(40 + 50);
    expect(e.limits.locations).toBe(3);
    const enterprise = computeEntitlements('active', held('enterprise', 'extra-staff-25', 'offline-devices'));
    expect(enterprise.limits.staff).toBeNull(); // unlimited stays unlimited
    expect(enterprise.capabilities).toEqual(['branded-portal', 'offline-devices', 'role-based-access']);
    const noCore = computeEntitlements('active', held('hire', 'extra-location'));
    expect(noCore.limits.locations).toBe(1);
  });

  it('keeps the entitlements through trial and grace, drops them when expired or cancelled', () => {
    for (const status of ['trialing', 'active', 'past_due'] as const) {
      expect(computeEntitlements(status, held('professional')).modules).toContain('hire');
    }
    for (const status of ['expired', 'cancelled'] as const) {
      const e = computeEntitlements(status, held('professional'));
      expect(e.modules).toEqual([]);
      expect(checkNewPosting(e, 0, now)).toMatchObject({ ok: false, code: 'billing.entitlement_required' });
    }
  });

  it('lets an unused, unexpired single listing post one job without Hire', () => {
    const credits = [
      { id: 'used', expiresAt: '2026-02-05T00:00:00Z', used: true },
      { id: 'old', expiresAt: '2026-01-31T00:00:00Z', used: false },
      { id: 'fresh', expiresAt: '2026-02-06T00:00:00Z', used: false },
    ];
    const e = computeEntitlements('expired', [], credits);
    expect(checkNewPosting(e, 0, now)).toEqual({ ok: true, listingCreditId: 'fresh' });
    expect(checkNewPosting(computeEntitlements('expired', [], credits.slice(0, 2)), 0, now)).toMatchObject({
      ok: false,
      code: 'billing.entitlement_required',
    });
    const withHire = computeEntitlements('active', held('hire'), credits);
    expect(checkNewPosting(withHire, 2, now)).toEqual({ ok: true, listingCreditId: 'fresh' });
  });
});

describe('priceCart', () => {
  it('prices a Core plan with add-ons, VAT shown', () => {
    const cart = priceCart(['professional', 'extra-location', 'extra-location', 'onsite-setup'], catalogue);
    expect(cart.recurring).toEqual([
      { itemId: 'professional', quantity: 1, unitPrice: shillings(15000) },
      { itemId: 'extra-location', quantity: 2, unitPrice: shillings(2500) },
    ]);
    expect(cart.once).toEqual([{ itemId: 'onsite-setup', quantity: 1, unitPrice: shillings(13000) }]);
    expect(cart.total).toBe(shillings(15000 + 5000 + 13000));
    expect(cart.vat.net + cart.vat.vat).toBe(cart.total);
  });

  it('prices standalone modules together', () => {
    expect(priceCart(['hire', 'events', 'connect'], catalogue).total).toBe(shillings(2250));
  });

  it.each([
    [[], 'billing.cart_empty'],
    [['platinum'], 'billing.unknown_item'],
    [['essential', 'professional'], 'billing.one_plan'],
    [['hire', 'extra-location'], 'billing.requires_core'],
    [['professional', 'hire'], 'billing.included_in_core'],
    [['hire', 'hire'], 'billing.not_repeatable'],
    [['professional', 'onsite-setup', 'onsite-setup'], 'billing.not_repeatable'],
    [['job-listing', 'hire'], 'billing.listing_alone'],
  ])('refuses %j with %s', (ids, code) => {
    expect(() => priceCart(ids, catalogue)).toThrow(expect.objectContaining({ code }));
    expect(() => priceCart(ids, catalogue)).toThrow(CartError);
  });

  it('allows add-ons to a Core plan already held', () => {
    expect(priceCart(['extra-staff-25'], catalogue, { holdsCore: true }).total).toBe(shillings(3500));
  });
});
