import { languageStore, type Language } from './language';
import { siteMapStore } from './site-map';

/**
 * What the first render reads, the same when the build prerenders a page and when a browser hydrates it:
 * React reads each store's server snapshot then (zustand's: the store's `getInitialState()`), and the real
 * value right after, re-rendering what differs. So a signed-in visitor hydrates the page as the visitor it
 * was prerendered for (the session's initial state is empty), then sees their own navbar.
 * - The site map is filled from the manifest before any render: that is its first state.
 * - The language is the page's (`<html lang>`, the one it was prerendered in), not the one the visitor keeps.
 */
export function settleFirstRender(pageLanguage: Language): void {
  siteMapStore.getInitialState = siteMapStore.getState;
  languageStore.getInitialState = () => ({ ...languageStore.getState(), language: pageLanguage });
}

/** The language of the first render: the page's HTML's, which hydration and server renders speak. */
export function firstRenderLanguage(): Language {
  return languageStore.getInitialState().language;
}
