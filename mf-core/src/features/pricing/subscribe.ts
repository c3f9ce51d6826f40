import { useSession } from '@platform/shell-state';
import { useHydrated } from '@platform/ui';

/** The checkout for an item (a plan, module or add-on id of svc-billing's catalogue). */
export const checkoutPath = (itemId: string) => `/billing/checkout?items=${itemId}`;

/**
 * Where "Subscribe" leads, or null when it is not offered: a clinic goes to the checkout; a visitor signs up
 * as a clinic first and comes back to the same choice (`next`); a professional never sees a price path
 * (only organisations buy). Before hydration (a prerendered page) it is the visitor's link.
 */
export function useSubscribePath(): (itemId: string) => string | null {
  const hydrated = useHydrated();
  const role = useSession((s) => (hydrated ? (s.user?.role ?? null) : null));
  return (itemId) => {
    if (role === null) return `/signup?role=Clinic&next=${encodeURIComponent(checkoutPath(itemId))}`;
    return role === 'Clinic' ? checkoutPath(itemId) : null;
  };
}
