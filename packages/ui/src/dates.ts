import { useEffect } from 'react';
import { localeOf } from './i18n';
import { useTranslation } from './use-translation';

const formats = new Map<string, Intl.DateTimeFormat>();

/**
 * One `Intl.DateTimeFormat` per locale and options, made on first use and kept: making one costs
 * hundreds of times what formatting with it does (about 0.7 ms against 3 µs), and a list of cards
 * that made two per card on every render spent 75 ms of a mid-range phone's main thread on them.
 */
export function dateTimeFormat(locale: string, options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  const key = `${locale}|${JSON.stringify(options)}`;
  let format = formats.get(key);
  if (!format) {
    format = new Intl.DateTimeFormat(locale, options);
    formats.set(key, format);
  }
  return format;
}

/**
 * Makes the reader's date format ahead of the first render that needs it. The first formatter a page makes,
 * whatever its options, also starts ICU's date machinery: about 20 ms on a fast machine, four times that
 * on a mid-range phone, against under a millisecond for each one after. Made here, in a start-up task of
 * its own, that cost is not added to the task that hydrates a page of dates (Total Blocking Time).
 */
export function prepareDateFormats(language: string): void {
  dateTimeFormat(localeOf(language), { dateStyle: 'medium' });
}

/**
 * For a list whose dates arrive after the page's first render (its data is fetched then): the format is
 * made in an effect, a task of its own while the data is on its way, not in the task that draws the list.
 */
export function usePreparedDateFormats(): void {
  const { i18n } = useTranslation();
  useEffect(() => prepareDateFormats(i18n.language), [i18n.language]);
}

/**
 * Dates as the reader's language writes them ("23 Nov 2026", "23 nov. 2026"), in the reader's zone, or in
 * `timeZone` when the date belongs to a place (a job board's days: BOARD_TIME_ZONE).
 */
export function useDateFormat(timeZone?: string): (iso: string) => string {
  const { i18n } = useTranslation();
  const fmt = dateTimeFormat(localeOf(i18n.language), {
    dateStyle: 'medium',
    ...(timeZone ? { timeZone } : {}),
  });
  return (iso) => fmt.format(new Date(iso));
}
