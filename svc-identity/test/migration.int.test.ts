import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import postgres from 'postgres';
import { drizzle } from 'drizzle-orm/postgres-js';
import { migrate } from 'drizzle-orm/postgres-js/migrator';
import { createTestDatabase } from '@platform/testing';

const FOLDER = path.join(__dirname, '..', 'drizzle');

/** The kept counts by role (migration 0008) on a database that already holds accounts. */
it('counts the accounts already there, then keeps counting', async () => {
  const db = await createTestDatabase('identity_mig');
  const before = mkdtempSync(path.join(tmpdir(), 'identity-migrations-'));
  const sql = postgres(db.url, { max: 1, onnotice: () => {} });
  try {
    // The schema as it was before the counts.
    cpSync(FOLDER, before, { recursive: true });
    const journal = JSON.parse(readFileSync(path.join(FOLDER, 'meta', '_journal.json'), 'utf8'));
    journal.entries = journal.entries.filter((e: { tag: string }) => e.tag < '0008');
    writeFileSync(path.join(before, 'meta', '_journal.json'), JSON.stringify(journal));
    await migrate(drizzle(sql), { migrationsFolder: before, migrationsSchema: 'identity' });
    await sql`insert into identity.users (email, password_hash, name, role, status)
      values ('a@mig.example', 'x', 'A', 'user', 'active'), ('b@mig.example', 'x', 'B', 'user', 'suspended'),
             ('c@mig.example', 'x', 'C', 'Clinic', 'active'), ('d@mig.example', 'x', 'D', 'user', 'deleted')`;

    await migrate(drizzle(sql), { migrationsFolder: FOLDER, migrationsSchema: 'identity' });
    const counts = async () =>
      Object.fromEntries(
        (await sql<{ role: string; live: number }[]>`select role, live from identity.account_counts`).map(
          (r) => [r.role, r.live],
        ),
      );
    expect(await counts()).toEqual({ user: 2, Clinic: 1 });

    await sql`insert into identity.users (email, password_hash, name, role) values ('e@mig.example', 'x', 'E', 'admin')`;
    await sql`update identity.users set status = 'deleted' where email = 'a@mig.example'`;
    await sql`update identity.users set status = 'active' where email = 'd@mig.example'`;
    expect(await counts()).toEqual({ user: 2, Clinic: 1, admin: 1 });
  } finally {
    await sql.end();
    rmSync(before, { recursive: true, force: true });
    await db.drop();
  }
});
