/**
 * What each request costs in CPU, process by process (not a test: it prints figures). The side-by-side
 * ratios of `bench:gateway` depend on how the machine's cores are shared (on two cores, the gateway's work is
 * taken from Postgres and the service); CPU time per request does not. Starts the platform as `npm start`
 * does (own database and NATS prefix, removed afterwards), seeds 200 jobs, 1,000 applications and 2,000 accounts, loads each
 * route straight to its service and through the gateway (20 connections, 6 s) and reads the CPU time the
 * gateway, the service and Postgres's processes used meanwhile (/proc, Linux only), per request served.
 * Run: `npm run bench:gateway-cpu -w bench` (needs DATABASE_URL and NATS_URL like the tests; about a minute).
 */
import { loadavg } from 'node:os';
import { benchPlatform } from './bench-platform';
import { seed } from './hire-seed';
import { seedAccounts } from './identity-seed';
import { load } from './load';
import { cpuMs, cpuMsOf, processOf } from './processes';

const SECONDS = 6;
const ROUTES = [
  { path: '/api/job/get', name: 'cached board', service: 'svc-hire' },
  { path: '/api/user/get', name: 'database', service: 'svc-identity' },
  { path: '/api/application/get', name: 'token', service: 'svc-hire', token: true },
];

async function main() {
  const bench = await benchPlatform('gateway_cpu', { buildFrontends: false });
  try {
    const platform = await bench.boot();
    await seed(bench.sql, 200, 1_000);
    await seedAccounts(bench.sql, 0, 2_000);
    const [owner] = await bench.sql<{ id: string }[]>`select md5('owner' || 0)::uuid::text as id`;
    const token = bench.token({ role: 'Clinic', orgId: owner!.id, email: 'hr0@bench.example' });
    const gateway = bench.gatewayUrl();
    const gatewayPid = processOf('gateway', new URL(gateway).port);
    console.log(`${SECONDS} s a target, 20 connections; CPU time per request served, ms:`);
    console.log('| route | via | req/s | gateway | service | Postgres |');
    console.log('| --- | --- | --- | --- | --- | --- |');
    for (const route of ROUTES) {
      const direct = platform.services[route.service]!;
      const servicePid = processOf(route.service, new URL(direct).port);
      for (const [via, base] of [
        ['direct', direct],
        ['gateway', gateway],
      ] as const) {
        const url = base + route.path;
        const opts = { connections: 20, token: route.token ? token : undefined };
        await load(url, { ...opts, seconds: 2 }); // warm-up
        const read = () => ({
          gateway: cpuMsOf([gatewayPid]),
          service: cpuMsOf([servicePid]),
          postgres: cpuMs((stat) => stat.includes('(postgres)')),
        });
        const before = read();
        const figures = await load(url, { ...opts, seconds: SECONDS });
        const after = read();
        const served = figures.rps * SECONDS;
        const per = (k: keyof typeof before) => ((after[k] - before[k]) / served).toFixed(3);
        console.log(
          `| \`GET ${route.path}\` (${route.name}) | ${via} | ${figures.rps.toFixed(0)} | ` +
            `${per('gateway')} | ${per('service')} | ${per('postgres')} |`,
        );
      }
    }
    console.log(`1-minute load average at the end: ${loadavg()[0]!.toFixed(1)}`);
  } finally {
    await bench.cleanup();
  }
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
