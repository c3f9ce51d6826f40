import postgres from 'postgres';
import { randomBytes } from 'node:crypto';

/**
 * A throw-away database for one test file: created on the server named by DATABASE_URL
 * (CI and our machines run Postgres locally), else on a Postgres testcontainer.
 * Every call gets a uniquely named database, so suites never see each other's rows
 * and a platform running on the same server is never touched.
 */
export interface TestDatabase {
  /** Connection string of the new database. */
  url: string;
  /** Drops the database (and stops the container when one was started). */
  drop(): Promise<void>;
}

async function serverUrl(): Promise<{ url: string; stop?: () => Promise<void> }> {
  const fromEnv = process.env.DATABASE_URL;
  if (fromEnv) return { url: fromEnv };
  // Fallback for machines with Docker but no local Postgres.
  const { PostgreSqlContainer } = await import('@testcontainers/postgresql');
  const container = await new PostgreSqlContainer('postgres:16-alpine').start().catch((err: Error) => {
    throw new Error(
      `Tests need Postgres: set DATABASE_URL (e.g. postgres://postgres@127.0.0.1:5432/postgres) or run Docker for testcontainers (${err.message})`,
    );
  });
  return { url: container.getConnectionUri(), stop: async () => void (await container.stop()) };
}

export function uniqueName(prefix: string): string {
  return `${prefix}_${Date.now().toString(36)}_${randomBytes(4).toString('hex')}`;
}

export async function createTestDatabase(prefix = 'test'): Promise<TestDatabase> {
  const server = await serverUrl();
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
      await server.stop?.();
    },
  };
}
