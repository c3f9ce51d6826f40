/**
 * The restore drill: a platform as `npm start` runs it takes writes, is stopped and backed up with
 * `npm run backup`; its data is destroyed; `npm run restore` puts the backup back, and the platform started
 * again has every write it acknowledged before the backup: accounts that log in with their passwords, the
 * directory's copy of them (carried by NATS into svc-connect's schema), and a bus that still carries new ones.
 */
import { spawnSync } from 'node:child_process';
import { chmodSync, existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { freePort } from '@platform/testing';
import { REPO_ROOT } from './config';
import { killEverything, startNpmStart, until } from './npm-start-harness';

jest.setTimeout(300_000);

let root: string;
let dataDir: string;
let pid: number | undefined;

beforeAll(() => {
  root = mkdtempSync(path.join(tmpdir(), 'backup-drill-'));
  // As a clone's folder: the embedded Postgres runs as its own user where the tests run as root.
  chmodSync(root, 0o755);
  dataDir = path.join(root, 'data');
});
afterAll(() => {
  killEverything(pid, dataDir);
  rmSync(root, { recursive: true, force: true });
});

/** `npm run backup` / `npm run restore` exactly as a person types them, on this drill's DATA_DIR. */
function npmRun(script: 'backup' | 'restore', ...args: string[]) {
  const env: NodeJS.ProcessEnv = { ...process.env, DATA_DIR: dataDir };
  delete env.DATABASE_URL;
  delete env.NATS_URL;
  const run = spawnSync('npm', ['run', '-s', script, '--', ...args], {
    cwd: REPO_ROOT,
    env,
    encoding: 'utf8',
  });
  return { status: run.status, output: `${run.stdout}${run.stderr}` };
}

async function platform() {
  const port = await freePort();
  const run = startNpmStart(dataDir, port, await freePort());
  pid = run.child.pid;
  await run.running;
  const base = `http://127.0.0.1:${port}`;
  const call = async (method: string, url: string, body?: unknown, token?: string) => {
    const res = await fetch(`${base}${url}`, {
      method,
      headers: {
        ...(body ? { 'content-type': 'application/json' } : {}),
        ...(token ? { authorization: `Bearer ${token}` } : {}),
      },
      body: body ? JSON.stringify(body) : undefined,
    });
    type Answer = { token?: string; user?: { id: string }; data?: { name?: string } };
    return { status: res.status, body: (await res.json().catch(() => ({}))) as Answer };
  };
  const stop = async () => {
    run.child.kill('SIGTERM');
    expect(await run.exited).toBe(0);
  };
  return { call, stop };
}

const nurse = (n: number) => ({
  name: `Drill Nurse ${n}`,
  email: `drill.nurse.${n}.${Date.now().toString(36)}@clinic.example`,
  password: `restore drill ${n} battery staple`,
  designation: 'Nurse',
  description: 'Registered nurse on the night ward.',
  location: 'Nakuru',
  country: 'Kenya',
  phone: '+254 700 111 222',
  skills: ['Triage'],
  role: 'user',
});

it('restores every write acknowledged before the backup, after the data is destroyed', async () => {
  // 1. Writes, each acknowledged, while the platform runs.
  const first = await platform();
  const acknowledged: { email: string; password: string; id: string }[] = [];
  for (const n of [1, 2, 3]) {
    const body = nurse(n);
    const res = await first.call('POST', '/api/user/register', body);
    expect(res.status).toBe(201);
    acknowledged.push({ email: body.email, password: body.password, id: res.body.user!.id });
  }
  const viewer = { email: acknowledged[0]!.email, password: acknowledged[0]!.password };
  const token = (await first.call('POST', '/api/user/login', viewer)).body.token!;
  // Each account reached svc-connect's directory through NATS before the backup.
  for (const a of acknowledged)
    await until(
      async () =>
        (await first.call('GET', `/api/connect/professionals/${a.id}`, undefined, token)).status === 200,
    );

  // 2. A backup refuses to copy a running platform's files.
  const whileRunning = npmRun('backup', path.join(root, 'refused'));
  expect(whileRunning.status).not.toBe(0);
  expect(whileRunning.output).toMatch(/The platform is running .*: stop npm start first/);
  expect(existsSync(path.join(root, 'refused'))).toBe(false);
  await first.stop();

  // 3. Backed up, then the data destroyed.
  const saved = path.join(root, 'backup');
  const made = npmRun('backup', saved);
  expect(made.output).toContain(`to ${saved}`);
  expect(made.status).toBe(0);
  // A write the backup never saw: gone after the restore, as it should be.
  const later = nurse(4);
  const second = await platform();
  expect((await second.call('POST', '/api/user/register', later)).status).toBe(201);
  await second.stop();
  // Restoring over live data needs --replace, and moves that data aside rather than deleting it.
  const over = npmRun('restore', saved);
  expect(over.status).not.toBe(0);
  expect(over.output).toMatch(/already holds a platform's data\. Add --replace/);
  rmSync(dataDir, { recursive: true, force: true });

  // 4. Restored, started again: everything acknowledged before the backup is there.
  const restored = npmRun('restore', saved);
  expect(restored.output).toContain(`into ${dataDir}`);
  expect(restored.status).toBe(0);
  const third = await platform();
  for (const a of acknowledged) {
    const login = await third.call('POST', '/api/user/login', { email: a.email, password: a.password });
    expect({ email: a.email, status: login.status }).toEqual({ email: a.email, status: 200 });
    expect(login.body.user?.id).toBe(a.id);
  }
  const again = (await third.call('POST', '/api/user/login', viewer)).body.token!;
  for (const a of acknowledged) {
    const card = await third.call('GET', `/api/connect/professionals/${a.id}`, undefined, again);
    expect({ id: a.id, status: card.status, name: card.body?.data?.name }).toEqual({
      id: a.id,
      status: 200,
      name: expect.stringMatching(/^Drill Nurse \d$/),
    });
  }
  expect(
    (await third.call('POST', '/api/user/login', { email: later.email, password: later.password })).status,
  ).toBe(401);
  // The bus came back with its streams and consumers' places: a new account still reaches the directory.
  const fresh = nurse(5);
  const signedUp = await third.call('POST', '/api/user/register', fresh);
  expect(signedUp.status).toBe(201);
  await until(
    async () =>
      (await third.call('GET', `/api/connect/professionals/${signedUp.body.user!.id}`, undefined, again))
        .status === 200,
    30_000,
  );
  await third.stop();
});
