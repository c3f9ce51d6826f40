import { startCore, type CoreContext, type Persona } from './helpers';
import { ward } from './ward';

/** The roster fatigue flag: the organisation's limits, each person flagged beside their row, the summary. */
let ctx: CoreContext;
beforeAll(async () => {
  ctx = await startCore();
});
afterAll(async () => ctx?.close());

it('flags too many nights in a row and too few rest days in 7 by the organisation’s limits, which HR sets', async () => {
  ctx.clock.set('2026-02-20');
  const w = await ward(ctx);
  const settings = await ctx.call('GET', '/api/core/organisation', w.amina);
  expect(settings.json().data.fatigue).toEqual({ maxConsecutiveNights: 3, minRestDays: 1 });

  const made = await ctx.call('POST', '/api/core/rosters', w.manager, {
    departmentId: w.wardId,
    startsOn: '2026-03-02',
    weeks: 2,
  });
  expect(made.statusCode).toBe(201);
  // The roster's own nights rule starts from the organisation's limit.
  expect(made.json().data.maxConsecutiveNights).toBe(3);
  const id = made.json().data.id as string;
  const assign = (who: Persona, templateId: string, day: string) =>
    ctx.call('POST', `/api/core/rosters/${id}/assignments`, w.manager, {
      staffId: w.ids[who.name],
      templateId,
      day,
      reason: 'Short of staff this fortnight',
    });
  for (const day of ['02', '03', '04', '05'])
    expect((await assign(w.amina, w.night, `2026-03-${day}`)).statusCode).toBe(201);
  for (const day of ['09', '10', '11', '12', '13', '14', '15'])
    expect((await assign(w.beatrice, w.day, `2026-03-${day}`)).statusCode).toBe(201);

  const read = async () => (await ctx.call('GET', `/api/core/rosters/${id}`, w.manager)).json().data;
  const person = (roster: { people: { name: string }[] }, who: Persona) =>
    roster.people.find((p) => p.name === who.name);
  let roster = await read();
  expect(roster.fatigueLimits).toEqual({ maxConsecutiveNights: 3, minRestDays: 1 });
  expect(person(roster, w.amina)).toMatchObject({
    fatigue: ['many-nights'],
    nightsInARow: 4,
    fewestRestDays: 2,
  });
  expect(person(roster, w.beatrice)).toMatchObject({
    fatigue: ['few-rest-days'],
    nightsInARow: 0,
    fewestRestDays: 0,
  });
  expect(person(roster, w.manager)).toMatchObject({ fatigue: [], fewestRestDays: 7 });
  expect(roster.summary).toEqual({
    rules: { 'on-leave': 0, overlap: 0, 'short-rest': 0, 'too-many-nights': 1, 'not-cleared': 0 },
    gaps: 0,
    fatigue: { 'many-nights': 1, 'few-rest-days': 1 },
  });

  // Only HR sets the limits, within their bounds; nothing changes otherwise.
  const limit = (who: Persona, fatigue: unknown) =>
    ctx.call('PATCH', '/api/core/organisation', who, { fatigue });
  for (const who of [w.manager, w.amina])
    expect((await limit(who, { maxConsecutiveNights: 5 })).statusCode).toBe(403);
  for (const bad of [{ maxConsecutiveNights: 0 }, { minRestDays: 4 }, {}, { nights: 2 }])
    expect((await limit(w.hr, bad)).statusCode).toBe(400);
  expect((await read()).fatigueLimits).toEqual({ maxConsecutiveNights: 3, minRestDays: 1 });

  const set = await limit(w.hr, { maxConsecutiveNights: 4, minRestDays: 2 });
  expect(set.statusCode).toBe(200);
  expect(set.json().data.fatigue).toEqual({ maxConsecutiveNights: 4, minRestDays: 2 });
  roster = await read();
  // Four nights are now allowed; two rest days in 7 are now asked: Amina had 2, so she is not flagged.
  expect(person(roster, w.amina)).toMatchObject({ fatigue: [] });
  expect(person(roster, w.beatrice)).toMatchObject({ fatigue: ['few-rest-days'] });
  expect(roster.summary.fatigue).toEqual({ 'many-nights': 0, 'few-rest-days': 1 });

  const audited = await ctx.sql<{ before: unknown; after: unknown }>(
    `select payload->'data'->'before' as before, payload->'data'->'after' as after from core.outbox
      where payload->'data'->>'action' = 'organisation.fatigue-limits'
        and payload->'data'->'target'->>'id' = $1`,
    w.clinic.orgId,
  );
  expect(audited).toEqual([
    {
      before: { maxConsecutiveNights: 3, minRestDays: 1 },
      after: { maxConsecutiveNights: 4, minRestDays: 2 },
    },
  ]);
  // Setting the same again is no change and no record.
  expect((await limit(w.hr, { maxConsecutiveNights: 4 })).statusCode).toBe(200);
  const next = await ctx.call('POST', '/api/core/rosters', w.manager, {
    departmentId: w.wardId,
    startsOn: '2026-03-16',
    weeks: 1,
  });
  expect(next.json().data.maxConsecutiveNights).toBe(4);
  expect(
    await ctx.sql(
      `select 1 from core.outbox where payload->'data'->>'action' = 'organisation.fatigue-limits'
        and payload->'data'->'target'->>'id' = $1`,
      w.clinic.orgId,
    ),
  ).toHaveLength(1);
});
