import { startCore, type CoreContext, type Persona } from './helpers';

/**
 * Leave against real Postgres and NATS on the test clock: the presets, working days without weekends and
 * holidays, half days, overlaps, balances that may not go negative, accrual and carry-over across a year,
 * who decides in which scope, the person told, the events and audit, who is away, the CSV.
 */
let ctx: CoreContext;
beforeAll(async () => {
  ctx = await startCore();
});
afterAll(async () => ctx?.close());

type LeaveType = { id: string; code: string | null; name: string; daysPerYear: number };

const typesOf = async (who: Persona): Promise<LeaveType[]> =>
  (await ctx.call('GET', '/api/core/leave/types', who)).json().data;
const typeCoded = async (who: Persona, code: string) => (await typesOf(who)).find((t) => t.code === code)!;
const staffIdOf = async (clinic: Persona, person: Persona) =>
  (await ctx.call('GET', '/api/core/staff?limit=100', clinic))
    .json()
    .data.find((s: { personId: string }) => s.personId === person.id).id as string;
const ask = (who: Persona, body: Record<string, unknown>) =>
  ctx.call('POST', '/api/core/leave/requests', who, body);
const decide = (who: Persona, id: string, body: Record<string, unknown>) =>
  ctx.call('PATCH', `/api/core/leave/requests/${id}`, who, body);
const balanceOf = async (who: Persona, code: string, year?: number) => {
  const types = await typesOf(who);
  const id = types.find((t) => t.code === code)!.id;
  const res = await ctx.call('GET', `/api/core/leave/balances/me${year ? `?year=${year}` : ''}`, who);
  expect(res.statusCode).toBe(200);
  return res.json().data.find((b: { typeId: string }) => b.typeId === id);
};
const requestCount = async (orgId: string) =>
  (
    await ctx.sql<{ n: number }>(
      `select count(*)::int as n from core.leave_requests where org_id = $1`,
      orgId,
    )
  )[0]!.n;
/** The leave notices to a person: [kind, English title]. */
const noticesTo = async (userId: string) =>
  (
    await ctx.sql<{ kind: string; title: string }>(
      `select payload->'data'->>'kind' as kind, payload->'data'->'title'->>'en' as title from core.outbox
       where type = 'core.notification.requested.v1' and payload->'data'->>'userId' = $1
         and payload->'data'->>'kind' like 'core.leave-%' order by seq`,
      userId,
    )
  ).map((n) => [n.kind, n.title]);
const eventsOf = async (requestId: string) =>
  (
    await ctx.sql<{ type: string }>(
      `select type from core.outbox where payload->'data'->>'requestId' = $1
         or payload->'data'->'target'->>'id' = $1 order by seq`,
      requestId,
    )
  ).map((e) => e.type);

/** A clinic with an HR admin, a ward (department) with its manager and a nurse, and a lab technician elsewhere. */
async function hospital(nurseStart = '2020-05-01') {
  const clinic = await ctx.clinic();
  const hr = await ctx.member(clinic, { name: 'Halima Yusuf' });
  const manager = await ctx.member(clinic, { name: 'Grace Wanjiru' });
  const nurse = await ctx.member(clinic, { name: 'Amina Otieno', designation: 'Nurse' });
  const tech = await ctx.member(clinic, { name: 'Brian Kiprop' });
  const ward = (await ctx.call('POST', '/api/core/departments', clinic, { name: 'Maternity ward' })).json()
    .data.id;
  const lab = (await ctx.call('POST', '/api/core/departments', clinic, { name: 'Laboratory' })).json().data
    .id;
  const role = (who: Persona, body: Record<string, unknown>) =>
    staffIdOf(clinic, who).then((id) => ctx.call('PUT', `/api/core/staff/${id}/role`, clinic, body));
  expect((await role(hr, { role: 'hr-admin' })).statusCode).toBe(200);
  expect((await role(manager, { role: 'manager', departmentIds: [ward] })).statusCode).toBe(200);
  const nurseId = await staffIdOf(clinic, nurse);
  const techId = await staffIdOf(clinic, tech);
  for (const [id, body] of [
    [nurseId, { departmentId: ward, startDate: nurseStart }],
    [techId, { departmentId: lab, startDate: '2019-02-01' }],
  ] as const)
    expect((await ctx.call('PATCH', `/api/core/staff/${id}`, hr, body)).statusCode).toBe(200);
  return { clinic, hr, manager, nurse, tech, nurseId, techId, ward, lab };
}

it("presets Kenya's leave types and public holidays, which only HR edits (audited)", async () => {
  ctx.clock.set('2026-01-10');
  const { clinic, hr, nurse } = await hospital();
  const types = await typesOf(nurse);
  expect(types.map((t) => [t.code, t.name, t.daysPerYear])).toEqual([
    ['annual', 'Annual leave', 21],
    ['sick', 'Sick leave', 14],
    ['maternity', 'Maternity leave', 90],
    ['paternity', 'Paternity leave', 14],
    ['compassionate', 'Compassionate leave', 5],
    ['study', 'Study leave', 10],
    ['unpaid', 'Unpaid leave', 0],
  ]);
  expect(types[0]).toMatchObject({
    accrual: 'monthly',
    carryOverCap: 7,
    countsWeekends: false,
    countsHolidays: false,
    allowNegative: false,
    names: { en: 'Annual leave', sw: 'Likizo ya mwaka', fr: 'Congé annuel' },
  });
  expect(types[1]).toMatchObject({ minServiceMonths: 2, halfPayAfterDays: 7, documentsAfterDays: 2 });
  expect(await typesOf(clinic)).toHaveLength(7); // seeded once

  const holidays = (await ctx.call('GET', '/api/core/holidays?country=KE&year=2026', nurse)).json().data;
  expect(holidays.map((h: { date: string }) => h.date)).toEqual([
    '2026-01-01',
    '2026-03-20',
    '2026-04-03',
    '2026-04-06',
    '2026-05-01',
    '2026-06-01',
    '2026-10-10',
    '2026-10-20',
    '2026-12-12',
    '2026-12-25',
    '2026-12-26',
  ]);
  const y2027 = (await ctx.call('GET', '/api/core/holidays?year=2027', nurse)).json().data;
  expect(y2027.find((h: { date: string }) => h.date === '2027-12-27').name.en).toBe('Boxing Day (observed)');

  // A staff member changes nothing; HR does, and it is audited.
  const annual = types[0]!;
  expect(
    (await ctx.call('PATCH', `/api/core/leave/types/${annual.id}`, nurse, { daysPerYear: 30 })).statusCode,
  ).toBe(403);
  expect(
    (await ctx.call('POST', '/api/core/holidays', nurse, { date: '2026-11-02', name: 'Staff day' }))
      .statusCode,
  ).toBe(403);
  const changed = await ctx.call('PATCH', `/api/core/leave/types/${annual.id}`, hr, {
    daysPerYear: 24,
    carryOverCap: 5,
  });
  expect(changed.statusCode).toBe(200);
  expect(changed.json().data).toMatchObject({ daysPerYear: 24, carryOverCap: 5, accrual: 'monthly' });
  expect(await eventsOf(annual.id)).toEqual(['core.admin-action.recorded.v1']);
  const added = await ctx.call('POST', '/api/core/holidays', hr, {
    date: '2026-11-02',
    name: 'Founders day',
  });
  expect(added.statusCode).toBe(201);
  expect(
    (await ctx.call('POST', '/api/core/holidays', hr, { date: '2026-11-02', name: 'Again' })).statusCode,
  ).toBe(409);
  // Eid moved a day by the Chief Kadhi's announcement.
  const eid = holidays.find((h: { date: string }) => h.date === '2026-03-20');
  const moved = await ctx.call('PATCH', `/api/core/holidays/${eid.id}`, hr, { date: '2026-03-21' });
  expect(moved.json().data).toMatchObject({ date: '2026-03-21', name: { en: 'Idd-ul-Fitr' } });
  expect((await ctx.call('DELETE', `/api/core/holidays/${added.json().data.id}`, hr)).statusCode).toBe(200);
  const custom = await ctx.call('POST', '/api/core/leave/types', hr, {
    name: 'Night-duty rest',
    accrual: 'yearly',
    daysPerYear: 3,
    countsWeekends: true,
    countsHolidays: true,
  });
  expect(custom.statusCode).toBe(201);
  expect(custom.json().data).toMatchObject({ code: null, carryOverCap: 0, paid: true, active: true });
  // Bad input changes nothing.
  expect(
    (await ctx.call('POST', '/api/core/leave/types', hr, { name: 'X', accrual: 'weekly' })).statusCode,
  ).toBe(400);
  expect(
    (await ctx.call('PATCH', `/api/core/leave/types/${annual.id}`, hr, { daysPerYear: -1 })).statusCode,
  ).toBe(400);

  // Another organisation's HR: 404, nothing changed.
  const other = await ctx.clinic();
  expect(
    (await ctx.call('PATCH', `/api/core/leave/types/${annual.id}`, other, { daysPerYear: 1 })).statusCode,
  ).toBe(404);
  expect((await ctx.call('PATCH', `/api/core/holidays/${eid.id}`, other, { name: 'Mine' })).statusCode).toBe(
    404,
  );
  expect((await typeCoded(nurse, 'annual')).daysPerYear).toBe(24);
});

it('lets HR add a leave type and change every rule of one; anyone else, or a bad value, changes nothing', async () => {
  ctx.clock.set('2026-02-02');
  const { clinic, hr, manager, nurse } = await hospital();
  const rows = async () =>
    ctx.sql<Record<string, unknown>>(
      `select name, accrual, days_per_year::float as days, carry_over_cap::float as cap, counts_weekends,
         counts_holidays, allow_negative, min_service_months, half_pay_after_days::float as half_pay,
         documents_required, documents_after_days, paid, active
       from core.leave_types where org_id = $1 order by created_at, name`,
      clinic.orgId!,
    );
  await typesOf(nurse); // the presets
  const before = await rows();
  const study = await typeCoded(hr, 'study');
  const body = {
    name: 'Exam leave',
    accrual: 'yearly',
    daysPerYear: 4.5,
    carryOverCap: null,
    countsWeekends: false,
    countsHolidays: true,
    allowNegative: true,
    minServiceMonths: 6,
    halfPayAfterDays: 2,
    documentsRequired: 'Exam timetable',
    documentsAfterDays: 0,
    paid: false,
  };
  // A manager or a staff member adds or changes nothing (403); nor does bad input (400), each field checked.
  for (const who of [manager, nurse]) {
    expect((await ctx.call('POST', '/api/core/leave/types', who, body)).statusCode).toBe(403);
    expect(
      (await ctx.call('PATCH', `/api/core/leave/types/${study.id}`, who, { active: false })).statusCode,
    ).toBe(403);
  }
  for (const bad of [
    { ...body, name: ' ' },
    { ...body, accrual: 'weekly' },
    { ...body, daysPerYear: 400 },
    { ...body, carryOverCap: -1 },
    { ...body, minServiceMonths: 1.5 },
    { ...body, halfPayAfterDays: 'seven' },
    { ...body, documentsRequired: '' },
    { ...body, documentsAfterDays: -1 },
    { ...body, paid: 'yes' },
    { ...body, colour: 'blue' },
  ]) {
    const res = await ctx.call('POST', '/api/core/leave/types', hr, bad);
    expect([JSON.stringify(bad), res.statusCode]).toEqual([JSON.stringify(bad), 400]);
  }
  for (const bad of [
    {},
    { documentsAfterDays: 2.5 },
    { minServiceMonths: 25 },
    { active: 'no' },
    { name: 'x' },
  ])
    expect((await ctx.call('PATCH', `/api/core/leave/types/${study.id}`, hr, bad)).statusCode).toBe(400);
  expect(await rows()).toEqual(before);

  const added = await ctx.call('POST', '/api/core/leave/types', hr, body);
  expect(added.statusCode).toBe(201);
  const { id, ...rest } = added.json().data;
  expect(rest).toEqual({
    ...body,
    code: null,
    names: { en: 'Exam leave', sw: 'Exam leave', fr: 'Exam leave' },
    active: true,
  });
  // The same name again, in any case: 409.
  expect(
    (await ctx.call('POST', '/api/core/leave/types', hr, { ...body, name: 'exam LEAVE' })).statusCode,
  ).toBe(409);

  // Every rule changed at once, then a document asked always (0), then never (null).
  const change = {
    name: 'Examination leave',
    accrual: 'monthly',
    daysPerYear: 6,
    carryOverCap: 2,
    countsWeekends: true,
    countsHolidays: false,
    allowNegative: false,
    minServiceMonths: 0,
    halfPayAfterDays: null,
    documentsRequired: 'Letter from the college',
    documentsAfterDays: 3,
    paid: true,
    active: false,
  };
  const changed = await ctx.call('PATCH', `/api/core/leave/types/${id}`, hr, change);
  expect(changed.statusCode).toBe(200);
  expect(changed.json().data).toMatchObject(change);
  expect(
    (await ctx.call('PATCH', `/api/core/leave/types/${id}`, hr, { documentsAfterDays: null })).json().data,
  ).toMatchObject({ documentsAfterDays: null, documentsRequired: 'Letter from the college' });
  // Renaming a preset: HR's name in every language.
  const renamed = await ctx.call('PATCH', `/api/core/leave/types/${study.id}`, hr, { name: 'CPD leave' });
  expect(renamed.json().data.names).toEqual({ en: 'CPD leave', sw: 'CPD leave', fr: 'CPD leave' });
  const actions = await ctx.sql<{ action: string }>(
    `select payload->'data'->>'action' as action from core.outbox
     where type = 'core.admin-action.recorded.v1' and payload->'data'->'target'->>'id' = $1 order by seq`,
    id,
  );
  expect(actions.map((a) => a.action)).toEqual([
    'leave-type.create',
    'leave-type.change',
    'leave-type.change',
  ]);
});

it('counts working days without weekends and holidays, half days, and refuses overlaps and overdrafts', async () => {
  ctx.clock.set('2026-03-25');
  const { clinic, nurse } = await hospital();
  const annual = await typeCoded(nurse, 'annual');
  // Thu 2 – Wed 8 April: Good Friday, the weekend and Easter Monday are not counted. Accrued by 8 April:
  // three completed months, 5.25 days.
  const quote = await ctx.call(
    'GET',
    `/api/core/leave/quote?typeId=${annual.id}&from=2026-04-02&to=2026-04-08`,
    nurse,
  );
  expect(quote.json().data).toEqual({
    days: 3,
    halfPayDays: 0,
    documentRequired: false,
    balanceBefore: 5.25,
    balanceAfter: 2.25,
  });
  const first = await ask(nurse, { typeId: annual.id, from: '2026-04-02', to: '2026-04-08', note: 'Easter' });
  expect(first.statusCode).toBe(201);
  expect(first.json()).toMatchObject({
    data: { days: 3, status: 'pending', personName: 'Amina Otieno', halfDay: false },
    balance: { before: 5.25, after: 2.25 },
  });
  // Overlapping her own pending request, of any type: 409, nothing saved.
  const sick = await typeCoded(nurse, 'sick');
  const overlap = await ask(nurse, { typeId: sick.id, from: '2026-04-08', to: '2026-04-09' });
  expect(overlap.statusCode).toBe(409);
  expect(overlap.json().code).toBe('core.leave_overlap');
  // A half day: 0.5.
  const half = await ask(nurse, { typeId: annual.id, from: '2026-04-09', to: '2026-04-09', halfDay: true });
  expect(half.statusCode).toBe(201);
  expect(half.json()).toMatchObject({
    data: { days: 0.5, halfDay: true },
    balance: { before: 2.25, after: 1.75 },
  });
  expect(
    (await ask(nurse, { typeId: annual.id, from: '2026-04-13', to: '2026-04-14', halfDay: true })).statusCode,
  ).toBe(400);
  // Only a weekend: no leave day. Backwards or unreal dates: 400.
  expect((await ask(nurse, { typeId: annual.id, from: '2026-04-11', to: '2026-04-12' })).json().code).toBe(
    'core.leave_no_days',
  );
  expect((await ask(nurse, { typeId: annual.id, from: '2026-04-14', to: '2026-04-13' })).statusCode).toBe(
    400,
  );
  expect((await ask(nurse, { typeId: annual.id, from: '2026-02-30', to: '2026-03-02' })).statusCode).toBe(
    400,
  );
  // More than accrued by then (5.25 less 3.5 held): 409, nothing saved.
  const before = await requestCount(clinic.orgId!);
  const overdraft = await ask(nurse, { typeId: annual.id, from: '2026-04-20', to: '2026-04-21' });
  expect(overdraft.statusCode).toBe(409);
  expect(overdraft.json().code).toBe('core.leave_balance_insufficient');
  expect(await requestCount(clinic.orgId!)).toBe(before);
  // Later in the year more has accrued: by 31 July, 12.25 days.
  expect(
    (await ask(nurse, { typeId: annual.id, from: '2026-07-27', to: '2026-07-31' })).json().balance,
  ).toEqual({ before: 8.75, after: 3.75 });
  // A type that allows a negative balance, and unpaid leave (no balance kept), are not refused.
  const hr = clinic;
  await ctx.call('PATCH', `/api/core/leave/types/${(await typeCoded(nurse, 'compassionate')).id}`, hr, {
    allowNegative: true,
  });
  const grief = await ask(nurse, {
    typeId: (await typeCoded(nurse, 'compassionate')).id,
    from: '2026-05-04',
    to: '2026-05-12',
  });
  expect(grief.statusCode).toBe(201);
  expect(grief.json().balance).toEqual({ before: 5, after: -2 });
  const unpaid = await ask(nurse, {
    typeId: (await typeCoded(nurse, 'unpaid')).id,
    from: '2026-06-08',
    to: '2026-06-19',
  });
  expect(unpaid.json()).toMatchObject({ data: { days: 10 }, balance: { before: null, after: null } });
  // Maternity counts calendar days and asks for a certificate; sick days past the 7th are on half pay.
  const maternity = await ctx.call(
    'GET',
    `/api/core/leave/quote?typeId=${(await typeCoded(nurse, 'maternity')).id}&from=2026-09-01&to=2026-11-29`,
    nurse,
  );
  expect(maternity.json().data).toMatchObject({ days: 90, documentRequired: true, balanceAfter: 0 });
  const longSick = await ask(nurse, { typeId: sick.id, from: '2026-08-03', to: '2026-08-14' });
  expect(longSick.json().data).toMatchObject({ days: 10, halfPayDays: 3, documentRequired: true });
});

it('accrues a mid-year joiner monthly, opens sick leave after two months and carries over within the cap', async () => {
  ctx.clock.set('2026-07-20');
  const { nurse } = await hospital('2026-07-15');
  expect(await balanceOf(nurse, 'annual')).toMatchObject({
    year: 2026,
    entitled: 0,
    carriedOver: 0,
    available: 0,
    availableAtYearEnd: 8.75,
  });
  const sick = await typeCoded(nurse, 'sick');
  const early = await ask(nurse, { typeId: sick.id, from: '2026-08-03', to: '2026-08-04' });
  expect(early.statusCode).toBe(422);
  expect(early.json().code).toBe('core.leave_not_eligible');
  ctx.clock.set('2026-08-20');
  expect(await balanceOf(nurse, 'annual')).toMatchObject({ entitled: 1.75, available: 1.75 });
  ctx.clock.set('2026-09-16');
  expect(await balanceOf(nurse, 'sick')).toMatchObject({ entitled: 14, available: 14 });

  // A long-serving colleague takes 10 of 2026's 21 days: 7 of the 11 left carry into 2027.
  ctx.clock.set('2026-12-01');
  const { hr: seniorHr, manager, nurse: senior } = await hospital('2015-01-05');
  const annual = await typeCoded(senior, 'annual');
  const taken = await ask(senior, { typeId: annual.id, from: '2026-12-07', to: '2026-12-18' });
  expect(taken.json().data.days).toBe(10);
  expect((await decide(manager, taken.json().data.id, { status: 'approved' })).statusCode).toBe(200);
  expect(await balanceOf(senior, 'annual')).toMatchObject({
    entitled: 19.25,
    used: 10,
    available: 9.25,
    availableAtYearEnd: 11,
  });
  ctx.clock.set('2027-02-10');
  expect(await balanceOf(senior, 'annual')).toMatchObject({
    year: 2027,
    entitled: 1.75,
    carriedOver: 7,
    used: 0,
    available: 8.75,
  });
  // HR lifts the cap: all 11 carry.
  await ctx.call('PATCH', `/api/core/leave/types/${annual.id}`, seniorHr, { carryOverCap: null });
  expect(await balanceOf(senior, 'annual')).toMatchObject({ carriedOver: 11, available: 12.75 });
  expect(await balanceOf(senior, 'annual', 2026)).toMatchObject({ used: 10, availableAtYearEnd: 11 });
});

it('lets the manager of the ward or HR decide, tells the person, audits, and keeps each in their scope', async () => {
  ctx.clock.set('2026-05-04');
  const { clinic, hr, manager, nurse, tech, nurseId } = await hospital();
  const annual = await typeCoded(nurse, 'annual');
  const asked = await ask(nurse, { typeId: annual.id, from: '2026-05-11', to: '2026-05-13' });
  const id = asked.json().data.id as string;
  // The ward's manager is asked, not HR.
  expect(await noticesTo(manager.id)).toEqual([
    ['core.leave-requested', 'Amina Otieno asks for annual leave (2026-05-11 – 2026-05-13)'],
  ]);
  expect(await noticesTo(hr.id)).toEqual([]);
  const techAsked = await ask(tech, { typeId: annual.id, from: '2026-05-11', to: '2026-05-11' });
  const techId = techAsked.json().data.id as string;
  // No manager for the laboratory: HR (and the owner) are asked.
  expect(await noticesTo(hr.id)).toEqual([
    ['core.leave-requested', 'Brian Kiprop asks for annual leave (2026-05-11)'],
  ]);

  // Who sees what: staff their own, the manager their ward and themselves, HR everyone.
  const listed = async (who: Persona) =>
    (await ctx.call('GET', '/api/core/leave/requests', who))
      .json()
      .data.map((r: { personName: string }) => r.personName);
  expect(await listed(nurse)).toEqual(['Amina Otieno']);
  expect(await listed(tech)).toEqual(['Brian Kiprop']);
  expect(await listed(manager)).toEqual(['Amina Otieno']);
  expect((await listed(hr)).sort()).toEqual(['Amina Otieno', 'Brian Kiprop']);

  // Refused, nothing changed: a colleague (not visible: 404), the manager outside their ward (404), the
  // nurse on her own (403), another organisation (404), a decline without a reason (400).
  expect((await decide(tech, id, { status: 'approved' })).statusCode).toBe(404);
  expect((await decide(manager, techId, { status: 'approved' })).statusCode).toBe(404);
  const own = await decide(nurse, id, { status: 'approved' });
  expect(own.statusCode).toBe(403);
  expect(own.json().code).toBe('core.leave_own_decision');
  expect((await decide(await ctx.clinic(), id, { status: 'approved' })).statusCode).toBe(404);
  const bare = await decide(manager, id, { status: 'declined' });
  expect(bare.statusCode).toBe(400);
  expect(bare.json().code).toBe('core.leave_reason_required');
  expect((await decide(manager, id, { status: 'maybe' })).statusCode).toBe(400);
  expect((await ctx.sql(`select status from core.leave_requests where id = $1`, id))[0]).toEqual({
    status: 'pending',
  });

  const declined = await decide(manager, id, {
    status: 'declined',
    reason: 'Two nurses already off that week',
  });
  expect(declined.statusCode).toBe(200);
  expect(declined.json().data).toMatchObject({
    status: 'declined',
    decisionReason: 'Two nurses already off that week',
  });
  expect((await decide(hr, id, { status: 'approved' })).json().code).toBe('core.leave_not_pending');
  expect(await noticesTo(nurse.id)).toEqual([
    [
      'core.leave-declined',
      'Your annual leave (2026-05-11 – 2026-05-13) was declined: Two nurses already off that week',
    ],
  ]);
  expect(await eventsOf(id)).toEqual([
    'core.leave.requested.v1',
    'core.admin-action.recorded.v1',
    'core.leave.declined.v1',
  ]);

  // Declined days are free again: she asks for other days, the manager approves.
  const again = await ask(nurse, { typeId: annual.id, from: '2026-05-12', to: '2026-05-13' });
  expect(again.statusCode).toBe(201);
  const againId = again.json().data.id as string;
  const approved = await decide(manager, againId, { status: 'approved', reason: 'Enjoy' });
  expect(approved.json().data).toMatchObject({ status: 'approved' });
  expect((await noticesTo(nurse.id)).at(-1)).toEqual([
    'core.leave-approved',
    'Your annual leave (2026-05-12 – 2026-05-13) was approved: Enjoy',
  ]);
  expect(await eventsOf(againId)).toEqual([
    'core.leave.requested.v1',
    'core.admin-action.recorded.v1',
    'core.leave.approved.v1',
  ]);
  const audit = await ctx.sql<{ action: string; actor: string }>(
    `select payload->'data'->>'action' as action, payload->'data'->'actor'->>'id' as actor from core.outbox
     where type = 'core.admin-action.recorded.v1' and payload->'data'->'target'->>'id' = $1`,
    againId,
  );
  expect(audit.map((a) => a.action)).toEqual(['leave.approve']);
  expect(await balanceOf(nurse, 'annual')).toMatchObject({ used: 2 });

  // HR decides the technician's; he cancels nothing decided, but may cancel a pending one.
  expect((await decide(hr, techId, { status: 'approved' })).statusCode).toBe(200);
  expect((await ctx.call('POST', `/api/core/leave/requests/${techId}/cancel`, tech)).statusCode).toBe(409);
  const later = await ask(tech, { typeId: annual.id, from: '2026-06-02', to: '2026-06-02' });
  const laterId = later.json().data.id as string;
  expect((await ctx.call('POST', `/api/core/leave/requests/${laterId}/cancel`, hr)).statusCode).toBe(403);
  expect((await ctx.call('POST', `/api/core/leave/requests/${laterId}/cancel`, nurse)).statusCode).toBe(404);
  const cancelled = await ctx.call('POST', `/api/core/leave/requests/${laterId}/cancel`, tech);
  expect(cancelled.json().data.status).toBe('cancelled');
  expect(await eventsOf(laterId)).toEqual(['core.leave.requested.v1', 'core.leave.cancelled.v1']);

  // Who is away: on 12 May, both; the manager sees her ward only; staff may not ask.
  const away = async (who: Persona, query: string) => ctx.call('GET', `/api/core/leave/away?${query}`, who);
  const names = async (who: Persona, query: string) =>
    (await away(who, query)).json().data.map((r: { personName: string }) => r.personName);
  expect((await names(hr, 'from=2026-05-11&to=2026-05-17')).sort()).toEqual(['Amina Otieno', 'Brian Kiprop']);
  expect(await names(manager, 'from=2026-05-11&to=2026-05-17')).toEqual(['Amina Otieno']);
  ctx.clock.set('2026-05-12');
  expect(await names(clinic, '')).toHaveLength(1); // today: the nurse (the technician was off on the 11th)
  expect((await away(nurse, '')).statusCode).toBe(403);

  // Each person's balances in scope; HR's CSV, formula-safe.
  const balances = await ctx.call('GET', '/api/core/leave/balances', manager);
  expect(balances.json().data.map((p: { name: string }) => p.name)).toEqual([
    'Amina Otieno',
    'Grace Wanjiru',
  ]);
  expect((await ctx.call('GET', '/api/core/leave/balances', nurse)).statusCode).toBe(403);
  await ctx.call('PATCH', `/api/core/staff/${nurseId}`, hr, { jobTitle: 'Nurse' });
  const csv = await ctx.call('GET', '/api/core/leave/balances.csv', hr);
  expect(csv.statusCode).toBe(200);
  expect(csv.headers['content-type']).toContain('text/csv');
  const lines = csv.body.replace(/^\uFEFF/, '').split(/\r?\n/);
  expect(lines[0]).toBe(
    '"Name","Department","Leave type","Year","Entitled","Carried over","Used","Pending","Available"',
  );
  expect(lines).toContain('"Amina Otieno","Maternity ward","Annual leave","2026","7","0","2","0","5"');
  expect(lines).toContain('"Brian Kiprop","Laboratory","Unpaid leave","2026","","0","0","0",""');
  expect((await ctx.call('GET', '/api/core/leave/balances.csv', nurse)).statusCode).toBe(403);
});

it("counts the balance HR enters for someone who joined the system mid-year, HR's alone to set", async () => {
  ctx.clock.set('2026-09-15');
  const { clinic, hr, manager, nurse, tech, nurseId } = await hospital();
  const annual = await typeCoded(nurse, 'annual');
  const unpaid = await typeCoded(nurse, 'unpaid');
  const opening = (who: Persona, staffId: string, body: Record<string, unknown>) =>
    ctx.call('PUT', `/api/core/leave/balances/${staffId}/opening`, who, body);
  const saved = async () =>
    ctx.sql<{ brought_forward: string; taken: string; note: string | null }>(
      `select brought_forward, taken, note from core.leave_opening_balances where org_id = $1`,
      clinic.orgId!,
    );
  const body = {
    typeId: annual.id,
    year: 2026,
    broughtForward: 5,
    taken: 10,
    note: 'From the paper register',
  };

  // Refused, nothing saved: a manager, the nurse herself (403); bad figures (400); a type with no balance
  // (422); another organisation's record or type (404).
  for (const who of [manager, nurse]) expect((await opening(who, nurseId, body)).statusCode).toBe(403);
  for (const bad of [
    { ...body, broughtForward: -1 },
    { ...body, taken: 2.555 },
    { ...body, year: 1999 },
    { ...body, typeId: 'annual' },
    { ...body, extra: true },
    { typeId: annual.id, year: 2026, taken: 1 },
  ])
    expect((await opening(hr, nurseId, bad)).statusCode).toBe(400);
  const none = await opening(hr, nurseId, { ...body, typeId: unpaid.id });
  expect(none.statusCode).toBe(422);
  expect(none.json().code).toBe('core.leave_no_balance_kept');
  const other = await ctx.clinic();
  expect((await opening(other, nurseId, body)).statusCode).toBe(404);
  expect(
    (await opening(hr, nurseId, { ...body, typeId: (await typeCoded(other, 'annual')).id })).statusCode,
  ).toBe(404);
  expect(await saved()).toEqual([]);
  expect(await balanceOf(nurse, 'annual')).toMatchObject({
    entitled: 14,
    carriedOver: 0,
    used: 0,
    opening: null,
  });

  // 5 days carried in (the cap is 7, but these are the old register's), 10 taken before: 14 + 5 - 10.
  const set = await opening(hr, nurseId, body);
  expect(set.statusCode).toBe(200);
  expect(set.json().data).toMatchObject({
    typeId: annual.id,
    year: 2026,
    entitled: 14,
    carriedOver: 5,
    used: 10,
    pending: 0,
    available: 9,
    availableAtYearEnd: 16,
    opening: { broughtForward: 5, taken: 10, note: 'From the paper register' },
  });
  expect(await balanceOf(nurse, 'annual')).toMatchObject({ carriedOver: 5, used: 10, available: 9 });
  const listed = (await ctx.call('GET', '/api/core/leave/balances?search=Amina', hr)).json().data[0];
  expect(listed.balances.find((b: { typeId: string }) => b.typeId === annual.id)).toMatchObject({
    available: 9,
    opening: { broughtForward: 5, taken: 10 },
  });

  // Requests are checked against it: 3 days leave 6; 10 more by 2 October would need 10 of 7.75.
  const asked = await ask(nurse, { typeId: annual.id, from: '2026-09-16', to: '2026-09-18' });
  expect(asked.json().balance).toEqual({ before: 9, after: 6 });
  const over = await ask(nurse, { typeId: annual.id, from: '2026-09-21', to: '2026-10-02' });
  expect(over.statusCode).toBe(409);
  expect(over.json().code).toBe('core.leave_balance_insufficient');
  // HR corrects the days taken (4, not 10): the same row, replaced; now they pass.
  expect((await opening(hr, nurseId, { ...body, taken: 4, note: null })).json().data).toMatchObject({
    used: 4,
    pending: 3,
    available: 12,
    opening: { broughtForward: 5, taken: 4, note: null },
  });
  expect(await saved()).toEqual([{ brought_forward: '5.00', taken: '4.00', note: null }]);
  expect((await ask(nurse, { typeId: annual.id, from: '2026-09-21', to: '2026-10-02' })).statusCode).toBe(
    201,
  );
  // What is left carries into 2027 within the cap, as ever.
  expect(await balanceOf(nurse, 'annual', 2027)).toMatchObject({ carriedOver: 7, opening: null });
  // The technician's balance is untouched; each change is audited with what it replaced.
  expect(await balanceOf(tech, 'annual')).toMatchObject({ carriedOver: 0, used: 0, opening: null });
  const audit = await ctx.sql<{ action: string; before: unknown; after: unknown }>(
    `select payload->'data'->>'action' as action, payload->'data'->'before' as before,
       payload->'data'->'after' as after from core.outbox
     where type = 'core.admin-action.recorded.v1' and payload->'data'->>'action' = 'leave.opening-balance'
       and payload->'data'->'actor'->>'id' = $1 order by seq`,
    hr.id,
  );
  expect(audit.map((a) => [a.before, a.after])).toEqual([
    [null, { year: 2026, broughtForward: 5, taken: 10, note: 'From the paper register' }],
    [
      { broughtForward: 5, taken: 10, note: 'From the paper register' },
      { year: 2026, broughtForward: 5, taken: 4, note: null },
    ],
  ]);
});

it("exports the requests as CSV, each in the caller's scope and filters, formula-safe; a staff member may not", async () => {
  ctx.clock.set('2026-05-04');
  const { hr, manager, nurse, tech, lab } = await hospital();
  const annual = await typeCoded(nurse, 'annual');
  const nurseAsked = await ask(nurse, {
    typeId: annual.id,
    from: '2026-05-11',
    to: '2026-05-13',
    note: '=SUM(A1)',
  });
  expect(
    (await decide(manager, nurseAsked.json().data.id, { status: 'approved', reason: 'Enjoy' })).statusCode,
  ).toBe(200);
  const techAsked = await ask(tech, {
    typeId: annual.id,
    from: '2026-05-11',
    to: '2026-05-11',
    halfDay: true,
  });
  await decide(hr, techAsked.json().data.id, { status: 'declined', reason: 'Stock-take that day' });
  await ask(tech, { typeId: annual.id, from: '2026-06-02', to: '2026-06-02' });

  const csv = async (who: Persona, query = '') => {
    const res = await ctx.call('GET', `/api/core/leave/requests.csv${query}`, who);
    return {
      status: res.statusCode,
      type: res.headers['content-type'],
      lines: res.body
        .replace(/^\uFEFF/, '')
        .split(/\r?\n/)
        .filter(Boolean),
    };
  };
  const amina =
    '"Amina Otieno","Maternity ward","Annual leave","2026-05-11","2026-05-13","No","3","approved","Grace Wanjiru","2026-05-04","\'=SUM(A1)","Enjoy"';
  const brianMay =
    '"Brian Kiprop","Laboratory","Annual leave","2026-05-11","2026-05-11","Yes","0.5","declined","Halima Yusuf","2026-05-04","","Stock-take that day"';
  const brianJune =
    '"Brian Kiprop","Laboratory","Annual leave","2026-06-02","2026-06-02","No","1","pending","","","",""';
  const may = await csv(hr, '?from=2026-05-01&to=2026-05-31');
  expect(may.status).toBe(200);
  expect(may.type).toContain('text/csv');
  expect(may.lines).toEqual([
    '"Name","Department","Leave type","From","To","Half day","Days","Status","Decided by","Decided on","Note","Decision reason"',
    amina,
    brianMay,
  ]);
  expect((await csv(hr)).lines.slice(1)).toEqual([amina, brianMay, brianJune]);
  expect((await csv(hr, '?status=approved')).lines.slice(1)).toEqual([amina]);
  expect((await csv(hr, `?departmentId=${lab}&from=2026-05-12`)).lines.slice(1)).toEqual([brianJune]);
  // The ward's manager: her ward only, as in the list.
  expect((await csv(manager)).lines.slice(1)).toEqual([amina]);
  // A staff member: 403; bad filters: 400.
  expect((await csv(nurse)).status).toBe(403);
  expect((await csv(hr, '?from=2026-05-31&to=2026-05-01')).status).toBe(400);
  expect((await csv(hr, '?status=maybe')).status).toBe(400);
  expect((await csv(hr, '?from=2026-02-30')).status).toBe(400);
});

it('keeps the CSV formula-safe', async () => {
  ctx.clock.set('2026-05-04');
  const clinic = await ctx.clinic();
  await ctx.member(clinic, { name: '=HYPERLINK("http://x")' });
  const csv = await ctx.call('GET', '/api/core/leave/balances.csv', clinic);
  expect(csv.body).toContain(`"'=HYPERLINK(""http://x"")"`);
});
