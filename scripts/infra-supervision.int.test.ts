/**
 * `npm start` supervises the nats-server and the embedded Postgres it started, as it does its services: each
 * killed outright (SIGKILL, as the OOM killer or a crash would) is started again on the same port and data,
 * the services reconnect by themselves, and the platform serves again, reads and writes and events, within
 * seconds, with nothing restarted by hand. Before, a killed nats-server stayed down until the next start.
 */
import { chmodSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { freePort } from '@platform/testing';
import { killEverything, processesUsing, startNpmStart, until } from './npm-start-harness';

jest.setTimeout(300_000);

/** How soon the platform must serve again after each kill (seen: a few seconds on a loaded machine). */
const RECOVERS_WITHIN_MS = 30_000;

let dataDir: string;
let run: ReturnType<typeof startNpmStart> | undefined;

beforeAll(() => {
  dataDir = mkdtempSync(path.join(tmpdir(), 'infra-supervision-'));
  // As a clone's folder: the embedded Postgres runs as its own user where the tests run as root.
  chmodSync(dataDir, 0o755);
});
afterAll(() => {
  killEverything(run?.child.pid, dataDir);
  rmSync(dataDir, { recursive: true, force: true });
});

/** The process whose command line names `what` among those on this run's data folder. */
function pidOf(what: RegExp): number {
  const found = processesUsing(dataDir).filter((p) => what.test(p));
  expect(found).toHaveLength(1);
  return Number(found[0]!.split(':')[0]);
}

it('starts its killed nats-server and Postgres again, and serves again within seconds of each', async () => {
  const port = await freePort();
  run = startNpmStart(dataDir, port, await freePort());
  await run.running;
  const base = `http://127.0.0.1:${port}`;
  let n = 0;
  /** A new account (a write to Postgres, an event through NATS) and its card in Connect's directory. */
  const signUpAndFind = async (): Promise<boolean> => {
    n++;
    const email = `supervised.${n}.${Date.now().toString(36)}@clinic.example`;
    const password = 'supervised nurse battery staple';
    const reg = await fetch(`${base}/api/user/register`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ name: `Supervised Nurse ${n}`, email, password, role: 'user' }),
    });
    if (reg.status !== 201) return false;
    const { user } = (await reg.json()) as { user: { id: string } };
    const login = await fetch(`${base}/api/user/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email, password }),
    });
    if (login.status !== 200) return false;
    const { token } = (await login.json()) as { token: string };
    // Connect learns of the account from identity's event: the bus carries it again.
    await until(
      async () =>
        (
          await fetch(`${base}/api/connect/professionals/${user.id}`, {
            headers: { authorization: `Bearer ${token}` },
          })
        ).status === 200,
      RECOVERS_WITHIN_MS,
    );
    return true;
  };
  expect(await signUpAndFind()).toBe(true);

  for (const [name, process_] of [
    ['nats-server', /nats-server/],
    ['postgres', /postgres -D /],
  ] as const) {
    const killed = pidOf(process_);
    const at = Date.now();
    process.kill(killed, 'SIGKILL');
    await until(() => signUpAndFind(), RECOVERS_WITHIN_MS);
    const recovered = Date.now() - at;
    expect({ name, recoveredWithinLimit: recovered < RECOVERS_WITHIN_MS }).toEqual({
      name,
      recoveredWithinLimit: true,
    });
    // Said in the terminal, and a new process on the same data.
    expect(run.output()).toContain(`[${name}] was killed (SIGKILL); restarting in 0.5 s`);
    expect(pidOf(process_)).not.toBe(killed);
  }

  // And it still stops as before: everything it started, itself with 0.
  run.child.kill('SIGTERM');
  expect(await run.exited).toBe(0);
  expect(processesUsing(dataDir)).toEqual([]);
});
