/**
 * The chaos run (`npm run chaos`, about 10 minutes; not a test: it prints figures and exits 1 when a check
 * fails). The platform as `REPLICAS=2 npm start` runs it (two instances of every service and two gateways,
 * supervised, with the mail, SMS and payments sandboxes) on its own embedded Postgres and its own nats-server
 * (a temporary data folder, free loopback ports: never the machine's shared ones), under a steady mixed load
 * of real journeys (chaos/journeys.ts) for CHAOS_SECONDS (180), at most CHAOS_RATE (25) requests a second,
 * while every 10 s a random service instance or gateway is killed with SIGKILL, and once the nats-server and
 * once Postgres (chaos/faults.ts). After a settle period it checks the services' schemas (chaos/checks.ts):
 * every write answered 2xx is there exactly once, every projection of the accounts converged, no event was
 * applied twice, no scheduled job ran twice; and prints, per fault, the requests that failed and how long
 * the platform took to be whole again. Everything it started is stopped and its data removed at the end.
 * Exit 0: every check passed; 1: one failed; 2: not judged (some kind of write was never acknowledged, as on
 * a machine too busy to serve the load).
 */
import { chmodSync, createWriteStream, mkdtempSync, rmSync } from 'node:fs';
import { cpus, tmpdir } from 'node:os';
import path from 'node:path';
import postgres from 'postgres';
import { freePort } from '@platform/testing';
import { readStartConfig } from '../scripts/config';
import { startPlatform, type RunningPlatform } from '../scripts/platform';
import { ChaosClient, sleep, type Outcome } from './chaos/client';
import { runFaults, type Fault } from './chaos/faults';
import { ChaosLoad } from './chaos/journeys';
import { checkEvents, checkProjections, checkScheduledJobs, checkWrites, type Check } from './chaos/checks';
import { machineLine } from './machine';

const SECONDS = Number(process.env.CHAOS_SECONDS ?? 180);
const RATE = Number(process.env.CHAOS_RATE ?? 25);
/** The longest the platform may take to settle after the load (outboxes sent, projections converged). */
const SETTLE_MS = 180_000;
/** The whole run, start to stop, is cut off after this (a hung step must not run for ever). */
const RUN_LIMIT_MS = (SECONDS + 1200) * 1000;

const failed = (o: Outcome) => o.status === 0 || o.status >= 500;
const s = (ms: number) => (ms / 1000).toFixed(1);

async function main(): Promise<number> {
  const runId = Date.now().toString(36);
  const dataDir = mkdtempSync(path.join(tmpdir(), 'afya-chaos-'));
  // As a clone's folder: the embedded Postgres runs as its own user where this runs as root.
  chmodSync(dataDir, 0o755);
  // Every line the platform writes goes to a log kept after the run; the supervisor's lines also here.
  const logFile = path.join(tmpdir(), `afya-chaos-${runId}.log`);
  const logStream = createWriteStream(logFile);
  const say = (line: string) => console.log(line);
  // Exits nobody asked for (not the run's kills): a service that fell over by itself.
  const crashes: string[] = [];
  const log = (line: string) => {
    logStream.write(`${new Date().toISOString()} ${line}\n`);
    const exited = /^\[([^\]]+)\] exited \(code [1-9]/.exec(line);
    if (exited) crashes.push(exited[1]!);
    if (/was killed|restarting in|keeps failing|did not start|not restarted/.test(line)) say(line);
  };

  let platform: RunningPlatform | undefined;
  let stopping: Promise<void> | undefined;
  const cleanup = () =>
    (stopping ??= (async () => {
      await platform?.stop().catch(() => {});
      rmSync(dataDir, { recursive: true, force: true });
      logStream.end();
    })());
  for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP'] as const) {
    process.removeAllListeners(signal);
    process.once(signal, () => void cleanup().finally(() => process.exit(130)));
  }
  // A crash of this process (it runs the platform's supervisor and sandboxes) still stops what it started.
  process.once('uncaughtException', (err) => {
    console.error('chaos: this process failed:', err);
    void cleanup().finally(() => process.exit(1));
  });
  const limit = setTimeout(() => {
    say(`chaos: the run took longer than ${RUN_LIMIT_MS / 60_000} minutes; stopping it`);
    void cleanup().finally(() => process.exit(1));
  }, RUN_LIMIT_MS);
  limit.unref();

  try {
    say(
      `chaos: starting the platform (REPLICAS=2, its own Postgres and nats-server in ${dataDir}; log ${logFile})`,
    );
    const startedAt = Date.now();
    platform = await startPlatform(
      readStartConfig({
        PORT: String(await freePort()),
        EMBEDDED_PG_PORT: String(await freePort()),
        DATA_DIR: dataDir,
        REPLICAS: '2',
        LOG_LEVEL: 'warn',
      }),
      log,
      // Its own nats-server whatever listens on 4222; X-Forwarded-For believed from the load's balancer.
      { buildFrontends: false, nats: { own: true }, gatewayTrustedProxies: '127.0.0.1' },
    );
    say(`chaos: running in ${s(Date.now() - startedAt)} s: ${Object.keys(platform.instances).join(', ')}`);

    const client = new ChaosClient(
      platform.gateways.map((g) => g.replace('localhost', '127.0.0.1')),
      { rate: RATE, inFlight: 48 },
    );
    const load = new ChaosLoad(client, {
      runId,
      seconds: SECONDS,
      professionalEveryMs: 1500,
      clinicEveryMs: 8000,
      readsPerSecond: 4,
    });
    const [, faults] = await Promise.all([
      load.run(),
      runFaults(
        platform,
        () => client.now(),
        // NATS and Postgres between two instance kills, so each one's figures are its own.
        {
          seconds: SECONDS,
          everyMs: 10_000,
          natsAtMs: SECONDS * 350 + 2000,
          postgresAtMs: SECONDS * 700 + 2000,
        },
        say,
      ),
    ]);
    const loadEnded = client.now();
    say(`chaos: load ended at ${s(loadEnded)} s; settling`);

    const sql = postgres(platform.databaseUrl, { max: 2, onnotice: () => {} });
    try {
      // Settled: every outbox sent and every projection converged, or SETTLE_MS gone.
      const settleStart = Date.now();
      for (;;) {
        const events = await checkEvents(sql).catch(() => []);
        const projections = await checkProjections(sql).catch(() => []);
        const settled = events.length > 0 && [...events, ...projections].every((c) => c.ok);
        if (settled || Date.now() - settleStart > SETTLE_MS) break;
        await sleep(5000);
      }
      const settledIn = Date.now() - settleStart;

      const writes = await checkWrites(sql, load.ledger, load.unacknowledged);
      const checks: Check[] = [...(await checkProjections(sql)), ...(await checkEvents(sql))];
      const jobs = await checkScheduledJobs(sql);
      checks.push(...jobs.checks);
      const [payments] = await sql<{ paid: number; pending: number; other: number; invoices: number }[]>`
        select count(*) filter (where status = 'paid')::int as paid,
          count(*) filter (where status = 'pending')::int as pending,
          count(*) filter (where status not in ('paid', 'pending'))::int as other,
          (select count(*)::int from billing.invoices) as invoices
        from billing.payments`;
      checks.push({
        name: 'every payment settled, with one invoice',
        ok: payments!.pending === 0 && payments!.invoices === payments!.paid,
        detail: `${payments!.paid} paid, ${payments!.pending} pending, ${payments!.other} other; ${payments!.invoices} invoices`,
      });

      report(say, { client, faults, writes, checks, jobs: jobs.runs, loadEnded, settledIn, crashes });
      const lost = writes.reduce((n, w) => n + w.lost, 0);
      const duplicated = writes.reduce((n, w) => n + w.duplicated, 0);
      // A machine too busy to serve the journeys proves nothing: every kind of write must have been made.
      const unexercised = writes.filter((w) => w.acknowledged === 0).map((w) => w.kind);
      if (unexercised.length) {
        say(
          `\nNot judged: no ${unexercised.join(', ')} was acknowledged (the machine could not serve the load); run it again on a quieter machine`,
        );
        return 2;
      }
      return lost === 0 && duplicated === 0 && checks.every((c) => c.ok) ? 0 : 1;
    } finally {
      await sql.end();
    }
  } finally {
    say('chaos: stopping the platform');
    await cleanup();
    clearTimeout(limit);
  }
}

function report(
  say: (line: string) => void,
  r: {
    client: ChaosClient;
    faults: Fault[];
    writes: Awaited<ReturnType<typeof checkWrites>>;
    checks: Check[];
    jobs: string[];
    loadEnded: number;
    settledIn: number;
    crashes: string[];
  },
) {
  const all = r.client.outcomes;
  const byStatus = (p: (o: Outcome) => boolean) => all.filter(p).length;
  say(`\n## chaos run — ${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC\n`);
  say(`${cpus().length} cores; ${machineLine()}`);
  say(
    `${s(r.loadEnded)} s of load, at most ${RATE} requests/s: ${all.length} requests (${(all.length / (r.loadEnded / 1000)).toFixed(1)}/s), ` +
      `${byStatus((o) => o.status >= 200 && o.status < 300)} answered 2xx, ${byStatus((o) => o.status >= 400 && o.status < 500)} 4xx, ` +
      `${byStatus((o) => o.status >= 500)} 5xx, ${byStatus((o) => o.status === 0)} unanswered; settled ${s(r.settledIn)} s after the load\n`,
  );

  // Each failure counts against the fault that explains it: the last one before its answer that killed
  // the service its route goes to, a gateway, NATS or Postgres (faults every 10 s overlap while one recovers).
  const sorted = [...r.faults].sort((a, b) => a.at - b.at);
  const causeOf = (o: Outcome) => sorted.findLast((f) => f.at <= o.answeredAt && explains(f.target, o.route));
  const failures = all.filter(failed);
  say('| # | at | killed | whole again after | failed requests (5xx or none) | failing for |');
  say('| --- | --- | --- | --- | --- | --- |');
  sorted.forEach((f, i) => {
    const mine = failures.filter((o) => causeOf(o) === f);
    const lastFailure = Math.max(f.at, ...mine.map((o) => o.answeredAt));
    say(
      `| ${i + 1} | ${s(f.at)} s | ${f.target} | ${f.readyAt === undefined ? 'not within the run' : `${s(f.readyAt - f.at)} s`} | ${mine.length}${
        mine.length ? ` (${summarise(mine)})` : ''
      } | ${mine.length ? `${s(lastFailure - f.at)} s` : 'none failed'} |`,
    );
  });
  const unexplained = failures.filter((o) => !causeOf(o));
  say(
    `\nFailed requests no fault explains: ${unexplained.length}${unexplained.length ? ` (${summarise(unexplained)})` : ''}`,
  );

  const refused = all.filter((o) => o.status >= 400 && o.status < 500);
  if (refused.length) say(`\n4xx answers: ${summarise(refused, true)}`);

  say('\n| write | acknowledged (2xx) | lost | duplicated | unanswered or 5xx | of those, done anyway |');
  say('| --- | --- | --- | --- | --- | --- |');
  for (const w of r.writes)
    say(
      `| ${w.kind} | ${w.acknowledged} | ${w.lost} | ${w.duplicated} | ${w.unacknowledged} | ${w.unacknowledgedDone} |`,
    );
  const total = (k: 'acknowledged' | 'lost' | 'duplicated') => r.writes.reduce((n, w) => n + w[k], 0);
  say(`| all | ${total('acknowledged')} | **${total('lost')}** | **${total('duplicated')}** | | |`);

  say('\n| check | result | figures |');
  say('| --- | --- | --- |');
  for (const c of r.checks) say(`| ${c.name} | ${c.ok ? 'yes' : '**NO**'} | ${c.detail} |`);
  say(`\nScheduled runs: ${r.jobs.join('; ') || 'none'}`);
  say(
    `Exits nobody asked for (a crash, or a start that failed while Postgres recovered; each restarted): ${r.crashes.length ? r.crashes.join(', ') : 'none'}`,
  );
}

/** The service a route of the load goes to. */
const SERVICE_OF: [string, string][] = [
  ['/api/user', 'svc-identity'],
  ['/api/billing', 'svc-billing'],
  ['/api/job', 'svc-hire'],
  ['/api/application', 'svc-hire'],
  ['/api/event', 'svc-events'],
  ['/api/connect', 'svc-connect'],
  ['/api/discussion', 'svc-connect'],
];

/** Whether killing `target` can make a request on `route` fail. */
function explains(target: string, route: string): boolean {
  const killed = target.split('#')[0]!;
  if (killed === 'gateway' || killed === 'nats-server' || killed === 'postgres') return true;
  const path = route.split(' ')[1]!;
  return SERVICE_OF.some(([prefix, service]) => path.startsWith(prefix) && service === killed);
}

/** "12 × POST /api/job/add 502, 3 × GET /api/job/get none", most first. */
function summarise(outcomes: Outcome[], withCode = false): string {
  const counts = new Map<string, number>();
  for (const o of outcomes) {
    const key = `${o.route} ${o.status || 'none'}${withCode && o.code ? ` ${o.code}` : ''}`;
    counts.set(key, (counts.get(key) ?? 0) + 1);
  }
  return [...counts.entries()]
    .sort((a, b) => b[1] - a[1])
    .map(([k, n]) => `${n} × ${k}`)
    .join(', ');
}

main().then(
  (code) => process.exit(code),
  (err: unknown) => {
    console.error(err);
    process.exit(1);
  },
);
