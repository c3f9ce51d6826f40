import postgres, { type Sql } from 'postgres';
import { drizzle, type PostgresJsDatabase } from 'drizzle-orm/postgres-js';
import { migrate } from 'drizzle-orm/postgres-js/migrator';

export interface Database<TSchema extends Record<string, unknown>> {
  db: PostgresJsDatabase<TSchema>;
  sql: Sql;
  /** Applies the service's committed drizzle-kit migrations; tracked in the service's own schema. */
  migrate(): Promise<void>;
  /** A cheap round trip for /readyz. */
  ping(): Promise<void>;
  close(): Promise<void>;
}

export interface DatabaseOptions<TSchema extends Record<string, unknown>> {
  url: string;
  /** The Postgres schema this service owns (identity, hire ...). */
  schemaName: string;
  /** drizzle table definitions, for the relational query API. */
  tables: TSchema;
  migrationsFolder: string;
  max?: number;
}

export function createDatabase<TSchema extends Record<string, unknown>>(
  opts: DatabaseOptions<TSchema>,
): Database<TSchema> {
  const sql = postgres(opts.url, {
    max: opts.max ?? 10,
    onnotice: () => {},
    // Fail a query quickly instead of hanging when Postgres is unreachable.
    connect_timeout: 10,
  });
  const db = drizzle(sql, { schema: opts.tables });
  return {
    db,
    sql,
    async migrate() {
      await sql.unsafe(`CREATE SCHEMA IF NOT EXISTS "${opts.schemaName}"`);
      await migrate(db, { migrationsFolder: opts.migrationsFolder, migrationsSchema: opts.schemaName });
    },
    async ping() {
      await sql`select 1`;
    },
    async close() {
      await sql.end({ timeout: 5 });
    },
  };
}
