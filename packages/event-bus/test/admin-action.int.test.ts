import { pgSchema, text } from 'drizzle-orm/pg-core';
import { drizzle } from 'drizzle-orm/postgres-js';
import { eq } from 'drizzle-orm';
import postgres from 'postgres';
import type { AdminActionRecordedData, Envelope } from '@platform/contracts';
import { createTestDatabase, type TestDatabase } from '@platform/testing';
import { outboxTable, recordAdminAction } from '../src';

const shop = pgSchema('shop');
const accounts = shop.table('accounts', { id: text('id').primaryKey(), role: text('role').notNull() });
const outbox = outboxTable(shop);

let db: TestDatabase;
let sql: postgres.Sql;

beforeAll(async () => {
  db = await createTestDatabase('adminaction');
  sql = postgres(db.url, { max: 2, onnotice: () => {} });
  await sql.unsafe(`create schema shop;
    create table shop.accounts (id text primary key, role text not null);
    create table shop.outbox (seq bigserial primary key, id uuid not null unique, type text not null, payload jsonb not null,
      created_at timestamptz not null default now(), sent_at timestamptz, attempts integer not null default 0, last_error text);
    insert into shop.accounts values ('a1', 'user'), ('a2', 'user');`);
});

afterAll(async () => {
  await sql?.end();
  await db?.drop();
});

const actor = {
  sub: '6f1c1f0e-8f0a-4c55-9a57-0b1b2f3c4d5e',
  name: 'Amina',
  email: 'amina@afyahr.example',
  role: 'admin' as const,
};

async function changeRole(id: string, role: string, fail = false) {
  const orm = drizzle(sql);
  await orm.transaction(async (tx) => {
    const [before] = await tx.select().from(accounts).where(eq(accounts.id, id)).for('update');
    await tx.update(accounts).set({ role }).where(eq(accounts.id, id));
    await recordAdminAction(tx, outbox, 'shop', {
      actor,
      action: 'account.role-change',
      target: { module: 'shop', kind: 'account', id, label: `Account ${id}` },
      before: { role: before!.role },
      after: { role },
      request: { ip: '198.51.100.7', id: `req-${id}` },
    });
    if (fail) throw new Error('rolled back');
  });
}

describe('recordAdminAction', () => {
  it('writes one event in the outbox with the change, in the same transaction', async () => {
    let notified = 0;
    const listener = await sql.listen('shop_outbox', () => notified++);
    await changeRole('a1', 'Clinic');
    const rows = await sql<{ type: string; payload: Envelope<AdminActionRecordedData> }[]>`
      select type, payload from shop.outbox`;
    expect(rows).toHaveLength(1);
    expect(rows[0]!.type).toBe('shop.admin-action.recorded.v1');
    expect(rows[0]!.payload.data).toMatchObject({
      actor: { id: actor.sub, name: 'Amina', email: 'amina@afyahr.example', role: 'admin' },
      action: 'account.role-change',
      target: { module: 'shop', kind: 'account', id: 'a1', label: 'Account a1' },
      before: { role: 'user' },
      after: { role: 'Clinic' },
      address: '198.51.100.7',
      requestId: 'req-a1',
    });
    const until = Date.now() + 2000;
    while (notified === 0 && Date.now() < until) await new Promise((r) => setTimeout(r, 20));
    expect(notified).toBeGreaterThan(0); // the relay is woken at commit
    await listener.unlisten();
  });

  it('a rolled-back change leaves no event behind', async () => {
    await expect(changeRole('a2', 'admin', true)).rejects.toThrow('rolled back');
    expect((await sql`select role from shop.accounts where id = 'a2'`)[0]!.role).toBe('user');
    expect(await sql`select 1 from shop.outbox where payload->'data'->'target'->>'id' = 'a2'`).toHaveLength(
      0,
    );
  });
});
