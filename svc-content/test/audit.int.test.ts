import { randomUUID } from 'node:crypto';
import postgres from 'postgres';
import { count } from 'drizzle-orm';
import { QueryBuilder } from 'drizzle-orm/pg-core';
import { LIST_COUNT_CAP } from '@platform/contracts';
import { makeAdminAction } from '@platform/event-bus';
import { eventually } from '@platform/testing';
import { auditLog } from '../src/db/schema';
import { auditFilter } from '../src/stores/audit-store';
import { startContent, type ContentContext, type Persona } from './helpers';

let ctx: ContentContext;
let admin: Persona;
beforeAll(async () => {
  ctx = await startContent();
  admin = ctx.persona('admin', { name: 'Grace Admin', email: 'grace@afyahr.example' });
});
afterAll(async () => ctx?.close());

type Entry = {
  seq: number;
  service: string;
  action: string;
  target: { id: string; label: string };
  actor: { id: string };
};
const audit = async (query = '') => (await ctx.call('GET', `/api/admin/audit${query}`, admin)).json();
const verify = async () => (await ctx.call('GET', '/api/admin/audit/verify', admin)).json();
const entriesFor = async (targetId: string) =>
  ((await audit(`?target=${targetId}&limit=100`)).data as Entry[]).filter((e) => e.target.id === targetId);

it('records this service’s own admin actions, once each, with who, what, before, after, address and request', async () => {
  const res = await ctx.app.inject({
    method: 'POST',
    url: '/api/blog/add',
    headers: { authorization: `Bearer ${admin.token}`, 'x-request-id': 'req-audit-1' },
    payload: { name: 'Audit me', data: '<p>x</p>', status: 'published' },
    remoteAddress: '10.20.30.40',
  });
  expect(res.statusCode).toBe(201);
  const post = res.json().blog;
  await ctx.call('PUT', `/api/blog/update/${post.id}`, admin, {
    name: 'Audit me',
    data: '<p>y</p>',
    status: 'draft',
  });
  await ctx.call('DELETE', `/api/blog/delete/${post.id}`, admin);

  const entries = await eventually(async () => {
    const e = await entriesFor(post.id);
    return e.length >= 3 ? e : undefined;
  });
  await new Promise((r) => setTimeout(r, 300));
  expect((await entriesFor(post.id)).map((e) => e.action)).toEqual([
    'blog-post.delete',
    'blog-post.unpublish',
    'blog-post.publish',
  ]);
  const published = (await audit(`?target=${post.id}`)).data.at(-1);
  expect(published).toMatchObject({
    service: 'content',
    actor: { id: admin.id, name: 'Grace Admin', email: 'grace@afyahr.example', role: 'admin' },
    target: { module: 'content', kind: 'blog-post', id: post.id, label: 'Audit me' },
    before: null,
    after: { name: 'Audit me', status: 'published', slug: 'audit-me' },
    address: '10.20.30.40',
    requestId: 'req-audit-1',
  });
  expect(entries.length).toBe(3);
});

it('keeps other services’ admin actions, filtered by target, actor and day', async () => {
  const accountId = randomUUID();
  const other = ctx.persona('admin');
  const event = makeAdminAction('identity', {
    actor: { sub: other.id, name: 'Other Admin', email: 'other@afyahr.example', role: 'admin' },
    action: 'account.suspend',
    target: { module: 'identity', kind: 'account', id: accountId, label: 'Baraka Otieno' },
    before: { status: 'active' },
    after: { status: 'suspended', suspendedReason: 'Licence under review' },
    request: { ip: '10.1.1.1', id: 'req-9' },
  });
  await ctx.others.publish(event);
  await ctx.others.publish(event); // delivered twice: kept once
  const [entry] = await eventually(async () => {
    const e = await entriesFor(accountId);
    return e.length ? e : undefined;
  });
  expect(entry).toMatchObject({ service: 'identity', action: 'account.suspend' });
  expect((await audit('?target=baraka')).data.map((e: Entry) => e.target.id)).toContain(accountId);
  expect((await audit('?actor=OTHER@afyahr.example')).data.map((e: Entry) => e.target.id)).toEqual([
    accountId,
  ]);
  expect((await audit(`?actor=${other.id}`)).pageInfo.total).toBe(1);
  const today = new Date(Date.now() + 3 * 3_600_000).toISOString().slice(0, 10);
  expect((await audit(`?from=${today}&to=${today}&target=${accountId}`)).pageInfo.total).toBe(1);
  expect((await audit(`?to=2020-01-01`)).pageInfo.total).toBe(0);
  await new Promise((r) => setTimeout(r, 300));
  expect(await entriesFor(accountId)).toHaveLength(1);
});

it('detects an entry edited or removed in the database, naming the first broken link', async () => {
  await ctx.call('POST', '/api/dashboard/upsert-main-components', admin, { Hero: '<p>One</p>' });
  await ctx.call('POST', '/api/dashboard/upsert-main-components', admin, { Hero: '<p>Two</p>' });
  await eventually(async () => ((await audit('?target=Hero')).pageInfo.total >= 2 ? true : undefined));
  const intact = await verify();
  expect(intact).toMatchObject({ success: true, ok: true, firstBroken: null });
  expect(intact.checked).toBe((await audit()).pageInfo.total);

  const [first, second] = (await audit('?target=Hero')).data.reverse() as Entry[];
  await ctx.sql('update content.audit_log set target_label = $1 where seq = $2', 'Footer', first!.seq);
  expect(await verify()).toMatchObject({ ok: false, firstBroken: { seq: first!.seq } });
  await ctx.sql('update content.audit_log set target_label = $1 where seq = $2', 'Hero', first!.seq);
  expect((await verify()).ok).toBe(true);

  await ctx.sql('delete from content.audit_log where seq = $1', first!.seq);
  expect(await verify()).toMatchObject({ ok: false, firstBroken: { seq: second!.seq } });
});

// Written straight to the table (no chain): after the tamper tests, which read the chain whole.
describe('a long log', () => {
  beforeAll(async () => {
    await ctx.sql(`
      insert into content.audit_log (event_id, service, at, actor_id, actor_name, actor_email, actor_role, action,
        target_module, target_kind, target_id, target_label, prev_hash, hash)
      select gen_random_uuid(), 'identity', now(), 'bulk-admin', 'Bulk Admin', 'Bulk.Admin@afyahr.example', 'admin',
        'account.suspend', 'identity', 'account', 'bulk-' || g, 'Capped Person ' || g, 'x', 'y'
      from generate_series(1, 250) g`);
  });

  it('counts exactly up to the cap past the page, then says "more than"', async () => {
    const first = await audit('?target=capped');
    expect(first.data).toHaveLength(20);
    expect(first.pageInfo).toMatchObject({ page: 1, total: LIST_COUNT_CAP, totalCapped: true });
    const third = await audit('?actor=bulk.admin@AFYAHR.example&page=3');
    expect(third.data).toHaveLength(20);
    expect(third.pageInfo).toMatchObject({ page: 3, total: 40 + LIST_COUNT_CAP, totalCapped: true });
    const last = await audit('?target=capped&page=13');
    expect(last.data).toHaveLength(10);
    expect(last.pageInfo).toMatchObject({ total: 250, totalCapped: false });
    expect((await audit('?target=capped person 7')).pageInfo).toMatchObject({
      total: 11,
      totalCapped: false,
    });
  });

  it('looks up a label’s words and an actor’s e-mail through indexes, not by reading the log', async () => {
    const client = postgres(ctx.db.url, { max: 1, onnotice: () => {} });
    try {
      await client`analyze content.audit_log`;
      for (const q of [{ target: 'person 77' }, { target: 'zq' }, { actor: 'Bulk.Admin@afyahr.example' }]) {
        // What the list counts (cappedCount): the rows its filter matches, found without reading the rest.
        const counted = new QueryBuilder()
          .select({ n: count() })
          .from(auditLog)
          .where(auditFilter(q))
          .toSQL();
        const plan = await client.begin(async (tx) => {
          await tx`set local enable_seqscan = off`;
          return tx.unsafe(`explain ${counted.sql}`, counted.params as never[]);
        });
        const text = plan.map((row) => Object.values(row)[0]).join('\n');
        expect(text).not.toMatch(/Seq Scan|audit_log_pkey/);
        expect(text).toMatch(q.target ? /audit_log_label_trgm_idx/ : /audit_log_actor_email_idx/);
      }
    } finally {
      await client.end();
    }
  });
});
