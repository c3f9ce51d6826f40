import { startCore, type CoreContext, type Persona } from './helpers';
import { at, clockIn, clockOut, ward } from './ward';

/**
 * Timesheets against real Postgres and NATS, on the test clock: regular, night (22:00–06:00 on the
 * organisation's wall clock) and overtime (beyond a shift's planned length) hours with late, missed and
 * unscheduled counts, across midnight and in three time zones; who sees whose; a manager's approval, once,
 * after which the period's entries change no more until reopened; payroll's CSV; each refusal changing
 * nothing, another organisation's a 404.
 */
// Each test builds a ward of seven people through identity's events, and clocks them through a week.
jest.setTimeout(90_000);
let ctx: CoreContext;
beforeAll(async () => {
  ctx = await startCore();
});
afterAll(async () => ctx?.close());

type Sheet = {
  name: string;
  staffId: string;
  totals: Record<string, number>;
  approval: unknown;
  approvable: boolean;
  openEntries: unknown[];
};
const sheets = async (who: Persona, query: string) => {
  const res = await ctx.call('GET', `/api/core/timesheets?${query}`, who);
  expect(res.statusCode).toBe(200);
  return res.json() as { data: Sheet[]; pageInfo: { total: number } };
};
const week = 'from=2026-03-02&to=2026-03-08';
/** A CSV's lines with its cells unquoted (none of these holds a comma or a quote). */
const rowsOf = (csv: string) =>
  csv
    .replace(/^\uFEFF/, '')
    .trim()
    .split(/\r?\n/)
    .map((line) =>
      line
        .split(',')
        .map((cell) => cell.replace(/^"|"$/g, ''))
        .join(','),
    );
const byName = (list: Sheet[]) => Object.fromEntries(list.map((s) => [s.name, s]));
/** Clocks `who` in at `from` and out at `to` (instants). */
async function worked(who: Persona, from: string, to: string) {
  at(ctx, from);
  expect((await clockIn(ctx, who)).statusCode).toBe(200);
  at(ctx, to);
  expect((await clockOut(ctx, who)).statusCode).toBe(200);
}
const approvalCount = async (orgId: string) =>
  (
    await ctx.sql<{ n: number }>(
      `select count(*)::int as n from core.timesheet_approvals where org_id = $1`,
      orgId,
    )
  )[0]!.n;

/**
 * The ward's week from Monday 2 March (Nairobi): Amina two nights (the first 10 minutes over) and a day
 * she never clocked; Beatrice two days (the second late and 15 minutes over) and a Saturday off the roster
 * she forgot to clock out of; Brian in the lab, unscheduled.
 */
async function workedWeek() {
  ctx.clock.set('2026-02-20');
  const w = await ward(ctx);
  await w.publish('2026-03-02', [
    [w.amina, w.night, '2026-03-02'],
    [w.amina, w.night, '2026-03-03'],
    [w.amina, w.day, '2026-03-05'],
    [w.beatrice, w.day, '2026-03-02'],
    [w.beatrice, w.day, '2026-03-03'],
  ]);
  await worked(w.amina, '2026-03-02T15:55:00Z', '2026-03-03T04:05:00Z');
  await worked(w.amina, '2026-03-03T16:00:00Z', '2026-03-04T04:00:00Z');
  await worked(w.beatrice, '2026-03-02T03:50:00Z', '2026-03-02T16:00:00Z');
  await worked(w.beatrice, '2026-03-03T04:15:00Z', '2026-03-03T16:30:00Z');
  await worked(w.tech, '2026-03-04T06:00:00Z', '2026-03-04T14:00:00Z');
  at(ctx, '2026-03-07T07:00:00Z');
  const open = (await clockIn(ctx, w.beatrice)).json().data.open.id as string;
  at(ctx, '2026-03-09T06:00:00Z');
  return { ...w, open };
}

it('totals regular, night and overtime hours with late, missed and unscheduled counts, across midnight', async () => {
  const w = await workedWeek();
  const all = await sheets(w.clinic, week);
  expect(all.pageInfo.total).toBe(6);
  const s = byName(all.data);
  expect(s['Amina Otieno']!.totals).toEqual({
    regular: 8,
    night: 16,
    overtime: 0.17,
    total: 24.17,
    shifts: 3,
    late: 0,
    missed: 1,
    unscheduled: 0,
    open: 0,
  });
  expect(s['Beatrice Njeri']!.totals).toEqual({
    regular: 24,
    night: 0,
    overtime: 0.42,
    total: 24.42,
    shifts: 2,
    late: 1,
    missed: 0,
    unscheduled: 1,
    open: 1,
  });
  expect(s['Beatrice Njeri']!.openEntries).toEqual([{ id: w.open, clockIn: '2026-03-07T07:00:00.000Z' }]);
  expect(s['Amina Otieno']!.openEntries).toEqual([]);
  expect(s['Brian Kiprop']!.totals).toMatchObject({ regular: 8, total: 8, shifts: 0, unscheduled: 1 });
  expect(s['Halima Yusuf']!.totals.total).toBe(0);
  // The day shift of Thursday is missed once it is over, not before.
  at(ctx, '2026-03-05T15:00:00Z');
  expect(byName((await sheets(w.clinic, week)).data)['Amina Otieno']!.totals.missed).toBe(0);
  at(ctx, '2026-03-05T16:00:00Z');
  expect(byName((await sheets(w.clinic, week)).data)['Amina Otieno']!.totals.missed).toBe(1);

  // Paged, by name; a period of more than 31 days or in the wrong order is refused.
  const page = await sheets(w.hr, `${week}&page=2&limit=2`);
  expect(page.data.map((r) => r.name)).toEqual(['Brian Kiprop', 'Grace Wanjiru']);
  for (const q of [
    'from=2026-03-01&to=2026-04-01',
    'from=2026-03-08&to=2026-03-02',
    'from=2026-02-30&to=2026-03-02',
  ]) {
    const bad = await ctx.call('GET', `/api/core/timesheets?${q}`, w.hr);
    expect([bad.statusCode, bad.json().code]).toEqual([400, 'core.timesheet_period']);
  }
  expect((await ctx.call('GET', '/api/core/timesheets?from=2026-03-02', w.hr)).statusCode).toBe(400);
});

it('shows a person their own, a manager their departments’, HR everyone’s', async () => {
  const w = await workedWeek();
  const names = async (who: Persona) => (await sheets(who, week)).data.map((r) => [r.name, r.approvable]);
  expect(await names(w.amina)).toEqual([['Amina Otieno', false]]);
  expect(await names(w.manager)).toEqual([
    ['Amina Otieno', true],
    ['Beatrice Njeri', true],
    ['Grace Wanjiru', false],
  ]);
  expect(await names(w.labManager)).toEqual([
    ['Brian Kiprop', true],
    ['Peter Mwangi', false],
  ]);
  expect((await names(w.hr)).length).toBe(6);
  expect((await sheets(w.manager, `${week}&search=beat`)).data.map((r) => r.name)).toEqual([
    'Beatrice Njeri',
  ]);
  expect((await ctx.call('GET', `/api/core/timesheets?${week}`, ctx.persona('user'))).statusCode).toBe(403);
});

it('is approved by the manager once; its entries then change no more until it is reopened', async () => {
  const w = await workedWeek();
  const approve = (who: Persona, staffId: string, from = '2026-03-02', to = '2026-03-08') =>
    ctx.call('POST', '/api/core/timesheets/approve', who, { staffId, from, to });
  const amina = w.ids['Amina Otieno']!;
  const beatrice = w.ids['Beatrice Njeri']!;

  const own = await approve(w.amina, amina);
  expect([own.statusCode, own.json().code]).toEqual([403, 'core.timesheet_own']);
  expect((await approve(w.beatrice, amina)).statusCode).toBe(403);
  expect((await approve(w.labManager, amina)).statusCode).toBe(403);
  expect((await approve(await ctx.clinic(), amina)).statusCode).toBe(404);
  const mine = await approve(w.manager, w.ids['Grace Wanjiru']!);
  expect([mine.statusCode, mine.json().code]).toEqual([403, 'core.timesheet_own']);
  expect((await approve(w.manager, amina, '2026-03-01', '2026-04-02')).json().code).toBe(
    'core.timesheet_period',
  );
  const open = await approve(w.manager, beatrice);
  expect([open.statusCode, open.json().code]).toEqual([409, 'core.timesheet_open_entry']);
  expect(await approvalCount(w.clinic.orgId!)).toBe(0);

  const approved = await approve(w.manager, amina);
  expect(approved.statusCode).toBe(201);
  expect(approved.json().data).toMatchObject({
    staffId: amina,
    from: '2026-03-02',
    to: '2026-03-08',
    approvedBy: 'Grace Wanjiru',
    totals: { regular: 8, night: 16, overtime: 0.17, missed: 1 },
    reopenedAt: null,
  });
  const again = await approve(w.hr, amina);
  expect([again.statusCode, again.json().code]).toEqual([409, 'core.timesheet_already_approved']);
  expect((await approve(w.hr, amina, '2026-03-08', '2026-03-14')).statusCode).toBe(409);
  expect(await approvalCount(w.clinic.orgId!)).toBe(1);
  const listed = byName((await sheets(w.amina, week)).data)['Amina Otieno']!;
  expect(listed.approval).toMatchObject({ id: approved.json().data.id, approvedBy: 'Grace Wanjiru' });

  // Approved: no correction, no clock-in on one of its days.
  const entry = (
    await ctx.sql<{ id: string }>(
      `select id from core.clock_entries where staff_record_id = $1 order by clock_in limit 1`,
      amina,
    )
  )[0]!.id;
  const fix = { clockOut: '2026-03-03T04:00:00Z', reason: 'Left on time' };
  const refused = await ctx.call('PATCH', `/api/core/clock/entries/${entry}`, w.manager, fix);
  expect([refused.statusCode, refused.json().code]).toEqual([409, 'core.timesheet_approved']);
  at(ctx, '2026-03-08T10:00:00Z');
  const late = await clockIn(ctx, w.amina);
  expect([late.statusCode, late.json().code]).toEqual([409, 'core.timesheet_approved']);
  at(ctx, '2026-03-09T06:00:00Z');

  // Reopened by the manager, saying why: the correction goes through and it is approved anew.
  const approvalId = approved.json().data.id;
  const reopen = (who: Persona) =>
    ctx.call('POST', `/api/core/timesheets/approvals/${approvalId}/reopen`, who, {
      reason: 'Clock-out was wrong',
    });
  expect((await reopen(w.amina)).statusCode).toBe(403);
  expect((await reopen(await ctx.clinic())).statusCode).toBe(404);
  const reopened = await reopen(w.manager);
  expect(reopened.statusCode).toBe(200);
  expect(reopened.json().data.reopenReason).toBe('Clock-out was wrong');
  expect((await reopen(w.hr)).json().code).toBe('core.timesheet_reopened');
  expect((await ctx.call('PATCH', `/api/core/clock/entries/${entry}`, w.manager, fix)).statusCode).toBe(200);
  const anew = await approve(w.hr, amina);
  expect(anew.statusCode).toBe(201);
  // 18:55 to 07:00: five minutes over now.
  expect(anew.json().data.totals).toMatchObject({ overtime: 0.08, total: 24.08 });

  // Beatrice's forgotten clock-out corrected, hers is approved too.
  expect(
    (
      await ctx.call('PATCH', `/api/core/clock/entries/${w.open}`, w.manager, {
        clockOut: '2026-03-07T09:00:00Z',
        reason: 'Forgot to clock out',
      })
    ).statusCode,
  ).toBe(200);
  expect((await approve(w.manager, beatrice)).json().data.totals).toMatchObject({
    regular: 26,
    unscheduled: 1,
    open: 0,
  });

  const actions = await ctx.sql<{ action: string }>(
    `select payload->'data'->>'action' as action from core.outbox
      where type like '%admin%' and payload->'data'->'target'->>'kind' = 'timesheet'
        and payload->'data'->'target'->>'label' like 'Amina%' order by seq`,
  );
  expect(actions.map((a) => a.action)).toEqual([
    'timesheet.approve',
    'timesheet.reopen',
    'timesheet.approve',
  ]);
  const events = await ctx.sql<{ n: number }>(
    `select count(*)::int as n from core.outbox where type = 'core.timesheet.approved.v1'
      and payload->'data'->>'organisationId' = $1`,
    w.clinic.orgId,
  );
  expect(events[0]!.n).toBe(3);
});

it('exports payroll’s CSV, one row a person and period, identifiers for HR only', async () => {
  const w = await workedWeek();
  const csv = async (who: Persona) => ctx.call('GET', `/api/core/timesheets.csv?${week}`, who);
  const hr = await csv(w.hr);
  expect(hr.statusCode).toBe(200);
  expect(hr.headers['content-type']).toContain('text/csv');
  const lines = rowsOf(hr.body);
  expect(lines[0]).toBe(
    'Name,Email,Department,From,To,National ID,KRA PIN,NSSF number,Regular hours,Night hours,Overtime hours,Total hours,Shifts,Late,Missed,Unscheduled,Open,Approved on,Approved by',
  );
  expect(lines).toHaveLength(7);
  const amina = lines.find((l) => l.startsWith('Amina Otieno'))!;
  expect(amina).toContain(',Maternity ward,2026-03-02,2026-03-08,29000000,,,8,16,0.17,24.17,3,0,1,0,0,,');

  const manager = await csv(w.manager);
  const managerLines = rowsOf(manager.body);
  expect(managerLines[0]).not.toContain('National ID');
  expect(managerLines.slice(1).map((l) => l.split(',')[0])).toEqual([
    'Amina Otieno',
    'Beatrice Njeri',
    'Grace Wanjiru',
  ]);
  expect((await csv(w.amina)).statusCode).toBe(403);
});

it('reads hours and days on the organisation’s wall clock: Nairobi, Kigali and São Paulo', async () => {
  ctx.clock.set('2026-02-20');
  const totals: Record<string, unknown> = {};
  for (const zone of ['Africa/Nairobi', 'Africa/Kigali', 'America/Sao_Paulo']) {
    const w = await ward(ctx, zone);
    // The same instants everywhere, no shift: 18:00–02:00 UTC, then 02:30–03:00 UTC.
    await worked(w.amina, '2026-03-02T18:00:00Z', '2026-03-03T02:00:00Z');
    await worked(w.amina, '2026-03-03T02:30:00Z', '2026-03-03T03:00:00Z');
    const [sheet] = (await sheets(w.amina, 'from=2026-03-02&to=2026-03-02')).data;
    const { regular, night, total } = sheet!.totals;
    totals[zone] = { regular, night, total };
  }
  expect(totals).toEqual({
    'Africa/Nairobi': { regular: 1, night: 7, total: 8 }, // 21:00–05:00; 05:30 is the 3rd
    'Africa/Kigali': { regular: 2, night: 6, total: 8 }, // 20:00–04:00; 04:30 is the 3rd
    'America/Sao_Paulo': { regular: 7, night: 1.5, total: 8.5 }, // 15:00–23:00 and 23:30–00:00
  });
});

it('counts a night across London’s clock change as the 11 hours it lasts', async () => {
  ctx.clock.set('2026-02-20');
  const w = await ward(ctx, 'Europe/London');
  await w.publish('2026-03-23', [[w.amina, w.night, '2026-03-28']]);
  await worked(w.amina, '2026-03-28T19:00:00Z', '2026-03-29T06:00:00Z'); // 19:00 GMT to 07:00 BST
  const [sheet] = (await sheets(w.amina, 'from=2026-03-23&to=2026-03-29')).data;
  expect(sheet!.totals).toMatchObject({ regular: 4, night: 7, overtime: 0, total: 11, late: 0, missed: 0 });
});
