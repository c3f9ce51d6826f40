/**
 * The gateway's cost (not a test: it prints figures). Starts the platform as `npm start` does, on its
 * own database and NATS prefix (removed afterwards), with the gateway's rate limit raised, seeds a few
 * jobs and applications and 2,000 accounts, then measures side by side in one run, each route straight to its
 * service and through the gateway (20 connections, 8 s each, in turns of 2 s, each round of turns in the reverse
 * order of the one before):
 *  - GET /api/job/get: the cached job board (svc-hire's one-second cache, as deployed);
 *  - GET /api/user/get: the professional directory, its first page of 20 (7 KB), two queries a request;
 *  - GET /api/application/get with a clinic's token: every check of a signed-in request;
 *  - the board and the directory again as a browser asks them (with Accept-Encoding): the gateway packs the
 *    answer, the edge cache keeps the board's packed (no goal).
 * Each is measured through three gateways before the same services: without the edge cache (the raw
 * proxy, what every uncached route pays), as deployed (1 worker, edge cache on), and with 2 workers; and,
 * for reference, through three hops in Node with no checks at all: a bare proxy of Node's http server and
 * undici (bare-proxy.ts), a lean hop over raw sockets that parses and rebuilds each head (lean-hop.ts),
 * and a byte relay that parses nothing (byte-relay.ts); and through nginx where it is installed
 * (nginx-proxy.ts), a hop in C. Each proxy's own CPU
 * time a request (user and system, from /proc, read around its turns) is printed beside its ratio: on two
 * cores shared by everything, that is what a hop takes from the service and Postgres.
 * Then a steady, open-loop 1,000 req/s through each on the job board (load.ts: steadyLoad).
 * Run: `npm run bench:gateway -w bench` (needs DATABASE_URL and NATS_URL like the tests; ~8 minutes).
 *
 * With GATEWAY_BASELINE=<git ref> (or a folder holding another checkout): that commit's gateway is checked
 * out in a temporary worktree (baseline-checkout.ts, borrowing this checkout's packages) and two more
 * columns run it before the same services, and one more a second copy of this one's, so a change is judged
 * against the difference two identical copies show in the same run, in alternating rounds like the others.
 *
 * The goal (speed-goals.ts): the gateway as deployed adds at most 2 ms to the p99 of a steady 1,000 req/s
 * (GET /api/job/get, against the same load straight to svc-hire), and its CPU time a request is printed
 * beside nginx's where nginx is installed.
 *
 * With GATEWAY_OWN_CORE=1 (`npm run bench:gateway-own-core -w bench`; Linux, two CPUs or more): the
 * gateways and the reference proxies run on CPU 0, everything else (this load generator, the services, the
 * machine's Postgres) on CPU 1, as a deployment gives the gateway a core of its own; on two cores shared by
 * all of them the gateway's work is taken from the service and Postgres, which the plain run measures.
 * Postgres gets every CPU back at the end.
 */
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import path from 'node:path';
import { freePort } from '@platform/testing';
import { benchPlatform } from './bench-platform';
import { seed } from './hire-seed';
import { seedAccounts } from './identity-seed';
import { load, type Figures } from './load';
import { machineLine } from './machine';
import { pin, pinPostgres } from './cores';
import { cpuMsOf, processesOf } from './processes';
import { findNginx, startNginx } from './nginx-proxy';
import { recordGoals } from './speed-goals';
import { baselineCheckout } from './baseline-checkout';

const CONNECTIONS = 20;
const SECONDS = 8;
const ROUND_SECONDS = 2;
const STEADY_RATE = 1000;
const STEADY_SECONDS = 15;
const OWN_CORE = process.env.GATEWAY_OWN_CORE === '1';

/** Turns of one target as one figure: the mean rate, the median turn's percentiles, all failures. */
function combined(turns: Figures[]): Figures {
  const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
  return {
    rps: turns.reduce((sum, t) => sum + t.rps, 0) / turns.length,
    p50: median(turns.map((t) => t.p50)),
    p99: median(turns.map((t) => t.p99)),
    failed: turns.reduce((sum, t) => sum + t.failed, 0),
  };
}

/**
 * The targets' order in a round: forward in even rounds, backward in odd ones. Over an even number of rounds
 * every target's mean position is the same, so a steady drift within a round (the machine's other load, the
 * state one turn leaves the services and Postgres in for the next) weighs on each alike.
 */
function turnOrder(targets: number, round: number): number[] {
  const forward = Array.from({ length: targets }, (_, i) => i);
  return round % 2 === 0 ? forward : forward.reverse();
}

/** One of the bench's reference proxies written in Node, before the same services as the gateway. */
interface NodeProxy {
  url: string;
  pids(): number[];
  stop(): void;
}

async function startNodeProxy(file: string, routes: Record<string, string>): Promise<NodeProxy> {
  const port = await freePort();
  const child = spawn(process.execPath, ['--import', 'tsx', path.join(__dirname, file)], {
    env: { ...process.env, PORT: String(port), ROUTES: JSON.stringify(routes) },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  await once(child.stdout!, 'data');
  return {
    url: `http://127.0.0.1:${port}`,
    pids: () => [child.pid!],
    stop: () => child.kill('SIGTERM'),
  };
}

/** The most the gateway may add to the p99 of a steady 1,000 req/s, in ms. */
const STEADY_P99_ADDED_MS = 2;
/** Above this p99 straight to svc-hire the machine is too loaded for the goal to be judged. */
const DIRECT_P99_JUDGED_MS = 50;

async function main() {
  // Before anything starts: the platform's processes inherit CPU 1 from this one.
  if (OWN_CORE) pin([process.pid], '1');
  let restorePostgres = () => {};
  const bench = await benchPlatform('gateway');
  const say = (line: string) => console.log(line);
  let stopNodeProxies = () => {};
  let stopNginx = () => {};
  const baselineFrom = process.env.GATEWAY_BASELINE;
  const checkout = baselineFrom ? baselineCheckout(baselineFrom) : undefined;

  try {
    const platform = await bench.boot({ BOARD_CACHE_MS: '1000' }); // as deployed
    await seed(bench.sql, 200, 1_000);
    await seedAccounts(bench.sql, 0, 2_000);
    const [row] = await bench.sql<{ id: string }[]>`select md5('owner' || 0)::uuid::text as id`;
    const token = bench.token({ role: 'Clinic', orgId: row!.id, email: 'hr0@bench.example' });
    // The platform's own gateway as deployed (1 worker, edge cache on), and beside it the same
    // gateway without the edge cache (the raw proxy, what every uncached route pays) and with 2 workers.
    // And the reference hops, before the same services: three in Node, from Node's HTTP objects down to
    // bytes alone (what each layer costs), and nginx (nginx-proxy.ts) where it is installed, a hop in C.
    const proxyRoutes = {
      '/api/job': platform.services['svc-hire']!,
      '/api/application': platform.services['svc-hire']!,
      '/api/user': platform.services['svc-identity']!,
    };
    const nodeProxies: ({ name: string } & NodeProxy)[] = [];
    stopNodeProxies = () => nodeProxies.forEach((p) => p.stop());
    for (const [name, file] of [
      ['bare Node proxy (http + undici)', 'bare-proxy.ts'],
      ['lean hop (Node, raw sockets)', 'lean-hop.ts'],
      ['byte relay (Node)', 'byte-relay.ts'],
    ] as const)
      nodeProxies.push({ name, ...(await startNodeProxy(file, proxyRoutes)) });
    const nginxBin = findNginx();
    const nginx = nginxBin ? await startNginx(nginxBin, proxyRoutes) : undefined;
    stopNginx = () => nginx?.stop();
    // Each with its processes, whose CPU time a request is read around every turn.
    const gatewayAt = (name: string, url: string, root?: string) => ({
      name,
      url,
      pids: () => processesOf('gateway', new URL(url).port, root),
    });
    const baselineAt = async (name: string) =>
      gatewayAt(name, await platform.startGateway({}, checkout!.root), checkout!.root);
    const baseline = checkout
      ? [
          gatewayAt('gateway, 1 worker, a second copy', await platform.startGateway({})),
          await baselineAt(`baseline (${checkout.name})`),
          await baselineAt('baseline, a second copy'),
        ]
      : [];
    const gateways = [
      ...(nginx ? [{ name: 'nginx (a hop in C)', url: nginx.url, pids: nginx.pids }] : []),
      ...nodeProxies,
      gatewayAt('gateway, no edge cache', await platform.startGateway({ EDGE_CACHE_BYTES: '0' })),
      gatewayAt('gateway, 1 worker', bench.gatewayUrl()),
      gatewayAt('gateway, 2 workers', await platform.startGateway({ GATEWAY_WORKERS: '2' })),
      ...baseline,
    ];
    if (OWN_CORE) {
      await new Promise((resolve) => setTimeout(resolve, 2000)); // the second worker up too
      restorePostgres = pinPostgres('1');
      for (const g of gateways) pin(g.pids(), '0');
    }
    const routes = [
      { name: 'GET /api/job/get (cached board)', path: '/api/job/get', service: 'svc-hire' },
      { name: 'GET /api/user/get (database)', path: '/api/user/get', service: 'svc-identity' },
      {
        name: 'GET /api/application/get (token)',
        path: '/api/application/get',
        service: 'svc-hire',
        token,
      },
      // What a browser's request costs: it always accepts compressed answers, which the gateway packs and
      // the services do not. No goal (the reference hops pass the answer on unpacked): the gateway's columns.
      {
        name: 'GET /api/job/get, as a browser asks (Accept-Encoding)',
        path: '/api/job/get',
        service: 'svc-hire',
        acceptEncoding: 'gzip, deflate, br, zstd',
      },
      {
        name: 'GET /api/user/get, as a browser asks (Accept-Encoding)',
        path: '/api/user/get',
        service: 'svc-identity',
        acceptEncoding: 'gzip, deflate, br, zstd',
      },
    ];
    // The goals are the gateway's as deployed; the other columns are for comparison.
    const deployed = gateways.findIndex((g) => g.name === 'gateway, 1 worker');
    const where = OWN_CORE ? ', the gateway on a core of its own' : '';

    const rows: string[] = [];
    /** Each column's CPU time a request on the first route (the board), for the goal's line. */
    let cpuOfBoard: string[] = [];
    for (const r of routes) {
      const direct = platform.services[r.service]! + r.path;
      const targets = [direct, ...gateways.map((g) => g.url + r.path)];
      const asked = { token: r.token, acceptEncoding: r.acceptEncoding };
      for (const url of targets) await load(url, { ...asked, connections: CONNECTIONS, seconds: 2 });
      // In turns of ROUND_SECONDS, so a change in the machine's other load falls on all of them alike, in one
      // order and then the reverse (turnOrder).
      const rounds: Figures[][] = targets.map(() => []);
      const cpu = targets.map(() => 0); // each proxy's CPU time in its turns, ms
      for (let round = 0; round < SECONDS / ROUND_SECONDS; round++)
        for (const i of turnOrder(targets.length, round)) {
          const pids = i === 0 ? [] : gateways[i - 1]!.pids();
          const before = cpuMsOf(pids);
          rounds[i]!.push(
            await load(targets[i]!, { ...asked, connections: CONNECTIONS, seconds: ROUND_SECONDS }),
          );
          cpu[i]! += cpuMsOf(pids) - before;
        }
      const figures = rounds.map(combined);
      // The proxy's own CPU time a request served (user and system): what its hop takes from the cores.
      const cpuPerRequest = figures.map((f, i) => (cpu[i]! / (f.rps * SECONDS)).toFixed(3));
      if (cpuOfBoard.length === 0) cpuOfBoard = cpuPerRequest;
      const [d, ...g] = figures;
      // Each turn's ratio against the same round's direct turn: how far one run's figure can be trusted.
      const spread = rounds.slice(1).map((turns) => {
        const ratios = turns.map((t, round) => t.rps / rounds[0]![round]!.rps);
        return `${Math.min(...ratios).toFixed(2)}-${Math.max(...ratios).toFixed(2)}`;
      });
      for (const [i, f] of figures.entries())
        if (f.failed)
          console.error(`${r.name}: ${f.failed} failed (${i === 0 ? 'direct' : gateways[i - 1]!.name})`);
      rows.push(
        `| ${r.name} | ${d!.rps.toFixed(0)} · ${d!.p99} ms | ` +
          g
            .map(
              (f, i) =>
                `${f.rps.toFixed(0)} · **${(f.rps / d!.rps).toFixed(2)}** (${spread[i]}) · ${f.p99} ms · ` +
                `${cpuPerRequest[i + 1]} ms CPU`,
            )
            .join(' | ') +
          ' |',
      );
    }
    // The same steady load straight to svc-hire: the tail the machine itself gives, the gateway's control.
    const steadyDirect = await load(platform.services['svc-hire']! + '/api/job/get', {
      connections: 50,
      seconds: STEADY_SECONDS,
      rate: STEADY_RATE,
    });
    const steady = [];
    for (const g of gateways)
      steady.push(
        await load(g.url + '/api/job/get', { connections: 50, seconds: STEADY_SECONDS, rate: STEADY_RATE }),
      );
    const added = steady[deployed]!.p99 - steadyDirect.p99;
    // A machine that cannot hold the rate straight to the service says nothing of what the gateway adds.
    const judged =
      steadyDirect.failed === 0 &&
      steadyDirect.rps >= 0.98 * STEADY_RATE &&
      steadyDirect.p99 <= DIRECT_P99_JUDGED_MS;
    const nginxIndex = gateways.findIndex((g) => g.name.startsWith('nginx'));
    recordGoals([
      {
        what: `p99 added by the gateway at a steady ${STEADY_RATE.toLocaleString('en-US')} req/s, GET /api/job/get${where}`,
        measured:
          `${added.toFixed(1)} ms (${steady[deployed]!.p99} ms through it, ${steadyDirect.p99} ms straight to svc-hire)` +
          `; its CPU a request on the board ${cpuOfBoard[deployed + 1]} ms` +
          (nginxIndex === -1 ? ', no nginx on this machine' : `, nginx's ${cpuOfBoard[nginxIndex + 1]} ms`) +
          (judged
            ? ''
            : `; not judged: straight to svc-hire the machine did not hold the rate within ${DIRECT_P99_JUDGED_MS} ms`),
        aim: `≤ ${STEADY_P99_ADDED_MS} ms`,
        met: judged && added <= STEADY_P99_ADDED_MS && steady[deployed]!.failed === 0,
      },
    ]);

    if (OWN_CORE)
      say(
        'The gateways and the reference proxies on CPU 0; the load generator, the services and Postgres on CPU 1.',
      );
    say(
      `${CONNECTIONS} connections, ${SECONDS} s each in turns of ${ROUND_SECONDS} s (each round in the reverse order of the one before); at the end: ${machineLine()}.`,
    );
    if (!nginx) say('No nginx on this machine (`apt-get install nginx-light`): its column is left out.');
    say(
      "Each cell: req/s · proxy / direct (the lowest-highest of the turns) · p99 · the proxy's own CPU time a request.",
    );
    say(`| route | direct | ${gateways.map((g) => g.name).join(' | ')} |`);
    say(`| --- | --- | ${gateways.map(() => '---').join(' | ')} |`);
    rows.forEach(say);
    say(
      `| steady ${STEADY_RATE} req/s, ${STEADY_SECONDS} s, GET /api/job/get: p50 / p99 (served req/s) | ` +
        [steadyDirect, ...steady]
          .map(
            (f) =>
              `${f.p50} / **${f.p99}** ms (${f.rps.toFixed(0)}${f.failed ? `, ${f.failed} failed` : ''})`,
          )
          .join(' | ') +
        ' |',
    );
    say(
      `Goal: the gateway adds at most ${STEADY_P99_ADDED_MS} ms to the p99 of a steady ${STEADY_RATE} req/s.`,
    );
  } finally {
    restorePostgres();
    stopNodeProxies();
    stopNginx();
    await bench.cleanup();
    checkout?.remove();
  }
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
