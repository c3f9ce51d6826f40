import type { TSchema } from '@sinclair/typebox';
import type { Envelope } from '@platform/contracts';

/** A pino-compatible logger (Fastify's `app.log` or a child of it). */
export interface BusLog {
  debug(obj: object, msg: string): void;
  info(obj: object, msg: string): void;
  warn(obj: object, msg: string): void;
  error(obj: object, msg: string): void;
}

/**
 * Event type → schema of its `data`, from `@platform/contracts`. An event whose type is not listed is
 * acknowledged and skipped (a newer event the consumer does not know yet); one that does not match its
 * schema is never handed to the handler.
 */
export type EventSchemas = Record<string, TSchema>;

export interface SubscribeOptions<D = unknown> {
  /** Producer whose stream is read: 'identity' reads the IDENTITY stream. */
  producer: string;
  /** `<consumer>__<purpose>`, e.g. `svc-hire__user-sync`. */
  durable: string;
  /** One wildcard filter on the type, e.g. `identity.user.>` (server 2.9 allows one filter). */
  filter: string;
  /** The events this consumer handles and their data schemas. */
  schemas: EventSchemas;
  /** Resolve to ack; throw to have the event redelivered later (with backoff, `maxDeliver` times at most). */
  handler: (event: Envelope<D>) => Promise<void>;
  /** Deliveries before a failing event goes to the dead-letter stream (default 10). */
  maxDeliver?: number;
  /** First redelivery delay after a failure, doubled each time up to one minute (default 1000 ms). */
  retryDelayMs?: number;
}

export interface FollowOptions<D = unknown> {
  producer: string;
  filter: string;
  /** The events this reader handles and their data schemas (invalid ones are skipped with a log line). */
  schemas: EventSchemas;
  /** Replay events from this time on, then keep following. */
  since: Date;
  handler: (event: Envelope<D>) => void;
  /** Called once the replay has delivered every event that was stored when following began. */
  onCaughtUp?: () => void;
}

export interface Subscription {
  stop(): Promise<void>;
}

/** One durable consumer's state, as its server sees it (for metrics: lag and redeliveries). */
export interface ConsumerStats {
  /** As subscribed: `svc-hire__user-sync`. */
  durable: string;
  /** Events stored but not yet delivered to it. */
  pending: number;
  /** Delivered and not yet acknowledged. */
  ackPending: number;
  /** Delivered more than once and not yet acknowledged. */
  redelivered: number;
}

export interface BusStats {
  consumers: ConsumerStats[];
  /** Events each of this client's durables gave up on (kept on the dead-letter stream), by durable. */
  deadLetters: { durable: string; count: number }[];
}

/** What services need from the bus; NATS in production, in memory in unit tests. */
export interface EventBus {
  /** Creates (or updates) the producer's stream. */
  ensureStream(producer: string): Promise<void>;
  /** Publishes with the envelope id as message id, so a repeat within the duplicate window is dropped. */
  publish(event: Envelope): Promise<void>;
  /**
   * A durable, acknowledged consumer. Every event is checked against its contract first: an invalid
   * one, or one whose handler keeps failing, goes to the dead-letter stream instead of being retried forever.
   */
  subscribe<D = unknown>(opts: SubscribeOptions<D>): Promise<Subscription>;
  /**
   * For state every instance keeps in memory (e.g. the gateway's revoked tokens): an ephemeral,
   * unacknowledged reader that replays from `since` and follows, re-made after a reconnect.
   */
  follow<D = unknown>(opts: FollowOptions<D>): Promise<Subscription>;
  /** Whether publishing can work right now. */
  isConnected(): boolean;
  /** Resolves when connected; rejects otherwise (for /readyz). */
  ready(): Promise<void>;
  /** This client's durable consumers' lag and dead letters, asked of the server now (for /metrics). */
  stats(): Promise<BusStats>;
  close(): Promise<void>;
}
