/**
 * What building a query costs the service (not a test: it prints figures). drizzle builds a query's SQL on
 * every call; a prepared query (`.prepare()`, `preparedCappedCount`) is built once and then only takes its
 * values. The directory's first page (svc-identity's `listDirectory` without a search: the page and its
 * capped count, 2,000 accounts) is asked both ways in one process, in turns: CPU time of this process per
 * call (the service's side: building, postgres.js, reading the rows), median of 10 turns of 300 calls.
 * Run: `npm run bench:queries -w bench` (needs DATABASE_URL like the tests; under a minute).
 */
import { desc } from 'drizzle-orm';
import { cappedCount } from '@platform/service-kit';
import * as schema from '../svc-identity/src/db/schema';
import { UserStore, directoryColumns, listedInDirectory } from '../svc-identity/src/stores/user-store';
import { seedAccounts } from './identity-seed';
import { machineLine } from './machine';
import { runBench, withServiceDatabase } from './service-database';

const { users } = schema;
const CALLS = 300;
const TURNS = 10;

async function main() {
  await withServiceDatabase('svc-identity', 'identity', schema, async (d) => {
    await seedAccounts(d.sql, 0, 2_000);
    await d.sql`vacuum analyze identity.users`;
    const store = new UserStore(d.db);
    const ways = {
      // As listDirectory asked it before: the same two queries, built on each call.
      'built on each call': () =>
        Promise.all([
          d.db
            .select(directoryColumns)
            .from(users)
            .where(listedInDirectory)
            .orderBy(desc(users.createdAt), desc(users.id))
            .limit(20),
          cappedCount(d.db, users, listedInDirectory, 0),
        ]),
      'prepared once': () => store.listDirectory({ page: 1, limit: 20 }),
    };
    for (let i = 0; i < CALLS; i++) for (const ask of Object.values(ways)) await ask(); // warm-up
    const perCall: Record<string, number[]> = {};
    for (let turn = 0; turn < TURNS; turn++)
      for (const [way, ask] of Object.entries(ways)) {
        const before = process.cpuUsage();
        for (let i = 0; i < CALLS; i++) await ask();
        const used = process.cpuUsage(before);
        (perCall[way] ??= []).push((used.user + used.system) / CALLS);
      }
    console.log(machineLine());
    console.log('| the directory’s first page | µs of CPU per call (median) | turns, fastest to slowest |');
    console.log('| --- | --- | --- |');
    for (const [way, us] of Object.entries(perCall)) {
      const sorted = us.sort((a, b) => a - b);
      console.log(
        `| ${way} | ${sorted[TURNS / 2]!.toFixed(0)} | ${sorted.map((u) => u.toFixed(0)).join(' ')} |`,
      );
    }
  });
}

runBench(main);
