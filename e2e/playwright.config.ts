import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { defineConfig, devices } from '@playwright/test';
import { CHROMIUM_ARGS, chromiumPath } from '@platform/testing';

/**
 * Journeys through the whole platform in Debian's Chromium. `start-platform.ts` starts every
 * service and the gateway on a free port, with its own database and NATS prefix, and removes
 * them when Playwright stops it.
 */
// Chosen once in the runner; workers load this file again and inherit the variable, so all agree. Below
// Linux's ephemeral range (32768–60999), where an outgoing connection's port once took it (EADDRINUSE).
process.env.E2E_PORT ??= String(20000 + Math.floor(Math.random() * 12000));
// Where the platform's e-mails are written (start-platform.ts), for the journeys to read (tests/mailbox.ts).
process.env.E2E_MAIL_DIR ??= mkdtempSync(path.join(tmpdir(), 'afya-e2e-mail-'));
// The day svc-core takes as today (start-platform.ts sets CORE_TEST_CLOCK_FILE to it): core-hr.spec moves
// it to reach a licence's alert windows. Empty: the real day.
process.env.E2E_CORE_CLOCK_FILE ??= path.join(mkdtempSync(path.join(tmpdir(), 'afya-e2e-clock-')), 'today');
// svc-billing's test clock (start-platform.ts): the journeys write how far it is moved (tests/billing-clock.ts).
process.env.E2E_BILLING_CLOCK ??= path.join(tmpdir(), `afya-e2e-clock-${process.pid}`);
const port = Number(process.env.E2E_PORT);
const baseURL = `http://127.0.0.1:${port}`;

export default defineConfig({
  testDir: './tests',
  timeout: 60_000,
  expect: { timeout: 10_000 },
  // Two browsers at once (each spec file on one worker, its tests in order; the accessibility sweep spreads
  // over both). What one journey changes for all (a clock every service shares, the landing page's blocks)
  // is kept apart by Playwright's test locks (tests/helpers.ts, LOCKS), not by running one at a time.
  fullyParallel: false,
  workers: 2,
  retries: 0,
  reporter: [['list']],
  use: {
    baseURL,
    // The journeys' own API calls (page.request: sign-ups, tokens, set-up) stand for the platform's pages:
    // they share the browser's cookies, so a session cookie set by one would make the next write
    // cookie-signed, which the platform refuses without its pages' origin (auth.cross_site_request; that
    // refusal is tested in security/cookie-sessions.int.test.ts). The browser sends the same origin itself.
    extraHTTPHeaders: { origin: baseURL },
    trace: 'retain-on-failure',
    launchOptions: { executablePath: chromiumPath(), args: CHROMIUM_ARGS },
  },
  projects: [
    { name: 'chromium', use: { ...devices['Desktop Chrome'], viewport: { width: 1280, height: 800 } } },
  ],
  webServer: {
    command: 'npx tsx start-platform.ts',
    url: `${baseURL}/readyz`,
    env: {
      E2E_PORT: String(port),
      E2E_MAIL_DIR: process.env.E2E_MAIL_DIR,
      E2E_CORE_CLOCK_FILE: process.env.E2E_CORE_CLOCK_FILE,
      E2E_BILLING_CLOCK: process.env.E2E_BILLING_CLOCK,
    },
    // A fresh clone builds every frontend and prerenders the pages first (scripts/build-pages.ts): minutes
    // on a two-core machine; a run with the builds up to date starts in seconds.
    timeout: 900_000,
    reuseExistingServer: false,
    stdout: 'ignore',
    stderr: 'pipe',
    gracefulShutdown: { signal: 'SIGTERM', timeout: 15_000 },
  },
});
