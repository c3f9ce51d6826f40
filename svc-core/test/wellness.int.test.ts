import { startCore, staffIdOf, type CoreContext, type Persona } from './helpers';

/**
 * Wellness pulse surveys: sent to departments, answered once each, anonymous in the tables and in the API,
 * results only once closed and only where at least 5 answered; who may do what.
 */
let ctx: CoreContext;
beforeAll(async () => {
  ctx = await startCore();
});
afterAll(async () => ctx?.close());

interface Org {
  owner: Persona;
  places: Record<string, string>;
  people: Persona[];
}
/** A clinic with Maternity and Theatre, `counts` members placed in each. */
async function setUp(counts: { Maternity: number; Theatre: number }): Promise<Org> {
  const owner = await ctx.clinic();
  const places: Record<string, string> = {};
  for (const name of ['Maternity', 'Theatre']) {
    const res = await ctx.call('POST', '/api/core/departments', owner, { name });
    expect(res.statusCode).toBe(201);
    places[name] = res.json().data.id;
  }
  const people: Persona[] = [];
  for (const [department, n] of Object.entries(counts))
    for (let i = 0; i < n; i++) {
      const p = await ctx.member(owner, { name: `${department} Nurse ${i + 1}` });
      const placed = await ctx.call('PATCH', `/api/core/staff/${await staffIdOf(ctx, owner, p)}`, owner, {
        departmentId: places[department],
      });
      expect(placed.statusCode).toBe(200);
      people.push(p);
    }
  return { owner, places, people };
}

const survey = (who: Persona, departmentIds: string[], over: Record<string, unknown> = {}) =>
  ctx.call('POST', '/api/core/wellness/surveys', who, {
    title: 'January pulse',
    questions: ['workload', 'burnout', 'safety'],
    departmentIds,
    closesOn: '2026-01-20',
    ...over,
  });
/** A survey made and sent by `owner`: its id. */
async function sent(owner: Persona, departmentIds: string[]) {
  const made = await survey(owner, departmentIds);
  expect(made.statusCode).toBe(201);
  const id = made.json().data.id as string;
  expect((await ctx.call('POST', `/api/core/wellness/surveys/${id}/send`, owner)).statusCode).toBe(200);
  return id;
}
const answer = (who: Persona, id: string, ratings: Record<string, number>, comment?: string) =>
  ctx.call('POST', `/api/core/wellness/surveys/${id}/answers`, who, {
    ratings,
    ...(comment === undefined ? {} : { comment }),
  });
const results = (who: Persona, id: string, query = '') =>
  ctx.call('GET', `/api/core/wellness/surveys/${id}/results${query}`, who);
const count = async (table: string, id: string) =>
  (await ctx.sql<{ n: number }>(`select count(*)::int as n from core.${table} where survey_id = $1`, id))[0]!
    .n;

it('sends a survey to one department: a notice to each of its members, the event and the audit record', async () => {
  const { owner, places, people } = await setUp({ Maternity: 2, Theatre: 1 });
  const made = await survey(owner, [places.Maternity!]);
  expect(made.statusCode).toBe(201);
  const draft = made.json().data;
  expect(draft).toMatchObject({ status: 'draft', invited: 0, answered: 0, canAnswer: false });
  // A draft is HR's alone.
  expect((await ctx.call('GET', `/api/core/wellness/surveys/${draft.id}`, people[0]!)).statusCode).toBe(404);

  const send = await ctx.call('POST', `/api/core/wellness/surveys/${draft.id}/send`, owner);
  expect(send.statusCode).toBe(200);
  expect(send.json().data).toMatchObject({
    status: 'open',
    invited: 2,
    departments: [{ id: places.Maternity, name: 'Maternity' }],
  });
  const again = await ctx.call('POST', `/api/core/wellness/surveys/${draft.id}/send`, owner);
  expect(again.json()).toMatchObject({ code: 'core.survey_not_draft' });

  const notified = await ctx.sql<{ user_id: string }>(
    `select payload->'data'->>'userId' as user_id from core.outbox
      where type = 'core.notification.requested.v1' and payload->'data'->>'kind' = 'core.wellness-survey'
        and payload->'data'->'title'->>'en' like '%January pulse%' order by 1`,
  );
  expect(notified.map((n) => n.user_id).sort()).toEqual([people[0]!.id, people[1]!.id].sort());
  const events = await ctx.sql<{ type: string; action: string | null }>(
    `select type, payload->'data'->>'action' as action from core.outbox
      where payload->'data'->>'surveyId' = $1 or payload->'data'->'target'->>'id' = $1 order by seq`,
    draft.id,
  );
  expect(events).toEqual([
    { type: 'core.admin-action.recorded.v1', action: 'wellness.create' },
    { type: 'core.wellness.survey-sent.v1', action: null },
    { type: 'core.admin-action.recorded.v1', action: 'wellness.send' },
  ]);

  // Maternity's members see it to answer; Theatre's does not, and cannot answer it.
  const mine = await ctx.call('GET', '/api/core/wellness/surveys?open=true', people[0]!);
  expect(mine.json().data).toEqual([
    expect.objectContaining({ id: draft.id, canAnswer: true, answeredByMe: false, answered: null }),
  ]);
  const theatre = people[2]!;
  expect((await ctx.call('GET', '/api/core/wellness/surveys', theatre)).json().data).toEqual([]);
  expect((await answer(theatre, draft.id, { workload: 3, burnout: 3, safety: 3 })).statusCode).toBe(404);
  expect(await count('pulse_respondents', draft.id)).toBe(0);
});

it('withholds results while open and below 5 answers; shows them from 5, never per person', async () => {
  const { owner, places, people } = await setUp({ Maternity: 5, Theatre: 0 });
  const four = await sent(owner, [places.Maternity!]);
  const five = await sent(owner, [places.Maternity!]);
  const ratings = [
    { workload: 1, burnout: 2, safety: 5 },
    { workload: 2, burnout: 2, safety: 5 },
    { workload: 3, burnout: 3, safety: 4 },
    { workload: 4, burnout: 4, safety: 4 },
    { workload: 5, burnout: 1, safety: 3 },
  ];
  for (const [i, person] of people.entries()) {
    if (i < 4) expect((await answer(person, four, ratings[i]!)).statusCode).toBe(201);
    const comment =
      i === 0 ? 'Too few nurses at night' : i === 3 ? '  ' : i === 4 ? 'A good month' : undefined;
    expect((await answer(person, five, ratings[i]!, comment)).statusCode).toBe(201);
  }

  // Open: nothing but how many answered, even with 5.
  const open = (await results(owner, five)).json().data;
  expect(open).toMatchObject({
    status: 'open',
    threshold: 5,
    overall: { answered: 5, withheld: 'open', questions: null, comments: null },
    departments: [{ id: places.Maternity, answered: 5, withheld: 'open', questions: null }],
  });

  for (const id of [four, five])
    expect((await ctx.call('POST', `/api/core/wellness/surveys/${id}/close`, owner)).statusCode).toBe(200);
  const withheld = await results(owner, four);
  expect(withheld.statusCode).toBe(200);
  expect(withheld.json().data).toMatchObject({
    status: 'closed',
    invited: 5,
    overall: { answered: 4, withheld: 'too-few', questions: null, comments: null },
    departments: [{ answered: 4, withheld: 'too-few', questions: null }],
  });

  const shown = (await results(owner, five)).json().data;
  expect(shown.overall).toEqual({
    answered: 5,
    withheld: null,
    questions: [
      { question: 'workload', count: 5, mean: 3, distribution: [1, 1, 1, 1, 1] },
      { question: 'burnout', count: 5, mean: 2.4, distribution: [1, 2, 1, 1, 0] },
      { question: 'safety', count: 5, mean: 4.2, distribution: [0, 0, 1, 2, 2] },
    ],
    // In alphabetical order, not the order given; blank ones dropped.
    comments: ['A good month', 'Too few nurses at night'],
  });
  expect(shown.departments).toEqual([
    expect.objectContaining({ id: places.Maternity, answered: 5, withheld: null }),
  ]);
  // No person's id anywhere in the results, and no filter is taken that could narrow them to one.
  const text = JSON.stringify(shown);
  for (const p of people) expect(text).not.toContain(p.id);
  for (const query of [`?departmentId=${places.Maternity}`, `?personId=${people[0]!.id}`, '?limit=1'])
    expect((await results(owner, five, query)).statusCode).toBe(400);
  // A closed survey takes no more answers.
  const late = await ctx.member(owner, { name: 'Late Nurse' });
  await ctx.call('PATCH', `/api/core/staff/${await staffIdOf(ctx, owner, late)}`, owner, {
    departmentId: places.Maternity,
  });
  expect((await answer(late, five, ratings[0]!)).json()).toMatchObject({ code: 'core.survey_not_open' });
});

it('refuses a second answer with nothing changed, and a wrong set of questions', async () => {
  const { owner, places, people } = await setUp({ Maternity: 1, Theatre: 0 });
  const id = await sent(owner, [places.Maternity!]);
  const nurse = people[0]!;
  expect((await answer(nurse, id, { workload: 4 })).json()).toMatchObject({
    code: 'core.survey_answer_invalid',
  });
  expect(
    (await answer(nurse, id, { workload: 4, burnout: 4, safety: 4, extra: 1 } as never)).statusCode,
  ).toBe(400);
  expect((await answer(nurse, id, { workload: 6, burnout: 4, safety: 4 })).statusCode).toBe(400);
  expect(await count('pulse_answers', id)).toBe(0);

  expect((await answer(nurse, id, { workload: 2, burnout: 3, safety: 4 }, 'Tired')).statusCode).toBe(201);
  const before = await ctx.sql(
    `select workload, burnout, safety, comment from core.pulse_answers where survey_id = $1`,
    id,
  );
  const second = await answer(nurse, id, { workload: 5, burnout: 5, safety: 5 }, 'All good now');
  expect(second.statusCode).toBe(409);
  expect(second.json()).toMatchObject({ code: 'core.survey_answered' });
  expect(
    await ctx.sql(
      `select workload, burnout, safety, comment from core.pulse_answers where survey_id = $1`,
      id,
    ),
  ).toEqual(before);
  expect(await count('pulse_respondents', id)).toBe(1);
  const list = await ctx.call('GET', '/api/core/wellness/surveys', nurse);
  expect(list.json().data).toEqual([expect.objectContaining({ id, answeredByMe: true, canAnswer: false })]);
  expect((await ctx.call('GET', '/api/core/wellness/surveys?open=true', nurse)).json().data).toEqual([]);
});

it('keeps no person reachable from an answer: no column, no shared id, no time, not the same transaction', async () => {
  const { owner, places, people } = await setUp({ Maternity: 3, Theatre: 0 });
  const id = await sent(owner, [places.Maternity!]);
  for (const p of people)
    expect((await answer(p, id, { workload: 3, burnout: 3, safety: 3 })).statusCode).toBe(201);

  const columns = async (table: string) =>
    (
      await ctx.sql<{ name: string }>(
        `select column_name as name from information_schema.columns
          where table_schema = 'core' and table_name = $1 order by ordinal_position`,
        table,
      )
    ).map((c) => c.name);
  expect(await columns('pulse_answers')).toEqual([
    'id',
    'survey_id',
    'department_id',
    'workload',
    'burnout',
    'safety',
    'comment',
  ]);
  expect(await columns('pulse_respondents')).toEqual(['survey_id', 'person_id']);

  const rows = await ctx.sql<Record<string, string>>(
    `select a.*, a.xmin::text as xmin from core.pulse_answers a where survey_id = $1`,
    id,
  );
  const who = await ctx.sql<{ person_id: string; xmin: string }>(
    `select person_id, xmin::text as xmin from core.pulse_respondents where survey_id = $1`,
    id,
  );
  expect(who.map((w) => w.person_id).sort()).toEqual(people.map((p) => p.id).sort());
  const staffIds = await ctx.sql<{ id: string }>(
    `select id from core.staff_records where person_id = any($1::uuid[])`,
    people.map((p) => p.id),
  );
  const answerText = JSON.stringify(rows.map(({ xmin: _, ...row }) => row));
  for (const value of [...people.map((p) => p.id), ...staffIds.map((s) => s.id)])
    expect(answerText).not.toContain(value);
  // Every answer was written again together after the last one: none carries its writer's transaction.
  expect(new Set(rows.map((r) => r.xmin)).size).toBe(1);
  for (const w of who) expect(rows.map((r) => r.xmin)).not.toContain(w.xmin);
});

it('lets only HR make, send, close and read; members answer only what was sent to them; another organisation gets 404', async () => {
  const { owner, places, people } = await setUp({ Maternity: 2, Theatre: 0 });
  const [nurse, manager] = people as [Persona, Persona];
  const role = await ctx.call('PUT', `/api/core/staff/${await staffIdOf(ctx, owner, manager)}/role`, owner, {
    role: 'manager',
    departmentIds: [places.Maternity],
  });
  expect(role.statusCode).toBe(200);
  const before = await ctx.sql<{ n: number }>(`select count(*)::int as n from core.pulse_surveys`);
  for (const who of [nurse, manager]) expect((await survey(who, [places.Maternity!])).statusCode).toBe(403);
  expect(await ctx.sql(`select count(*)::int as n from core.pulse_surveys`)).toEqual(before);
  expect((await survey(owner, [places.Maternity!], { closesOn: '2026-01-09' })).json()).toMatchObject({
    code: 'core.survey_closes_in_past',
  });

  const id = await sent(owner, [places.Maternity!]);
  for (const who of [nurse, manager]) {
    expect((await results(who, id)).statusCode).toBe(403);
    expect((await ctx.call('POST', `/api/core/wellness/surveys/${id}/close`, who)).statusCode).toBe(403);
  }
  // The manager is a member of the ward: they answer like anyone, and see no count.
  expect((await answer(manager, id, { workload: 2, burnout: 2, safety: 2 })).statusCode).toBe(201);
  expect((await ctx.call('GET', `/api/core/wellness/surveys/${id}`, manager)).json().data).toMatchObject({
    answered: null,
    answeredByMe: true,
  });
  // The owner has no department: nothing to answer.
  expect((await answer(owner, id, { workload: 2, burnout: 2, safety: 2 })).statusCode).toBe(404);

  const other = await ctx.clinic();
  const stranger = await ctx.member(other);
  for (const who of [other, stranger]) {
    expect((await ctx.call('GET', `/api/core/wellness/surveys/${id}`, who)).statusCode).toBe(404);
    expect((await answer(who, id, { workload: 1, burnout: 1, safety: 1 })).statusCode).toBe(404);
  }
  expect((await results(other, id)).statusCode).toBe(404);
  expect((await ctx.call('POST', `/api/core/wellness/surveys/${id}/close`, other)).statusCode).toBe(404);
  expect((await survey(other, [places.Maternity!])).json()).toMatchObject({ code: 'core.place_not_found' });
  expect(await count('pulse_respondents', id)).toBe(1);
});

it('shows a department only from 5 answers, and holds back one that would give away a smaller one', async () => {
  const { owner, places, people } = await setUp({ Maternity: 5, Theatre: 1 });
  const id = await sent(owner, [places.Maternity!, places.Theatre!]);
  for (const p of people)
    expect((await answer(p, id, { workload: 4, burnout: 4, safety: 4 })).statusCode).toBe(201);
  ctx.clock.set('2026-01-21');
  const data = (await results(owner, id)).json().data;
  ctx.clock.set('2026-01-10');
  expect(data.status).toBe('closed');
  expect(data.overall).toMatchObject({ answered: 6, withheld: null });
  // Maternity's 5 with the survey's 6 would be Theatre's one answer.
  expect(data.departments).toEqual([
    { id: places.Maternity, name: 'Maternity', answered: 5, withheld: 'complement', questions: null },
    { id: places.Theatre, name: 'Theatre', answered: 1, withheld: 'too-few', questions: null },
  ]);
});
