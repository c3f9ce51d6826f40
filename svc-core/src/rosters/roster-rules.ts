/**
 * A roster's rules, as pure functions over its shifts: who is on leave, who overlaps, who gets less than 11
 * hours' rest, who works more nights in a row than allowed, who is not cleared to practise on a clinical
 * shift, which shift lacks its minimum of a profession, who is fatigued (too many nights in a row, too few
 * rest days in 7), and the summary counting each. The store reads the rows; the screen shows what these
 * return beside each assignment and person.
 */
import { addDays, daysBetween, type LocalDate } from '../domain/dates';

/** Rules an assignment itself can break (a manager keeps one only with a reason). */
export const ASSIGNMENT_RULES = [
  'on-leave',
  'overlap',
  'short-rest',
  'too-many-nights',
  'not-cleared',
] as const;
export type AssignmentRule = (typeof ASSIGNMENT_RULES)[number];
export const FATIGUE_REASONS = ['many-nights', 'few-rest-days'] as const;
export type FatigueReason = (typeof FATIGUE_REASONS)[number];

/** At least this much rest between the end of one shift and the start of the next. */
export const MIN_REST_MINUTES = 11 * 60;
/**
 * The fatigue flag's limits: an organisation's setting (`organisations.fatigue_*`), these until HR changes
 * them. Three nights in a row: shift-work fatigue guidance (the UK Health and Safety Executive's, for one)
 * advises no more; it is also the roster's own rule's default. One rest day in seven: Kenya's Employment
 * Act 2007 (s. 27) gives every employee at least one rest day in every period of seven days, so below it a
 * roster breaks the law, not only tires; HR may ask for more.
 */
export interface FatigueLimits {
  maxConsecutiveNights: number;
  /** Days with no minute of work in any 7 days in a row. */
  minRestDays: number;
}
export const DEFAULT_FATIGUE_LIMITS: FatigueLimits = { maxConsecutiveNights: 3, minRestDays: 1 };

export interface ShiftTemplateRule {
  id: string;
  /** `HH:MM`, the organisation's local time; `endsAt` at or before `startsAt` ends the next day. */
  startsAt: string;
  endsAt: string;
  /** A clinical shift needs someone cleared to practise. */
  clinical: boolean;
  minimumStaffing: { profession: string; count: number }[];
}

export interface RosterPerson {
  staffId: string;
  profession: string | null;
  cleared: boolean;
  /** Days (inclusive ranges) of approved leave. */
  leave: { from: LocalDate; to: LocalDate }[];
}

export interface Shift {
  id: string;
  staffId: string;
  templateId: string;
  day: LocalDate;
}

const minutesOf = (hhmm: string) => {
  const [h, m] = hhmm.split(':').map(Number) as [number, number];
  return h * 60 + m;
};

/** A shift's span in minutes from `origin`'s midnight: [start, end), crossing midnight when it ends earlier. */
export function spanOf(
  template: Pick<ShiftTemplateRule, 'startsAt' | 'endsAt'>,
  day: LocalDate,
  origin: LocalDate,
) {
  const start = daysBetween(origin, day) * 1440 + minutesOf(template.startsAt);
  let length = minutesOf(template.endsAt) - minutesOf(template.startsAt);
  if (length <= 0) length += 1440;
  return { start, end: start + length };
}

/** A night shift: one that crosses midnight or starts before 05:00. */
export const isNight = (template: Pick<ShiftTemplateRule, 'startsAt' | 'endsAt'>) =>
  minutesOf(template.endsAt) <= minutesOf(template.startsAt) || minutesOf(template.startsAt) < 5 * 60;

/** Hours of a shift. */
export const hoursOf = (template: Pick<ShiftTemplateRule, 'startsAt' | 'endsAt'>) => {
  const { start, end } = spanOf(template, '2000-01-01', '2000-01-01');
  return (end - start) / 60;
};

/** Code-point order: the same on every machine, whatever its locale. */
const byText = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

const onLeave = (person: RosterPerson, day: LocalDate) =>
  person.leave.some((l) => l.from <= day && day <= l.to);

/**
 * Everything needed to check one person's shifts quickly: the suggestion asks it for each candidate,
 * so it is built once per roster and kept current as shifts are added.
 */
export class RosterRules {
  /** Each person's shifts with their spans, computed once. */
  private readonly byPerson = new Map<string, Placed[]>();
  private readonly dayIndex = new Map<LocalDate, number>();

  constructor(
    private readonly templates: ReadonlyMap<string, ShiftTemplateRule>,
    private readonly people: ReadonlyMap<string, RosterPerson>,
    private readonly maxConsecutiveNights: number,
    shifts: readonly Shift[],
    /** Any day before the roster's first: spans are counted from it. */
    private readonly origin: LocalDate,
  ) {
    for (const shift of shifts) this.add(shift);
  }

  add(shift: Shift) {
    const list = this.byPerson.get(shift.staffId) ?? [];
    list.push(this.place(shift));
    this.byPerson.set(shift.staffId, list);
  }

  shiftsOf(staffId: string): readonly Shift[] {
    return (this.byPerson.get(staffId) ?? []).map((p) => p.shift);
  }

  private indexOf(day: LocalDate): number {
    let index = this.dayIndex.get(day);
    if (index === undefined) {
      index = daysBetween(this.origin, day);
      this.dayIndex.set(day, index);
    }
    return index;
  }

  private place(shift: Shift): Placed {
    const template = this.templates.get(shift.templateId)!;
    const day = this.indexOf(shift.day);
    const start = day * 1440 + minutesOf(template.startsAt);
    let length = minutesOf(template.endsAt) - minutesOf(template.startsAt);
    if (length <= 0) length += 1440;
    return { shift, day, start, end: start + length, night: isNight(template) };
  }

  /**
   * The rules `shift` breaks among the person's other shifts (it need not be added yet). Short rest is
   * the later shift's fault; an overlap is both's.
   */
  violations(shift: Shift): AssignmentRule[] {
    const template = this.templates.get(shift.templateId)!;
    const person = this.people.get(shift.staffId);
    const broken = new Set<AssignmentRule>();
    if (person && onLeave(person, shift.day)) broken.add('on-leave');
    if (template.clinical && person && !person.cleared) broken.add('not-cleared');
    const own = this.place(shift);
    const others = (this.byPerson.get(shift.staffId) ?? []).filter((p) => p.shift.id !== shift.id);
    for (const other of others) {
      if (other.start < own.end && own.start < other.end) broken.add('overlap');
      else if (other.end <= own.start && own.start - other.end < MIN_REST_MINUTES) broken.add('short-rest');
    }
    if (own.night) {
      const nights = new Set(others.filter((p) => p.night).map((p) => p.day));
      let run = 1;
      while (nights.has(own.day - run)) run++;
      if (run > this.maxConsecutiveNights) broken.add('too-many-nights');
    }
    return ASSIGNMENT_RULES.filter((rule) => broken.has(rule));
  }
}

interface Placed {
  shift: Shift;
  /** Days from the origin. */
  day: number;
  start: number;
  end: number;
  night: boolean;
}

/** A shift on a day lacking people of a profession: how many it has and needs. */
export interface StaffingGap {
  day: LocalDate;
  templateId: string;
  profession: string;
  needed: number;
  assigned: number;
}

/** Every (day, shift, profession) whose minimum the roster does not meet, in day and start order. */
export function staffingGaps(
  days: readonly LocalDate[],
  templates: readonly ShiftTemplateRule[],
  people: ReadonlyMap<string, RosterPerson>,
  shifts: readonly Shift[],
): StaffingGap[] {
  const counts = new Map<string, number>();
  for (const s of shifts) {
    const key = `${s.day}|${s.templateId}|${people.get(s.staffId)?.profession ?? ''}`;
    counts.set(key, (counts.get(key) ?? 0) + 1);
  }
  const ordered = [...templates].sort((a, b) => minutesOf(a.startsAt) - minutesOf(b.startsAt));
  const gaps: StaffingGap[] = [];
  for (const day of days)
    for (const t of ordered)
      for (const { profession, count } of t.minimumStaffing) {
        const assigned = counts.get(`${day}|${t.id}|${profession}`) ?? 0;
        if (assigned < count) gaps.push({ day, templateId: t.id, profession, needed: count, assigned });
      }
  return gaps;
}

/** The days of a roster: `weeks` weeks from `startsOn`. */
export const rosterDays = (startsOn: LocalDate, weeks: number): LocalDate[] =>
  Array.from({ length: weeks * 7 }, (_, i) => addDays(startsOn, i));

/** A person's fatigue over a roster: the flags, their longest run of nights and fewest rest days in 7. */
export interface Fatigue {
  reasons: FatigueReason[];
  /** The longest run of nights in a row touching the roster's days (its shifts elsewhere count too). */
  nightsInARow: number;
  /** The fewest days without a minute of work in any 7 days in a row within the roster (7 when none). */
  fewestRestDays: number;
}

/**
 * Fatigue per person over a roster's `days` (whole weeks), from all of their shifts (this roster's and any
 * other's around it): `many-nights` when a run of nights in a row touching these days is longer than the
 * limit, `few-rest-days` when some 7 days in a row within them hold fewer rest days than the limit. A rest
 * day is a calendar day with no minute of work: the morning a night shift ends on is not one.
 */
export function fatigueOf(
  days: readonly LocalDate[],
  templates: ReadonlyMap<string, Pick<ShiftTemplateRule, 'startsAt' | 'endsAt'>>,
  shifts: readonly Pick<Shift, 'templateId' | 'day'>[],
  limits: FatigueLimits,
): Fatigue {
  const first = days[0]!;
  const last = days[days.length - 1]!;
  const origin = addDays(first, -28);
  const nights = new Set<number>();
  const worked = new Set<number>();
  for (const s of shifts) {
    const template = templates.get(s.templateId);
    if (!template) continue;
    const { start, end } = spanOf(template, s.day, origin);
    if (isNight(template)) nights.add(daysBetween(origin, s.day));
    for (let d = Math.floor(start / 1440); d <= Math.floor((end - 1) / 1440); d++) worked.add(d);
  }
  const from = daysBetween(origin, first);
  const to = daysBetween(origin, last);
  let nightsInARow = 0;
  for (const night of nights) {
    if (nights.has(night - 1)) continue;
    let run = 1;
    while (nights.has(night + run)) run++;
    if (night <= to && night + run - 1 >= from) nightsInARow = Math.max(nightsInARow, run);
  }
  let fewestRestDays = 7;
  for (let start = from; start + 6 <= to; start++) {
    let rest = 0;
    for (let d = start; d < start + 7; d++) if (!worked.has(d)) rest++;
    fewestRestDays = Math.min(fewestRestDays, rest);
  }
  const reasons: FatigueReason[] = [];
  if (nightsInARow > limits.maxConsecutiveNights) reasons.push('many-nights');
  if (fewestRestDays < limits.minRestDays) reasons.push('few-rest-days');
  return { reasons, nightsInARow, fewestRestDays };
}

/** The roster's rule summary: assignments breaking each rule, shifts short of people, people fatigued. */
export interface RuleSummary {
  rules: Record<AssignmentRule, number>;
  gaps: number;
  fatigue: Record<FatigueReason, number>;
}

export function ruleSummary(
  assignments: readonly { violations: readonly AssignmentRule[] }[],
  gaps: readonly unknown[],
  people: readonly { fatigue: readonly FatigueReason[] }[],
): RuleSummary {
  const rules = Object.fromEntries(ASSIGNMENT_RULES.map((r) => [r, 0])) as Record<AssignmentRule, number>;
  for (const a of assignments) for (const v of a.violations) rules[v]++;
  const fatigue = Object.fromEntries(FATIGUE_REASONS.map((r) => [r, 0])) as Record<FatigueReason, number>;
  for (const p of people) for (const f of p.fatigue) fatigue[f]++;
  return { rules, gaps: gaps.length, fatigue };
}

/**
 * The suggestion: for each day, each shift by its start, each profession's minimum, the people of that
 * profession who break no rule, fewest hours first (then name, then id), until the minimum is met. Only
 * adds; never moves a shift a manager made. Deterministic: the same roster gives the same answer.
 */
export function suggestFill(
  days: readonly LocalDate[],
  templates: readonly ShiftTemplateRule[],
  people: readonly (RosterPerson & { name: string })[],
  rules: RosterRules,
  existing: readonly Shift[],
  newId: () => string,
): Shift[] {
  const hours = new Map<string, number>();
  for (const s of existing) {
    const t = templates.find((x) => x.id === s.templateId);
    if (t) hours.set(s.staffId, (hours.get(s.staffId) ?? 0) + hoursOf(t));
  }
  const onShift = new Set(existing.map((s) => `${s.day}|${s.templateId}|${s.staffId}`));
  const countOf = new Map<string, number>();
  const professionOf = new Map(people.map((p) => [p.staffId, p.profession]));
  for (const s of existing) {
    const key = `${s.day}|${s.templateId}|${professionOf.get(s.staffId) ?? ''}`;
    countOf.set(key, (countOf.get(key) ?? 0) + 1);
  }
  const byProfession = new Map<string, (RosterPerson & { name: string })[]>();
  for (const p of people) {
    if (!p.profession) continue;
    byProfession.set(p.profession, [...(byProfession.get(p.profession) ?? []), p]);
  }
  const ordered = [...templates].sort((a, b) => minutesOf(a.startsAt) - minutesOf(b.startsAt));
  const added: Shift[] = [];
  for (const day of days)
    for (const t of ordered) {
      const length = hoursOf(t);
      for (const { profession, count } of t.minimumStaffing) {
        const key = `${day}|${t.id}|${profession}`;
        let have = countOf.get(key) ?? 0;
        if (have >= count) continue;
        const candidates = [...(byProfession.get(profession) ?? [])].sort(
          (a, b) =>
            (hours.get(a.staffId) ?? 0) - (hours.get(b.staffId) ?? 0) ||
            byText(a.name, b.name) ||
            byText(a.staffId, b.staffId),
        );
        for (const person of candidates) {
          if (have >= count) break;
          if (onShift.has(`${day}|${t.id}|${person.staffId}`)) continue;
          const shift = { id: newId(), staffId: person.staffId, templateId: t.id, day };
          if (rules.violations(shift).length) continue;
          rules.add(shift);
          added.push(shift);
          onShift.add(`${day}|${t.id}|${person.staffId}`);
          hours.set(person.staffId, (hours.get(person.staffId) ?? 0) + length);
          have++;
        }
        countOf.set(key, have);
      }
    }
  return added;
}
