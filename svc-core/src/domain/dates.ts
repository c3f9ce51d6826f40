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

/**
 * The calendar day `now` falls on in `timeZone`. No default: "today" is an organisation's (its time zone,
 * `OrgActor.timeZone`), so each caller says whose day it means.
 */
export function localDateOf(now: Date, timeZone: string): LocalDate {
  // en-CA writes dates as YYYY-MM-DD.
  return new Intl.DateTimeFormat('en-CA', {
    timeZone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).format(now);
}

/** The time zones an organisation may choose: Intl's IANA names, and UTC (which that list leaves out). */
const TIME_ZONES = new Set([...Intl.supportedValuesOf('timeZone'), 'UTC']);
export const isTimeZone = (name: string): boolean => TIME_ZONES.has(name);

const partsFormat = new Map<string, Intl.DateTimeFormat>();
/** The wall clock in `timeZone` at `at`: its day and minutes since that day's midnight. */
export function wallClockOf(at: Date, timeZone: string): { day: LocalDate; minutes: number } {
  let format = partsFormat.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-CA', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
    });
    partsFormat.set(timeZone, format);
  }
  const part: Record<string, string> = {};
  for (const p of format.formatToParts(at)) part[p.type] = p.value;
  return {
    day: `${part.year}-${part.month}-${part.day}`,
    minutes: Number(part.hour) * 60 + Number(part.minute) + Number(part.second) / 60,
  };
}

/** How far `timeZone`'s wall clock is ahead of UTC at `at`, in milliseconds. */
function offsetAt(at: number, timeZone: string): number {
  const { day, minutes } = wallClockOf(new Date(at), timeZone);
  const wall = utcOf(day) + Math.round(minutes * 60_000);
  return wall - Math.floor(at / 1000) * 1000;
}

/**
 * The instant the wall clock in `timeZone` shows `time` (`HH:MM`) on `day`. Where a clock change skips that
 * time it is read with the offset before the change (02:30 on a spring-forward night is 03:30); where it
 * happens twice, the first.
 */
export function instantOf(day: LocalDate, time: string, timeZone: string): Date {
  // A month's timesheets ask the same few days and times thousands of times; Intl is the cost.
  const key = `${timeZone} ${day} ${time}`;
  const known = instants.get(key);
  if (known !== undefined) return new Date(known);
  if (instants.size >= 50_000) instants.clear();
  const at = computeInstant(day, time, timeZone);
  instants.set(key, at.getTime());
  return at;
}
const instants = new Map<string, number>();

function computeInstant(day: LocalDate, time: string, timeZone: string): Date {
  const [h, m] = time.split(':').map(Number) as [number, number];
  const wall = utcOf(day) + (h * 60 + m) * 60_000;
  // A day either side is before and after any change near it (zones change at most twice a year).
  const before = wall - offsetAt(wall - DAY_MS, timeZone);
  const after = wall - offsetAt(wall + DAY_MS, timeZone);
  const shows = (at: number) => {
    const clock = wallClockOf(new Date(at), timeZone);
    return clock.day === day && Math.round(clock.minutes) === h * 60 + m;
  };
  const valid = [before, after].filter(shows).sort((a, b) => a - b);
  return new Date(valid[0] ?? before);
}
