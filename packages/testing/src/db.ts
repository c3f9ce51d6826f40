import postgres from 'postgres';
import { randomBytes } from 'node:crypto';
import { findOrStartPostgres } from './find-postgres';

/**
 * A throw-away database for one test file: created on the server named by DATABASE_URL (which test
 * runs set: see test-servers.ts), else on a Postgres found or started for this database alone and
 * stopped by drop(). Every call gets a uniquely named database, so suites never see each other's rows
 * and a platform running on the same server is never touched.
 */
export interface TestDatabase {
  /** Connection string of the new database. */
  url: string;
  /** Drops the database (and stops the server when one was started for it). */
  drop(): Promise<void>;
}

export function uniqueName(prefix: string): string {
  return `${prefix}_${Date.now().toString(36)}_${randomBytes(4).toString('hex')}`;
}

export async function createTestDatabase(
  prefix = 'test',
  serverUrl = process.env.DATABASE_URL,
): Promise<TestDatabase> {
  const server = await findOrStartPostgres({ url: serverUrl, containers: true });
  const name = uniqueName(prefix).toLowerCase();
  const admin = postgres(server.url, { max: 1, onnotice: () => {} });
  await admin.unsafe(`CREATE DATABASE "${name}"`);
  await admin.end();
  const url = new URL(server.url);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    async drop() {
      const a = postgres(server.url, { max: 1, onnotice: () => {} });
      await a.unsafe(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
      await a.end();
      await server.stop();
    },
  };
}
