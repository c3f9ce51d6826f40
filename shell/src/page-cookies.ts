import { PAGE_COOKIES } from '@platform/contracts/values';
import { useLanguage } from '@platform/shell-state';

/** The page cookies (`PAGE_COOKIES`): the gateway picks the prerendered HTML by them. */
const YEAR = 365 * 24 * 3600;

export function setPageCookie(name: string, value: string): void {
  document.cookie = `${name}=${encodeURIComponent(value)}; path=/; max-age=${YEAR}; samesite=lax`;
}

export function pageCookie(name: string): string | null {
  const found = document.cookie.split('; ').find((c) => c.startsWith(`${name}=`));
  return found ? decodeURIComponent(found.slice(name.length + 1)) : null;
}

/** Keeps the language cookie equal to the language the shell settled on, now and on every change. */
export function followLanguageCookie(): void {
  const write = (language: string) => {
    if (pageCookie(PAGE_COOKIES.language) !== language) setPageCookie(PAGE_COOKIES.language, language);
  };
  write(useLanguage.getState().language);
  useLanguage.subscribe((s) => write(s.language));
}
