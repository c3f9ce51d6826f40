/**
 * The gateway's cost (not a test: it prints figures). Starts the platform as `npm start` does, on its
 * own database and NATS prefix (removed afterwards), with the gateway's rate limit raised, seeds a few
 * jobs and applications, then measures side by side in one run, each route straight to its service and
 * through the gateway (20 connections, 8 s each, the two back to back):
 *  - GET /api/job/get: the cached job board (svc-hire's one-second cache, as deployed);
 *  - GET /api/user/get: the professional directory, a query per request;
 *  - GET /api/application/get with a clinic's token: every check of a signed-in request.
 * Then a steady 1,000 req/s through the gateway on the job board, spread evenly over the second.
 * Run: `npm run bench:gateway -w bench` (needs DATABASE_URL and NATS_URL like the tests; ~2 minutes).
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import postgres from 'postgres';
import { seed } from './hire-seed';
import { load } from './load';
import {
  createTestDatabase,
  deleteStreamsWithPrefix,
  natsUrl,
  signToken,
  testNatsPrefix,
  freePort,
} from '@platform/testing';
import { readStartConfig } from '../scripts/config';
import { startPlatform } from '../scripts/platform';

const CONNECTIONS = 20;
const SECONDS = 8;
const STEADY_RATE = 1000;
const STEADY_SECONDS = 15;

const load1 = () => loadavg()[0]!.toFixed(2);

async function main() {
  const db = await createTestDatabase('bench_gateway');
  const prefix = testNatsPrefix();
  const nats = natsUrl();
  const dataDir = mkdtempSync(path.join(tmpdir(), 'afya-bench-'));
  // The per-address limit would otherwise refuse a load generator on one address.
  process.env.RATE_LIMIT_PER_MINUTE = '100000000';
  process.env.BOARD_CACHE_MS = '1000'; // as deployed; services inherit the environment
  const platform = await startPlatform(
    readStartConfig({
      PORT: String(await freePort()),
      DATABASE_URL: db.url,
      NATS_URL: nats,
      NATS_PREFIX: prefix,
      DATA_DIR: dataDir,
      LOG_LEVEL: 'error',
    }),
    () => {},
  );
  const sql = postgres(db.url, { max: 2, onnotice: () => {} });
  const say = (line: string) => console.log(line);

  try {
    await seed(sql, 200, 1_000);
    const [row] = await sql<{ id: string }[]>`select md5('owner' || 0)::uuid::text as id`;
    const token = signToken(
      readFileSync(path.join(dataDir, 'keys', 'jwt-ed25519.pem'), 'utf8'),
      { role: 'Clinic', orgId: row!.id, email: 'hr0@bench.example' },
      { audience: 'afya-platform', issuer: 'svc-identity' },
    );
    const gateway = platform.url.replace('localhost', '127.0.0.1');
    const routes = [
      { name: 'GET /api/job/get (cached board)', path: '/api/job/get', service: 'svc-hire' },
      { name: 'GET /api/user/get (database)', path: '/api/user/get', service: 'svc-identity' },
      {
        name: 'GET /api/application/get (token)',
        path: '/api/application/get',
        service: 'svc-hire',
        token,
      },
    ];

    const rows: string[] = [];
    for (const r of routes) {
      const direct = platform.services[r.service]! + r.path;
      const via = gateway + r.path;
      for (const url of [direct, via])
        await load(url, { token: r.token, connections: CONNECTIONS, seconds: 2 });
      const straight = await load(direct, { token: r.token, connections: CONNECTIONS, seconds: SECONDS });
      const through = await load(via, { token: r.token, connections: CONNECTIONS, seconds: SECONDS });
      if (straight.failed || through.failed)
        console.error(`${r.name}: ${straight.failed} failed direct, ${through.failed} through the gateway`);
      rows.push(
        `| ${r.name} | ${straight.rps.toFixed(0)} | ${through.rps.toFixed(0)} | ` +
          `${(through.rps / straight.rps).toFixed(2)} | ${straight.p99} | ${through.p99} |`,
      );
    }
    const steady = await load(gateway + '/api/job/get', {
      connections: 50,
      seconds: STEADY_SECONDS,
      rate: STEADY_RATE,
    });

    say(`${CONNECTIONS} connections, ${SECONDS} s each; load average ${load1()} (1 min) at the end:`);
    say('| route | req/s direct | req/s gateway | gateway / direct | p99 direct ms | p99 gateway ms |');
    say('| --- | --- | --- | --- | --- | --- |');
    rows.forEach(say);
    say(
      `Steady ${STEADY_RATE} req/s for ${STEADY_SECONDS} s through the gateway (GET /api/job/get): ` +
        `${steady.rps.toFixed(0)} req/s served, p50 ${steady.p50} ms, p99 ${steady.p99} ms, ${steady.failed} failed.`,
    );
    say('Aims: ≥ 0.6 on the cached board, ≥ 0.9 on database routes, p99 ≤ 25 ms at 1,000 req/s.');
  } finally {
    await sql.end();
    await platform.stop();
    await deleteStreamsWithPrefix(nats, prefix).catch(() => {});
    await db.drop().catch(() => {});
    rmSync(dataDir, { recursive: true, force: true });
  }
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
