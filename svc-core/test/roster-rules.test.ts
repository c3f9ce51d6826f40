import {
  fatigueOf,
  hoursOf,
  isNight,
  rosterDays,
  ruleSummary,
  RosterRules,
  staffingGaps,
  suggestFill,
  type RosterPerson,
  type Shift,
  type ShiftTemplateRule,
} from '../src/rosters/roster-rules';
import { canManageRoster, type OrgActor } from '../src/domain/roles';

const day: ShiftTemplateRule = {
  id: 'day',
  startsAt: '07:00',
  endsAt: '19:00',
  clinical: true,
  minimumStaffing: [{ profession: 'Nurse', count: 2 }],
};
const night: ShiftTemplateRule = {
  id: 'night',
  startsAt: '19:00',
  endsAt: '07:00',
  clinical: true,
  minimumStaffing: [
    { profession: 'Nurse', count: 2 },
    { profession: 'Clinical Officer', count: 1 },
  ],
};
const admin: ShiftTemplateRule = {
  id: 'admin',
  startsAt: '08:00',
  endsAt: '17:00',
  clinical: false,
  minimumStaffing: [],
};
const early: ShiftTemplateRule = {
  id: 'early',
  startsAt: '06:00',
  endsAt: '14:00',
  clinical: true,
  minimumStaffing: [],
};
const templates = new Map([day, night, admin, early].map((t) => [t.id, t]));

const person = (staffId: string, over: Partial<RosterPerson> = {}): RosterPerson & { name: string } => ({
  staffId,
  name: staffId,
  profession: 'Nurse',
  cleared: true,
  leave: [],
  ...over,
});
let n = 0;
const shift = (staffId: string, templateId: string, d: string): Shift => ({
  id: `s${++n}`,
  staffId,
  templateId,
  day: d,
});
const rulesFor = (people: RosterPerson[], shifts: Shift[], maxNights = 3) =>
  new RosterRules(templates, new Map(people.map((p) => [p.staffId, p])), maxNights, shifts, '2026-02-01');

describe('shifts', () => {
  it('a shift ending at or before its start ends the next day and is a night', () => {
    expect([isNight(day), isNight(night), hoursOf(day), hoursOf(night)]).toEqual([false, true, 12, 12]);
    expect(isNight({ startsAt: '00:00', endsAt: '08:00' })).toBe(true);
  });
});

describe('the rules an assignment breaks', () => {
  it('nothing, for a rested, cleared nurse not on leave', () => {
    expect(rulesFor([person('amina')], []).violations(shift('amina', 'day', '2026-03-02'))).toEqual([]);
  });

  it('leave: approved leave covering the day', () => {
    const amina = person('amina', { leave: [{ from: '2026-03-02', to: '2026-03-04' }] });
    const rules = rulesFor([amina], []);
    expect(rules.violations(shift('amina', 'day', '2026-03-04'))).toEqual(['on-leave']);
    expect(rules.violations(shift('amina', 'day', '2026-03-05'))).toEqual([]);
  });

  it('not cleared to practise: on a clinical shift only', () => {
    const rules = rulesFor([person('amina', { cleared: false })], []);
    expect(rules.violations(shift('amina', 'day', '2026-03-02'))).toEqual(['not-cleared']);
    expect(rules.violations(shift('amina', 'admin', '2026-03-02'))).toEqual([]);
  });

  it('overlap: two shifts at once, across midnight too', () => {
    const rules = rulesFor([person('amina')], [shift('amina', 'night', '2026-03-02')]);
    expect(rules.violations(shift('amina', 'admin', '2026-03-02'))).toEqual([]); // 08–17 before 19:00
    expect(rules.violations(shift('amina', 'early', '2026-03-03'))).toEqual(['overlap']); // the night ends at 07:00
    const days = rulesFor([person('amina')], [shift('amina', 'day', '2026-03-02')]);
    expect(days.violations(shift('amina', 'admin', '2026-03-02'))).toEqual(['overlap']);
  });

  it('11 hours of rest: a day shift after a night that ended at 07:00 the same morning is short', () => {
    const rules = rulesFor([person('amina')], [shift('amina', 'night', '2026-03-02')]);
    expect(rules.violations(shift('amina', 'day', '2026-03-03'))).toEqual(['short-rest']);
    expect(rules.violations(shift('amina', 'day', '2026-03-04'))).toEqual([]);
    // Day 07–19 then night 19–07 the same day: no rest at all.
    const back = rulesFor([person('amina')], [shift('amina', 'day', '2026-03-02')]);
    expect(back.violations(shift('amina', 'night', '2026-03-02'))).toEqual(['short-rest']);
  });

  it('nights in a row: the one beyond the roster’s maximum', () => {
    const nights = ['2026-03-02', '2026-03-03', '2026-03-04'].map((d) => shift('amina', 'night', d));
    const rules = rulesFor([person('amina')], nights, 3);
    expect(rules.violations(shift('amina', 'night', '2026-03-05'))).toEqual(['too-many-nights']);
    expect(rules.violations(shift('amina', 'night', '2026-03-06'))).toEqual([]);
    expect(rulesFor([person('amina')], nights, 4).violations(shift('amina', 'night', '2026-03-05'))).toEqual(
      [],
    );
  });

  it('several at once, in a fixed order', () => {
    const amina = person('amina', { cleared: false, leave: [{ from: '2026-03-03', to: '2026-03-03' }] });
    const rules = rulesFor([amina], [shift('amina', 'night', '2026-03-02')]);
    expect(rules.violations(shift('amina', 'day', '2026-03-03'))).toEqual([
      'on-leave',
      'short-rest',
      'not-cleared',
    ]);
  });
});

describe('minimum staffing', () => {
  it('lists each shift and profession below its minimum', () => {
    const people = new Map(
      [person('a'), person('b'), person('co', { profession: 'Clinical Officer' })].map((p) => [p.staffId, p]),
    );
    const gaps = staffingGaps(['2026-03-02'], [day, night], people, [
      shift('a', 'day', '2026-03-02'),
      shift('b', 'day', '2026-03-02'),
      shift('a', 'night', '2026-03-02'),
    ]);
    expect(gaps).toEqual([
      { day: '2026-03-02', templateId: 'night', profession: 'Nurse', needed: 2, assigned: 1 },
      { day: '2026-03-02', templateId: 'night', profession: 'Clinical Officer', needed: 1, assigned: 0 },
    ]);
  });
});

describe('fatigue', () => {
  const limits = { maxConsecutiveNights: 3, minRestDays: 1 };
  const week = rosterDays('2026-03-02', 1);
  const nights = (...days: string[]) => days.map((d) => shift('a', 'night', `2026-03-${d}`));

  it('flags more nights in a row than the limit, counting nights on other rosters around it', () => {
    expect(fatigueOf(week, templates, nights('02', '03', '04'), limits)).toEqual({
      reasons: [],
      nightsInARow: 3,
      fewestRestDays: 3,
    });
    expect(fatigueOf(week, templates, nights('02', '03', '04', '05'), limits)).toMatchObject({
      reasons: ['many-nights'],
      nightsInARow: 4,
    });
    // A night before the roster (another roster's) and two in it: three in a row.
    expect(
      fatigueOf(week, templates, nights('01', '02', '03'), { ...limits, maxConsecutiveNights: 2 }),
    ).toMatchObject({
      reasons: ['many-nights'],
      nightsInARow: 3,
    });
    // A run wholly before the roster is not this roster's.
    expect(
      fatigueOf(rosterDays('2026-03-09', 1), templates, nights('02', '03', '04', '05', '06'), limits),
    ).toMatchObject({ reasons: [], nightsInARow: 0 });
    // A break of a day starts a new run.
    expect(fatigueOf(week, templates, nights('02', '03', '05', '06'), limits).nightsInARow).toBe(2);
  });

  it('flags fewer rest days in some 7 days than the limit: a morning after a night is no rest day', () => {
    const days = ['02', '03', '04', '05', '06', '07'].map((d) => shift('a', 'day', `2026-03-${d}`));
    expect(fatigueOf(week, templates, days, limits)).toEqual({
      reasons: [],
      nightsInARow: 0,
      fewestRestDays: 1,
    });
    expect(fatigueOf(week, templates, days, { ...limits, minRestDays: 2 }).reasons).toEqual([
      'few-rest-days',
    ]);
    expect(fatigueOf(week, templates, [...days, shift('a', 'day', '2026-03-08')], limits).reasons).toEqual([
      'few-rest-days',
    ]);
    // Nights on Mon, Wed, Fri, Sat: every day has work (the mornings they end on), no rest day at all.
    const spread = nights('02', '04', '06', '07');
    expect(fatigueOf(week, templates, spread, limits)).toMatchObject({
      reasons: ['few-rest-days'],
      fewestRestDays: 0,
    });
    // Over two weeks, the 7 days in a row are any 7, not only the roster's weeks.
    const twoWeeks = rosterDays('2026-03-02', 2);
    const straddle = ['05', '06', '07', '08', '09', '10', '11'].map((d) => shift('a', 'day', `2026-03-${d}`));
    expect(fatigueOf(twoWeeks, templates, straddle, limits)).toMatchObject({
      reasons: ['few-rest-days'],
      fewestRestDays: 0,
    });
  });

  it('sums each rule in the roster’s summary', () => {
    expect(
      ruleSummary(
        [
          { violations: ['short-rest', 'too-many-nights'] },
          { violations: ['short-rest'] },
          { violations: [] },
        ],
        [{}, {}],
        [{ fatigue: ['many-nights', 'few-rest-days'] }, { fatigue: ['few-rest-days'] }, { fatigue: [] }],
      ),
    ).toEqual({
      rules: { 'on-leave': 0, overlap: 0, 'short-rest': 2, 'too-many-nights': 1, 'not-cleared': 0 },
      gaps: 2,
      fatigue: { 'many-nights': 1, 'few-rest-days': 2 },
    });
  });
});

describe('the suggestion', () => {
  const days = [
    '2026-03-02',
    '2026-03-03',
    '2026-03-04',
    '2026-03-05',
    '2026-03-06',
    '2026-03-07',
    '2026-03-08',
  ];
  const team = () => [
    ...['n1', 'n2', 'n3', 'n4', 'n5', 'n6', 'n7', 'n8'].map((id) => person(id)),
    person('n9', { cleared: false }),
    person('n10', { leave: [{ from: '2026-03-01', to: '2026-03-31' }] }),
    ...['c1', 'c2', 'c3'].map((id) => person(id, { profession: 'Clinical Officer' })),
  ];

  it('meets every minimum without breaking a rule, and is the same each time', () => {
    const fill = () => {
      let i = 0;
      const people = team();
      const rules = rulesFor(people, [], 3);
      return { added: suggestFill(days, [day, night], people, rules, [], () => `x${++i}`), people };
    };
    const { added, people } = fill();
    const map = new Map(people.map((p) => [p.staffId, p]));
    expect(staffingGaps(days, [day, night], map, added)).toEqual([]);
    const check = rulesFor(people, added, 3);
    expect(added.filter((s) => check.violations(s).length)).toEqual([]);
    expect(added.some((s) => s.staffId === 'n9' || s.staffId === 'n10')).toBe(false);
    expect(fill().added).toEqual(added);
  });

  it('keeps what the manager made and only adds', () => {
    const people = team();
    const mine = [shift('n1', 'day', '2026-03-02'), shift('n2', 'day', '2026-03-02')];
    const rules = rulesFor(people, mine, 3);
    const added = suggestFill(days, [day], people, rules, mine, () => `y${++n}`);
    expect(added.filter((s) => s.day === '2026-03-02')).toEqual([]);
    expect(added).toHaveLength(12);
  });

  it('leaves a gap rather than break a rule', () => {
    const people = [person('n1'), person('n2')];
    const added = suggestFill(
      ['2026-03-02'],
      [day, night],
      people,
      rulesFor(people, [], 3),
      [],
      () => `z${++n}`,
    );
    const map = new Map(people.map((p) => [p.staffId, p]));
    expect(
      staffingGaps(['2026-03-02'], [day, night], map, added).map((g) => [g.templateId, g.profession]),
    ).toEqual([
      ['night', 'Nurse'],
      ['night', 'Clinical Officer'],
    ]);
  });
});

describe('who makes rosters', () => {
  const actor = (role: OrgActor['role'], departmentIds: string[] = []): OrgActor => ({
    personId: 'p',
    organisationId: 'org',
    role,
    departmentIds,
    locationIds: ['loc'],
    timeZone: 'Africa/Nairobi',
  });
  it('HR every department, a manager theirs, staff and another organisation none', () => {
    const ward = { organisationId: 'org', id: 'ward' };
    expect(canManageRoster(actor('owner'), ward)).toBe(true);
    expect(canManageRoster(actor('hr-admin'), ward)).toBe(true);
    expect(canManageRoster(actor('manager', ['ward']), ward)).toBe(true);
    expect(canManageRoster(actor('manager', ['lab']), ward)).toBe(false);
    expect(canManageRoster(actor('staff'), ward)).toBe(false);
    expect(canManageRoster(actor('owner'), { organisationId: 'other', id: 'ward' })).toBe(false);
  });
});
