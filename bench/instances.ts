/**
 * One instance against two (not a test: it prints figures). The job board (`GET /api/job/get`, its one-second
 * cache off, so each request is a query) and applications (`POST /api/application/apply`, each a new
 * application: a transaction and an outbox event) through the gateway, first with one instance of svc-hire
 * and of the gateway, then with two of each (`REPLICAS=2`, the load split evenly over both gateways), in the
 * same run on the same data. It also reads the CPU time each tier spent per request, which is what says how
 * the figures carry to a machine with more cores: on two cores the second instances only share the same two
 * cores with Postgres and the load generator, so this run shows the overhead of running two, not the gain.
 * Run: `npm run bench:instances -w bench` (needs DATABASE_URL and NATS_URL like the tests; ~3 minutes).
 */
import { randomUUID } from 'node:crypto';
import { cpus } from 'node:os';
import autocannon from 'autocannon';
import type { RunningPlatform } from '../scripts/platform';
import { benchPlatform, type BenchPlatform } from './bench-platform';
import { processesNamed } from './cores';
import { seed } from './hire-seed';
import { machineLine } from './machine';
import { cpuMsOf } from './processes';

const JOBS = 10_000;
const NURSES = 500;
const CONNECTIONS = 24;
const SECONDS = 10;

interface Run {
  rps: number;
  p99: number;
  failed: number;
  /** CPU milliseconds per request: the gateways, svc-hire's instances, Postgres. */
  cpu: { gateway: number; hire: number; postgres: number };
}

/** Loads every gateway at once, the connections split evenly; sums their throughput. */
async function loadAll(
  platform: RunningPlatform,
  request: (gatewayIndex: number) => autocannon.Options,
): Promise<Run> {
  const pids = (prefix: string) =>
    [1, 2]
      .map((i) => platform.pid(i === 1 ? prefix : `${prefix}#${i}`))
      .filter((p): p is number => p !== undefined);
  const gateways = pids('gateway');
  const hires = pids('svc-hire');
  const before = { g: cpuMsOf(gateways), h: cpuMsOf(hires), p: cpuMsOf(processesNamed('postgres')) };
  const results = await Promise.all(
    platform.gateways.map((url, i) =>
      autocannon({
        ...request(i),
        url: url.replace('localhost', '127.0.0.1') + request(i).url,
        connections: Math.round(CONNECTIONS / platform.gateways.length),
        duration: SECONDS,
      }),
    ),
  );
  const requests = results.reduce((n, r) => n + r.requests.total, 0);
  const per = (ms: number) => ms / Math.max(1, requests);
  return {
    rps: results.reduce((n, r) => n + r.requests.average, 0),
    p99: Math.max(...results.map((r) => r.latency.p99)),
    failed: results.reduce((n, r) => n + r.non2xx + r.errors, 0),
    cpu: {
      gateway: per(cpuMsOf(gateways) - before.g),
      hire: per(cpuMsOf(hires) - before.h),
      // Every Postgres of the machine: the shared one serves this bench alone while it runs.
      postgres: per(cpuMsOf(processesNamed('postgres')) - before.p),
    },
  };
}

/** Applications nobody made before: nurse n applies for job k, each pair once in the whole run. */
function applications(bench: BenchPlatform) {
  const nurses = Array.from({ length: NURSES }, (_, n) => {
    const id = randomUUID();
    return {
      token: bench.token({ role: 'user', sub: id, email: `nurse${n}@bench.example` }),
      body: { fullName: `Nurse ${n}`, email: `nurse${n}@bench.example`, phoneNumber: '+254 700 000 000' },
    };
  });
  let next = 0;
  return (): autocannon.Options => ({
    url: '/api/application/apply',
    method: 'POST',
    requests: [
      {
        setupRequest: (req) => {
          const i = next++;
          const nurse = nurses[i % NURSES]!;
          const job = 1 + (Math.floor(i / NURSES) % JOBS);
          return {
            ...req,
            headers: { authorization: `Bearer ${nurse.token}`, 'content-type': 'application/json' },
            body: JSON.stringify({
              ...nurse.body,
              jobId: jobIds[job - 1],
              resumeUrl: 'https://cv.example.org/nurse.pdf',
            }),
          };
        },
      },
    ],
  });
}

let jobIds: string[] = [];

async function main() {
  const bench = await benchPlatform('instances', { modules: 'hire', buildFrontends: false });
  const figures: Record<string, { board: Run; apply: Run }> = {};
  try {
    for (const replicas of [1, 2]) {
      const platform = await bench.boot({ BOARD_CACHE_MS: '0', REPLICAS: String(replicas) });
      if (replicas === 1) {
        await seed(bench.sql, JOBS, 0);
        jobIds = (await bench.sql<{ id: string }[]>`select id from hire.jobs order by id`).map((r) => r.id);
      }
      const board = () => ({ url: '/api/job/get' });
      await loadAll(platform, board); // warm-up: JIT, connections, Postgres's caches
      const apply = applications(bench);
      figures[replicas] = {
        board: await loadAll(platform, board),
        apply: await loadAll(platform, apply),
      };
    }
  } finally {
    await bench.cleanup();
  }

  const say = (line: string) => console.log(line);
  say(`\n${cpus().length} cores; ${machineLine()}`);
  say(
    `${CONNECTIONS} connections for ${SECONDS} s, split over the gateways; ${JOBS.toLocaleString('en')} jobs\n`,
  );
  say('| what | instances | req/s | p99 ms | non-2xx | CPU ms/request: gateway | svc-hire | Postgres |');
  say('| --- | --- | --- | --- | --- | --- | --- | --- |');
  for (const [what, key] of [
    ['GET /api/job/get', 'board'],
    ['POST /api/application/apply', 'apply'],
  ] as const)
    for (const replicas of ['1', '2']) {
      const f = figures[replicas]![key];
      say(
        `| ${what} | ${replicas} | ${f.rps.toFixed(0)} | ${f.p99} | ${f.failed} | ${f.cpu.gateway.toFixed(2)} | ${f.cpu.hire.toFixed(2)} | ${f.cpu.postgres.toFixed(2)} |`,
      );
    }
  say('');
  // The arithmetic for a bigger machine: each request costs the sum of its tiers' CPU; with a core per
  // instance and Postgres on cores of its own, a tier's ceiling is its instances / its CPU per request.
  for (const [what, key] of [
    ['board', 'board'],
    ['applications', 'apply'],
  ] as const) {
    const f = figures['1']![key];
    const app = f.cpu.gateway + f.cpu.hire;
    say(
      `${what}: one request costs ${app.toFixed(2)} ms of gateway + svc-hire CPU and ${f.cpu.postgres.toFixed(2)} ms of Postgres. ` +
        `With each instance on a core of its own, n instances of each serve about n × ${(1000 / Math.max(f.cpu.gateway, f.cpu.hire)).toFixed(0)} req/s ` +
        `until Postgres, at ${(1000 / Math.max(0.01, f.cpu.postgres)).toFixed(0)} req/s a core, is the limit; here all of it shares ${cpus().length} cores ` +
        `(${(1000 / (app + f.cpu.postgres)).toFixed(0)} req/s a core in all).`,
    );
  }
}

main().catch((err) => {
  console.error(err);
  process.exitCode = 1;
});
