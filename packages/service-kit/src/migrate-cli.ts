import path from 'node:path';
import { readMigrationConfig } from './config';
import { createDatabase } from './db';

/**
 * Applies a service's committed migrations, then exits: the migration Job of a Kubernetes deployment
 * (deploy/k8s) runs it from the service's folder before the new version's pods start.
 *   node --import tsx ../packages/service-kit/src/migrate-cli.ts <schema>   (DATABASE_URL from the environment)
 * It is the same migrate() each instance runs at start under the schema's advisory lock, so the pods that
 * start after it find nothing left to apply, and a Job retried after a crash applies what is missing.
 */
async function main() {
  const schemaName = process.argv[2];
  if (!schemaName || !/^[a-z_][a-z0-9_]*$/.test(schemaName))
    throw new Error('usage: migrate-cli.ts <schema> (the service folder is the working directory)');
  const { DATABASE_URL: url, MIGRATIONS_FOLDER } = readMigrationConfig();
  const database = createDatabase({
    url,
    schemaName,
    tables: {},
    migrationsFolder: path.resolve(MIGRATIONS_FOLDER),
    max: 1,
  });
  try {
    await database.migrate();
    console.log(`schema ${schemaName}: migrations applied`);
  } finally {
    await database.close();
  }
}

main().catch((err: unknown) => {
  console.error(`migrate: ${err instanceof Error ? err.message : String(err)}`);
  process.exit(1);
});
