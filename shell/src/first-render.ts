import { LANGUAGES, useLanguage, useSiteMap, type Language } from '@platform/shell-state';

/**
 * What the first render reads, the same when the build prerenders a page and when a browser hydrates it:
 * React reads each store's server snapshot then (zustand's: the store's initial state), and the real value
 * right after, re-rendering what differs. So a signed-in visitor hydrates the page as the visitor it was
 * prerendered for (zustand's initial session is empty), then sees their own navbar: nothing is replaced.
 * - The site map is filled from the manifest before any render: that is its first state.
 * - The language is the page's (`<html lang>`, the one it was prerendered in), not the one the visitor
 *   keeps; the shell switches to theirs after hydrating.
 */
export function settleFirstRender(pageLanguage: Language): void {
  useSiteMap.getInitialState = useSiteMap.getState;
  useLanguage.getInitialState = () => ({ ...useLanguage.getState(), language: pageLanguage });
}

/** The language a prerendered page is in (its `<html lang>`), or undefined for the plain shell. */
export function prerenderedLanguage(root: HTMLElement): Language | undefined {
  const lang = document.documentElement.lang as Language;
  return root.firstElementChild && LANGUAGES.includes(lang) ? lang : undefined;
}
