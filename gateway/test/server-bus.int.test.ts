import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { openNatsRefusal } from '@platform/event-bus';
import { generateKeyPair, natsUrl, testNatsPrefix } from '@platform/testing';

/**
 * The gateway's own start (server.ts) takes its bus through service-kit's connectServiceBus, as every
 * service does: without a NATS user, on the tests' NATS that admits anyone, it refuses to start in one
 * sentence unless DANGEROUSLY_ALLOW_OPEN_NATS=1 (workers.int.test.ts starts it with the switch).
 */
it('refuses to start without a NATS user unless DANGEROUSLY_ALLOW_OPEN_NATS=1', () => {
  const env: Record<string, string | undefined> = {
    ...process.env,
    PORT: '0',
    LOG_LEVEL: 'error',
    NATS_URL: natsUrl(),
    NATS_PREFIX: testNatsPrefix(),
    JWT_PUBLIC_KEY: generateKeyPair().publicKey,
  };
  delete env.NATS_USER;
  delete env.DANGEROUSLY_ALLOW_OPEN_NATS;
  const run = spawnSync(process.execPath, ['--import', 'tsx', 'src/server.ts'], {
    cwd: path.resolve(__dirname, '..'),
    env,
    encoding: 'utf8',
    timeout: 20_000,
  });
  expect(run.status).toBe(1);
  expect(run.stderr).toContain(`gateway has no NATS user (NATS_USER): ${openNatsRefusal(natsUrl())}`);
}, 30_000);
