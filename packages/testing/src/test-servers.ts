import { findOrStartNats } from './find-nats';
import { findOrStartPostgres } from './find-postgres';

/**
 * The one Postgres and one NATS a test run shares (every test still makes its own database and NATS
 * prefix on them): DATABASE_URL and NATS_URL when set, else found or started like `npm start` does,
 * with their data in temporary directories that `stop()` removes.
 */
export interface TestServers {
  /** What the run's workers and child processes need to find them. */
  env: { DATABASE_URL: string; NATS_URL: string };
  stop(): Promise<void>;
}

export async function findOrStartTestServers(
  env: Record<string, string | undefined> = process.env,
  log: (line: string) => void = (line) => process.stderr.write(`${line}\n`),
): Promise<TestServers> {
  // NATS first: finding none fails at once, before Postgres has been started for nothing.
  const nats = await findOrStartNats({ url: env.NATS_URL, log });
  const pg = await findOrStartPostgres({ url: env.DATABASE_URL, embedded: { log }, containers: true }).catch(
    async (err: unknown) => {
      await nats.stop();
      throw err;
    },
  );
  return {
    env: { DATABASE_URL: pg.url, NATS_URL: nats.url },
    async stop() {
      await nats.stop();
      await pg.stop();
    },
  };
}
