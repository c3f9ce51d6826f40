import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import postgres from 'postgres';
import { drizzle } from 'drizzle-orm/postgres-js';
import { migrate } from 'drizzle-orm/postgres-js/migrator';
import { createTestDatabase } from '@platform/testing';
import { aJob, anApplication, startHire, type HireContext, type Persona } from './helpers';
import { today } from '../src/stores/job-store';

let ctx: HireContext;
let clinic: Persona;
let nurse: Persona;
let otherNurse: Persona;
let sql: postgres.Sql;

beforeAll(async () => {
  ctx = await startHire({ BOARD_CACHE_MS: '0' });
  clinic = ctx.persona('Clinic');
  nurse = ctx.persona('user');
  otherNurse = ctx.persona('user');
  sql = postgres(ctx.db.url, { max: 1, onnotice: () => {} });
});
afterAll(async () => {
  await sql?.end();
  await ctx?.close();
});

const daysFromToday = (n: number) => {
  const d = new Date(`${today()}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + n);
  return d.toISOString().slice(0, 10);
};
const salary = (min: number | null, max: number | null, period = 'month') => ({
  min,
  max,
  currency: 'KES',
  period,
});
async function post(over: Record<string, unknown> = {}) {
  const res = await ctx.call('POST', '/api/job/add', clinic, aJob(over));
  expect(res.statusCode).toBe(201);
  return res.json().data;
}
const boardIds = async (query: string) =>
  (await ctx.call('GET', `/api/job/get?limit=100&${query}`)).json().data.map((j: { id: string }) => j.id);
const jobCount = async () => Number((await sql`select count(*) from hire.jobs`)[0]!.count);
/** Closes a job as if its closing day had passed (a clinic cannot set a past date). */
const expire = (id: string) => sql`update hire.jobs set closes_at = ${daysFromToday(-1)} where id = ${id}`;

describe('salaries as figures', () => {
  it('stores a range and gives old clients its English text', async () => {
    const job = await post({ salaryRange: undefined, salary: salary(80000, 120000) });
    expect(job.salary).toEqual(salary(80000, 120000));
    expect(job.salaryRange).toBe('Ksh 80,000 - 120,000');
  });

  it.each([
    ['Ksh 80,000 - 120,000', salary(80000, 120000)],
    ['80000-120000 KES', salary(80000, 120000)],
    ['KES 50k', salary(50000, 50000)],
    ['Ksh 2,500 per day', salary(2500, 2500, 'day')],
  ])('reads the original client’s text "%s" into figures and keeps it as written', async (text, figures) => {
    const job = await post({ salaryRange: text });
    expect(job.salary).toEqual(figures);
    expect(job.salaryRange).toBe(text);
  });

  it('keeps text that is not figures for old clients, with no figures (Negotiable)', async () => {
    const job = await post({ salaryRange: 'Competitive, by experience' });
    expect(job.salary).toBeNull();
    expect(job.salaryRange).toBe('Competitive, by experience');
  });

  it('takes a lower bound alone and shows it as "from"', async () => {
    const job = await post({ salaryRange: undefined, salary: salary(80000, null) });
    expect(job.salaryRange).toBe('from Ksh 80,000');
  });

  it.each([
    ['min above max', salary(120000, 80000), 'hire.salary_range_invalid'],
    ['a negative figure', salary(-1, 80000), 'request.invalid'],
    ['a fraction', salary(1000.5, 80000), 'request.invalid'],
    ['an absurd figure', salary(1, 1_000_000_000), 'request.invalid'],
    ['an unknown currency', { ...salary(1, 2), currency: 'USD' }, 'request.invalid'],
    ['an unknown period', salary(1, 2, 'week'), 'request.invalid'],
  ])('refuses %s with a 400 and posts nothing', async (_what, s, code) => {
    const before = await jobCount();
    const res = await ctx.call('POST', '/api/job/add', clinic, aJob({ salary: s }));
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ success: false, code });
    expect(await jobCount()).toBe(before);
  });

  it('refuses a reversed range on PATCH and changes nothing', async () => {
    const job = await post({ salaryRange: undefined, salary: salary(1000, 2000) });
    const res = await ctx.call('PATCH', `/api/job/${job.id}`, clinic, { salary: salary(3000, 2000) });
    expect(res.json().code).toBe('hire.salary_range_invalid');
    expect((await ctx.call('GET', `/api/job/${job.id}`)).json().data.salary).toEqual(salary(1000, 2000));
  });
});

describe('closing dates', () => {
  it('refuses a closing date in the past, posting nothing', async () => {
    const before = await jobCount();
    const res = await ctx.call('POST', '/api/job/add', clinic, aJob({ closesAt: daysFromToday(-1) }));
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe('hire.closing_date_past');
    expect(await jobCount()).toBe(before);
    const bad = await ctx.call('POST', '/api/job/add', clinic, aJob({ closesAt: '12 Dec' }));
    expect(bad.statusCode).toBe(400);
  });

  it('keeps a job open through its closing day, then takes it off the board and refuses applications', async () => {
    const job = await post({ title: 'Closing soon', closesAt: today() });
    expect(job).toMatchObject({ closesAt: today(), closed: false });
    expect(await boardIds('')).toContain(job.id);

    await expire(job.id);
    expect(await boardIds('')).not.toContain(job.id);
    const page = (await ctx.call('GET', `/api/job/${job.id}`)).json().data;
    expect(page.closed).toBe(true);
    const res = await ctx.call('POST', '/api/application/apply', nurse, anApplication(job.id));
    expect(res.statusCode).toBe(409);
    expect(res.json().code).toBe('hire.job_closed');
    const [row] = await sql`select applicant_count from hire.jobs where id = ${job.id}`;
    expect(row!.applicant_count).toBe(0);
    expect((await sql`select 1 from hire.applications where job_id = ${job.id}`).length).toBe(0);
  });
});

describe('board filters and sort', () => {
  let nairobiSenior: { id: string };
  let mombasaEntry: { id: string };
  let yearly: { id: string };

  beforeAll(async () => {
    nairobiSenior = await post({
      location: 'Westlands, Nairobi',
      experienceLevel: 'senior',
      salaryRange: undefined,
      salary: salary(150000, 200000),
      closesAt: daysFromToday(30),
    });
    mombasaEntry = await post({
      location: 'Mombasa',
      experienceLevel: 'entry',
      salaryRange: undefined,
      salary: salary(40000, 50000),
      closesAt: daysFromToday(5),
    });
    // Ksh 1,800,000 a year is Ksh 150,000 a month.
    yearly = await post({
      location: 'Nairobi CBD',
      salaryRange: undefined,
      salary: salary(null, 1_800_000, 'year'),
    });
  });

  it('filters by location substring, any case', async () => {
    const ids = await boardIds('location=nairobi');
    expect(ids).toEqual(expect.arrayContaining([nairobiSenior.id, yearly.id]));
    expect(ids).not.toContain(mombasaEntry.id);
  });

  it('filters by a monthly salary floor, counting yearly pay per month', async () => {
    const ids = await boardIds('minSalary=150000');
    expect(ids).toEqual(expect.arrayContaining([nairobiSenior.id, yearly.id]));
    expect(ids).not.toContain(mombasaEntry.id);
    expect(await boardIds('minSalary=150001')).toEqual([nairobiSenior.id]);
  });

  it('filters by experience level', async () => {
    expect(await boardIds('experience=entry')).toEqual([mombasaEntry.id]);
  });

  it('sorts by closing date, soonest first, jobs without one last', async () => {
    const ids = await boardIds('sort=closing');
    expect(ids.indexOf(mombasaEntry.id)).toBeLessThan(ids.indexOf(nairobiSenior.id));
    expect(ids.indexOf(nairobiSenior.id)).toBeLessThan(ids.indexOf(yearly.id));
  });

  it.each([
    ['minSalary=-5'],
    ['minSalary=abc'],
    ['minSalary=1000000000'],
    ['experience=guru'],
    ['sort=random'],
    [`location=${'x'.repeat(161)}`],
  ])('refuses %s with a 400', async (query) => {
    const res = await ctx.call('GET', `/api/job/get?${query}`);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ success: false, code: 'request.invalid' });
  });

  it('plans each filter with an index', async () => {
    await sql`analyze hire.jobs`;
    await sql`set enable_seqscan = off`;
    for (const where of [
      sql`location ilike '%nairobi%'`,
      sql`salary_monthly_top >= 100000`,
      sql`lower(location) like 'nai%'`,
    ]) {
      const plan = await sql`explain select id from hire.jobs where deleted_at is null and ${where}`;
      expect(plan.map((r) => r['QUERY PLAN']).join('\n')).toMatch(/Index|Bitmap/);
    }
    await sql`reset enable_seqscan`;
  });

  it('suggests open jobs’ distinct locations by prefix', async () => {
    await post({ location: 'Nairobi CBD' });
    const removed = await post({ location: 'Nairobi West' });
    await ctx.call('DELETE', `/api/job/${removed.id}`, clinic);
    const res = await ctx.call('GET', '/api/job/locations?q=NAI');
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toEqual(['Nairobi CBD']);
    expect((await ctx.call('GET', '/api/job/locations?q=')).statusCode).toBe(400);
    expect((await ctx.call('GET', '/api/job/locations')).json().code).toBe('request.invalid');
  });

  it('keeps the original board call working', async () => {
    const res = await ctx.call('GET', '/api/job/get?title=nurse&page=1&limit=5');
    expect(res.statusCode).toBe(200);
    expect(res.json().pageInfo).toMatchObject({ page: 1, limit: 5 });
  });
});

describe('saved jobs and the viewer’s state', () => {
  it('saves, lists newest first, and unsaves; only the owner sees them', async () => {
    const a = await post({ title: 'Saved first' });
    const b = await post({ title: 'Saved second' });
    expect((await ctx.call('PUT', `/api/job/${a.id}/save`, nurse)).statusCode).toBe(200);
    expect((await ctx.call('PUT', `/api/job/${b.id}/save`, nurse)).statusCode).toBe(200);
    // Saving again changes nothing.
    expect((await ctx.call('PUT', `/api/job/${a.id}/save`, nurse)).statusCode).toBe(200);
    const list = (await ctx.call('GET', '/api/job/saved', nurse)).json();
    expect(list.data.map((j: { id: string }) => j.id)).toEqual([b.id, a.id]);
    expect(list.pageInfo).toMatchObject({ total: 2 });
    expect((await ctx.call('GET', '/api/job/saved', otherNurse)).json().data).toEqual([]);

    expect((await ctx.call('DELETE', `/api/job/${b.id}/save`, nurse)).statusCode).toBe(200);
    expect(
      (await ctx.call('GET', '/api/job/saved', nurse)).json().data.map((j: { id: string }) => j.id),
    ).toEqual([a.id]);
  });

  it('404s saving an unknown or removed job, saving nothing', async () => {
    const removed = await post();
    await ctx.call('DELETE', `/api/job/${removed.id}`, clinic);
    for (const id of [removed.id, '00000000-0000-4000-8000-000000000000']) {
      const res = await ctx.call('PUT', `/api/job/${id}/save`, otherNurse);
      expect(res.statusCode).toBe(404);
      expect(res.json().code).toBe('hire.job_unavailable');
    }
    expect((await sql`select 1 from hire.saved_jobs where user_id = ${otherNurse.id}`).length).toBe(0);
    expect((await ctx.call('PUT', '/api/job/not-a-uuid/save', otherNurse)).statusCode).toBe(400);
  });

  it.each([
    ['a visitor', undefined, 401],
    ['a clinic', 'clinic', 403],
  ])('refuses %s everywhere, saving nothing', async (_who, persona, status) => {
    const job = await post();
    const who = persona ? clinic : undefined;
    for (const [method, url] of [
      ['PUT', `/api/job/${job.id}/save`],
      ['DELETE', `/api/job/${job.id}/save`],
      ['GET', '/api/job/saved'],
      ['GET', `/api/job/viewer-state?ids=${job.id}`],
    ] as const)
      expect((await ctx.call(method, url, who)).statusCode).toBe(status);
    expect((await sql`select 1 from hire.saved_jobs where job_id = ${job.id}`).length).toBe(0);
  });

  it('tells a professional which of a page’s jobs they applied to and saved', async () => {
    const applied = await post();
    const saved = await post();
    const neither = await post();
    await ctx.call('POST', '/api/application/apply', nurse, anApplication(applied.id));
    await ctx.call('PUT', `/api/job/${saved.id}/save`, nurse);
    const res = await ctx.call(
      'GET',
      `/api/job/viewer-state?ids=${[applied.id, saved.id, neither.id].join(',')}`,
      nurse,
    );
    expect(res.json().data).toEqual({ applied: [applied.id], saved: [saved.id] });
    const other = await ctx.call('GET', `/api/job/viewer-state?ids=${applied.id},${saved.id}`, otherNurse);
    expect(other.json().data).toEqual({ applied: [], saved: [] });
  });

  it.each([
    ['none', ''],
    ['not ids', 'nope'],
    ['more than a page', Array(101).fill('00000000-0000-4000-8000-000000000000').join(',')],
  ])('refuses %s with a 400', async (_what, ids) => {
    const res = await ctx.call('GET', `/api/job/viewer-state?ids=${ids}`, nurse);
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe('request.invalid');
  });
});

describe('withdrawing after a decision', () => {
  it('refuses to withdraw an accepted application, changing nothing', async () => {
    const job = await post();
    const a = (await ctx.call('POST', '/api/application/apply', nurse, anApplication(job.id))).json().data;
    await ctx.call('PATCH', `/api/application/${a.id}`, clinic, { status: 'accepted' });
    const res = await ctx.call('PATCH', `/api/application/${a.id}`, nurse, { status: 'withdrawn' });
    expect(res.statusCode).toBe(409);
    expect(res.json().code).toBe('hire.application_accepted');
    expect((await ctx.call('GET', `/api/application/${a.id}`, nurse)).json().data.status).toBe('accepted');
  });
});

describe('the migration on existing rows', () => {
  it('reads stored salary texts into figures and leaves the rest as text', async () => {
    const db = await createTestDatabase('hire_migration');
    const client = postgres(db.url, { max: 1, onnotice: () => {} });
    const folder = path.join(__dirname, '..', 'drizzle');
    // The first migration alone, as a database made before this change.
    const first = fs.mkdtempSync(path.join(os.tmpdir(), 'hire-0000-'));
    try {
      fs.mkdirSync(path.join(first, 'meta'));
      fs.copyFileSync(path.join(folder, '0000_init.sql'), path.join(first, '0000_init.sql'));
      const journal = JSON.parse(fs.readFileSync(path.join(folder, 'meta', '_journal.json'), 'utf8'));
      fs.writeFileSync(
        path.join(first, 'meta', '_journal.json'),
        JSON.stringify({ ...journal, entries: journal.entries.slice(0, 1) }),
      );
      const drizzleDb = drizzle(client);
      await migrate(drizzleDb, { migrationsFolder: first, migrationsSchema: 'hire' });
      const texts = [
        'Ksh 80,000 - 120,000',
        '80000-120000 KES',
        'KES 50k',
        'Ksh 1,200,000 per year',
        '$95,000 - $120,000',
        '',
        'Negotiable',
      ];
      for (const text of texts)
        await client`insert into hire.jobs (title, organization, location, description, salary_range, poster_id, owner_id, poster_email)
          values ('t', 'o', 'l', 'd', ${text}, gen_random_uuid(), gen_random_uuid(), 'a@b.c')`;
      await migrate(drizzleDb, { migrationsFolder: folder, migrationsSchema: 'hire' });
      const rows =
        await client`select salary_range, salary_min, salary_max, salary_period, salary_monthly_top from hire.jobs order by posted_at, id`;
      const byText = (t: string) => rows.find((r) => r.salary_range === t) ?? rows;
      expect(
        rows
          .filter((r) => r.salary_min !== null)
          .map((r) => [r.salary_min, r.salary_max, r.salary_period])
          .sort(),
      ).toEqual(
        [
          [1200000, 1200000, 'year'],
          [50000, 50000, 'month'],
          [80000, 120000, 'month'],
          [80000, 120000, 'month'],
        ].sort(),
      );
      expect(byText('$95,000 - $120,000')).toMatchObject({ salary_min: null, salary_max: null });
      expect(byText('Negotiable')).toMatchObject({ salary_min: null });
      expect(Number(rows.find((r) => r.salary_period === 'year')!.salary_monthly_top)).toBe(100000);
    } finally {
      await client.end();
      fs.rmSync(first, { recursive: true, force: true });
      await db.drop();
    }
  });
});
