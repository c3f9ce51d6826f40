import { dateTimeFormat, localeOf, useTranslation } from '@platform/ui';

/** A closing day as "12 Dec" (a date only: read in UTC so no time zone moves it). */
export function useShortDateFormat(): (day: string) => string {
  const { i18n } = useTranslation();
  const fmt = dateTimeFormat(localeOf(i18n.language), {
    day: 'numeric',
    month: 'short',
    timeZone: 'UTC',
  });
  return (day) => fmt.format(new Date(`${day}T00:00:00Z`));
}

/** The original showed resume links without a scheme with `http://` added; we add it when typed. */
export function withScheme(url: string): string {
  const u = url.trim();
  if (!u || /^https?:\/\//i.test(u)) return u;
  return `https://${u.replace(/^\/+/, '')}`;
}
