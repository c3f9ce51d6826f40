/**
 * The account directory under load (not a test: it prints figures). `npm run bench:directory -w bench`
 * (needs DATABASE_URL and NATS_URL like the tests; about 2 minutes). Starts the platform as `npm start` does
 * (own database and NATS prefix, removed afterwards), seeds 1,000 accounts, measures each request straight
 * to svc-identity (one connection for the time of one request, then 20 connections for its rate), grows the
 * directory to 100,000 (ACCOUNTS=) and measures again: a list whose cost grows with the table shows it in
 * the ratio large / small.
 */
import { loadavg } from 'node:os';
import { benchPlatform } from './bench-platform';
import { seedAccounts } from './identity-seed';
import { load, oneAtATime, type Figures } from './load';

const LARGE = Number(process.env.ACCOUNTS ?? 100_000);
const SIZES = [1_000, LARGE];
const QUERIES = [
  '', // the first page
  '?role=Clinic',
  '?search=midwife', // one account in six: found early walking newest first
  '?search=4243', // a handful of accounts, wherever they are: the trigram indexes
  '?search=zqx', // no account: three letters, looked up anywhere in names and designations
  '?search=mw', // two letters, the start of a word: every sixth name (Mwangi)
  '?search=zq', // two letters, no account: before textSearch, every account read twice
  '?page=40', // an offset of 780
];
const say = (line: string) => console.log(line);

async function main() {
  const bench = await benchPlatform('directory', { buildFrontends: false });
  try {
    const direct = (await bench.boot()).services['svc-identity']! + '/api/user/get';
    const one: Record<string, Figures[]> = {};
    const many: Record<string, Figures[]> = {};
    let seeded = 0;
    for (const size of SIZES) {
      await seedAccounts(bench.sql, seeded, size);
      seeded = size;
      for (const q of QUERIES) {
        await oneAtATime(direct + q, { seconds: 1 }); // warm-up
        (one[q] ??= []).push(await oneAtATime(direct + q, { seconds: 3 }));
        (many[q] ??= []).push(await load(direct + q, { connections: 20, seconds: 3 }));
      }
    }
    const sizes = SIZES.map((n) => n.toLocaleString('en'));
    say(`Straight to svc-identity; one connection for 3 s (ms), then 20 connections for 3 s (req/s):`);
    say(
      `| request | ${sizes.map((n) => `${n} accounts: p50 / p99 · req/s`).join(' | ')} | p50 ratio ${sizes[1]} / ${sizes[0]} |`,
    );
    say(`| --- |${' --- |'.repeat(SIZES.length + 1)}`);
    for (const q of QUERIES) {
      const cells = SIZES.map((_, i) => {
        const [a, b] = [one[q]![i]!, many[q]![i]!];
        return `${a.p50} / ${a.p99} · ${b.rps.toFixed(0)}${a.failed + b.failed ? ` (${a.failed + b.failed} failed)` : ''}`;
      });
      const ratio = (one[q]![1]!.p50 / one[q]![0]!.p50).toFixed(2);
      say(`| \`GET /api/user/get${q}\` | ${cells.join(' | ')} | ${ratio} |`);
    }
    say(`1-minute load average at the end: ${loadavg()[0]!.toFixed(1)}`);
  } finally {
    await bench.cleanup();
  }
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
