import { localeOf } from './i18n';
import { useTranslation } from './use-translation';

/** Dates as the reader's language writes them ("23 Nov 2026", "23 nov. 2026"), in the reader's zone. */
export function useDateFormat(): (iso: string) => string {
  const { i18n } = useTranslation();
  const fmt = new Intl.DateTimeFormat(localeOf(i18n.language), { dateStyle: 'medium' });
  return (iso) => fmt.format(new Date(iso));
}
