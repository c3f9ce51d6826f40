import { randomUUID } from 'node:crypto';
import postgres from 'postgres';
import { MAX_JOB_ALERTS } from '../contract';
import { aJob, startHire, type HireContext } from './helpers';

let ctx: HireContext;
let sql: postgres.Sql;
beforeAll(async () => {
  ctx = await startHire({ BOARD_CACHE_MS: '0' });
  sql = postgres(ctx.db.url, { max: 1, onnotice: () => {} });
});
afterAll(async () => {
  await sql?.end();
  await ctx?.close();
});

const alertsOf = async (who: ReturnType<HireContext['persona']>) =>
  (await ctx.call('GET', '/api/job/alerts', who)).json();

it('a professional saves, lists and deletes their own alerts; others see and delete none of them', async () => {
  const amina = ctx.persona('user');
  const baraka = ctx.persona('user');
  const created = await ctx.call('POST', '/api/job/alerts', amina, {
    query: { title: ' Nurse ', department: '', type: 'Full-time', page: '3' },
  });
  expect(created.statusCode).toBe(201);
  const alert = created.json().data;
  // Saved as the board's filters: trimmed, without paging or empty fields.
  expect(alert.query).toEqual({ title: 'Nurse', type: 'Full-time' });
  expect((await alertsOf(amina)).data.map((a: { id: string }) => a.id)).toEqual([alert.id]);
  expect((await alertsOf(baraka)).data).toEqual([]);

  const stranger = await ctx.call('DELETE', `/api/job/alerts/${alert.id}`, baraka);
  expect(stranger.statusCode).toBe(404);
  expect(stranger.json().code).toBe('hire.alert_not_found');
  expect((await alertsOf(amina)).data).toHaveLength(1);
  expect((await ctx.call('DELETE', `/api/job/alerts/${alert.id}`, amina)).statusCode).toBe(200);
  expect((await alertsOf(amina)).data).toEqual([]);
});

it('only professionals have alerts; bad queries are refused and change nothing', async () => {
  const clinic = ctx.persona('Clinic');
  const amina = ctx.persona('user');
  expect((await ctx.call('POST', '/api/job/alerts', clinic, { query: { title: 'Nurse' } })).statusCode).toBe(
    403,
  );
  expect((await ctx.call('GET', '/api/job/alerts', clinic)).statusCode).toBe(403);
  expect(
    (await ctx.call('POST', '/api/job/alerts', undefined, { query: { title: 'Nurse' } })).statusCode,
  ).toBe(401);

  const empty = await ctx.call('POST', '/api/job/alerts', amina, { query: { title: '  ' } });
  expect(empty.statusCode).toBe(400);
  expect(empty.json().code).toBe('hire.alert_needs_filter');
  for (const query of [{ type: 'Forever' }, { title: 'x'.repeat(161) }, { colour: 'blue' }]) {
    expect((await ctx.call('POST', '/api/job/alerts', amina, { query })).statusCode).toBe(400);
  }
  expect((await ctx.call('POST', '/api/job/alerts', amina, {})).statusCode).toBe(400);
  expect((await ctx.call('DELETE', '/api/job/alerts/not-a-uuid', amina)).statusCode).toBe(400);
  expect((await ctx.call('DELETE', `/api/job/alerts/${randomUUID()}`, amina)).statusCode).toBe(404);
  expect((await alertsOf(amina)).data).toEqual([]);
});

it('keeps one alert for one search: the same search again, even at once, answers the alert already kept', async () => {
  const amina = ctx.persona('user');
  const [a, b] = await Promise.all([
    ctx.call('POST', '/api/job/alerts', amina, { query: { title: 'Midwife', location: 'Kisumu' } }),
    ctx.call('POST', '/api/job/alerts', amina, {
      query: { location: ' Kisumu ', title: 'Midwife', page: 2 },
    }),
  ]);
  expect([a.statusCode, b.statusCode].sort()).toEqual([200, 201]);
  expect(a.json().data.id).toBe(b.json().data.id);
  expect((await alertsOf(amina)).data).toHaveLength(1);
  // Another search is another alert.
  const other = await ctx.call('POST', '/api/job/alerts', amina, { query: { title: 'Midwife' } });
  expect(other.statusCode).toBe(201);
  expect((await alertsOf(amina)).data).toHaveLength(2);
});

it(`keeps at most ${MAX_JOB_ALERTS} alerts per person, even when asked at once`, async () => {
  const amina = ctx.persona('user');
  const results = await Promise.all(
    Array.from({ length: MAX_JOB_ALERTS + 3 }, (_, i) =>
      ctx.call('POST', '/api/job/alerts', amina, { query: { title: `Nurse ${i}` } }),
    ),
  );
  expect(results.filter((r) => r.statusCode === 201)).toHaveLength(MAX_JOB_ALERTS);
  const refused = results.filter((r) => r.statusCode === 409);
  expect(refused).toHaveLength(3);
  expect(refused[0]!.json().code).toBe('hire.alert_limit');
  expect((await alertsOf(amina)).data).toHaveLength(MAX_JOB_ALERTS);
});

describe('matching a new job against saved searches', () => {
  const asOf = (job: { id: string }, posterId: string) => ({ id: job.id, posterId, postedAt: new Date() });

  it('an alert matches a job exactly when the board, asked its query, lists that job', async () => {
    const clinic = ctx.persona('Clinic');
    const post = async (over: Record<string, unknown>) =>
      (await ctx.call('POST', '/api/job/add', clinic, aJob(over))).json().data as { id: string };
    const job = await post({
      title: 'Nurse (RN) - ICU',
      department: 'Intensive Care',
      location: 'Westlands, Nairobi',
      type: 'Full-time',
      experienceLevel: 'mid',
      salaryRange: 'Ksh 80,000 - 120,000',
    });
    await post({
      title: 'Intern Pharmacist',
      department: 'Pharmacy',
      location: 'Mombasa',
      type: 'Part-time',
    });
    const queries: Record<string, string | number>[] = [
      { title: 'nurse' },
      { title: 'NURSE' },
      { title: 'rn' },
      { title: 'ur' },
      { title: 'icu', location: 'nairobi' },
      { title: 'icu', location: 'mombasa' },
      { title: 'intern' },
      { title: '%' },
      { department: 'care' },
      { location: 'west' },
      { type: 'Full-time' },
      { type: 'Part-time' },
      { experience: 'mid' },
      { experience: 'senior' },
      { minSalary: 120000 },
      { minSalary: 120001 },
      { title: 'nurse', type: 'Full-time', experience: 'mid', minSalary: 100000 },
      { title: 'nurse', type: 'Contract' },
    ];
    const people = queries.map(() => ctx.persona('user'));
    for (const [i, query] of queries.entries())
      expect((await ctx.call('POST', '/api/job/alerts', people[i], { query })).statusCode).toBe(201);

    const listed = await Promise.all(
      queries.map(async (query) => {
        const search = new URLSearchParams(Object.entries(query).map(([k, v]) => [k, String(v)]));
        const board = (await ctx.call('GET', `/api/job/get?${search}&limit=100`)).json();
        return board.data.some((j: { id: string }) => j.id === job.id);
      }),
    );
    const expected = people.filter((_, i) => listed[i]).map((p) => p.id);
    // Neither nobody nor everybody: the comparison tells the two apart.
    expect(expected.length).toBeGreaterThan(3);
    expect(expected.length).toBeLessThan(queries.length - 3);
    const matched = await ctx.app.alerts.matchingUsers(asOf(job, clinic.id));
    expect(matched.sort()).toEqual(expected.sort());
  });

  it('reads every saved search however many, tells each person once, and nobody of a closed job', async () => {
    const clinic = ctx.persona('Clinic');
    const job = (await ctx.call('POST', '/api/job/add', clinic, aJob({ title: 'Theatre Nurse' }))).json()
      .data as { id: string };
    // More alerts than one round trip reads, written straight to the table: half match, and the last
    // person has two matching alerts.
    await sql`
      insert into hire.job_alerts (user_id, query, created_at)
      select md5('many' || g)::uuid,
             case when g % 2 = 0 then '{"title":"theatre"}'::jsonb else '{"title":"dentist"}'::jsonb end,
             now() - interval '1 hour'
      from generate_series(1, 4500) g`;
    await sql`
      insert into hire.job_alerts (user_id, query, created_at)
      values (md5('many' || 4500)::uuid, '{"title":"theatre nurse"}', now() - interval '1 hour')`;
    // Made after the job was posted: not matched.
    const late = ctx.persona('user');
    await sql`
      insert into hire.job_alerts (user_id, query, created_at)
      values (${late.id}, '{"title":"theatre"}', now() + interval '1 hour')`;

    const matched = await ctx.app.alerts.matchingUsers(asOf(job, clinic.id));
    expect(new Set(matched).size).toBe(matched.length);
    // The earlier test's alerts for nurses and full-time jobs match this one too: only ours are counted.
    const ours = await sql<{ id: string }[]>`
      select md5('many' || g)::uuid::text as id from generate_series(2, 4500, 2) g`;
    const oursOrLate = new Set([...ours.map((o) => o.id), late.id]);
    const mine = matched.filter((id) => oursOrLate.has(id));
    expect(mine.sort()).toEqual(ours.map((o) => o.id).sort());

    await sql`update hire.jobs set deleted_at = now() where id = ${job.id}`;
    expect(await ctx.app.alerts.matchingUsers(asOf(job, clinic.id))).toEqual([]);
  });
});
