import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { readConfig } from '../src/config';
import { fileClock } from '../src/test-clock';

/** The e2e platform's movable clock: only where asked, never in production. */
let dir: string;
beforeEach(() => {
  dir = mkdtempSync(path.join(tmpdir(), 'core-clock-'));
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

it('is the system clock until the file names a day, then that day; each change runs the sweep', async () => {
  const file = path.join(dir, 'today');
  const clock = fileClock(file);
  expect(Math.abs(clock.now().getTime() - Date.now())).toBeLessThan(1000);

  const moved: string[] = [];
  clock.watch(() => moved.push(clock.now().toISOString().slice(0, 10)));
  try {
    writeFileSync(file, '2027-11-30\n');
    await new Promise<void>((resolve, reject) => {
      const started = Date.now();
      const wait = setInterval(() => {
        if (moved.length > 0) resolve(clearInterval(wait));
        else if (Date.now() - started > 5000) reject(new Error('the clock did not move'));
      }, 20);
    });
    expect(moved).toEqual(['2027-11-30']);
    expect(clock.now().toISOString().slice(0, 10)).toBe('2027-11-30');
  } finally {
    clock.stop();
  }
});

it('is refused in production', () => {
  const env = {
    DATABASE_URL: 'postgres://x',
    JWT_PUBLIC_KEY: 'key',
    DANGEROUSLY_ALLOW_OPEN_NATS: '1',
    CORE_TEST_CLOCK_FILE: path.join(dir, 'today'),
  } as const;
  expect(() => readConfig({ ...env, NODE_ENV: 'production' })).toThrow(/never set it in production/);
  expect(readConfig({ ...env, NODE_ENV: 'development' }).CORE_TEST_CLOCK_FILE).toBe(env.CORE_TEST_CLOCK_FILE);
});
