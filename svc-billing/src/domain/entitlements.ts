import { LIMIT_NAMES, type CatalogueItem, type LimitName, type Limits, type ModuleName } from './catalogue';
import type { Entitlements, ListingCredit } from '@platform/contracts';
import type { SubscriptionStatus } from './subscription';

/**
 * What an organisation may use, derived from what it holds: the modules, the limits (null = unlimited),
 * the capabilities, and the single job listings it has bought. This is what
 * `billing.subscription.changed.v1` carries and what every service checks.
 */
export type { Entitlements, ListingCredit };

export interface HeldItem {
  item: CatalogueItem;
  quantity: number;
}

/** What an organisation has with nothing bought: a single location, nothing else. */
const NOTHING: Limits = { staff: 0, locations: 1, openPostings: 0, licenceAlertRoles: 0, workflows: 0 };

/** Whether a status gives the subscription's entitlements (past due keeps them through the grace days). */
export function statusGrantsAccess(status: SubscriptionStatus): boolean {
  return status === 'trialing' || status === 'active' || status === 'past_due';
}

function larger(a: number | null, b: number | null): number | null {
  return a === null || b === null ? null : Math.max(a, b);
}

export function computeEntitlements(
  status: SubscriptionStatus,
  held: HeldItem[],
  listingCredits: ListingCredit[] = [],
): Entitlements {
  const limits: Limits = { ...NOTHING };
  const modules = new Set<ModuleName>();
  const capabilities = new Set<string>();
  if (statusGrantsAccess(status)) {
    const bases = held.filter((h) => h.item.kind === 'plan' || h.item.kind === 'module');
    for (const { item } of bases) {
      item.modules.forEach((m) => modules.add(m));
      item.capabilities.forEach((c) => capabilities.add(c));
      for (const name of LIMIT_NAMES) {
        const value = item.limits[name];
        if (value !== undefined) limits[name] = larger(limits[name], value);
      }
    }
    for (const { item, quantity } of held.filter((h) => h.item.kind === 'addon')) {
      if (item.requiresCore && !modules.has('core')) continue;
      item.capabilities.forEach((c) => capabilities.add(c));
      for (const name of LIMIT_NAMES) {
        const step = item.limits[name];
        const current = limits[name];
        if (typeof step === 'number' && current !== null) limits[name] = current + step * quantity;
      }
    }
  }
  // Single listings are paid for on their own and last their days whatever the subscription does.
  return {
    modules: [...modules].sort(),
    limits,
    capabilities: [...capabilities].sort(),
    listingCredits,
  };
}

export type Refusal =
  | { ok: false; code: 'billing.entitlement_required'; module: ModuleName }
  | { ok: false; code: 'billing.limit_reached'; module: ModuleName; limit: LimitName; allowed: number };

export type Decision = { ok: true; listingCreditId?: string } | Refusal;

/** May the organisation use this module at all? */
export function checkModule(entitlements: Entitlements, module: ModuleName): Decision {
  return entitlements.modules.includes(module)
    ? { ok: true }
    : { ok: false, code: 'billing.entitlement_required', module };
}

/** May it have one more of `limit` when it has `current` already? */
export function checkLimit(
  entitlements: Entitlements,
  module: ModuleName,
  limit: LimitName,
  current: number,
): Decision {
  const moduleDecision = checkModule(entitlements, module);
  if (!moduleDecision.ok) return moduleDecision;
  const allowed = entitlements.limits[limit];
  if (allowed === null || current < allowed) return { ok: true };
  return { ok: false, code: 'billing.limit_reached', module, limit, allowed };
}

/**
 * May the organisation open one more job posting? Hire (alone, up to its limit) or Core allow it;
 * otherwise an unused, unexpired single listing does (and is then used up).
 */
export function checkNewPosting(entitlements: Entitlements, openPostings: number, now: Date): Decision {
  const decision = checkLimit(entitlements, 'hire', 'openPostings', openPostings);
  if (decision.ok) return decision;
  const credit = entitlements.listingCredits.find((c) => !c.used && Date.parse(c.expiresAt) > now.getTime());
  return credit ? { ok: true, listingCreditId: credit.id } : decision;
}
