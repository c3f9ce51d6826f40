import { pgSchema, text } from 'drizzle-orm/pg-core';
import { drizzle } from 'drizzle-orm/postgres-js';
import postgres from 'postgres';
import { connect } from '@nats-io/transport-node';
import { jetstreamManager } from '@nats-io/jetstream';
import { Type } from '@sinclair/typebox';
import type { Envelope } from '@platform/contracts';
import {
  createTestDatabase,
  deleteStreamsWithPrefix,
  natsUrl,
  testNatsPrefix,
  type TestDatabase,
} from '@platform/testing';
import {
  NatsEventBus,
  OutboxRelay,
  enqueue,
  handleOnce,
  makeEnvelope,
  outboxTable,
  processedEventsTable,
  durableName,
  streamName,
} from '../src';
import { recordingLog } from './recording-log';

const demo = pgSchema('demo');
const notes = demo.table('notes', { id: text('id').primaryKey() });
const outbox = outboxTable(demo);
const processed = processedEventsTable(demo);

let db: TestDatabase;
let sql: postgres.Sql;
let bus: NatsEventBus;
const prefix = testNatsPrefix();
const url = natsUrl();

async function storedEvents(): Promise<Envelope[]> {
  const nc = await connect({ servers: url });
  try {
    const jsm = await jetstreamManager(nc);
    const info = await jsm.streams.info(streamName(prefix, 'demo')).catch(() => undefined);
    if (!info || info.state.messages === 0) return [];
    const out: Envelope[] = [];
    for (let seq = info.state.first_seq; seq <= info.state.last_seq; seq++) {
      const m = await jsm.streams.getMessage(streamName(prefix, 'demo'), { seq }).catch(() => null);
      if (m) out.push(m.json<Envelope>());
    }
    return out;
  } finally {
    await nc.close();
  }
}

const until = async (check: () => Promise<boolean>, ms = 10_000) => {
  const end = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > end) throw new Error('timed out');
    await new Promise((r) => setTimeout(r, 100));
  }
};

beforeAll(async () => {
  db = await createTestDatabase('eventbus');
  sql = postgres(db.url, { max: 4, onnotice: () => {} });
  await sql.unsafe(`create schema demo;
    create table demo.notes (id text primary key);
    create table demo.outbox (seq bigserial primary key, id uuid not null unique, type text not null, payload jsonb not null,
      created_at timestamptz not null default now(), sent_at timestamptz, attempts integer not null default 0, last_error text);
    create table demo.processed_events (consumer text not null, event_id uuid not null, processed_at timestamptz not null default now(),
      primary key (consumer, event_id));`);
  bus = await NatsEventBus.connect({ url, prefix, name: 'event-bus-test' });
  await bus.ensureStream('demo');
});

afterAll(async () => {
  await bus?.close();
  await sql?.end();
  await deleteStreamsWithPrefix(url, prefix).catch(() => {});
  await db?.drop();
});

describe('outbox', () => {
  it('publishes a committed event exactly once, and nothing for a rolled-back transaction', async () => {
    const orm = drizzle(sql);
    const kept = makeEnvelope('demo.note.created.v1', { id: 'kept' });
    const dropped = makeEnvelope('demo.note.created.v1', { id: 'dropped' });
    await orm.transaction(async (tx) => {
      await tx.insert(notes).values({ id: 'kept' });
      await enqueue(tx, outbox, kept);
    });
    await orm
      .transaction(async (tx) => {
        await tx.insert(notes).values({ id: 'dropped' });
        await enqueue(tx, outbox, dropped);
        throw new Error('rollback');
      })
      .catch(() => {});

    const relay = new OutboxRelay({ sql, schema: 'demo', bus, pollIntervalMs: 200 });
    relay.start();
    await until(async () => (await storedEvents()).some((e) => e.id === kept.id));
    await relay.stop();
    const ids = (await storedEvents()).map((e) => e.id);
    expect(ids.filter((id) => id === kept.id)).toHaveLength(1);
    expect(ids).not.toContain(dropped.id);
    const [row] = await sql`select sent_at from demo.outbox where id = ${kept.id}`;
    expect(row!.sent_at).not.toBeNull();
  });

  it('writes many events in one call, every one published once, or none of them on a rollback', async () => {
    const orm = drizzle(sql);
    // More than one multi-row insert's worth.
    const many = Array.from({ length: 1200 }, (_, i) =>
      makeEnvelope('demo.bulk.created.v1', { id: `m${i}` }),
    );
    const undone = Array.from({ length: 3 }, (_, i) => makeEnvelope('demo.bulk.created.v1', { id: `u${i}` }));
    await orm.transaction(async (tx) => enqueue(tx, outbox, many));
    await orm
      .transaction(async (tx) => {
        await enqueue(tx, outbox, undone);
        throw new Error('rollback');
      })
      .catch(() => {});
    await orm.transaction(async (tx) => enqueue(tx, outbox, []));

    const relay = new OutboxRelay({ sql, schema: 'demo', bus, pollIntervalMs: 200 });
    relay.start();
    const wanted = new Set(many.map((e) => e.id));
    await until(async () => {
      const [row] = await sql`select count(*)::int as n from demo.outbox where sent_at is null`;
      return row!.n === 0;
    }, 30_000);
    await relay.stop();
    const ids = (await storedEvents()).map((e) => e.id);
    expect(ids.filter((id) => wanted.has(id))).toHaveLength(many.length);
    expect(new Set(ids).size).toBe(ids.length);
    expect(ids.some((id) => undone.some((e) => e.id === id))).toBe(false);
  }, 60_000);

  it('a republished event (crash between publish and mark-sent) is dropped by the server', async () => {
    const event = makeEnvelope('demo.note.created.v1', { id: 'twice' });
    await bus.publish(event);
    await bus.publish(event);
    expect((await storedEvents()).filter((e) => e.id === event.id)).toHaveLength(1);
  });
});

describe('consumers', () => {
  it('a consumer started late catches up, and a redelivered event is handled once', async () => {
    const first = makeEnvelope('demo.note.created.v1', { id: 'late-1' });
    await bus.publish(first);
    const orm = drizzle(sql);
    const handled: string[] = [];
    const handler = async (e: Envelope) => {
      await handleOnce(orm, processed, 'test__notes', e, async (tx) => {
        handled.push(e.id);
        await tx
          .insert(notes)
          .values({ id: `seen-${(e.data as { id: string }).id}` })
          .onConflictDoNothing();
      });
    };
    const sub = await bus.subscribe({
      producer: 'demo',
      durable: 'test__notes',
      filter: 'demo.note.>',
      schemas: { 'demo.note.created.v1': Type.Object({ id: Type.String() }) },
      handler,
    });
    await until(async () => handled.includes(first.id));
    // The same event delivered again (e.g. after a lost ack) changes nothing.
    await handler(first);
    expect(handled.filter((id) => id === first.id)).toHaveLength(1);
    const second = makeEnvelope('demo.note.created.v1', { id: 'late-2' });
    await bus.publish(second);
    await until(async () => handled.includes(second.id));
    await sub.stop();
  });

  it('a handler that outlasts the ack wait is not handed the same event again while it works', async () => {
    // Its own bus, so its consumer is made with a one-second wait (a real one is ACK_WAIT_MS).
    const quick = await NatsEventBus.connect({ url, prefix, name: 'event-bus-test', ackWaitMs: 1000 });
    const event = makeEnvelope('demo.slow.created.v1', { id: 'slow' });
    const calls: string[] = [];
    const sub = await quick.subscribe({
      producer: 'demo',
      durable: 'test__slow',
      filter: 'demo.slow.>',
      schemas: { 'demo.slow.created.v1': Type.Object({ id: Type.String() }) },
      handler: async (e) => {
        calls.push(e.id);
        await new Promise((r) => setTimeout(r, 3500));
      },
    });
    try {
      await bus.publish(event);
      await until(async () => calls.length > 0);
      // Three and a half waits of work, then two more waits in which a redelivery would show.
      await new Promise((r) => setTimeout(r, 5500));
      expect(calls).toEqual([event.id]);
      const nc = await connect({ servers: url });
      const info = await (
        await jetstreamManager(nc)
      ).consumers.info(streamName(prefix, 'demo'), durableName(prefix, 'test__slow'));
      await nc.close();
      expect(info.num_redelivered).toBe(0);
      expect(info.num_ack_pending).toBe(0);
    } finally {
      await sub.stop();
      await quick.close();
    }
  }, 20_000);

  it('a producer that has not started yet: its consumers wait with an info line, no warning, then get its first event', async () => {
    const logged = recordingLog();
    const early = await NatsEventBus.connect({ url, prefix, name: 'event-bus-test', log: logged.log });
    const schemas = { 'later.note.created.v1': Type.Object({ id: Type.String() }) };
    const handled: string[] = [];
    const followed: string[] = [];
    const sub = await early.subscribe({
      producer: 'later',
      durable: 'test__later',
      filter: 'later.note.>',
      schemas,
      handler: async (e) => void handled.push(e.id),
    });
    const follow = await early.follow({
      producer: 'later',
      filter: 'later.note.>',
      schemas,
      since: new Date(Date.now() - 60_000),
      handler: (e) => void followed.push(e.id),
    });
    try {
      // Retried once a second: a few retries without the stream.
      await new Promise((r) => setTimeout(r, 2500));
      expect(logged.lines.filter((l) => l.level === 'warn' || l.level === 'error')).toEqual([]);
      expect(
        logged.lines
          .filter((l) => l.level === 'info')
          .map((l) => l.msg)
          .sort(),
      ).toEqual([
        "follow waits for its producer's stream (not made yet)",
        "subscription waits for its producer's stream (not made yet)",
      ]);
      // The producer starts: its first publication makes its stream.
      const event = makeEnvelope('later.note.created.v1', { id: 'first' });
      await bus.publish(event);
      await until(async () => handled.includes(event.id) && followed.includes(event.id));
    } finally {
      await sub.stop();
      await follow.stop();
      await early.close();
    }
  });

  it('follow replays from a time and keeps following', async () => {
    const old = makeEnvelope('demo.session.revoked.v1', { jti: 'a' });
    await bus.publish(old);
    const seen: string[] = [];
    const sub = await bus.follow({
      producer: 'demo',
      filter: 'demo.session.>',
      schemas: { 'demo.session.revoked.v1': Type.Object({ jti: Type.String() }) },
      since: new Date(Date.now() - 60_000),
      handler: (e) => seen.push(e.id),
    });
    await until(async () => seen.includes(old.id));
    const fresh = makeEnvelope('demo.session.revoked.v1', { jti: 'b' });
    await bus.publish(fresh);
    await until(async () => seen.includes(fresh.id));
    await sub.stop();
  });
});
