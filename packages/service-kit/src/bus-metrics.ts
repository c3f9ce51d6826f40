import type { Sql } from 'postgres';
import type { EventBus } from '@platform/event-bus';
import type { App } from './service';

/**
 * A service's event flow as Prometheus sees it, read at each scrape: the outbox's backlog (rows not yet on the
 * bus, and the oldest one's age: a relay that stopped shows as a growing age), each durable consumer's lag
 * and redeliveries, and the dead letters each of them gave up on. The outbox and the server's figures are the
 * same from every instance (Postgres and NATS hold them): dashboards take max(), never sum().
 */
export function busMetrics(app: App, bus: EventBus, sql: Sql, schema: string): void {
  const m = app.metrics;
  const outbox = `"${schema}"."outbox"`;
  let outboxRead: Promise<{ count: number; age: number }> | undefined;
  // One query per scrape for both gauges.
  const readOutbox = () =>
    (outboxRead ??= sql
      .unsafe(
        `select count(*)::int as count,
                coalesce(extract(epoch from now() - min(created_at)), 0)::float8 as age
           from ${outbox} where sent_at is null`,
      )
      .then((rows) => rows[0] as unknown as { count: number; age: number })
      .finally(() => setTimeout(() => (outboxRead = undefined), 0)));
  m.gaugeOnScrape('outbox_backlog', 'Events written to the outbox and not yet published', [], async (g) =>
    g.set((await readOutbox()).count),
  );
  m.gaugeOnScrape(
    'outbox_oldest_age_seconds',
    'Age of the oldest event still waiting in the outbox (0 when none waits)',
    [],
    async (g) => g.set((await readOutbox()).age),
  );

  let statsRead: ReturnType<EventBus['stats']> | undefined;
  const readStats = () =>
    (statsRead ??= bus.stats().finally(() => setTimeout(() => (statsRead = undefined), 0)));
  m.gaugeOnScrape(
    'consumer_pending_events',
    "Events on a producer's stream not yet delivered to this service's durable consumer (its lag)",
    ['durable'],
    async (g) => {
      for (const c of (await readStats()).consumers) g.set({ durable: c.durable }, c.pending);
    },
  );
  m.gaugeOnScrape(
    'consumer_ack_pending_events',
    'Events delivered to the durable consumer and not yet acknowledged',
    ['durable'],
    async (g) => {
      for (const c of (await readStats()).consumers) g.set({ durable: c.durable }, c.ackPending);
    },
  );
  m.gaugeOnScrape(
    'consumer_redelivered_events',
    'Events delivered more than once and not yet acknowledged (a handler failing or too slow)',
    ['durable'],
    async (g) => {
      for (const c of (await readStats()).consumers) g.set({ durable: c.durable }, c.redelivered);
    },
  );
  m.gaugeOnScrape(
    'dead_letter_events',
    'Events a durable consumer gave up on, kept on the dead-letter stream for an operator',
    ['durable'],
    async (g) => {
      for (const d of (await readStats()).deadLetters) g.set({ durable: d.durable }, d.count);
    },
  );
}
