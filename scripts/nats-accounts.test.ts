import { mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { REPO_ROOT } from './config';
import { loadModules } from '@platform/modules';
import { servicesToRun } from './modules';
import { busAccounts, composeNatsConfig, natsCredentials, natsPasswords } from './nats-accounts';

let dataDir: string;
beforeEach(() => (dataDir = mkdtempSync(path.join(tmpdir(), 'nats-passwords-'))));
afterEach(() => rmSync(dataDir, { recursive: true, force: true }));

it('nats/nats.conf (docker compose) is what the generator writes', () => {
  expect(readFileSync(path.join(REPO_ROOT, 'nats', 'nats.conf'), 'utf8')).toBe(composeNatsConfig());
  expect(composeNatsConfig()).toContain('sync_interval: always');
});

it('every service npm start runs, and the gateway, has its own NATS user', () => {
  const users = busAccounts().map((a) => a.user);
  for (const name of [...servicesToRun(loadModules(REPO_ROOT), REPO_ROOT).map((s) => s.name), 'gateway'])
    expect(users).toContain(name);
  expect(new Set(users).size).toBe(users.length);
});

describe('NATS passwords', () => {
  it('are made once per data directory, one per user, owner-only, and read by NATS as text', () => {
    const first = natsPasswords(dataDir);
    expect(Object.keys(first)).toHaveLength(busAccounts().length);
    expect(new Set(Object.values(first)).size).toBe(busAccounts().length);
    // A letter first: NATS would read `12e4…` from the environment as a number and refuse to start.
    for (const value of Object.values(first)) expect(value).toMatch(/^[a-z][a-z0-9]{31,}$/);
    expect(statSync(path.join(dataDir, 'nats-passwords', 'svc-hire')).mode & 0o777).toBe(0o600);
    expect(statSync(path.join(dataDir, 'nats-passwords')).mode & 0o777).toBe(0o700);
    expect(natsPasswords(dataDir)).toEqual(first);
  });

  it('give each service its NATS_USER and NATS_PASSWORD, and refuse one that is not listed', () => {
    const passwords = natsPasswords(dataDir);
    expect(natsCredentials('svc-hire', passwords)).toEqual({
      NATS_USER: 'svc-hire',
      NATS_PASSWORD: passwords.SVC_HIRE_NATS_PASSWORD,
    });
    expect(() => natsCredentials('svc-unknown', passwords)).toThrow(/module.json/);
  });

  it('refuse a stored password NATS would misread', () => {
    natsPasswords(dataDir);
    writeFileSync(path.join(dataDir, 'nats-passwords', 'gateway'), '12e4\n');
    expect(() => natsPasswords(dataDir)).toThrow(/a NATS password must be a letter/);
  });
});
