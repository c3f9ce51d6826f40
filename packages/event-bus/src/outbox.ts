import { sql } from 'drizzle-orm';
import {
  bigserial,
  getTableConfig,
  index,
  integer,
  jsonb,
  primaryKey,
  text,
  timestamp,
  uuid,
  type PgDatabase,
  type PgQueryResultHKT,
  type PgSchema,
  type PgTableWithColumns,
} from 'drizzle-orm/pg-core';
import type { Envelope } from '@platform/contracts';

/**
 * The outbox table in a service's own schema: include `outboxTable(mySchema)` in the service's
 * `src/db/schema.ts` so drizzle-kit generates it with the service's migrations.
 */
export function outboxTable(schema: PgSchema) {
  return schema.table(
    'outbox',
    {
      /** Publication order (ids are random). */
      seq: bigserial('seq', { mode: 'number' }).primaryKey(),
      /** The envelope id: also JetStream's Nats-Msg-Id, so a repeat is de-duplicated. */
      id: uuid('id').notNull().unique(),
      type: text('type').notNull(),
      payload: jsonb('payload').notNull().$type<Envelope>(),
      createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
      sentAt: timestamp('sent_at', { withTimezone: true }),
      attempts: integer('attempts').notNull().default(0),
      lastError: text('last_error'),
    },
    (t) => [
      index('outbox_unsent_idx')
        .on(t.seq)
        .where(sql`sent_at is null`),
    ],
  );
}

/** Events a consumer has handled, so a redelivery changes nothing (see handleOnce). */
export function processedEventsTable(schema: PgSchema) {
  return schema.table(
    'processed_events',
    {
      consumer: text('consumer').notNull(),
      eventId: uuid('event_id').notNull(),
      processedAt: timestamp('processed_at', { withTimezone: true }).notNull().defaultNow(),
    },
    (t) => [primaryKey({ columns: [t.consumer, t.eventId] })],
  );
}

export type OutboxTable = ReturnType<typeof outboxTable>;
export type ProcessedEventsTable = ReturnType<typeof processedEventsTable>;
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyDb = PgDatabase<PgQueryResultHKT, any, any>;

/** The LISTEN/NOTIFY channel the relay of `schema` wakes up on. */
export function outboxChannel(schemaName: string): string {
  return `${schemaName}_outbox`;
}

/** Rows written per INSERT when many events are enqueued at once (three parameters each). */
const ENQUEUE_BATCH = 1000;

/**
 * Writes the event, or events, in the caller's transaction: published if and only if the transaction
 * commits. Many (a notice to each of 20,000 people) go in a few multi-row inserts, not one round trip
 * each. The notify (delivered at commit) wakes the relay at once.
 */
export async function enqueue(
  tx: AnyDb,
  table: OutboxTable | PgTableWithColumns<never>,
  events: Envelope | Envelope[],
): Promise<void> {
  const t = table as OutboxTable;
  const all = Array.isArray(events) ? events : [events];
  if (all.length === 0) return;
  for (let i = 0; i < all.length; i += ENQUEUE_BATCH)
    await tx
      .insert(t)
      .values(all.slice(i, i + ENQUEUE_BATCH).map((e) => ({ id: e.id, type: e.type, payload: e })));
  const schemaName = getTableConfig(t).schema ?? 'public';
  await tx.execute(sql`select pg_notify(${outboxChannel(schemaName)}, '')`);
}

/**
 * Runs `fn` and records the event as processed in one transaction; an event already processed by
 * this consumer is skipped. Returns whether `fn` ran.
 */
export async function handleOnce<Db extends AnyDb>(
  db: Db,
  table: ProcessedEventsTable,
  consumer: string,
  event: Envelope,
  fn: (tx: Parameters<Parameters<Db['transaction']>[0]>[0]) => Promise<void>,
): Promise<boolean> {
  return db.transaction(async (tx) => {
    const inserted = await tx
      .insert(table)
      .values({ consumer, eventId: event.id })
      .onConflictDoNothing()
      .returning({ id: table.eventId });
    if (inserted.length === 0) return false;
    await fn(tx as never);
    return true;
  });
}
