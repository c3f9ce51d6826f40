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

/**
 * A time of day as a Swahili reader reads it: Swahili time counts the hours from 6 in the morning and the
 * evening ("saa moja asubuhi" is 07:00), so "saa 01:05" would be read as 07:05. Written "saa 7:05 usiku" for
 * 01:05: the hour on the Swahili clock and the part of the day, which no reader can take for another hour.
 * ICU knows no Swahili parts of the day, hence this table: usiku to 04:00, alfajiri to 06:00, asubuhi to noon,
 * mchana to 16:00, jioni to 19:00, then usiku.
 */
export function swahiliClock(hours: number, minutes: number): string {
  const hour = (hours + 6) % 12 || 12;
  const part =
    hours < 4
      ? 'usiku'
      : hours < 6
        ? 'alfajiri'
        : hours < 12
          ? 'asubuhi'
          : hours < 16
            ? 'mchana'
            : hours < 19
              ? 'jioni'
              : 'usiku';
  return `saa ${hour}:${String(minutes).padStart(2, '0')} ${part}`;
}

/**
 * Formats `date` with `options` in the reader's `language`: as Intl writes it, except that in Swahili the
 * time of day is written on the Swahili clock (`swahiliClock`) in place of Intl's 24-hour digits.
 */
export function formatDateTime(language: string, options: Intl.DateTimeFormatOptions, date: Date): string {
  if (language !== 'sw' || (!options.timeStyle && !options.hour)) {
    return dateTimeFormat(localeOf(language), options).format(date);
  }
  const parts = dateTimeFormat(localeOf(language), { ...options, hourCycle: 'h23' }).formatToParts(date);
  const first = parts.findIndex((p) => p.type === 'hour');
  let last = parts.findIndex((p) => p.type === 'minute');
  const hours = Number(parts[first]?.value);
  const minutes = Number(parts[last]?.value);
  // Seconds, when asked for, go with the minutes.
  if (parts[last + 2]?.type === 'second') last += 2;
  return [
    ...parts.slice(0, first).map((p) => p.value),
    swahiliClock(hours, minutes),
    ...parts.slice(last + 1).map((p) => p.value),
  ].join('');
}

/**
 * A date with its time (by default "23 Nov 2026, 09:30"; in Swahili "23 Nov 2026, saa 3:30 asubuhi"), in the
 * reader's language and zone, or in `timeZone` when the time belongs to a place.
 */
export function useDateTimeFormat(
  options: Intl.DateTimeFormatOptions = { dateStyle: 'medium', timeStyle: 'short' },
  timeZone?: string,
): (iso: string) => string {
  const { i18n } = useTranslation();
  const language = i18n.language;
  const withZone = timeZone ? { ...options, timeZone } : options;
  return (iso) => formatDateTime(language, withZone, new Date(iso));
}
