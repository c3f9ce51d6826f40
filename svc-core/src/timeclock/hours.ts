/**
 * The time clock's and timesheets' rules, as pure functions of instants and the organisation's time zone:
 * which published shift a clock-in belongs to, whether it is late, which shifts were missed, and how the
 * hours worked split into regular, night and overtime. The stores read the rows; these decide.
 */
import { addDays, instantOf, wallClockOf, type LocalDate } from '../domain/dates';

/** A clock-in is matched to a shift starting at most this long after it (early arrivals)… */
export const CLOCK_IN_EARLY_MINUTES = 120;
/** …or one already started and not yet over. A clock-in more than this after the start is late. */
export const LATE_AFTER_MINUTES = 10;
/**
 * Night hours: worked between 22:00 and 06:00 on the organisation's wall clock (a constant, for the night
 * allowance payroll adds; the shift's own hours decide nothing here).
 */
export const NIGHT_STARTS = '22:00';
export const NIGHT_ENDS = '06:00';
/** A timesheet covers at most this many days (a month, or a 31-day pay period). */
export const TIMESHEET_MAX_DAYS = 31;

const MINUTE = 60_000;

export interface ShiftTimes {
  /** `HH:MM` on the organisation's wall clock; an end at or before the start is the next day's. */
  startsAt: string;
  endsAt: string;
}

/** A published shift of one person, placed in time. */
export interface PlannedShift extends ShiftTimes {
  assignmentId: string;
  staffId: string;
  day: LocalDate;
  start: Date;
  end: Date;
}

/** Where a shift on `day` starts and ends, in the organisation's zone (a night ends the next day). */
export function spanIn(day: LocalDate, times: ShiftTimes, timeZone: string): { start: Date; end: Date } {
  const endDay = times.endsAt <= times.startsAt ? addDays(day, 1) : day;
  return { start: instantOf(day, times.startsAt, timeZone), end: instantOf(endDay, times.endsAt, timeZone) };
}

/**
 * The shift a clock-in at `at` belongs to: of the person's shifts that start within
 * `CLOCK_IN_EARLY_MINUTES` after it or have started and not ended, the one whose start is nearest.
 */
export function matchShift<S extends Pick<PlannedShift, 'start' | 'end'>>(shifts: S[], at: Date): S | null {
  let best: S | null = null;
  for (const s of shifts) {
    if (at.getTime() < s.start.getTime() - CLOCK_IN_EARLY_MINUTES * MINUTE || at >= s.end) continue;
    if (!best || Math.abs(s.start.getTime() - at.getTime()) < Math.abs(best.start.getTime() - at.getTime()))
      best = s;
  }
  return best;
}

/** Whole minutes after the shift's start (0 when on time or early). */
export const minutesLate = (shift: Pick<PlannedShift, 'start'>, at: Date): number =>
  Math.max(0, Math.floor((at.getTime() - shift.start.getTime()) / MINUTE));

export const isLate = (minutes: number): boolean => minutes > LATE_AFTER_MINUTES;

/** Milliseconds of [from, to) on the wall clock's nights (22:00 to 06:00 in `timeZone`). */
export function nightMs(from: Date, to: Date, timeZone: string): number {
  if (to <= from) return 0;
  let total = 0;
  const last = wallClockOf(to, timeZone).day;
  for (let day = addDays(wallClockOf(from, timeZone).day, -1); day <= last; day = addDays(day, 1)) {
    const start = instantOf(day, NIGHT_STARTS, timeZone).getTime();
    const end = instantOf(addDays(day, 1), NIGHT_ENDS, timeZone).getTime();
    total += Math.max(0, Math.min(end, to.getTime()) - Math.max(start, from.getTime()));
  }
  return total;
}

export interface ClockedEntry {
  id: string;
  clockIn: Date;
  clockOut: Date | null;
  /** The shift it was matched to; null: clocked without one (unscheduled). */
  assignmentId: string | null;
  late: boolean;
}

export interface Totals {
  /** Hours, to the hundredth: regular + night + overtime is every hour worked. */
  regular: number;
  night: number;
  overtime: number;
  total: number;
  /** Published shifts in the period. */
  shifts: number;
  late: number;
  /** Shifts over (by `now`) with no clock-in. */
  missed: number;
  /** Entries with no shift. */
  unscheduled: number;
  /** Entries not clocked out yet (their hours count once they are). */
  open: number;
}

const hours = (ms: number) => Math.round(ms / 36_000) / 100;

/**
 * One person's hours for a period from their entries and their published shifts in it. Overtime is time
 * worked beyond a shift's planned length (its entries together, the last minutes worked being the extra
 * ones); of the rest, what falls in the night window is night and the remainder regular. An entry without
 * a shift is regular and night time, counted as unscheduled for the manager to see: whether unrostered work
 * is overtime is theirs to say before approving.
 */
export function totalsOf(
  entries: ClockedEntry[],
  shifts: Pick<PlannedShift, 'assignmentId' | 'start' | 'end'>[],
  now: Date,
  timeZone: string,
): Totals {
  const planned = new Map(shifts.map((s) => [s.assignmentId, s.end.getTime() - s.start.getTime()]));
  const used = new Map<string, number>();
  const clocked = new Set<string>();
  let regular = 0;
  let night = 0;
  let overtime = 0;
  let open = 0;
  let unscheduled = 0;
  let late = 0;
  for (const e of [...entries].sort((a, b) => a.clockIn.getTime() - b.clockIn.getTime())) {
    if (e.assignmentId) clocked.add(e.assignmentId);
    else unscheduled += 1;
    if (e.late) late += 1;
    if (!e.clockOut) {
      open += 1;
      continue;
    }
    const worked = Math.max(0, e.clockOut.getTime() - e.clockIn.getTime());
    let inPlan = worked;
    const length = e.assignmentId ? planned.get(e.assignmentId) : undefined;
    if (length !== undefined) {
      const before = used.get(e.assignmentId!) ?? 0;
      inPlan = Math.min(worked, Math.max(0, length - before));
      used.set(e.assignmentId!, before + worked);
    }
    const nightPart = nightMs(e.clockIn, new Date(e.clockIn.getTime() + inPlan), timeZone);
    night += nightPart;
    regular += inPlan - nightPart;
    overtime += worked - inPlan;
  }
  const missed = shifts.filter((s) => s.end <= now && !clocked.has(s.assignmentId)).length;
  return {
    regular: hours(regular),
    night: hours(night),
    overtime: hours(overtime),
    total: hours(regular + night + overtime),
    shifts: shifts.length,
    late,
    missed,
    unscheduled,
    open,
  };
}

/** The instants a period of local days covers: from its first day's midnight to the midnight after it. */
export const periodSpan = (from: LocalDate, to: LocalDate, timeZone: string) => ({
  start: instantOf(from, '00:00', timeZone),
  end: instantOf(addDays(to, 1), '00:00', timeZone),
});
