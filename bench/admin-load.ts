/**
 * The admin's users table and export under load (not a test: it prints figures). `npm run bench:admin -w bench`
 * (needs DATABASE_URL and NATS_URL like the tests; about 2 minutes). Starts a standalone admin deployment as
 * `MODULES=content npm start` does (svc-identity, svc-content, gateway; own database and NATS prefix, removed
 * afterwards), seeds svc-content's accounts projection with `generate_series` (as identity's events would fill
 * it), then at 10,000 and at 100,000 accounts (ACCOUNTS= for the larger):
 *  1. times the users table's calls straight to svc-content, one request at a time (search by a name shared by
 *     one account in a thousand, by an e-mail, the first page, the tiles);
 *     Then svc-identity's own account list (the admin's Accounts page), seeded as sign-ups would have made the
 *     accounts (`identity-seed.ts`), with a real admin's token from logging in;
 *  2. downloads users_clinics.csv through the gateway while sampling svc-content's resident memory every 20 ms,
 *     then once more at the larger size with svc-content's V8 heap capped at 96 MB (it completes only if it
 *     streams).
 * Goals (issue 13): the search stays fast at 100,000 accounts, and the export's memory stays flat (it streams).
 */
import { readFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { performance } from 'node:perf_hooks';
import type postgres from 'postgres';
import { benchPlatform } from './bench-platform';
import { seedAccounts } from './identity-seed';
import { oneAtATime, type Figures } from './load';
import { processOf } from './processes';

const LARGE = Number(process.env.ACCOUNTS ?? 100_000);
const SIZES = [10_000, LARGE];
/** svc-content's V8 heap limit for the last export: room for the service, not for its accounts held at once. */
const HEAP_CAP_MB = 96;
const CALLS = [
  '/api/dashboard/users?search=wanjiku',
  '/api/dashboard/users?search=user4242%40',
  '/api/dashboard/users',
  '/api/dashboard/clinics?page=20',
  '/api/dashboard/total-users',
];
/** svc-identity's account list: one name in six is Wanjiru (identity-seed.ts), one e-mail is account4242@. */
const IDENTITY_CALLS = [
  '/api/user/admin/accounts',
  '/api/user/admin/accounts?role=Clinic',
  '/api/user/admin/accounts?page=500',
  '/api/user/admin/accounts?search=wanjiru',
  '/api/user/admin/accounts?search=account4242%40',
  '/api/user/admin/accounts?search=wa',
];
const ADMIN = { email: 'admin@bench.example', password: 'a long bench admin passphrase' };
const say = (line: string) => console.log(line);

/** Accounts numbered from..to-1: one in ten a clinic, one in a thousand named Wanjiku, joined over two years. */
async function seed(sql: postgres.Sql, from: number, to: number) {
  await sql`
    insert into content.users (id, name, email, role, designation, phone, address, search_text, account_created_at, version)
    select gen_random_uuid(), n, e, case when i % 10 = 0 then 'Clinic' else 'user' end, 'Nurse', '0700' || i,
      'Nairobi', lower(n || ' ' || e), now() - (i % 730) * interval '1 day' - (i % 1440) * interval '1 minute', 1
    from generate_series(${from}::int, ${to - 1}::int) i,
      lateral (select case when i % 1000 = 0 then 'Wanjiku ' || i else 'Person ' || i end as n,
                      'user' || i || '@bench.example' as e) x`;
  // The counts the projection keeps with each event, recounted once for the rows written here.
  await sql`
    insert into content.account_counts (role, live)
    select role, count(*)::int from content.users where not deleted group by role
    on conflict (role) do update set live = excluded.live`;
  await sql`vacuum analyze content.users`;
}

const rssMb = (pid: number) =>
  Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? 0) / 1024;

/** The CSV through the gateway, read as it comes, with svc-content's memory sampled meanwhile. */
async function exportOnce(url: string, token: string, pid: number) {
  const before = rssMb(pid);
  let peak = before;
  const sampler = setInterval(() => (peak = Math.max(peak, rssMb(pid))), 20);
  const t = performance.now();
  const res = await fetch(url, { headers: { authorization: `Bearer ${token}` } });
  let bytes = 0;
  let lines = 0;
  for await (const chunk of res.body as unknown as AsyncIterable<Uint8Array>) {
    bytes += chunk.length;
    for (const b of chunk) if (b === 10) lines++;
  }
  clearInterval(sampler);
  return { status: res.status, ms: performance.now() - t, mb: bytes / 1048576, lines, before, peak };
}

async function main() {
  const bench = await benchPlatform('admin', { modules: 'content', buildFrontends: false });
  try {
    // Migrations first, so the seed has its tables; the admin account is made from these at start.
    await bench.boot({ ADMIN_EMAIL: ADMIN.email, ADMIN_PASSWORD: ADMIN.password });
    const token = bench.token({ role: 'admin', email: 'admin@bench.example' });
    const table: Record<string, Figures[]> = {};
    const exports: Awaited<ReturnType<typeof exportOnce>>[] = [];
    let seeded = 0;
    for (const size of SIZES) {
      const t = performance.now();
      await seed(bench.sql, seeded, size);
      await seedAccounts(bench.sql, seeded, size);
      seeded = size;
      console.error(`seeded ${size} accounts in ${((performance.now() - t) / 1000).toFixed(1)} s`);
      const platform = await bench.boot();
      const direct = platform.services['svc-content']!;
      for (const call of CALLS) {
        await oneAtATime(direct + call, { token, seconds: 1 }); // warm-up
        (table[call] ??= []).push(await oneAtATime(direct + call, { token, seconds: 5 }));
      }
      const identity = platform.services['svc-identity']!;
      const adminToken = await logIn(identity);
      for (const call of IDENTITY_CALLS) {
        await oneAtATime(identity + call, { token: adminToken, seconds: 1 }); // warm-up
        (table[call] ??= []).push(await oneAtATime(identity + call, { token: adminToken, seconds: 5 }));
      }
      const pid = processOf('svc-content', new URL(direct).port);
      await exportOnce(`${bench.gatewayUrl()}/api/dashboard/export.csv`, token, pid); // warm-up
      exports.push(await exportOnce(`${bench.gatewayUrl()}/api/dashboard/export.csv`, token, pid));
    }
    // The largest export again with svc-content's heap capped far below what its rows would take held at
    // once (a million accounts are hundreds of MB as JavaScript objects): it completes only if it streams.
    const capped = await bench.boot({ NODE_OPTIONS: `--max-old-space-size=${HEAP_CAP_MB}` });
    const cappedPid = processOf('svc-content', new URL(capped.services['svc-content']!).port);
    const cappedExport = await exportOnce(`${bench.gatewayUrl()}/api/dashboard/export.csv`, token, cappedPid);
    await bench.boot({ NODE_OPTIONS: '' });
    const [small, large] = SIZES.map((n) => n.toLocaleString('en'));
    say(
      `Straight to svc-content, then svc-identity, one request at a time, 5 s each (ms; 1-minute load ${loadavg()[0]!.toFixed(1)}):`,
    );
    say(`| call | ${small} accounts p50 / p99 | ${large} accounts p50 / p99 |`);
    say('| --- | --- | --- |');
    for (const call of [...CALLS, ...IDENTITY_CALLS]) {
      const [a, b] = table[call]! as [Figures, Figures];
      say(`| \`GET ${call}\` | ${a.p50} / ${a.p99} | ${b.p50} / ${b.p99} |`);
    }
    say('');
    say(
      '`GET /api/dashboard/export.csv` through the gateway, read as it streams; svc-content memory sampled every 20 ms:',
    );
    say('| accounts | status | lines (every account?) | MB | seconds | svc-content RSS before / peak (MB) |');
    say('| --- | --- | --- | --- | --- | --- |');
    const row = (label: string, n: number, e: Awaited<ReturnType<typeof exportOnce>>) =>
      say(
        `| ${label} | ${e.status} | ${e.lines} (${e.lines === n + 1 ? 'yes' : '**no**'}) | ${e.mb.toFixed(1)} | ` +
          `${(e.ms / 1000).toFixed(2)} | ${e.before.toFixed(0)} / ${e.peak.toFixed(0)} |`,
      );
    SIZES.forEach((n, i) => row(n.toLocaleString('en'), n, exports[i]!));
    row(`${LARGE.toLocaleString('en')}, heap capped at ${HEAP_CAP_MB} MB`, LARGE, cappedExport);
  } finally {
    await bench.cleanup();
  }
}

/** A real admin token: svc-identity accepts only tokens of a live session of an active account. */
async function logIn(identity: string): Promise<string> {
  const res = await fetch(`${identity}/api/user/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(ADMIN),
  });
  const body = (await res.json()) as { token?: string };
  if (!res.ok || !body.token) throw new Error(`admin login: ${res.status} ${JSON.stringify(body)}`);
  return body.token;
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
