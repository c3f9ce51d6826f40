import { useMemo, useSyncExternalStore } from 'react';
import i18next, { type TFunction } from 'i18next';
import { firstRenderLanguage } from '@platform/shell-state';
import { loadTranslations } from './i18n';

/**
 * `useTranslation(ns)`: the one hook the platform needs from react-i18next, in a few lines, because
 * react-i18next shared as a federation singleton costs 10 KB gzip on every first page.
 * Suspends until the namespace is loaded for the current language; re-renders on language change.
 */
const pending = new Map<string, Promise<void>>();
const listeners = new Set<() => void>();
let wired = false;

function subscribe(listener: () => void) {
  if (!wired) {
    wired = true;
    i18next.on('languageChanged', () => listeners.forEach((l) => l()));
  }
  listeners.add(listener);
  return () => listeners.delete(listener);
}

const currentLanguage = () => i18next.language;

export function useTranslation(ns = 'ui'): { t: TFunction; i18n: { language: string } } {
  // While React hydrates a page (or draws one on the server), texts are in the language of its HTML
  // (`settleFirstRender`), not i18next's current one: a visitor on a slow phone who picks another language
  // before the page is hydrated would make the parts not yet attached disagree with their HTML, and React
  // would draw the page again. React renders them in the new language right after.
  const lng = useSyncExternalStore(subscribe, currentLanguage, firstRenderLanguage);
  // The same `t` while the language is unchanged: pages use it in effect dependencies, and another
  // namespace loading must not make them load their data again. A component waiting for its own
  // namespace suspends below and renders again when it arrives.
  const t = useMemo(() => i18next.getFixedT(lng, ns), [lng, ns]);
  // The language `t` speaks (for dates and numbers), not i18next's: the two differ while hydrating.
  const i18n = useMemo(() => ({ language: lng }), [lng]);
  if (!i18next.hasLoadedNamespace(ns, { lng })) {
    const key = `${lng}|${ns}`;
    let p = pending.get(key);
    if (!p) {
      // In `lng`, which is not i18next's language while a page hydrates after a switch.
      p = loadTranslations(lng, [ns]).then(() => {
        pending.delete(key);
      });
      pending.set(key, p);
    }
    // Suspense waits for the namespace, like react-i18next with useSuspense.
    throw p;
  }
  return { t, i18n };
}
