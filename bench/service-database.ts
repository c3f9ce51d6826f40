import path from 'node:path';
import { createTestDatabase } from '@platform/testing';
import { createDatabase, type Database } from '@platform/service-kit';

/**
 * For a bench that times a service's store in-process (no HTTP, no other service): a database of its own
 * with the service's migrations applied as the service applies them at start, dropped when `run` ends.
 * `service` is the service's folder (svc-hire), `schemaName` its Postgres schema (hire).
 */
export async function withServiceDatabase<T extends Record<string, unknown>>(
  service: string,
  schemaName: string,
  tables: T,
  run: (d: Database<T>) => Promise<void>,
): Promise<void> {
  const database = await createTestDatabase(`bench_${schemaName}`);
  const d = createDatabase({
    url: database.url,
    schemaName,
    tables,
    migrationsFolder: path.join(__dirname, '..', service, 'drizzle'),
  });
  try {
    await d.migrate();
    await run(d);
  } finally {
    await d.close();
    await database.drop();
  }
}

/** A bench's entry point: its failure is printed and the process exits 1. */
export function runBench(main: () => Promise<void>): void {
  main().catch((err) => {
    console.error(err);
    process.exit(1);
  });
}
