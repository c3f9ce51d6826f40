import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { readConfig } from '../src/config';
import { fileClock } from '../src/test-clock';

const DAY = 86_400_000;

describe('the test clock of an end-to-end run', () => {
  let dir: string;
  beforeEach(() => (dir = mkdtempSync(path.join(tmpdir(), 'billing-clock-'))));
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  it('is the real time until its file says how far to move it, then follows the file', () => {
    const file = path.join(dir, 'clock');
    const now = fileClock(file);
    expect(Math.abs(now().getTime() - Date.now())).toBeLessThan(1000);
    writeFileSync(file, String(15 * DAY));
    expect(now().getTime() - Date.now()).toBeGreaterThan(15 * DAY - 1000);
    // A later write (another mtime) is read again; nonsense counts as not moved.
    writeFileSync(file, 'soon');
    const t = Date.now() + 10;
    while (Date.now() < t);
    writeFileSync(file, 'soon');
    expect(Math.abs(now().getTime() - Date.now())).toBeLessThan(1000);
  });

  it('is refused unless every provider is the local sandbox', () => {
    const env = { JWT_PUBLIC_KEY: 'x', DATABASE_URL: 'postgres://x', BILLING_TEST_CLOCK_FILE: '/tmp/c' };
    expect(readConfig(env).BILLING_TEST_CLOCK_FILE).toBe('/tmp/c');
    expect(() =>
      readConfig({
        ...env,
        PAYSTACK_BASE_URL: 'https://api.paystack.co',
        PAYSTACK_SECRET_KEY: 'sk_live_real',
      }),
    ).toThrow(/BILLING_TEST_CLOCK_FILE: a test clock, with a real provider's URL/);
  });
});
