import path from 'node:path';
import postgres from 'postgres';
import { readOrCreateSecret } from './secret-file';

/** What data directories made before passwords were random still have. */
export const LEGACY_PASSWORD = 'postgres';

/** The embedded Postgres superuser's password: random, one per data directory, kept beside its data. */
export function embeddedPostgresPassword(dataDir: string): { password: string; file: string } {
  const file = path.join(dataDir, 'postgres-password');
  return { password: readOrCreateSecret(file).value, file };
}

/** A superuser connection, as much of it as the migration needs. */
export interface PgAdmin {
  execute(statement: string): Promise<unknown>;
  close(): Promise<void>;
}

/** Connects as the superuser of the local server on `port` (the connection is tried at once). */
export const superuserOn =
  (port: number) =>
  async (password: string): Promise<PgAdmin> => {
    const sql = postgres(`postgres://postgres:${password}@127.0.0.1:${port}/postgres`, {
      max: 1,
      onnotice: () => {},
    });
    await sql`select 1`.catch(async (err: unknown) => {
      await sql.end();
      throw err;
    });
    return { execute: (statement) => sql.unsafe(statement), close: () => sql.end() };
  };

const isWrongPassword = (err: unknown) => (err as { code?: string }).code === '28P01';

/**
 * Makes sure the running server takes `password`. A data directory initialised with the old fixed
 * password is switched to the random one, once: the old password works only until this runs.
 */
export async function adoptPostgresPassword(
  connectAs: (password: string) => Promise<PgAdmin>,
  password: string,
): Promise<'current' | 'migrated'> {
  if (!/^[0-9a-f]{32,}$/.test(password)) throw new Error('the embedded Postgres password must be hex');
  try {
    await (await connectAs(password)).close();
    return 'current';
  } catch (err) {
    if (!isWrongPassword(err)) throw err;
  }
  const admin = await connectAs(LEGACY_PASSWORD).catch((err: unknown) => {
    throw new Error(
      `the embedded Postgres accepts neither its stored password nor the old default (${isWrongPassword(err) ? 'wrong password' : String(err)})`,
    );
  });
  try {
    // A utility statement takes no parameters; the password is checked to be hex above.
    await admin.execute(`ALTER USER CURRENT_USER WITH PASSWORD '${password}'`);
  } finally {
    await admin.close();
  }
  return 'migrated';
}
