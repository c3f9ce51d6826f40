import postgres, { type Sql } from 'postgres';
import { drizzle, type PostgresJsDatabase } from 'drizzle-orm/postgres-js';
import { readMigrationFiles, type MigrationMeta } from 'drizzle-orm/migrator';

export interface Database<TSchema extends Record<string, unknown>> {
  db: PostgresJsDatabase<TSchema>;
  sql: Sql;
  /**
   * Applies the service's committed drizzle-kit migrations, tracked in the service's own schema, under a
   * Postgres advisory lock: instances starting together apply each migration once.
   */
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
  /**
   * Postgres settings for every connection of the pool, sent when it opens (no round trip per query), e.g.
   * `{ max_parallel_workers_per_gather: 0 }` for a service whose reads are each a few milliseconds: on a
   * small machine a parallel plan's worker start-up costs more than it saves and triples a query's processes.
   */
  settings?: Record<string, string | number>;
}

export function createDatabase<TSchema extends Record<string, unknown>>(
  opts: DatabaseOptions<TSchema>,
): Database<TSchema> {
  const sql = postgres(opts.url, {
    max: opts.max ?? 10,
    onnotice: () => {},
    // Fail a query quickly instead of hanging when Postgres is unreachable.
    connect_timeout: 10,
    ...(opts.settings && { connection: opts.settings }),
  });
  const db = drizzle(sql, { schema: opts.tables });
  async function applyMigrations() {
    await sql.unsafe(`CREATE SCHEMA IF NOT EXISTS "${opts.schemaName}"`);
    const config = { migrationsFolder: opts.migrationsFolder, migrationsSchema: opts.schemaName };
    // What drizzle-orm's `migrate` does, with the service's own schema creation made idempotent (the
    // files, and so their recorded hashes, stay exactly as drizzle-kit wrote them).
    const migrations = readMigrationFiles(config).map((m) => ({
      ...m,
      sql: m.sql.map((statement) => ownSchemaIfMissing(statement, opts.schemaName)),
    }));
    // drizzle-orm's postgres-js migrator is exactly this call; `dialect` and `session` are typed internal.
    const internals = db as unknown as {
      dialect: { migrate(m: MigrationMeta[], session: unknown, c: typeof config): Promise<void> };
      session: unknown;
    };
    await internals.dialect.migrate(migrations, internals.session, config);
  }
  return {
    db,
    sql,
    async migrate() {
      // Several instances of a service may start together against one database: each takes the schema's
      // migration lock on a connection of its own (so a pool of one still migrates), and the first to get it
      // applies what is missing while the others wait, then find nothing left to do. The lock is a session
      // lock: an instance killed mid-migration loses it with its connection, and its transaction rolls back.
      const lock = postgres(opts.url, { max: 1, onnotice: () => {}, connect_timeout: 10 });
      try {
        await lock`select pg_advisory_lock(hashtext(${migrationLockName(opts.schemaName)}))`;
        await applyMigrations();
      } finally {
        await lock.end({ timeout: 5 });
      }
    },
    async ping() {
      await sql`select 1`;
    },
    async close() {
      await sql.end({ timeout: 5 });
    },
  };
}

/** The advisory lock's name (hashed to its key): one per schema, so services never wait for each other. */
export function migrationLockName(schemaName: string): string {
  return `platform.migrate.${schemaName}`;
}

/**
 * The migrations are tracked inside the service's own schema, so that schema exists before its first
 * migration runs, and the `CREATE SCHEMA "<own>"` drizzle-kit writes there would fail with "schema
 * already exists". That one statement is run as `CREATE SCHEMA IF NOT EXISTS`; generated migrations
 * work as drizzle-kit writes them, and any other statement is left alone.
 */
export function ownSchemaIfMissing(statement: string, schemaName: string): string {
  const own = new RegExp(`^(\\s*CREATE SCHEMA)\\s+("${schemaName}"\\s*;?\\s*)$`, 'i');
  return statement.replace(own, '$1 IF NOT EXISTS $2');
}
