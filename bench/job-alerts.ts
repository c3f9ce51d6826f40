/**
 * Job alerts at scale (not a test: it prints figures). When a clinic posts a job, svc-hire finds the people
 * whose saved searches it matches (`AlertStore.matchingUsers`, off the request's path, in the job-posted
 * event's handler). On its own database with svc-hire's migrations, 1,000 jobs, then 1,000, 10,000 and
 * 100,000 saved searches, it times matching one new job ("Registered Nurse", Surgery, Full-time) against
 * them (as the job-posted event's handler does: find the people, then write a notice to each into the
 * outbox in one transaction), median of 3:
 *  - alike: seven searches that many people share ("nurse", "RN", a department, a salary ...);
 *  - distinct: every search its own (a title, a town, a department with a salary, "rn" with a job type).
 * Run: `npm run bench:alerts -w bench` (needs DATABASE_URL like the tests; ~1 minute).
 */
import * as schema from '../svc-hire/src/db/schema';
import { enqueue } from '@platform/event-bus';
import { AlertStore } from '../svc-hire/src/stores/alert-store';
import { jobAlertNotice } from '../svc-hire/src/notices';
import { seed } from './hire-seed';
import { machineLine } from './machine';
import { runBench, withServiceDatabase } from './service-database';

const SIZES = [1_000, 10_000, 100_000];
/** Each alert's query from its number g (SQL), five people to an account as MAX_JOB_ALERTS allows. */
const KINDS = {
  alike: `(array['{"title":"nurse"}', '{"location":"Mombasa"}', '{"type":"Part-time","title":"mid"}',
                 '{"department":"Surgery"}', '{"minSalary":50000}', '{"title":"RN"}',
                 '{"title":"Radiographer","location":"Nairobi"}'])[1 + g % 7]::jsonb`,
  distinct: `case g % 4
      when 0 then jsonb_build_object('title', 'Nurse ' || g)
      when 1 then jsonb_build_object('location', 'Town ' || g)
      when 2 then jsonb_build_object('department', 'Surgery', 'minSalary', g)
      else jsonb_build_object('title', 'rn', 'type', (array['Full-time','Part-time','Contract'])[1 + g % 3])
    end`,
};

async function main() {
  await withServiceDatabase('svc-hire', 'hire', schema, async (d) => {
    await seed(d.sql, 1_000, 10);
    const store = new AlertStore(d.db);
    // Job 8 of the seed: "Registered Nurse 8", Surgery, Full-time, posted by another account.
    const [job] = await d.sql<
      { id: string; poster_id: string; title: string; organization: string; location: string }[]
    >`select id, poster_id, title, organization, location from hire.jobs where id = md5('job' || 8)::uuid`;
    console.log(machineLine());
    console.log(
      'One new job against the saved searches; median of 3 runs, ms to match + ms to write the notices (people matched):',
    );
    console.log('| saved searches | alike | distinct |');
    console.log('| --- | --- | --- |');
    for (const n of SIZES) {
      const cells: string[] = [];
      for (const query of Object.values(KINDS)) {
        await d.sql`truncate hire.job_alerts`;
        await d.sql.unsafe(`insert into hire.job_alerts (user_id, query, created_at)
          select md5('user' || (g / 5))::uuid, ${query}, now() - interval '1 day'
          from generate_series(1, ${n}) g`);
        await d.sql`vacuum analyze hire.job_alerts`;
        const runs: { match: number; notices: number; people: number }[] = [];
        for (let run = 0; run < 3; run++) {
          const start = performance.now();
          const people = await store.matchingUsers({
            id: job!.id,
            posterId: job!.poster_id,
            postedAt: new Date(),
          });
          const matched = performance.now();
          await d.db.transaction((tx) =>
            enqueue(
              tx,
              schema.outbox,
              people.map((userId) => jobAlertNotice(userId, job!)),
            ),
          );
          runs.push({ match: matched - start, notices: performance.now() - matched, people: people.length });
          await d.sql`truncate hire.outbox`;
        }
        const median = runs.sort((a, b) => a.match + a.notices - (b.match + b.notices))[1]!;
        cells.push(`${median.match.toFixed(0)} + ${median.notices.toFixed(0)} (${median.people})`);
      }
      console.log(`| ${n.toLocaleString('en')} | ${cells.join(' | ')} |`);
    }
  });
}

runBench(main);
