import { useSyncExternalStore } from 'react';

const unchanging = () => () => {};

/**
 * False while React hydrates a prerendered page (and in the build's render of it), true once it has, and
 * in any page rendered in the browser. A prerendered page is painted before its scripts arrive: until
 * they have, its buttons and fields do nothing, so they are drawn disabled rather than let someone type
 * or press in vain (or send a form the browser's way, with its fields in the address).
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    unchanging,
    () => true,
    () => false,
  );
}
