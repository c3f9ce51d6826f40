/**
 * Calendar dates (`YYYY-MM-DD`), as licences print them. A licence's expiry is a day, not an instant: the
 * day it is still valid on. Arithmetic is done on UTC midnights, where every day has 24 hours.
 */
export type LocalDate = string;

const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
const DAY_MS = 86_400_000;

/** The date if `text` is a real calendar day written `YYYY-MM-DD` (no 31 April), else null. */
export function parseIsoDate(text: string): LocalDate | null {
  const match = ISO_DATE.exec(text);
  if (!match) return null;
  const [, y, m, d] = match.map(Number) as [number, number, number, number];
  const at = new Date(Date.UTC(y, m - 1, d));
  return at.getUTCFullYear() === y && at.getUTCMonth() === m - 1 && at.getUTCDate() === d ? text : null;
}

const utcOf = (date: LocalDate): number => Date.parse(`${date}T00:00:00Z`);
const dateOfUtc = (ms: number): LocalDate => new Date(ms).toISOString().slice(0, 10);

export const addDays = (date: LocalDate, days: number): LocalDate => dateOfUtc(utcOf(date) + days * DAY_MS);

/** Whole days from `from` to `to` (negative when `to` is earlier). */
export const daysBetween = (from: LocalDate, to: LocalDate): number =>
  Math.round((utcOf(to) - utcOf(from)) / DAY_MS);

/** The same day `months` later, or the month's last day where it is shorter (31 Jan + 1 month: 28/29 Feb). */
export function addMonths(date: LocalDate, months: number): LocalDate {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  const firstOfTarget = new Date(Date.UTC(y, m - 1 + months, 1));
  const lastDay = new Date(Date.UTC(firstOfTarget.getUTCFullYear(), firstOfTarget.getUTCMonth() + 1, 0));
  firstOfTarget.setUTCDate(Math.min(d, lastDay.getUTCDate()));
  return dateOfUtc(firstOfTarget.getTime());
}

/** East Africa Time: Kenya, Uganda and Tanzania (UTC+3 all year); Rwanda is an hour behind. */
export const DEFAULT_TIME_ZONE = 'Africa/Nairobi';

/** The calendar day `now` falls on in `timeZone`. */
export function localDateOf(now: Date, timeZone: string = DEFAULT_TIME_ZONE): LocalDate {
  // en-CA writes dates as YYYY-MM-DD.
  return new Intl.DateTimeFormat('en-CA', {
    timeZone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).format(now);
}
