import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import {
  createTestDatabase,
  deleteStreamsWithPrefix,
  findOrStartTestServers,
  testNatsPrefix,
} from '@platform/testing';
import { readStartConfig } from '../scripts/config';
import { startPlatform } from '../scripts/platform';

/**
 * The platform for one Playwright run: its own database, NATS prefix and keys, removed again when
 * Playwright stops this process (SIGTERM). Postgres and NATS are npm test's (DATABASE_URL, NATS_URL),
 * else found or started here for this run.
 */
async function main() {
  // Every journey's sign-ups and logins come from this one address, faster on a fast machine than any one
  // network's people would: the per-address limits (tested in svc-identity's own tests) would refuse them.
  process.env.REGISTER_IP_PER_MINUTE ??= '1000';
  process.env.LOGIN_IP_PER_MINUTE ??= '1000';
  const servers = await findOrStartTestServers();
  const db = await createTestDatabase('e2e', servers.env.DATABASE_URL);
  const prefix = testNatsPrefix();
  const nats = servers.env.NATS_URL;
  const dataDir = mkdtempSync(path.join(tmpdir(), 'afya-e2e-'));
  const cfg = readStartConfig({
    PORT: process.env.E2E_PORT,
    DATABASE_URL: db.url,
    NATS_URL: nats,
    NATS_PREFIX: prefix,
    DATA_DIR: dataDir,
    ADMIN_EMAIL: 'admin@e2e.example',
    ADMIN_PASSWORD: 'e2e admin password',
    LOG_LEVEL: 'warn',
  });
  const platform = await startPlatform(cfg, (line) => process.stderr.write(`${line}\n`)).catch(
    async (err: unknown) => {
      await db.drop().catch(() => {});
      await servers.stop().catch(() => {});
      throw err;
    },
  );
  let cleaning = false;
  const cleanup = async () => {
    if (cleaning) return;
    cleaning = true;
    // Playwright kills this process 15 s after asking it to stop (gracefulShutdown): the run's streams and
    // database go within that however long a service takes to close (one CI run left both behind). 11 s
    // lets the platform kill one service that ignores SIGTERM (after 10 s); DROP DATABASE ... WITH (FORCE)
    // ends any connection a service still holds.
    await Promise.race([platform.stop(), new Promise((resolve) => setTimeout(resolve, 11_000))]);
    await deleteStreamsWithPrefix(nats, prefix).catch(() => {});
    await db.drop().catch(() => {});
    await servers.stop().catch(() => {});
    rmSync(dataDir, { recursive: true, force: true });
    process.exit(0);
  };
  process.on('SIGTERM', () => void cleanup());
  process.on('SIGINT', () => void cleanup());
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
