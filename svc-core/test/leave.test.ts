import {
  balanceOf,
  completedMonths,
  countLeaveDays,
  entitledIn,
  halfPayDays,
  type LeavePolicy,
} from '../src/domain/leave';
import { LEAVE_PRESETS } from '../src/leave/statutory';
import { PRESET_HOLIDAYS } from '../src/leave/holidays';

/** The leave rules on calendar days: counting, accrual, carry-over and half pay. */
const preset = (code: string): LeavePolicy => LEAVE_PRESETS.find((p) => p.code === code)!;
const annual = preset('annual');
const sick = preset('sick');
const unpaid = preset('unpaid');
const keHolidays = new Set(PRESET_HOLIDAYS.KE!.map((h) => h.date));
const none = () => ({ used: 0, pending: 0 });

it("counts working days without weekends or Kenya's Easter holidays, calendar days for maternity", () => {
  // Thu 2 April to Wed 8 April 2026: Good Friday, the weekend and Easter Monday are not leave days.
  expect(countLeaveDays('2026-04-02', '2026-04-08', false, annual, keHolidays)).toEqual({
    total: 3,
    byYear: { '2026': 3 },
  });
  expect(countLeaveDays('2026-04-02', '2026-04-08', false, preset('maternity'), keHolidays).total).toBe(7);
  expect(countLeaveDays('2026-04-09', '2026-04-09', true, annual, keHolidays).total).toBe(0.5);
  expect(countLeaveDays('2026-04-04', '2026-04-05', false, annual, keHolidays).total).toBe(0);
  // Across the new year: each day in its own leave year (25, 26 Dec 2026 and 1 Jan 2027 are holidays).
  expect(countLeaveDays('2026-12-24', '2027-01-05', false, annual, keHolidays).byYear).toEqual({
    '2026': 5,
    '2027': 2,
  });
});

it('keeps a holiday falling on a Sunday on the Monday after, and the movable feasts', () => {
  const days = (year: string) =>
    PRESET_HOLIDAYS.KE!.filter((h) => h.date.startsWith(year)).map((h) => [h.date, h.name.en]);
  expect(days('2026')).toContainEqual(['2026-04-03', 'Good Friday']);
  expect(days('2026')).toContainEqual(['2026-04-06', 'Easter Monday']);
  expect(days('2026')).toContainEqual(['2026-03-20', 'Idd-ul-Fitr']);
  expect(days('2027')).toContainEqual(['2027-03-26', 'Good Friday']);
  expect(days('2027')).toContainEqual(['2027-03-29', 'Easter Monday']);
  expect(days('2027')).toContainEqual(['2027-03-09', 'Idd-ul-Fitr']);
  for (const [date, name] of [
    ['2027-10-11', 'Mazingira Day (observed)'],
    ['2027-12-13', 'Jamhuri Day (observed)'],
    ['2027-12-27', 'Boxing Day (observed)'],
  ])
    expect(days('2027')).toContainEqual([date, name]);
  for (const h of PRESET_HOLIDAYS.KE!)
    if (h.name.en.endsWith('(observed)')) expect(new Date(`${h.date}T12:00:00Z`).getUTCDay()).toBe(1);
});

it('accrues 1.75 days of annual leave for each completed month, from the first', () => {
  expect(completedMonths('2026-01-01', '2026-01-30')).toBe(0);
  expect(completedMonths('2026-01-01', '2026-01-31')).toBe(1);
  expect(entitledIn(annual, 2026, '2020-05-01', '2026-01-31')).toBe(1.75);
  expect(entitledIn(annual, 2026, '2020-05-01', '2026-12-31')).toBe(21);
  // Joined 15 July: five completed months by 31 December.
  expect(entitledIn(annual, 2026, '2026-07-15', '2026-08-14')).toBe(1.75);
  expect(entitledIn(annual, 2026, '2026-07-15', '2026-12-31')).toBe(8.75);
  expect(entitledIn(annual, 2026, '2026-07-15', '2026-07-20')).toBe(0);
  // Sick leave: 14 days once two months are served.
  expect(entitledIn(sick, 2026, '2026-07-15', '2026-09-14')).toBe(0);
  expect(entitledIn(sick, 2026, '2026-07-15', '2026-09-15')).toBe(14);
});

it('carries over what is left, within the cap, and never a debt', () => {
  const use = (year: number) => (year === 2026 ? { used: 10, pending: 0 } : none());
  const b = balanceOf(annual, { year: 2027, asOf: '2027-02-10', serviceStart: null, firstYear: 2026, use });
  expect(b).toMatchObject({ entitled: 1.75, carriedOver: 7, used: 0, available: 8.75 });
  const overdrawn = (year: number) => (year === 2026 ? { used: 30, pending: 0 } : none());
  expect(
    balanceOf(
      { ...annual, carryOverCap: null },
      { year: 2027, asOf: '2027-01-31', serviceStart: null, firstYear: 2026, use: overdrawn },
    ).carriedOver,
  ).toBe(0);
  expect(
    balanceOf(annual, { year: 2026, asOf: '2026-12-31', serviceStart: null, firstYear: 2026, use: none })
      .carriedOver,
  ).toBe(0);
});

it("counts an opening's days carried in as that year's carry and its days taken as used, then carries on", () => {
  const base = { serviceStart: '2015-03-01', firstYear: 2026, use: none };
  // Adopted in September 2026: 9 days carried in (over the cap of 7: the old employer allowed them), 6 taken.
  const opening = (year: number) => (year === 2026 ? { broughtForward: 9, taken: 6 } : null);
  expect(balanceOf(annual, { ...base, year: 2026, asOf: '2026-09-15', opening })).toEqual({
    year: 2026,
    entitled: 14,
    carriedOver: 9,
    used: 6,
    pending: 0,
    available: 17,
  });
  // Into 2027: 21 + 9 - 6 = 24 left, 7 carried within the cap.
  expect(balanceOf(annual, { ...base, year: 2027, asOf: '2027-01-31', opening })).toMatchObject({
    carriedOver: 7,
    used: 0,
    available: 8.75,
  });
  // An opening for a later year replaces what would have carried into it.
  const later = (year: number) => (year === 2027 ? { broughtForward: 2.5, taken: 0 } : null);
  expect(balanceOf(annual, { ...base, year: 2027, asOf: '2027-01-31', opening: later })).toMatchObject({
    carriedOver: 2.5,
    available: 4.25,
  });
  // No balance kept: the days taken still show as used.
  expect(balanceOf(unpaid, { ...base, year: 2026, asOf: '2026-09-15', opening })).toMatchObject({
    used: 6,
    available: null,
  });
});

it('puts sick days past the seventh on half pay', () => {
  expect(halfPayDays(sick, 0, 5)).toBe(0);
  expect(halfPayDays(sick, 5, 5)).toBe(3);
  expect(halfPayDays(sick, 9, 2)).toBe(2);
  expect(halfPayDays(annual, 20, 5)).toBe(0);
});
