import { PAGE_COOKIES } from '@platform/contracts/values';
import { useLanguage } from '@platform/shell-state';

/** The page cookies (`PAGE_COOKIES`): the gateway picks the prerendered HTML by them. */
const YEAR = 365 * 24 * 3600;

export function setPageCookie(name: string, value: string): void {
  document.cookie = `${name}=${encodeURIComponent(value)}; path=/; max-age=${YEAR}; samesite=lax`;
}

/** The page cookies a render in Node is made for (server-page.tsx): there is no document to read. */
const serverCookies = new Map<string, string>();
export function setServerCookies(values: Record<string, string>): void {
  serverCookies.clear();
  for (const [name, value] of Object.entries(values)) serverCookies.set(name, value);
}

export function pageCookie(name: string): string | null {
  if (typeof document === 'undefined') return serverCookies.get(name) ?? null;
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
