import type { Envelope } from '@platform/contracts';
import type { TSchema } from '@sinclair/typebox';

export interface SubscribeOptions<D = unknown> {
  /** Producer whose stream is read: 'identity' reads the IDENTITY stream. */
  producer: string;
  /** `<consumer>__<purpose>`, e.g. `svc-hire__user-sync`. */
  durable: string;
  /** One wildcard filter on the type, e.g. `identity.user.>` (server 2.9 allows one filter). */
  filter: string;
  /** Resolve to ack; throw to have the event redelivered later. */
  handler: (event: Envelope<D>) => Promise<void>;
}

export interface FollowOptions<D = unknown> {
  producer: string;
  filter: string;
  /** Replay events from this time on, then keep following. */
  since: Date;
  /** Event type -> data schema; events of other types are skipped. */
  schemas?: Record<string, TSchema>;
  handler: (event: Envelope<D>) => void;
  /** Called once the replay has delivered every event that was stored when following began. */
  onCaughtUp?: () => void;
}

export interface Subscription {
  stop(): Promise<void>;
}

/** What services need from the bus; NATS in production, in memory in unit tests. */
export interface EventBus {
  /** Creates (or updates) the producer's stream. */
  ensureStream(producer: string): Promise<void>;
  /** Publishes with the envelope id as message id, so a repeat within the duplicate window is dropped. */
  publish(event: Envelope): Promise<void>;
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
  close(): Promise<void>;
}
