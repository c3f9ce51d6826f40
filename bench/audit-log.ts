/**
 * The admin's audit log at size (not a test: it prints figures). svc-content keeps every service's admin
 * actions for ever, so its list must stay fast however long it grows. On its own database with svc-content's
 * migrations, at 100,000 and 1,000,000 entries (five admins, two years of actions, targets named like people),
 * it times the list's calls as `GET /api/admin/audit` makes them (`AuditStore.list`: the page and its count),
 * median of 5, ms.
 * Run: `npm run bench:audit -w bench` (needs DATABASE_URL like the tests; about 2 minutes).
 */
import * as schema from '../svc-content/src/db/schema';
import { AuditStore } from '../svc-content/src/stores/audit-store';
import { machineLine } from './machine';
import { runBench, withServiceDatabase } from './service-database';

const SIZES = [100_000, 1_000_000];
const TWO_YEARS_S = 2 * 365 * 86_400;
/** One name in six is Wanjiru; "zq" and "zzq" match nobody; a day is about 1/730 of the log. */
const CALLS: [string, Record<string, string | number>][] = [
  ['first page', {}],
  ['page 50', { page: 50 }],
  ['target "wanjiru" (1 in 6)', { target: 'wanjiru' }],
  ['target "zzq" (none)', { target: 'zzq' }],
  ['target "zq" (none, short)', { target: 'zq' }],
  ['actor by e-mail (1 in 5)', { actor: 'ADMIN3@afyahr.example' }],
  ['one day', { from: '2026-06-01', to: '2026-06-01' }],
];

async function main() {
  await withServiceDatabase('svc-content', 'content', schema, async (d) => {
    const store = new AuditStore(d.db);
    const figures = new Map<string, string[]>();
    for (const n of SIZES) {
      await d.sql`truncate content.audit_log`;
      // Oldest first, as the log is written: seq and time rise together.
      await d.sql.unsafe(`
        insert into content.audit_log (event_id, service, at, actor_id, actor_name, actor_email, actor_role,
          action, target_module, target_kind, target_id, target_label, prev_hash, hash)
        select gen_random_uuid(), 'identity', timestamptz '2026-11-26' - ((${n} - g) * ${TWO_YEARS_S / n} || ' seconds')::interval,
          'admin' || (g % 5), 'Admin ' || (g % 5), 'admin' || (g % 5) || '@afyahr.example', 'admin',
          (array['account.suspend','account.role','job.remove','post.hide'])[1 + g % 4], 'identity', 'account',
          md5('target' || g)::uuid::text,
          (array['Wanjiru','Otieno','Kamau','Achieng','Mwangi','Njeri'])[1 + g % 6] || ' '
            || (array['Amina','Baraka','Chebet','Daudi'])[1 + g % 4] || ' ' || g,
          'x', 'y'
        from generate_series(1, ${n}) g`);
      await d.sql`vacuum analyze content.audit_log`;
      for (const [name, q] of CALLS) {
        const times: number[] = [];
        for (let run = 0; run < 5; run++) {
          const start = performance.now();
          await store.list(q);
          times.push(performance.now() - start);
        }
        const cells = figures.get(name) ?? [];
        cells.push(times.sort((a, b) => a - b)[2]!.toFixed(1));
        figures.set(name, cells);
      }
    }
    console.log(machineLine());
    console.log(`| call | ${SIZES.map((n) => `${n.toLocaleString('en')} entries`).join(' | ')} |`);
    console.log(`| --- | ${SIZES.map(() => '---').join(' | ')} |`);
    for (const [name, cells] of figures) console.log(`| ${name} | ${cells.join(' | ')} |`);
  });
}

runBench(main);
