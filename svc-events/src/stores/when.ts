import { badRequest } from '@platform/service-kit';
import { DEFAULT_EVENT_TIME_ZONE } from '@platform/contracts/values';
import { EventsErrors } from '../../contract';

/** Throws 400 unless `zone` is a time zone this runtime knows (the IANA database). */
export function checkTimeZone(zone: string): string {
  try {
    new Intl.DateTimeFormat('en', { timeZone: zone });
    return zone;
  } catch {
    throw badRequest(`timeZone: ${zone} is not a known time zone`, EventsErrors.timeZoneInvalid);
  }
}

/** How far `zone`'s wall clock is ahead of UTC at instant `at`, in ms. */
function offsetAt(at: number, zone: string): number {
  const parts = new Intl.DateTimeFormat('en-US', {
    timeZone: zone,
    hourCycle: 'h23',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
  }).formatToParts(new Date(at));
  const n = (type: string) => Number(parts.find((p) => p.type === type)!.value);
  return Date.UTC(n('year'), n('month') - 1, n('day'), n('hour'), n('minute'), n('second')) - at;
}

/**
 * The instant a wall-clock date and time in `zone` names (`2026-03-05`, `09:30`, `Africa/Kampala`).
 * The offset is read twice so a start next to a daylight-saving change lands on the right side of it.
 */
export function instantOf(date: string, time: string, zone = DEFAULT_EVENT_TIME_ZONE): Date {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  const [hh, mm] = time.split(':').map(Number) as [number, number];
  const wall = Date.UTC(y, m - 1, d, hh, mm);
  const first = wall - offsetAt(wall, zone);
  return new Date(wall - offsetAt(first, zone));
}

/** Today's date (YYYY-MM-DD) in East Africa: the list's default "after". */
export const todayInNairobi = (now = new Date()) =>
  new Intl.DateTimeFormat('en-CA', { timeZone: DEFAULT_EVENT_TIME_ZONE, dateStyle: 'short' }).format(now);
