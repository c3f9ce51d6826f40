import postgres from 'postgres';
import { drizzle, type PostgresJsDatabase } from 'drizzle-orm/postgres-js';
import { createTestDatabase, type TestDatabase } from '@platform/testing';

/**
 * A database of its own for one test file of a store helper: `setup` makes its tables with plain SQL before
 * the tests; it is dropped after them. The tests read `scratch.db` (drizzle) once it is set up.
 */
export function scratchDatabase(name: string, setup: (client: postgres.Sql) => Promise<unknown>) {
  const scratch = {} as { db: PostgresJsDatabase };
  let database: TestDatabase | undefined;
  let client: postgres.Sql | undefined;
  beforeAll(async () => {
    database = await createTestDatabase(name);
    client = postgres(database.url, { max: 1, onnotice: () => {} });
    scratch.db = drizzle(client);
    await setup(client);
  });
  afterAll(async () => {
    await client?.end();
    await database?.drop();
  });
  return scratch;
}
