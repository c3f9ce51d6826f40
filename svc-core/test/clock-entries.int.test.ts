import { startCore, type CoreContext, type Persona } from './helpers';
import { at, clockIn, clockOut, ward } from './ward';

/**
 * One person's clock entries for corrections (`GET /api/core/clock/entries`), against real Postgres and
 * NATS on the test clock, in a clinic in Los Angeles: times on its wall clock, a night across midnight under
 * the day it began, who may read whose (another organisation's: a 404 and nothing), and a correction
 * recalculating the timesheet while every refused one changes nothing.
 */
jest.setTimeout(90_000);
let ctx: CoreContext;
beforeAll(async () => {
  ctx = await startCore();
});
afterAll(async () => ctx?.close());

const LA = 'America/Los_Angeles';
type Line = {
  id: string;
  clockInLocal: { day: string; time: string };
  clockOutLocal: { day: string; time: string } | null;
  late: boolean;
  minutesLate: number;
  missedClockOut: boolean;
  correctedBy: string | null;
  correctionReason: string | null;
  locked: boolean;
  shift: { name: string } | null;
};
type Listed = {
  data: Line[];
  pageInfo: { total: number };
  timeZone: string;
  timesheet: { totals: Record<string, number> };
  canCorrect: boolean;
};
const entriesOf = (who: Persona, query: string) => ctx.call('GET', `/api/core/clock/entries?${query}`, who);
const listed = async (who: Persona, query: string): Promise<Listed> => {
  const res = await entriesOf(who, query);
  expect(res.statusCode).toBe(200);
  return res.json();
};

/**
 * Amina's night of Monday 2 March (19:00–07:00 Pacific time), clocked in 20 minutes late and out at 07:05
 * the next morning; Beatrice clocked in on Saturday off the roster and never out. Now: Monday 9 March.
 */
async function nightWorked() {
  ctx.clock.set('2026-02-20');
  const w = await ward(ctx, LA);
  await w.publish('2026-03-02', [[w.amina, w.night, '2026-03-02']]);
  at(ctx, '2026-03-03T03:20:00Z'); // 19:20 on the 2nd, Pacific standard time
  expect((await clockIn(ctx, w.amina)).statusCode).toBe(200);
  at(ctx, '2026-03-03T15:05:00Z'); // 07:05 on the 3rd
  expect((await clockOut(ctx, w.amina)).statusCode).toBe(200);
  at(ctx, '2026-03-07T17:00:00Z');
  expect((await clockIn(ctx, w.beatrice)).statusCode).toBe(200);
  at(ctx, '2026-03-09T18:00:00Z');
  return w;
}

it("lists a person's entries on the organisation's clock, a night under the day it began; only to who may see them", async () => {
  const w = await nightWorked();
  const amina = `staffId=${w.ids['Amina Otieno']}`;
  const monday = await listed(w.hr, `${amina}&from=2026-03-02&to=2026-03-02`);
  expect(monday.timeZone).toBe(LA);
  expect(monday.pageInfo.total).toBe(1);
  expect(monday.data[0]).toMatchObject({
    clockInLocal: { day: '2026-03-02', time: '19:20' },
    clockOutLocal: { day: '2026-03-03', time: '07:05' },
    late: true,
    minutesLate: 20,
    missedClockOut: false,
    correctedBy: null,
    locked: false,
    shift: { name: 'Night' },
  });
  expect(monday.timesheet.totals).toMatchObject({ total: 11.75, late: 1, overtime: 0 });
  expect(monday.canCorrect).toBe(true);
  // The morning it ended is not where it is listed.
  expect((await listed(w.hr, `${amina}&from=2026-03-03&to=2026-03-03`)).data).toEqual([]);

  // Her ward's manager reads it; she reads her own (without staffId too) but may not correct it.
  expect((await listed(w.manager, `${amina}&from=2026-03-02&to=2026-03-08`)).data).toHaveLength(1);
  const own = await listed(w.amina, 'from=2026-03-02&to=2026-03-08');
  expect([own.data.map((e) => e.id), own.canCorrect]).toEqual([[monday.data[0]!.id], false]);

  // The lab's manager, a colleague, and another organisation's HR: a 404 with nothing of hers.
  const stranger = await ctx.clinic({ name: 'Another clinic' });
  for (const who of [w.labManager, w.beatrice, stranger]) {
    const res = await entriesOf(who, `${amina}&from=2026-03-02&to=2026-03-08`);
    expect([res.statusCode, res.json().code]).toEqual([404, 'core.staff_not_found']);
    expect(res.body).not.toContain('19:20');
  }
  // Bad input: a clear 400.
  for (const query of [
    `${amina}&from=2026-03-08&to=2026-03-02`,
    `${amina}&from=2026-03-01&to=2026-04-15`,
    'staffId=nobody&from=2026-03-02&to=2026-03-08',
    `${amina}&from=2 March&to=2026-03-08`,
    `${amina}&from=2026-03-02&to=2026-03-08&limit=0`,
  ]) {
    const res = await entriesOf(w.hr, query);
    expect([res.statusCode, res.json().success]).toEqual([400, false]);
  }

  // Beatrice's Saturday: unscheduled, never clocked out a day on.
  const saturday = await listed(
    w.manager,
    `staffId=${w.ids['Beatrice Njeri']}&from=2026-03-07&to=2026-03-07`,
  );
  expect(saturday.data[0]).toMatchObject({
    clockInLocal: { day: '2026-03-07', time: '09:00' },
    clockOutLocal: null,
    missedClockOut: true,
    shift: null,
  });
});

it('a correction recalculates the timesheet; refused ones change nothing', async () => {
  const w = await nightWorked();
  const query = `staffId=${w.ids['Amina Otieno']}&from=2026-03-02&to=2026-03-08`;
  const before = await listed(w.hr, query);
  const id = before.data[0]!.id;
  const correct = (who: Persona, body: Record<string, unknown>) =>
    ctx.call('PATCH', `/api/core/clock/entries/${id}`, who, body);

  const stranger = await ctx.clinic({ name: 'Another clinic' });
  for (const [who, body, status] of [
    [w.labManager, { clockIn: '2026-03-03T03:00:00Z', reason: 'Came early' }, 403],
    [w.amina, { clockIn: '2026-03-03T03:00:00Z', reason: 'Came early' }, 403],
    [stranger, { clockIn: '2026-03-03T03:00:00Z', reason: 'Came early' }, 404],
    [w.manager, { clockIn: '2026-03-03T03:00:00Z' }, 400],
    [w.manager, { clockIn: '2026-03-03T03:00:00Z', reason: '  ' }, 400],
    [w.manager, { clockIn: '2026-03-03T16:00:00Z', reason: 'After the clock-out' }, 422],
  ] as const) {
    const res = await correct(who, body);
    expect([res.statusCode, res.json().success]).toEqual([status, false]);
  }
  expect(await listed(w.hr, query)).toEqual(before);

  // The manager puts the clock-in right: on time, an extra 5 minutes of overtime, who and why kept.
  const res = await correct(w.manager, { clockIn: '2026-03-03T03:00:00Z', reason: 'Badge reader was down' });
  expect(res.statusCode).toBe(200);
  const after = await listed(w.hr, query);
  expect(after.data[0]).toMatchObject({
    clockInLocal: { day: '2026-03-02', time: '19:00' },
    late: false,
    minutesLate: 0,
    correctedBy: 'Grace Wanjiru',
    correctionReason: 'Badge reader was down',
  });
  expect(after.timesheet.totals).toMatchObject({ total: 12.08, overtime: 0.08, late: 0 });

  // Approved, its entries are locked (and a correction refused) until reopened.
  const approve = await ctx.call('POST', '/api/core/timesheets/approve', w.hr, {
    staffId: w.ids['Amina Otieno'],
    from: '2026-03-02',
    to: '2026-03-08',
  });
  expect(approve.statusCode).toBe(201);
  expect((await listed(w.manager, query)).data[0]!.locked).toBe(true);
  const late = await correct(w.manager, { clockOut: '2026-03-03T15:00:00Z', reason: 'Left on time' });
  expect([late.statusCode, late.json().code]).toEqual([409, 'core.timesheet_approved']);
  expect((await listed(w.hr, query)).timesheet.totals.total).toBe(12.08);
});
