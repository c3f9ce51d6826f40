/**
 * The Core HR dashboard, `GET /api/core/dashboard`, through the gateway (not a test: it prints figures).
 * `npm run bench:core -w bench` (needs DATABASE_URL like the tests; about 6 minutes). Starts Core as
 * `MODULES=core npm start` does (svc-identity, svc-core, gateway; own database and nats-server, removed
 * afterwards), then, seeded with `core-seed.ts` (and the alert rows of today, so svc-core's sweep at start has
 * nothing to send):
 *  1. one hospital of 2,000 staff (5 locations, 20 wards, each licensed member's current licence and the one
 *     it renewed), alone on the platform;
 *  2. the platform: 980 more clinics of 100 staff (100,000 staff in all) and professionals' own licences, to
 *     1,000,000 credentials in all.
 * At each size it loads the hospital's dashboard as its owner (HR: every figure) and as a manager of two
 * wards, and at the second a small clinic's owner's, at a steady RATE (20) req/s for 10 s, RUNS (3) times, and
 * prints the median over the runs of each run's p50 and p95 (open loop: latency from when a request was due);
 * before them, 5 s of one request at a time (no queue: what one dashboard takes).
 * Goal (issue 41): p95 ≤ 100 ms through the gateway. The machine is shared: its load is printed beside.
 */
import { performance } from 'node:perf_hooks';
import { benchPlatform } from './bench-platform';
import {
  analyseCore,
  orgId,
  ownerId,
  personId,
  seedAlertsSentOn,
  seedOrganisations,
  seedProfessionals,
} from './core-seed';
import { oneAtATime, steadyLoad, type Figures } from './load';
import { machineLine } from './machine';
import { runBench } from './service-database';
import { recordGoals } from './speed-goals';

const RATE = Number(process.env.RATE ?? 20);
const RUNS = Number(process.env.RUNS ?? 3);
const CREDENTIALS = 1_000_000;
const GOAL_P95_MS = 100;
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
/** Today in Nairobi, svc-core's day (its clock is the system's here). */
const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'Africa/Nairobi' }).format(new Date());

async function main() {
  const bench = await benchPlatform('core', { modules: 'core', buildFrontends: false });
  try {
    await bench.boot(); // svc-core's migrations and councils, so the seed has its tables
    const callers = {
      'hospital, owner': bench.token({ sub: ownerId(0), orgId: orgId(0), role: 'Clinic', name: 'Clinic 0' }),
      // Staff member 3 is the hospital's first manager (wards 0 and 1): see core-seed.ts.
      'hospital, manager of 2 wards': bench.token({
        sub: personId(3),
        orgId: orgId(0),
        role: 'user',
        name: 'Staff 3',
      }),
      'clinic of 100, owner': bench.token({
        sub: ownerId(1),
        orgId: orgId(1),
        role: 'Clinic',
        name: 'Clinic 1',
      }),
    };
    const sizes = [
      {
        label: 'one hospital (2,000 staff)',
        callers: ['hospital, owner', 'hospital, manager of 2 wards'] as const,
      },
      {
        label: 'platform (100,000 staff, 1,000,000 credentials)',
        callers: ['hospital, owner', 'hospital, manager of 2 wards', 'clinic of 100, owner'] as const,
      },
    ];
    const rows: string[] = [];
    const goals: { what: string; p95: number }[] = [];
    for (const [i, size] of sizes.entries()) {
      const t = performance.now();
      if (i === 0)
        await seedOrganisations(bench.sql, today, {
          firstOrg: 0,
          orgs: 1,
          firstStaff: 1,
          staffEach: 2_000,
          locations: 5,
          departments: 20,
        });
      else {
        await seedOrganisations(bench.sql, today, {
          firstOrg: 1,
          orgs: 980,
          firstStaff: 2_001,
          staffEach: 100,
          locations: 2,
          departments: 5,
        });
        const [held] = await bench.sql<{ n: number }[]>`select count(*)::int as n from core.credentials`;
        await seedProfessionals(bench.sql, today, 1, CREDENTIALS - held!.n);
      }
      await seedAlertsSentOn(bench.sql, today);
      await analyseCore(bench.sql);
      const [c] = await bench.sql<{ staff: number; credentials: number }[]>`
        select (select count(*)::int from core.staff_records) as staff,
          (select count(*)::int from core.credentials) as credentials`;
      console.error(
        `seeded ${c!.staff} staff, ${c!.credentials} credentials in ${((performance.now() - t) / 1000).toFixed(0)} s`,
      );
      await bench.boot();
      const url = `${bench.gatewayUrl()}/api/core/dashboard`;
      for (const name of size.callers) {
        const token = callers[name];
        const check = await fetch(url, { headers: { authorization: `Bearer ${token}` } });
        if (check.status !== 200) throw new Error(`${name}: ${check.status} ${await check.text()}`);
        await oneAtATime(url, { token, seconds: 2 }); // warm-up
        // Alone: one request at a time, no queue, the time of one dashboard.
        const alone = await oneAtATime(url, { token, seconds: 5 });
        const runs: Figures[] = [];
        for (let r = 0; r < RUNS; r++)
          runs.push(await steadyLoad(url, { token, connections: 10, seconds: 10, rate: RATE }));
        const p95 = median(runs.map((f) => f.p95!));
        const failed = runs.reduce((n, f) => n + f.failed, 0);
        rows.push(
          `| ${size.label} | ${name} | ${alone.p50} / ${alone.p95} | ${median(runs.map((f) => f.p50))} | ${p95} | ` +
            `${runs.map((f) => f.p95).join(', ')} | ${failed} |`,
        );
        goals.push({ what: `${size.label}, ${name}`, p95 });
      }
    }
    console.log(`\n## core dashboard — ${new Date().toISOString().slice(0, 10)}, ${machineLine()}\n`);
    console.log(
      `\`GET /api/core/dashboard\` through the gateway, ${RATE} req/s steady for 10 s, ${RUNS} runs (ms; median of the runs):`,
    );
    console.log(
      "| data | caller | one at a time p50 / p95 | steady p50 | steady p95 | each run's steady p95 | failed |",
    );
    console.log('| --- | --- | --- | --- | --- | --- | --- |');
    rows.forEach((r) => console.log(r));
    recordGoals(
      goals.map((g) => ({
        what: `core dashboard through the gateway: ${g.what}`,
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
