import { LANGUAGES, type Language } from '@platform/shell-state';

/** The language a prerendered page is in (its `<html lang>`), or undefined for the plain shell. */
export function prerenderedLanguage(root: HTMLElement): Language | undefined {
  const lang = document.documentElement.lang as Language;
  return root.firstElementChild && LANGUAGES.includes(lang) ? lang : undefined;
}
