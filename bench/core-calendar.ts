/**
 * The team calendar, `GET /api/core/calendar`, through the gateway (not a test: it prints figures).
 * `npm run bench:core-calendar -w bench` (needs DATABASE_URL like the tests; about 3 minutes). Starts Core as
 * `MODULES=core npm start` does (svc-identity, svc-core, gateway; own database and nats-server, removed
 * afterwards), then seeds with `core-seed.ts` one hospital of 2,000 staff (5 locations, 20 wards of 100) and
 * adds each ward's Day and Night shifts and its published 5-week roster from Monday 1 March 2027 (every
 * person on a shift one day in two: 35,000 shifts), an annual leave type, and approved leave: one person in
 * ten away four days in March, one in three with a week in 2026 (history the reads pass over).
 * It loads a month view (1 to 31 March, first page of 50 people) as the hospital's owner (HR: everyone, by
 * name; then one ward) and as the manager of two wards (their 200 people; then one of them), at a steady
 * RATE (20) req/s for 10 s, RUNS (3) times, and prints the median over the runs of each run's p50 and p95
 * (open loop); before them, 5 s of one request at a time. Goal: p95 ≤ 100 ms through the gateway, as the
 * dashboard's. The machine is shared: its load is printed beside.
 */
import { performance } from 'node:perf_hooks';
import { benchPlatform } from './bench-platform';
import { analyseCore, orgId, ownerId, personId, seedOrganisations, uuidOf } from './core-seed';
import { oneAtATime, steadyLoad, type Figures } from './load';
import { machineLine } from './machine';
import { runBench } from './service-database';
import { recordGoals } from './speed-goals';

const RATE = Number(process.env.RATE ?? 20);
const RUNS = Number(process.env.RUNS ?? 3);
const STAFF = 2_000;
const WARDS = 20;
const GOAL_P95_MS = 100;
const MONTH = 'from=2027-03-01&to=2027-03-31';
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'Africa/Nairobi' }).format(new Date());

async function main() {
  const bench = await benchPlatform('core_calendar', { modules: 'core', buildFrontends: false });
  try {
    await bench.boot(); // svc-core's migrations and councils, so the seed has its tables
    const t = performance.now();
    await seedOrganisations(bench.sql, today, {
      firstOrg: 0,
      orgs: 1,
      firstStaff: 1,
      staffEach: STAFF,
      locations: 5,
      departments: WARDS,
    });
    const org = `md5('org0')::uuid`;
    const owner = `md5('owner0')::uuid`;
    await bench.sql.unsafe(`
      insert into core.shift_templates (id, org_id, department_id, name, starts_at, ends_at, clinical)
      select md5('tpl' || k || '-' || n)::uuid, ${org}, md5('dep0-' || k)::uuid, n,
        case n when 'Day' then '07:00' else '19:00' end, case n when 'Day' then '19:00' else '07:00' end, false
      from generate_series(0, ${WARDS - 1}) k, unnest(array['Day', 'Night']) n`);
    await bench.sql.unsafe(`
      insert into core.rosters (id, org_id, department_id, starts_on, weeks, max_consecutive_nights, status,
        published_at, created_by)
      select md5('ros' || k)::uuid, ${org}, md5('dep0-' || k)::uuid, date '2027-03-01', 5, 3, 'published',
        now(), ${owner}
      from generate_series(0, ${WARDS - 1}) k`);
    // Staff member g is in ward g % 20 (core-seed.ts): one shift every other day, a night one in four.
    await bench.sql.unsafe(`
      insert into core.roster_assignments (roster_id, org_id, staff_record_id, template_id, day, created_by)
      select md5('ros' || (g % ${WARDS}))::uuid, ${org}, md5('staff' || g)::uuid,
        md5('tpl' || (g % ${WARDS}) || '-' || case when (d + g) % 4 = 1 then 'Night' else 'Day' end)::uuid,
        date '2027-03-01' + d, ${owner}
      from generate_series(1, ${STAFF}) g, generate_series(0, 34) d
      where (d + g) % 2 = 0`);
    await bench.sql.unsafe(`
      insert into core.leave_types (id, org_id, code, name, accrual, days_per_year, counts_weekends,
        counts_holidays, allow_negative, min_service_months, paid)
      values (md5('lt0')::uuid, ${org}, 'annual', 'Annual leave', 'monthly', 21, false, false, false, 0, true)`);
    await bench.sql.unsafe(`
      insert into core.leave_requests (org_id, staff_record_id, type_id, from_day, to_day, days, days_by_year,
        status, created_by)
      select ${org}, md5('staff' || g)::uuid, md5('lt0')::uuid, date '2027-03-01' + (g % 27),
        date '2027-03-01' + (g % 27) + 3, 4, '{"2027": 4}'::jsonb, 'approved', ${owner}
      from generate_series(1, ${STAFF}) g where g % 10 = 0
      union all
      select ${org}, md5('staff' || g)::uuid, md5('lt0')::uuid, date '2026-06-01' + (g % 150),
        date '2026-06-01' + (g % 150) + 6, 5, '{"2026": 5}'::jsonb, 'approved', ${owner}
      from generate_series(1, ${STAFF}) g where g % 3 = 0`);
    await analyseCore(bench.sql);
    for (const table of ['shift_templates', 'rosters', 'roster_assignments', 'leave_types', 'leave_requests'])
      await bench.sql.unsafe(`vacuum analyze core.${table}`);
    const [c] = await bench.sql<{ staff: number; shifts: number; leave: number }[]>`
      select (select count(*)::int from core.staff_records) as staff,
        (select count(*)::int from core.roster_assignments) as shifts,
        (select count(*)::int from core.leave_requests) as leave`;
    console.error(
      `seeded ${c!.staff} staff, ${c!.shifts} shifts, ${c!.leave} leave requests in ${((performance.now() - t) / 1000).toFixed(0)} s`,
    );
    await bench.boot();

    const hr = bench.token({ sub: ownerId(0), orgId: orgId(0), role: 'Clinic', name: 'Clinic 0' });
    // Staff member 3 is the hospital's first manager (wards 0 and 1): see core-seed.ts.
    const manager = bench.token({ sub: personId(3), orgId: orgId(0), role: 'user', name: 'Staff 3' });
    const ward = (k: number) => uuidOf(`dep0-${k}`);
    const cases = [
      { caller: 'HR (owner)', scope: 'the hospital, first 50 of 2,000', token: hr, query: MONTH },
      {
        caller: 'HR (owner)',
        scope: 'one ward, first 50 of 100',
        token: hr,
        query: `${MONTH}&departmentId=${ward(5)}`,
      },
      { caller: 'manager of 2 wards', scope: 'their wards, first 50 of 200', token: manager, query: MONTH },
      {
        caller: 'manager of 2 wards',
        scope: 'one of their wards, first 50 of 100',
        token: manager,
        query: `${MONTH}&departmentId=${ward(0)}`,
      },
    ];
    const rows: string[] = [];
    const goals: { what: string; p95: number }[] = [];
    for (const k of cases) {
      const url = `${bench.gatewayUrl()}/api/core/calendar?${k.query}&limit=50`;
      const check = await fetch(url, { headers: { authorization: `Bearer ${k.token}` } });
      if (check.status !== 200) throw new Error(`${k.caller}: ${check.status} ${await check.text()}`);
      const body = (await check.json()) as {
        data: { shifts: unknown[]; leave: unknown[] }[];
        pageInfo: { total: number };
      };
      const shifts = body.data.reduce((n, p) => n + p.shifts.length, 0);
      const leave = body.data.reduce((n, p) => n + p.leave.length, 0);
      await oneAtATime(url, { token: k.token, seconds: 2 }); // warm-up
      const alone = await oneAtATime(url, { token: k.token, seconds: 5 });
      const runs: Figures[] = [];
      for (let r = 0; r < RUNS; r++)
        runs.push(await steadyLoad(url, { token: k.token, connections: 10, seconds: 10, rate: RATE }));
      const p95 = median(runs.map((f) => f.p95!));
      const failed = runs.reduce((n, f) => n + f.failed, 0);
      rows.push(
        `| ${k.caller} | ${k.scope} (${body.data.length} people, ${shifts} shifts, ${leave} leave) | ` +
          `${alone.p50} / ${alone.p95} | ${median(runs.map((f) => f.p50))} | ${p95} | ` +
          `${runs.map((f) => f.p95).join(', ')} | ${failed} |`,
      );
      goals.push({ what: `${k.caller}, ${k.scope}`, p95 });
    }
    console.log(`\n## core calendar — ${new Date().toISOString().slice(0, 10)}, ${machineLine()}\n`);
    console.log(
      `\`GET /api/core/calendar?from=2027-03-01&to=2027-03-31&limit=50\` (a month view) through the gateway, a hospital of ${STAFF} in ${WARDS} wards, ${RATE} req/s steady for 10 s, ${RUNS} runs (ms; median of the runs):`,
    );
    console.log(
      "| caller | scope | one at a time p50 / p95 | steady p50 | steady p95 | each run's steady p95 | failed |",
    );
    console.log('| --- | --- | --- | --- | --- | --- | --- |');
    rows.forEach((r) => console.log(r));
    recordGoals(
      goals.map((g) => ({
        what: `core calendar month view through the gateway: ${g.what}`,
        measured: `p95 ${g.p95} ms`,
        aim: `p95 ≤ ${GOAL_P95_MS} ms`,
        met: g.p95 <= GOAL_P95_MS,
      })),
    );
  } finally {
    await bench.cleanup();
  }
}

runBench(main);
