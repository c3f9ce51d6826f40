import { dateTimeFormat, localeOf, useTranslation, type Language } from '@platform/ui';

/** A date with its time, as the reader's language writes it. */
export function useDateTime(): (iso: string) => string {
  const { i18n } = useTranslation('admin');
  const fmt = dateTimeFormat(localeOf(i18n.language as Language), {
    dateStyle: 'medium',
    timeStyle: 'short',
  });
  return (iso) => fmt.format(new Date(iso));
}
