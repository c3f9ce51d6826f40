import { createContext } from 'react';
import { dateTimeFormat, formatDateTime, swahiliClock, useTranslation } from '@platform/ui';

/** The viewer's own time zone, as the browser reports it (IANA: `Africa/Nairobi`). */
export const viewerZone = (): string => dateTimeFormat('en', {}).resolvedOptions().timeZone || 'UTC';

/**
 * Set by a render on the server (first-screens.tsx), which does not know the viewer's zone: each event's
 * start is then written on its own clock, its zone named, until the page's own render writes the viewer's.
 */
export const EventClock = createContext(false);

/**
 * An event's start as the viewer reads it: in the viewer's own zone (`zone` when given), with the zone
 * named ("Mon 23 Nov 2026, 09:30 East Africa Time"), and, when the event is held in another zone, its own
 * clock too. Pages never show the server's clock without saying whose it is.
 */
export function useWhen(zone: string = viewerZone()) {
  const { i18n } = useTranslation();
  const language = i18n.language;
  const full: Intl.DateTimeFormatOptions = {
    weekday: 'short',
    day: 'numeric',
    month: 'short',
    year: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
    timeZone: zone,
    timeZoneName: 'long',
  };
  return {
    zone,
    /** "Mon, 23 Nov 2026, 09:30 East Africa Time" in the viewer's zone (in Swahili, "saa 3:30 asubuhi"). */
    start: (iso: string) => formatDateTime(language, full, new Date(iso)),
    /** The same instant on another zone's clock, zone named: "09:30 East Africa Time". */
    clockIn: (iso: string, timeZone: string) =>
      formatDateTime(
        language,
        { hour: '2-digit', minute: '2-digit', timeZone, timeZoneName: 'long' },
        new Date(iso),
      ),
    /** HH:MM on a zone's clock (what the door staff read: "09:42"; in Swahili "saa 3:42 asubuhi"). */
    time: (iso: string, timeZone: string) => {
      const hhmm = dateTimeFormat('en-GB', {
        hour: '2-digit',
        minute: '2-digit',
        hourCycle: 'h23',
        timeZone,
      }).format(new Date(iso));
      if (language !== 'sw') return hhmm;
      const [hours, minutes] = hhmm.split(':').map(Number);
      return swahiliClock(hours!, minutes!);
    },
    /** A day (YYYY-MM-DD, no zone) as the reader's language writes it. */
    day: (ymd: string) =>
      formatDateTime(language, { dateStyle: 'medium', timeZone: 'UTC' }, new Date(`${ymd}T00:00:00Z`)),
  };
}

/** The offset of `timeZone` from UTC at `instant`, in minutes (Nairobi: +180). */
function offsetMinutes(timeZone: string, instant: number): number {
  const parts = dateTimeFormat('en-US', {
    timeZone,
    hourCycle: 'h23',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
  }).formatToParts(new Date(instant));
  const get = (type: string) => Number(parts.find((p) => p.type === type)?.value);
  const asUtc = Date.UTC(
    get('year'),
    get('month') - 1,
    get('day'),
    get('hour'),
    get('minute'),
    get('second'),
  );
  return Math.round((asUtc - instant) / 60_000);
}

/**
 * The instant a wall-clock time names in a zone (`2026-12-01`, `09:30`, `Africa/Nairobi` →
 * 2026-12-01T06:30:00Z), as the service computes an event's start; null for a date or time that is not one.
 */
export function instantIn(date: string, time: string, timeZone: string): Date | null {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(date) || !/^([01]\d|2[0-3]):[0-5]\d$/.test(time)) return null;
  const wall = Date.parse(`${date}T${time}:00Z`);
  if (Number.isNaN(wall)) return null;
  try {
    // Twice: the offset at the first guess may differ from the offset at the answer (a DST change).
    let at = wall - offsetMinutes(timeZone, wall) * 60_000;
    at = wall - offsetMinutes(timeZone, at) * 60_000;
    return new Date(at);
  } catch {
    return null;
  }
}

/** An instant as a zone's wall clock: `{ date: 'YYYY-MM-DD', time: 'HH:MM' }` (an edit form's values). */
export function wallClockIn(iso: string, timeZone: string): { date: string; time: string } {
  const at = new Date(iso).getTime() + offsetMinutes(timeZone, new Date(iso).getTime()) * 60_000;
  const text = new Date(at).toISOString();
  return { date: text.slice(0, 10), time: text.slice(11, 16) };
}
