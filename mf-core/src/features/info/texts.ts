import { useTranslation } from '@platform/ui';
import en from '../../locales/info/en.json';
import sw from '../../locales/info/sw.json';
import fr from '../../locales/info/fr.json';

/**
 * The text pages' words (About us, Privacy, Terms, Cookies, FAQs) in every language. They are most of
 * mf-core's texts, so they live beside these pages' chunk rather than in the `core` namespace file that
 * every page, the landing page first, downloads (its JS budget). All three languages come with the chunk:
 * switching language never waits, and a prerendered page hydrates without suspending.
 */
const TEXTS = { en, sw, fr };
export type InfoTexts = typeof en;

/** The text pages' words in the page's language (re-rendered when it changes). */
export function useInfoTexts(): InfoTexts {
  const { i18n } = useTranslation('core');
  return TEXTS[i18n.language as keyof typeof TEXTS] ?? en;
}
