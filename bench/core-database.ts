import path from 'node:path';
import { randomUUID } from 'node:crypto';
import { createTestDatabase } from '@platform/testing';
import { createDatabase } from '@platform/service-kit';
import * as schema from '../svc-core/src/db/schema';

/** svc-core's database handle as its stores take it. */
export type CoreDatabase = ReturnType<typeof coreDatabase>;

/** A pool on `url` with svc-core's schema and migrations, as the service opens it. */
export const coreDatabase = (url: string) =>
  createDatabase({
    url,
    schemaName: 'core',
    tables: schema,
    migrationsFolder: path.join(__dirname, '..', 'svc-core', 'drizzle'),
  });

/**
 * Runs `bench` on a fresh database of its own (named after `name`) with svc-core's migrations applied, and
 * drops it after, whatever happens: the start and end of every store-level Core benchmark.
 */
export async function withCoreDatabase(name: string, bench: (d: CoreDatabase) => Promise<void>) {
  const database = await createTestDatabase(name);
  const d = coreDatabase(database.url);
  try {
    await d.migrate();
    await bench(d);
  } finally {
    await d.close().catch(() => {});
    await database.drop();
  }
}

/** One organisation ("Bench Hospital") with a department for each of `wards`, in that order. */
export async function benchHospital(d: CoreDatabase, wards: string[]) {
  const orgId = randomUUID();
  const ownerId = randomUUID();
  await d.db.insert(schema.organisations).values({ id: orgId, ownerId, name: 'Bench Hospital' });
  const departments = await d.db
    .insert(schema.departments)
    .values(wards.map((name) => ({ orgId, name })))
    .returning();
  return { orgId, ownerId, departments };
}

/** `count` ward names: Ward 1, Ward 2, … */
export const wardNames = (count: number) => Array.from({ length: count }, (_, i) => `Ward ${i + 1}`);
