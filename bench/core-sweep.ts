/**
 * svc-core's daily expiry sweep over 1,000,000 credentials (not a test: it prints figures).
 * `npm run bench:core-sweep -w bench` (needs DATABASE_URL like the tests; about 5 minutes).
 *
 * On its own database with svc-core's migrations and councils, seeded with `core-seed.ts` as the platform of
 * core-dashboard.ts (100,000 staff in 981 organisations, 1,000,000 credentials: each staff member's current
 * licence and the one it renewed, the rest professionals' own; an infection-prevention completion each) and
 * the alert rows a sweep the day before would have left, it runs the sweep as svc-core's instances do
 * (`ExpirySweep` over the credentials, compliance documents and trainings, wired as `buildApp` wires it), on
 * DAYS (3) days in a row, each day:
 *  - two instances (each its own connection pool) sweep at the same moment, as two svc-core processes'
 *    timers may: the time is until both returned;
 *  - then a restarted instance sweeps again: it must send nothing;
 *  - each due alert sent exactly once: the alerts due that day are counted independently of svc-core (live
 *    subjects 90, 60, 30, 0 days before expiry or 1 day after), then compared with the alert rows written,
 *    the `core.credential.expiring/expired` events enqueued (one each, distinct credentials) and what the
 *    sweeps said they sent.
 * Prints one row a day and the median time. The machine's load is printed beside it: shared, it is noisy.
 */
import { performance } from 'node:perf_hooks';
import { createTestDatabase } from '@platform/testing';
import { OrgStore } from '../svc-core/src/stores/org-store';
import { CredentialStore } from '../svc-core/src/stores/credential-store';
import { LicenceAlertRoleStore } from '../svc-core/src/stores/licence-alert-roles';
import { ComplianceStore } from '../svc-core/src/stores/compliance-store';
import { TrainingStore } from '../svc-core/src/stores/training-store';
import { ExpirySweep } from '../svc-core/src/stores/expiry-alerts';
import { analyseCore, seedAlertsSentOn, seedOrganisations, seedProfessionals } from './core-seed';
import { machineLine } from './machine';
import { coreDatabase, type CoreDatabase } from './core-database';
import { runBench } from './service-database';
import { recordGoals } from './speed-goals';

const DAYS = Number(process.env.DAYS ?? 3);
const CREDENTIALS = 1_000_000;
/** The first day swept; the seed's "today". */
const FIRST_DAY = '2027-03-15';
const dayAfter = (day: string, n: number) =>
  new Date(Date.parse(`${day}T00:00:00Z`) + n * 86_400_000).toISOString().slice(0, 10);

/** One svc-core instance's sweep: its own pool, its stores wired as `buildApp` wires them, its clock. */
function instance(url: string, now: () => Date) {
  const d = coreDatabase(url);
  const orgs = new OrgStore(d.db);
  const credentials = new CredentialStore(d.db, orgs, now, new LicenceAlertRoleStore(d.db));
  const sweep = new ExpirySweep(d.db, now, [
    credentials.alerts,
    new ComplianceStore(d.db, orgs, now).alerts,
    new TrainingStore(d.db, orgs, now).alerts,
  ]);
  return { d, credentials, sweep };
}

/** The alerts due on `day`, counted from the data alone: live subjects whose window opened that day. */
async function dueOn(sql: CoreDatabase['sql'], day: string) {
  const [row] = await sql.unsafe<{ credentials: number; trainings: number }[]>(`
    select
      (select count(*)::int from core.credentials where renewed_by is null and revoked_at is null
         and expires_on - date '${day}' in (90, 60, 30, 0, -1)) as credentials,
      (select count(*)::int from core.training_records r join core.staff_records s on s.id = r.staff_record_id
         where r.renewed_by is null and s.left_at is null
           and r.expires_on - date '${day}' in (90, 60, 30, 0, -1)) as trainings`);
  return row!;
}

async function main() {
  const database = await createTestDatabase('bench_core_sweep');
  let clock = new Date(`${FIRST_DAY}T06:00:00Z`); // 09:00 in Nairobi
  const now = () => clock;
  const made: ReturnType<typeof instance>[] = [];
  const make = () => {
    const i = instance(database.url, now);
    made.push(i);
    return i;
  };
  try {
    const first = make();
    await first.d.migrate();
    await first.credentials.seedCouncils();
    const sql = first.d.sql;
    const t = performance.now();
    await seedOrganisations(sql, FIRST_DAY, {
      firstOrg: 0,
      orgs: 1,
      firstStaff: 1,
      staffEach: 2_000,
      locations: 5,
      departments: 20,
    });
    await seedOrganisations(sql, FIRST_DAY, {
      firstOrg: 1,
      orgs: 980,
      firstStaff: 2_001,
      staffEach: 100,
      locations: 2,
      departments: 5,
    });
    const [held] = await sql<{ n: number }[]>`select count(*)::int as n from core.credentials`;
    await seedProfessionals(sql, FIRST_DAY, 1, CREDENTIALS - held!.n);
    await seedAlertsSentOn(sql, dayAfter(FIRST_DAY, -1));
    await analyseCore(sql);
    const [counts] = await sql<{ credentials: number; live: number; staff: number; alerts: number }[]>`
      select (select count(*)::int from core.credentials) as credentials,
        (select count(*)::int from core.credentials where renewed_by is null) as live,
        (select count(*)::int from core.staff_records) as staff,
        (select count(*)::int from core.expiry_alerts) as alerts`;
    console.error(
      `seeded ${counts!.staff} staff, ${counts!.credentials} credentials (${counts!.live} live), ` +
        `${counts!.alerts} alert rows of the day before, in ${((performance.now() - t) / 1000).toFixed(0)} s`,
    );

    const rows: string[] = [];
    const times: number[] = [];
    let allOnce = true;
    for (let k = 0; k < DAYS; k++) {
      const day = dayAfter(FIRST_DAY, k);
      clock = new Date(`${day}T06:00:00Z`);
      const due = await dueOn(sql, day);
      const [last] = await sql<{ seq: number }[]>`select coalesce(max(seq), 0)::int as seq from core.outbox`;
      const before = last!.seq;
      const [a, b] = [make(), make()];
      const start = performance.now();
      const both = await Promise.all([a.sweep.sweep(), b.sweep.sweep()]);
      const ms = performance.now() - start;
      const again = await make().sweep.sweep(); // a restart: a new instance sweeps the same day again
      const [written] = await sql.unsafe<{ credentials: number; trainings: number }[]>(`
        select count(*) filter (where kind = 'credential')::int as credentials,
          count(*) filter (where kind = 'training')::int as trainings
        from core.expiry_alerts where sent_at = '${clock.toISOString()}'`);
      const [events] = await sql.unsafe<{ events: number; distinct: number; notices: number }[]>(`
        select count(*) filter (where type like 'core.credential.expir%')::int as events,
          count(distinct payload->'data'->>'credentialId') filter (where type like 'core.credential.expir%')::int as distinct,
          count(*) filter (where type = 'core.notification.requested.v1')::int as notices
        from core.outbox where seq > ${before}`);
      const sent = both.reduce((n, r) => n + r.sent, 0);
      const once =
        written!.credentials === due.credentials &&
        written!.trainings === due.trainings &&
        events!.events === due.credentials &&
        events!.distinct === due.credentials &&
        sent === due.credentials + due.trainings &&
        again.sent === 0;
      allOnce &&= once;
      times.push(ms);
      rows.push(
        `| ${day} | ${(ms / 1000).toFixed(1)} s | ${due.credentials} + ${due.trainings} | ` +
          `${written!.credentials} + ${written!.trainings} | ${events!.events} (${events!.distinct} distinct) | ` +
          `${events!.notices} | ${both.map((r) => (r.skipped ? 'skipped' : r.sent)).join(' / ')} | ` +
          `${again.sent} | ${once ? 'yes' : '**no**'} |`,
      );
    }
    const sorted = [...times].sort((x, y) => x - y);
    const mid = Math.floor(sorted.length / 2);
    const median = sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
    console.log(`\n## core expiry sweep — ${new Date().toISOString().slice(0, 10)}, ${machineLine()}\n`);
    console.log(
      `${counts!.credentials.toLocaleString('en')} credentials (${counts!.live.toLocaleString('en')} live), ` +
        `${counts!.staff.toLocaleString('en')} staff; two instances sweep at once, then a restarted one:`,
    );
    console.log(
      '| day | both swept in | due (credentials + trainings, counted from the data) | alert rows written | credential events | notices | instance A / B sent | restart sent | each once |',
    );
    console.log('| --- | --- | --- | --- | --- | --- | --- | --- | --- |');
    rows.forEach((r) => console.log(r));
    console.log(`\nMedian of ${DAYS} day(s): ${(median / 1000).toFixed(1)} s`);
    recordGoals([
      {
        what: 'core: daily expiry sweep over 1,000,000 credentials, each due alert once',
        measured: `median ${(median / 1000).toFixed(1)} s a day; ${allOnce ? 'each once' : 'NOT each once'}`,
        aim: 'each due alert sent exactly once',
        met: allOnce,
      },
    ]);
    if (!allOnce) process.exitCode = 1;
  } finally {
    for (const i of made) await i.d.close().catch(() => {});
    await database.drop();
  }
}

runBench(main);
