import i18next, { type BackendModule, type ResourceKey } from 'i18next';
import { LANGUAGES, useLanguage, type Language } from '@platform/shell-state';

export { LANGUAGES, type Language };

type Loader = (lng: Language) => Promise<Record<string, unknown> | { default: Record<string, unknown> }>;
const loaders = new Map<string, Loader>();

/** Each remote registers its namespace's loader; only the active language's file is downloaded. */
export function registerNamespace(ns: string, load: Loader): void {
  loaders.set(ns, load);
}

const backend: BackendModule = {
  type: 'backend',
  init: () => {},
  read(language, namespace, callback) {
    const load = loaders.get(namespace);
    if (!load) return callback(null, {});
    load(language as Language).then(
      (mod) => callback(null, ('default' in mod ? mod.default : mod) as ResourceKey),
      (err: Error) => callback(err, false),
    );
  },
};

let started: Promise<void> | undefined;

/** Once per page (the shell, or a remote running standalone). Follows the language store. */
export function initI18n(language: Language = useLanguage.getState().language): Promise<void> {
  started ??= (async () => {
    await i18next.use(backend).init({
      lng: language,
      fallbackLng: false,
      supportedLngs: [...LANGUAGES],
      ns: ['ui'],
      defaultNS: 'ui',
      interpolation: { escapeValue: false },
      returnNull: false,
    });
    // A page rendered in Node (the build's prerender) has no document; its HTML gets its lang there.
    if (typeof document === 'undefined') return;
    document.documentElement.lang = language;
    useLanguage.subscribe((s) => applyLanguage(s.language));
  })();
  return started;
}

/** Switches the page to `language` (the store's, after a prerendered page in another one is hydrated). */
export function applyLanguage(language: Language): void {
  if (language === i18next.language) return;
  // Load every registered namespace in the new language first (not only the configured ones), so pages
  // switch at once instead of suspending: a suspended page would be shown again as a new tree.
  void loadTranslations(language, [...loaders.keys()]).then(() => i18next.changeLanguage(language));
  document.documentElement.lang = language;
}

/** Loads `namespaces` in `language`, whatever i18next's current language (whose own loads follow it). */
export function loadTranslations(language: string, namespaces: string[]): Promise<void> {
  return new Promise((done) => i18next.services.backendConnector.load([language], namespaces, () => done()));
}

/** Loads every registered namespace in the current language (before hydrating, so nothing suspends). */
export function preloadNamespaces(): Promise<void> {
  return i18next.loadNamespaces([...loaders.keys()]).then(() => undefined);
}

registerNamespace('ui', (lng) => import(`./locales/${lng}.json`));

/**
 * Words a lazily loaded part of a remote brings for its namespace, every language at once, so they stay out
 * of the namespace's file that every page (the landing page first) downloads. They join each language's
 * namespace once that file is loaded (adding them before would make i18next take the namespace as loaded
 * and never fetch the rest), now for those already loaded and later for the others.
 */
export function addTextsOnLoad(ns: string, byLanguage: Record<string, Record<string, unknown>>): void {
  const add = () => {
    for (const [lng, texts] of Object.entries(byLanguage))
      if (i18next.hasResourceBundle(lng, ns)) i18next.addResourceBundle(lng, ns, texts, true, false);
  };
  if (i18next.isInitialized) add();
  i18next.on('loaded', add);
}

/** Locale for Intl formatting of a language (Ksh amounts, dates). */
export function localeOf(language: string): string {
  return language === 'sw' ? 'sw-KE' : language === 'fr' ? 'fr-FR' : 'en-KE';
}
