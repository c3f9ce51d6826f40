import { mkdtempSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createTestDatabase, findOrStartTestServers, startSmtpSink } from '@platform/testing';
import { readStartConfig } from '../scripts/config';
import { startPlatform } from '../scripts/platform';

/**
 * The platform for one Playwright run: its own database, keys and nats-server (with the platform's NATS
 * users, as npm start runs it, whatever NATS_URL is), removed again when Playwright stops this process
 * (SIGTERM). Postgres is npm test's (DATABASE_URL), else found or started here for this run.
 */
async function main() {
  // Every journey's sign-ups and logins come from this one address, faster on a fast machine than any one
  // network's people would: the per-address limits (tested in svc-identity's own tests) would refuse them.
  process.env.REGISTER_IP_PER_MINUTE ??= '1000';
  process.env.LOGIN_IP_PER_MINUTE ??= '1000';
  // E-mailed links too (verification at sign-up, sign-in links): more than 10 a minute from this address once
  // several journeys verify their people back to back.
  process.env.EMAIL_LINK_IP_PER_MINUTE ??= '1000';
  // The platform's e-mails (one-time links) go to an SMTP server of this run, each written to E2E_MAIL_DIR
  // for the journeys to read as a mailbox (mailbox.ts). Each file appears whole (written beside the
  // directory, then renamed into it): two workers' journeys read the mailbox while others' mails arrive.
  const mailDir = process.env.E2E_MAIL_DIR;
  let mails = 0;
  const smtp = await startSmtpSink((mail) => {
    if (!mailDir) return;
    const name = `${++mails}.json`;
    writeFileSync(`${mailDir}.${name}`, JSON.stringify(mail));
    renameSync(`${mailDir}.${name}`, path.join(mailDir, name));
  });
  process.env.SMTP_URL = smtp.url;
  // svc-core's clock for this run only: the day in this file is its today (core-hr.spec moves it to reach a
  // licence's alert windows). Nothing else sets it; svc-core refuses it in production.
  if (process.env.E2E_CORE_CLOCK_FILE) process.env.CORE_TEST_CLOCK_FILE = process.env.E2E_CORE_CLOCK_FILE;
  // svc-billing's clock follows this file (a journey ends a trial); only this harness ever sets it.
  if (process.env.E2E_BILLING_CLOCK) process.env.BILLING_TEST_CLOCK_FILE = process.env.E2E_BILLING_CLOCK;
  // Ended trials and periods are moved on (and announced) within a second of the clock's move, not ten.
  process.env.BILLING_SWEEP_SECONDS ??= '1';
  // The card page sends the browser back to the address the journeys browse: localhost would be another
  // origin, without their session.
  process.env.APP_URL ??= `http://127.0.0.1:${process.env.E2E_PORT}`;
  const servers = await findOrStartTestServers();
  const db = await createTestDatabase('e2e', servers.env.DATABASE_URL);
  const dataDir = mkdtempSync(path.join(tmpdir(), 'afya-e2e-'));
  const cfg = readStartConfig({
    PORT: process.env.E2E_PORT,
    // The site's own origin, which a cookie-signed write must come from (the journeys' API calls say it).
    PUBLIC_URL: `http://127.0.0.1:${process.env.E2E_PORT}`,
    DATABASE_URL: db.url,
    DATA_DIR: dataDir,
    ADMIN_EMAIL: 'admin@e2e.example',
    ADMIN_PASSWORD: 'e2e admin password',
    LOG_LEVEL: 'warn',
    // REPLICAS=2: the journeys against two instances of every service (and two gateways; they browse the first).
    REPLICAS: process.env.REPLICAS,
  });
  const log = (line: string) => process.stderr.write(`${line}\n`);
  // What the journeys open is built first where missing or stale (the builds' output on stderr, which
  // Playwright shows; its stdout is not read).
  const platform = await startPlatform(cfg, log, {
    nats: { own: true },
    buildOutput: ['ignore', 2, 2],
    // A journey that meets a per-network limit (the contact inbox's) names its own network in
    // X-Forwarded-For (helpers.ts: `fromNetwork`), so it neither meets nor leaves behind another's count.
    gatewayTrustedProxies: '127.0.0.1',
  }).catch(async (err: unknown) => {
    await db.drop().catch(() => {});
    await servers.stop().catch(() => {});
    throw err;
  });
  let cleaning = false;
  const cleanup = async () => {
    if (cleaning) return;
    cleaning = true;
    // Playwright kills this process 15 s after asking it to stop (gracefulShutdown): the run's NATS store and
    // database go within that however long a service takes to close (one CI run left both behind). 11 s
    // lets the platform kill one service that ignores SIGTERM (after 10 s); DROP DATABASE ... WITH (FORCE)
    // ends any connection a service still holds.
    await Promise.race([platform.stop(), new Promise((resolve) => setTimeout(resolve, 11_000))]);
    await db.drop().catch(() => {});
    await servers.stop().catch(() => {});
    await smtp.close().catch(() => {});
    rmSync(dataDir, { recursive: true, force: true });
    if (mailDir) rmSync(mailDir, { recursive: true, force: true });
    const clockFile = process.env.E2E_CORE_CLOCK_FILE;
    if (clockFile) rmSync(path.dirname(clockFile), { recursive: true, force: true });
    if (process.env.E2E_BILLING_CLOCK) rmSync(process.env.E2E_BILLING_CLOCK, { force: true });
    process.exit(0);
  };
  process.on('SIGTERM', () => void cleanup());
  process.on('SIGINT', () => void cleanup());
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
