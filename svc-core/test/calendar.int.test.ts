import { startCore, type CoreContext, type Persona } from './helpers';
import { ward } from './ward';

/**
 * The team calendar against real Postgres and NATS: each person in the caller's scope with their shifts
 * (published and drafts, on any roster) and approved leave over at most six weeks; HR everyone, a manager
 * their ward, staff nothing; bounded and paged.
 */
let ctx: CoreContext;
beforeAll(async () => {
  ctx = await startCore();
});
afterAll(async () => ctx?.close());

type Person = {
  staffId: string;
  name: string;
  departmentName: string | null;
  shifts: { day: string; shiftName: string; night: boolean; published: boolean; departmentName: string }[];
  leave: { from: string; to: string; halfDay: boolean; typeName: { en: string } }[];
};
const calendar = (who: Persona, query: string) => ctx.call('GET', `/api/core/calendar?${query}`, who);
const people = async (who: Persona, query: string) => {
  const res = await calendar(who, query);
  expect(res.statusCode).toBe(200);
  return res.json() as { data: Person[]; pageInfo: { total: number } };
};
const MARCH = 'from=2026-03-01&to=2026-03-31';

it('shows HR every ward’s shifts and approved leave, a manager their ward, staff nothing; paged and bounded', async () => {
  ctx.clock.set('2026-02-20');
  const w = await ward(ctx);
  await w.publish('2026-03-02', [
    [w.amina, w.day, '2026-03-02'],
    [w.amina, w.night, '2026-03-04'],
    [w.beatrice, w.day, '2026-03-03'],
  ]);
  // A draft for the week after: Amina's day on the 9th, still being planned.
  const draft = await ctx.call('POST', '/api/core/rosters', w.manager, {
    departmentId: w.wardId,
    startsOn: '2026-03-09',
    weeks: 1,
  });
  await ctx.call('POST', `/api/core/rosters/${draft.json().data.id}/assignments`, w.manager, {
    staffId: w.ids['Amina Otieno'],
    templateId: w.day,
    day: '2026-03-09',
  });
  // Beatrice's approved leave on the 5th and 6th; Amina's still pending (not on the calendar); the
  // technician's approved leave in the laboratory.
  const typeId = (who: Persona) =>
    ctx
      .call('GET', '/api/core/leave/types', who)
      .then((r) => r.json().data.find((t: { code: string }) => t.code === 'unpaid').id as string);
  const ask = async (who: Persona, from: string, to: string) => {
    const res = await ctx.call('POST', '/api/core/leave/requests', who, {
      typeId: await typeId(who),
      from,
      to,
    });
    expect(res.statusCode).toBe(201);
    return res.json().data.id as string;
  };
  const approve = async (who: Persona, id: string) =>
    expect(
      (await ctx.call('PATCH', `/api/core/leave/requests/${id}`, who, { status: 'approved' })).statusCode,
    ).toBe(200);
  await approve(w.manager, await ask(w.beatrice, '2026-03-05', '2026-03-06'));
  await ask(w.amina, '2026-03-18', '2026-03-18');
  await approve(w.labManager, await ask(w.tech, '2026-03-30', '2026-04-02'));

  // HR: everyone with a record, by name; each with the month's shifts and leave.
  const all = await people(w.hr, `${MARCH}&limit=50`);
  expect(all.data.map((p) => p.name)).toEqual([
    'Amina Otieno',
    'Beatrice Njeri',
    'Brian Kiprop',
    'Grace Wanjiru',
    'Halima Yusuf',
    'Peter Mwangi',
  ]);
  const amina = all.data[0]!;
  expect(amina.departmentName).toBe('Maternity ward');
  expect(amina.shifts).toEqual([
    expect.objectContaining({ day: '2026-03-02', shiftName: 'Day', night: false, published: true }),
    expect.objectContaining({ day: '2026-03-04', shiftName: 'Night', night: true, published: true }),
    expect.objectContaining({ day: '2026-03-09', shiftName: 'Day', published: false }),
  ]);
  expect(amina.leave).toEqual([]);
  expect(all.data[1]!.leave).toEqual([
    expect.objectContaining({ from: '2026-03-05', to: '2026-03-06', halfDay: false }),
  ]);
  expect(all.data[1]!.leave[0]!.typeName.en).toMatch(/unpaid/i);
  // Leave reaching into the month counts; a week shows only its own days.
  expect(all.data[2]!.leave.map((l) => [l.from, l.to])).toEqual([['2026-03-30', '2026-04-02']]);
  const week = await people(w.hr, 'from=2026-03-02&to=2026-03-08');
  expect(week.data[0]!.shifts.map((s) => s.day)).toEqual(['2026-03-02', '2026-03-04']);
  expect(week.data[2]!.leave).toEqual([]);

  // One ward, and pages of it.
  const ward1 = await people(w.hr, `${MARCH}&departmentId=${w.wardId}`);
  expect(ward1.data.map((p) => p.name)).toEqual(['Amina Otieno', 'Beatrice Njeri', 'Grace Wanjiru']);
  const page2 = await people(w.hr, `${MARCH}&departmentId=${w.wardId}&limit=2&page=2`);
  expect([page2.data.map((p) => p.name), page2.pageInfo.total]).toEqual([['Grace Wanjiru'], 3]);

  // The ward's manager: her ward; the laboratory's: his; another ward through the filter: nobody.
  expect((await people(w.manager, MARCH)).data.map((p) => p.name)).toEqual([
    'Amina Otieno',
    'Beatrice Njeri',
    'Grace Wanjiru',
  ]);
  expect((await people(w.labManager, MARCH)).data.map((p) => p.name)).toEqual([
    'Brian Kiprop',
    'Peter Mwangi',
  ]);
  expect((await people(w.labManager, `${MARCH}&departmentId=${w.wardId}`)).pageInfo.total).toBe(0);
  // Another organisation's HR sees none of these people.
  expect((await people(await ctx.clinic(), `${MARCH}&departmentId=${w.wardId}`)).data).toEqual([]);

  // Staff: refused. Bad ranges: refused, each a clear 400.
  expect((await calendar(w.amina, MARCH)).statusCode).toBe(403);
  for (const query of [
    'from=2026-03-31&to=2026-03-01',
    'from=2026-03-01&to=2026-04-12',
    'from=2026-02-30&to=2026-03-05',
  ]) {
    const res = await calendar(w.hr, query);
    expect([res.statusCode, res.json().code]).toEqual([400, 'core.calendar_range']);
  }
  expect((await calendar(w.hr, 'from=2026-03-01')).statusCode).toBe(400);
  expect((await calendar(w.hr, `${MARCH}&limit=500`)).statusCode).toBe(400);
});
