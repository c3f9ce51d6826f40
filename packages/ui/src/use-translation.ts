import { useMemo, useSyncExternalStore } from 'react';
import i18next, { type TFunction } from 'i18next';

/**
 * `useTranslation(ns)`: the one hook the platform needs from react-i18next, in a few lines, because
 * react-i18next shared as a federation singleton costs 10 KB gzip on every first page.
 * Suspends until the namespace is loaded for the current language; re-renders on language change.
 */
const pending = new Map<string, Promise<void>>();
let version = 0;
const listeners = new Set<() => void>();
let wired = false;

function wire() {
  if (wired) return;
  wired = true;
  const bump = () => {
    version++;
    listeners.forEach((l) => l());
  };
  i18next.on('languageChanged', bump);
  i18next.on('loaded', bump);
}

function subscribe(listener: () => void) {
  wire();
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function useTranslation(ns = 'ui'): { t: TFunction; i18n: typeof i18next } {
  const current = useSyncExternalStore(subscribe, () => version);
  const lng = i18next.language;
  // A stable `t` per language, namespace and load: components may use it in effect dependencies.
  const t = useMemo(() => i18next.getFixedT(lng, ns), [lng, ns, current]);
  if (!i18next.hasLoadedNamespace(ns, { lng })) {
    const key = `${lng}|${ns}`;
    let p = pending.get(key);
    if (!p) {
      p = i18next.loadNamespaces(ns).then(() => {
        pending.delete(key);
      });
      pending.set(key, p);
    }
    // Suspense waits for the namespace, like react-i18next with useSuspense.
    throw p;
  }
  return { t, i18n: i18next };
}
