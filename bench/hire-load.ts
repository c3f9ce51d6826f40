/**
 * Hire under load (not a test: it prints figures). Starts the platform (svc-identity, svc-hire,
 * gateway) as `npm start` does, on its own database and NATS prefix, then:
 *  1. seeds 1,000 jobs / 5,000 applications and measures first-page latency of the job board
 *     (unfiltered and filtered) and of one clinic's application list;
 *  2. grows the data to 100,000 jobs / 500,000 applications and measures the same: the ratio
 *     large/small shows whether the lists stay index range scans;
 *  3. compares maximum throughput of GET /api/job/get straight to svc-hire and through the gateway;
 *  4. holds a fixed 1,000 req/s through the gateway and reports p99.
 * Steps 1-4 run with svc-hire's one-second board cache off (BOARD_CACHE_MS=0), so they measure the
 * queries; steps 3-4 run again with it on, as deployed.
 * Run: `npm run bench:hire -w bench` (needs DATABASE_URL and NATS_URL like the tests; ~3 minutes).
 */
import type { RunningPlatform } from '../scripts/platform';
import { benchPlatform } from './bench-platform';
import { seed } from './hire-seed';
import { load, type Figures } from './load';

/** First-page latency: one connection, so it is the time of one request, not of a queue. */
const latency = (url: string, token?: string) => load(url, { token, connections: 1, seconds: 5 });

async function main() {
  const bench = await benchPlatform('hire');
  const sql = bench.sql;
  // Services inherit the environment: the board's cache off measures the query.
  const boot = (boardCacheMs: number) => bench.boot({ BOARD_CACHE_MS: String(boardCacheMs) });
  let platform: RunningPlatform = await boot(0);
  const say = (line: string) => console.log(line);

  /** Max throughput straight vs through the gateway, then p99 at a fixed 1,000 req/s. */
  async function throughput(label: string) {
    const board = '/api/job/get';
    const gateway = bench.gatewayUrl();
    const direct = platform.services['svc-hire']!;
    await load(direct + board, { connections: 20, seconds: 3 }); // warm-up
    const straight = await load(direct + board, { connections: 20, seconds: 10 });
    const via = await load(gateway + board, { connections: 20, seconds: 10 });
    const fixed = await load(gateway + board, { connections: 50, seconds: 15, rate: 1000 });
    say('');
    say(
      `GET /api/job/get at 100k jobs, ${label}; 20 connections for 10 s, then a fixed 1,000 req/s for 15 s:`,
    );
    say('| path | req/s | p50 ms | p99 ms | non-2xx |');
    say('| --- | --- | --- | --- | --- |');
    for (const [name, f] of [
      ['straight to svc-hire', straight],
      ['through the gateway', via],
      ['gateway at 1,000 req/s', fixed],
    ] as const)
      say(`| ${name} | ${f.rps.toFixed(0)} | ${f.p50} | ${f.p99} | ${f.failed} |`);
    say(
      `gateway / direct = ${(via.rps / straight.rps).toFixed(2)} (aim ≥ 0.70); p99 at 1,000 req/s aim ≤ 25 ms`,
    );
  }

  try {
    const [row] = await sql<{ id: string }[]>`select md5('owner' || 0)::uuid::text as id`;
    const token = bench.token({ role: 'Clinic', orgId: row!.id, email: 'hr0@bench.example' });
    const pages = [
      { name: 'GET /api/job/get (first page)', path: '/api/job/get' },
      { name: 'GET /api/job/get?title=midwife', path: '/api/job/get?title=midwife' },
      // Two letters: no trigram of their own (a word start in one job of eight, and in none).
      { name: 'GET /api/job/get?title=ra', path: '/api/job/get?title=ra' },
      { name: 'GET /api/job/get?title=zq', path: '/api/job/get?title=zq' },
      { name: 'GET /api/job/get?location=zq', path: '/api/job/get?location=zq' },
      {
        name: 'GET /api/job/get?department=maternity&type=Full-time',
        path: '/api/job/get?department=maternity&type=Full-time',
      },
      { name: "GET /api/application/get (one clinic's)", path: '/api/application/get', token },
    ];

    const measured: Record<string, Figures[]> = {};
    for (const [jobs, applications] of [
      [1_000, 5_000],
      [100_000, 500_000],
    ] as const) {
      const started = Date.now();
      await seed(sql, jobs, applications);
      console.error(
        `seeded ${jobs} jobs / ${applications} applications in ${(Date.now() - started) / 1000} s`,
      );
      const direct = platform.services['svc-hire']!;
      for (const p of pages) {
        await latency(direct + p.path, p.token); // warm-up
        (measured[p.name] ??= []).push(await latency(direct + p.path, p.token));
      }
    }

    say('First-page latency, straight to svc-hire (board cache off), one connection, 5 s each (ms):');
    say('| call | 1k jobs p50 / p99 | 100k jobs p50 / p99 |');
    say('| --- | --- | --- |');
    for (const p of pages) {
      const [small, large] = measured[p.name]!;
      say(`| ${p.name} | ${small!.p50} / ${small!.p99} | ${large!.p50} / ${large!.p99} |`);
    }

    await throughput('board cache off (every request queries Postgres)');
    platform = await boot(1000);
    await throughput('board cache on (1 s, as deployed)');
  } finally {
    await bench.cleanup();
  }
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
