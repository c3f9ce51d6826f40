/**
 * Leave rules on calendar days: which days a request counts, what a type entitles someone to in a leave
 * year (the calendar year), what carries over, and what remains. Pure: the store feeds it rows.
 */
import { addDays, addMonths, type LocalDate } from './dates';

export const LEAVE_ACCRUALS = ['monthly', 'yearly', 'none'] as const;
/**
 * `monthly`: a twelfth of the year's days for each completed month of service in the year (from the first
 * month: no qualifying year); `yearly`: the year's days at once, once the minimum service is reached;
 * `none`: no balance kept (unpaid leave), nothing refused for want of days.
 */
export type LeaveAccrual = (typeof LEAVE_ACCRUALS)[number];
export const LEAVE_STATUSES = ['pending', 'approved', 'declined', 'cancelled'] as const;
export type LeaveStatus = (typeof LEAVE_STATUSES)[number];

/** What of a leave type decides days and balances. */
export interface LeavePolicy {
  accrual: LeaveAccrual;
  daysPerYear: number;
  /** Days that may carry into the next year; null: all of them. */
  carryOverCap: number | null;
  countsWeekends: boolean;
  countsHolidays: boolean;
  allowNegative: boolean;
  minServiceMonths: number;
  /** Days in a year on full pay, the rest of the entitlement on half pay (sick leave); null: all full pay. */
  halfPayAfterDays: number | null;
  /** A document is asked for a request longer than this many days (0: always); null: never. */
  documentsAfterDays: number | null;
}

/** Longest request: a year and a day, so one request touches at most two leave years. */
export const MAX_REQUEST_DAYS = 366;

const round2 = (n: number) => Math.round(n * 100) / 100;
const yearOf = (day: LocalDate) => Number(day.slice(0, 4));

/** Saturday or Sunday (the day as written, computed at UTC noon so no zone moves it). */
export const isWeekend = (day: LocalDate): boolean => {
  const weekday = new Date(`${day}T12:00:00Z`).getUTCDay();
  return weekday === 0 || weekday === 6;
};

/**
 * The days a request from `from` to `to` (inclusive) counts, in total and per leave year: each day unless
 * the type skips weekends or public holidays; a half day is half of its one day.
 */
export function countLeaveDays(
  from: LocalDate,
  to: LocalDate,
  halfDay: boolean,
  policy: Pick<LeavePolicy, 'countsWeekends' | 'countsHolidays'>,
  holidays: ReadonlySet<LocalDate>,
): { total: number; byYear: Record<string, number> } {
  const byYear: Record<string, number> = {};
  let total = 0;
  const each = halfDay ? 0.5 : 1;
  for (let day = from; day <= to; day = addDays(day, 1)) {
    if (!policy.countsWeekends && isWeekend(day)) continue;
    if (!policy.countsHolidays && holidays.has(day)) continue;
    const year = String(yearOf(day));
    byYear[year] = (byYear[year] ?? 0) + each;
    total += each;
  }
  return { total, byYear };
}

/** Whole months from `start` to the end of `through` (31 Jan counts one month from 1 Jan). */
export function completedMonths(start: LocalDate, through: LocalDate): number {
  const next = addDays(through, 1);
  let months = 0;
  while (addMonths(start, months + 1) <= next) months++;
  return months;
}

/** The first day someone may take this leave: their start plus the minimum service (no start: always). */
export const eligibleFrom = (policy: LeavePolicy, serviceStart: LocalDate | null): LocalDate | null =>
  serviceStart === null ? null : addMonths(serviceStart, policy.minServiceMonths);

/**
 * The days `year` entitles someone to, as accrued by `asOf` (the year's end at most); null where no balance
 * is kept. Without a start date a person counts as in service all year.
 */
export function entitledIn(
  policy: LeavePolicy,
  year: number,
  serviceStart: LocalDate | null,
  asOf: LocalDate,
): number | null {
  if (policy.accrual === 'none') return null;
  const first = `${year}-01-01`;
  const last = `${year}-12-31`;
  const until = asOf < last ? asOf : last;
  if (until < first) return 0;
  if (serviceStart !== null && serviceStart > until) return 0;
  const eligible = eligibleFrom(policy, serviceStart);
  if (eligible !== null && eligible > until) return 0;
  if (policy.accrual === 'yearly') return policy.daysPerYear;
  const from = serviceStart !== null && serviceStart > first ? serviceStart : first;
  return round2((policy.daysPerYear / 12) * completedMonths(from, until));
}

/** Approved and pending days of one person and type, per leave year. */
export type LeaveUse = (year: number) => { used: number; pending: number };

/**
 * What HR entered for a person, type and year from before the organisation kept their leave here: days
 * carried in stand for that year's carry-over (nothing else carries in), days taken count as used.
 */
export interface LeaveOpening {
  broughtForward: number;
  taken: number;
}

export interface LeaveBalance {
  year: number;
  /** Accrued by the day asked; null where no balance is kept. */
  entitled: number | null;
  carriedOver: number;
  used: number;
  pending: number;
  /** Entitled and carried, less used and pending; null where no balance is kept. */
  available: number | null;
}

/**
 * One person's balance of one type in `year` as of `asOf`. What carries into a year is the year before's
 * full entitlement and carry, less what was used, within the cap (never a debt); nothing carries into
 * `firstYear` (the year the type began to be kept for them). A year with an opening (`opening`) has its
 * days carried in instead, as HR entered them (not capped: the old employer's rules made them), and its
 * days taken counted as used, in that year and in what it carries on.
 */
export function balanceOf(
  policy: LeavePolicy,
  args: {
    year: number;
    asOf: LocalDate;
    serviceStart: LocalDate | null;
    firstYear: number;
    use: LeaveUse;
    opening?: (year: number) => LeaveOpening | null;
  },
): LeaveBalance {
  const { year, asOf, serviceStart, firstYear, use } = args;
  const opening = args.opening ?? (() => null);
  const usedIn = (y: number) => round2(use(y).used + (opening(y)?.taken ?? 0));
  const { pending } = use(year);
  const used = usedIn(year);
  if (policy.accrual === 'none')
    return { year, entitled: null, carriedOver: 0, used, pending, available: null };
  let carried = 0;
  for (let y = firstYear; y <= year; y++) {
    const open = opening(y);
    if (open) carried = open.broughtForward;
    if (y === year) break;
    const left = (entitledIn(policy, y, serviceStart, `${y}-12-31`) ?? 0) + carried - usedIn(y);
    carried = Math.max(0, Math.min(policy.carryOverCap ?? Infinity, left));
  }
  const entitled = entitledIn(policy, year, serviceStart, asOf) ?? 0;
  return {
    year,
    entitled,
    carriedOver: round2(carried),
    used,
    pending,
    available: round2(entitled + carried - used - pending),
  };
}

/**
 * Of `days` taken after `before` days already used in the year, how many are on half pay: those beyond
 * the type's full-pay days (sick leave: the 8th day on).
 */
export function halfPayDays(policy: LeavePolicy, before: number, days: number): number {
  if (policy.halfPayAfterDays === null) return 0;
  const over = (n: number) => Math.max(0, n - policy.halfPayAfterDays!);
  return round2(over(before + days) - over(before));
}

export const needsDocument = (policy: LeavePolicy, days: number): boolean =>
  policy.documentsAfterDays !== null && days > policy.documentsAfterDays;

export { yearOf as leaveYearOf };
