/**
 * `npm run bench`: every bench in turn (each prints its own tables), then the speed issue's goals from all
 * of them in one table: the p99 the gateway adds to a steady 1,000 req/s (gateway-ratio.ts),
 * and the Lighthouse figures of every page (lighthouse.ts). Stops at the first bench that fails.
 * `npm run bench -- gateway-ratio.ts lighthouse.ts` runs only those.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { goalsTable, readGoals } from './speed-goals';

const ALL = [
  'bundle-size.ts',
  'hire-load.ts',
  'job-alerts.ts',
  'gateway-ratio.ts',
  'directory-load.ts',
  'query-building.ts',
  'events-list.ts',
  'connect-load.ts',
  'admin-load.ts',
  'audit-log.ts',
  'login-burst.ts',
  'billing-checkout.ts',
  'entitlement-cost.ts',
  'core-dashboard.ts',
  'core-sweep.ts',
  'core-calendar.ts',
  'lighthouse.ts',
];

const chosen = process.argv.slice(2);
const unknown = chosen.filter((name) => !ALL.includes(name));
if (unknown.length > 0) {
  console.error(`No such bench: ${unknown.join(', ')}. Benches: ${ALL.join(', ')}`);
  process.exit(2);
}
const dir = mkdtempSync(path.join(tmpdir(), 'afya-bench-goals-'));
const goalsFile = path.join(dir, 'goals.jsonl');
let status = 0;
for (const bench of chosen.length > 0 ? chosen : ALL) {
  const run = spawnSync(process.execPath, ['--import', 'tsx', path.join(__dirname, bench)], {
    cwd: __dirname,
    stdio: 'inherit',
    env: { ...process.env, BENCH_GOALS_FILE: goalsFile },
  });
  if (run.status !== 0) {
    console.error(`${bench} failed (exit ${run.status ?? run.signal}); the benches after it did not run.`);
    status = 1;
    break;
  }
}
const goals = readGoals(goalsFile);
rmSync(dir, { recursive: true, force: true });
if (goals.length > 0) {
  console.log('\nThe speed goals (issue 10), from the runs above:');
  goalsTable(goals).forEach((line) => console.log(line));
}
process.exit(status);
