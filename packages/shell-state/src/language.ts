import { createStore } from 'zustand/vanilla';
import { bound } from './bound';
import { persist } from 'zustand/middleware';

export type Language = 'en' | 'sw' | 'fr';
export const LANGUAGES: readonly Language[] = ['en', 'sw', 'fr'];

function browserLanguage(): Language {
  const nav = typeof navigator === 'undefined' ? 'en' : navigator.language.slice(0, 2);
  return (LANGUAGES as readonly string[]).includes(nav) ? (nav as Language) : 'en';
}

interface LanguageState {
  language: Language;
  setLanguage(language: Language): void;
}

/** The chosen language, remembered across visits; first visit follows the browser (sw/fr) else English. */
export const languageStore = createStore<LanguageState>()(
  persist((set) => ({ language: browserLanguage(), setLanguage: (language) => set({ language }) }), {
    name: 'afya.language',
  }),
);
export const useLanguage = bound(languageStore);
