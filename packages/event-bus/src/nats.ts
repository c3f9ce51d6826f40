import { connect, nanos, type NatsConnection } from '@nats-io/transport-node';
import {
  AckPolicy,
  DeliverPolicy,
  StorageType,
  jetstream,
  jetstreamManager,
  type JetStreamClient,
  type JetStreamManager,
} from '@nats-io/jetstream';
import type { Envelope } from '@platform/contracts';
import type { EventBus, FollowOptions, SubscribeOptions, Subscription } from './bus';
import { durableName, producerOf, streamName, streamSubjects, subjectFor } from './naming';

export interface NatsBusOptions {
  url: string;
  /** Subject and stream prefix ('' in production; unique per test run). */
  prefix?: string;
  /** Client name shown by the server, e.g. 'svc-identity'. */
  name: string;
  /** How long a publish waits for JetStream's ack before the relay retries later. */
  publishTimeoutMs?: number;
  log?: { warn(obj: object, msg: string): void; info(obj: object, msg: string): void };
}

/** JetStream drops a repeated message id seen within this window (it covers the relay's retries). */
export const DUPLICATE_WINDOW_MS = 10 * 60_000;
/** Streams keep events 30 days: long enough for a consumer that was down to catch up or rebuild. */
export const STREAM_MAX_AGE_MS = 30 * 24 * 3600_000;

/**
 * The bus on NATS JetStream. Connecting never blocks start-up: while NATS is unreachable the client
 * keeps retrying, `publish` fails fast (the outbox keeps the event), and subscriptions start once
 * the connection is there.
 */
export class NatsEventBus implements EventBus {
  private nc: NatsConnection | undefined;
  private js: JetStreamClient | undefined;
  private jsm: JetStreamManager | undefined;
  private connected = false;
  private closed = false;
  private readonly streams = new Set<string>();
  private readonly ensured = new Set<string>();
  private readonly subscriptions = new Set<{ start(): void; stop(): Promise<void> }>();
  private readonly connecting: Promise<void>;
  private readonly prefix: string;

  private constructor(private readonly opts: NatsBusOptions) {
    this.prefix = opts.prefix ?? '';
    this.connecting = this.open();
  }

  /** Returns at once; the connection is made (and re-made) in the background. */
  static async connect(opts: NatsBusOptions): Promise<NatsEventBus> {
    const bus = new NatsEventBus(opts);
    // Give a reachable server a moment, so a normal start is connected before serving.
    let timer: NodeJS.Timeout | undefined;
    await Promise.race([bus.connecting, new Promise((r) => (timer = setTimeout(r, 2000)))]);
    clearTimeout(timer); // a pending timer would keep a closing process (or test run) alive
    return bus;
  }

  private async open(): Promise<void> {
    const nc = await connect({
      servers: this.opts.url,
      name: this.opts.name,
      waitOnFirstConnect: true,
      maxReconnectAttempts: -1,
      reconnectTimeWait: 1000,
      timeout: 2000,
    });
    if (this.closed) {
      await nc.close();
      return;
    }
    this.nc = nc;
    this.js = jetstream(nc, { timeout: this.opts.publishTimeoutMs ?? 3000 });
    this.jsm = await jetstreamManager(nc);
    this.connected = true;
    for (const s of this.subscriptions) s.start();
    void (async () => {
      for await (const s of nc.status()) {
        if (s.type === 'disconnect') {
          this.connected = false;
          this.opts.log?.warn({ server: this.opts.url }, 'NATS disconnected');
        } else if (s.type === 'reconnect') {
          this.connected = true;
          // A server that lost its store lost our streams too: make them again before publishing.
          this.ensured.clear();
          this.opts.log?.info({ server: this.opts.url }, 'NATS reconnected');
        }
      }
    })();
  }

  isConnected(): boolean {
    return this.connected && !this.closed;
  }

  async ready(): Promise<void> {
    if (!this.isConnected()) throw new Error('NATS is not connected');
  }

  async ensureStream(producer: string): Promise<void> {
    this.streams.add(producer);
    if (this.isConnected()) await this.ensure(producer);
  }

  private async ensure(producer: string): Promise<void> {
    if (this.ensured.has(producer)) return;
    const jsm = this.jsm!;
    const name = streamName(this.prefix, producer);
    const config = {
      name,
      subjects: [streamSubjects(this.prefix, producer)],
      storage: StorageType.File,
      duplicate_window: nanos(DUPLICATE_WINDOW_MS),
      max_age: nanos(STREAM_MAX_AGE_MS),
    };
    try {
      await jsm.streams.info(name);
      await jsm.streams.update(name, config);
    } catch {
      await jsm.streams.add(config);
    }
    this.ensured.add(producer);
  }

  async publish(event: Envelope): Promise<void> {
    if (!this.isConnected() || !this.js) throw new Error('NATS is not connected');
    const producer = producerOf(event.type);
    await this.ensure(producer);
    await this.js.publish(subjectFor(this.prefix, event.type), JSON.stringify(event), { msgID: event.id });
  }

  async subscribe<D>(opts: SubscribeOptions<D>): Promise<Subscription> {
    const stream = streamName(this.prefix, opts.producer);
    const durable = durableName(this.prefix, opts.durable);
    let stopped = false;
    let messages: { stop(): void } | undefined;

    const run = async () => {
      while (!stopped) {
        try {
          await this.ensure(opts.producer);
          const jsm = this.jsm!;
          await jsm.consumers.info(stream, durable).catch(() =>
            jsm.consumers.add(stream, {
              durable_name: durable,
              ack_policy: AckPolicy.Explicit,
              deliver_policy: DeliverPolicy.All,
              filter_subject: subjectFor(this.prefix, opts.filter),
              ack_wait: nanos(30_000),
            }),
          );
          const consumer = await this.js!.consumers.get(stream, durable);
          const iter = await consumer.consume({ max_messages: 64 });
          messages = iter;
          // Stopped while we were binding: halt() found nothing to stop yet.
          if (stopped) iter.stop();
          for await (const m of iter) {
            try {
              await opts.handler(m.json<Envelope<D>>());
              m.ack();
            } catch (err) {
              this.opts.log?.warn({ err, durable, seq: m.seq }, 'event handler failed; redelivering later');
              m.nak(2000);
            }
          }
        } catch (err) {
          if (stopped) return;
          this.opts.log?.warn({ err, durable }, 'subscription interrupted; retrying');
        }
        if (!stopped) await new Promise((r) => setTimeout(r, 1000));
      }
    };

    return this.track(run, () => {
      stopped = true;
      messages?.stop();
    });
  }

  async follow<D>(opts: FollowOptions<D>): Promise<Subscription> {
    const stream = streamName(this.prefix, opts.producer);
    let stopped = false;
    let since = opts.since;
    let messages: { stop(): void } | undefined;
    let reported = false;
    const caughtUp = () => {
      if (reported) return;
      reported = true;
      opts.onCaughtUp?.();
    };
    const run = async () => {
      while (!stopped) {
        try {
          await this.ensure(opts.producer);
          // Ephemeral: the server removes it a minute after we stop reading (a restart makes a new one).
          const info = await this.jsm!.consumers.add(stream, {
            ack_policy: AckPolicy.None,
            deliver_policy: DeliverPolicy.StartTime,
            opt_start_time: since.toISOString(),
            filter_subject: subjectFor(this.prefix, opts.filter),
            inactive_threshold: nanos(60_000),
          });
          const consumer = await this.js!.consumers.get(stream, info.name);
          const iter = await consumer.consume({ max_messages: 256 });
          messages = iter;
          if (stopped) iter.stop();
          if (info.num_pending === 0) caughtUp();
          for await (const m of iter) {
            if (m.info.pending === 0) queueMicrotask(caughtUp);
            const event = m.json<Envelope<D>>();
            since = new Date(Math.max(since.getTime(), Date.parse(event.occurredAt)));
            try {
              opts.handler(event);
            } catch (err) {
              this.opts.log?.warn({ err }, 'follow handler failed');
            }
          }
        } catch (err) {
          if (stopped) return;
          this.opts.log?.warn({ err, stream }, 'follow interrupted; retrying');
        }
        if (!stopped) await new Promise((r) => setTimeout(r, 1000));
      }
    };
    return this.track(run, () => {
      stopped = true;
      messages?.stop();
    });
  }

  /** Starts `run` once connected (now, or when the connection comes); stopping ends it and waits. */
  private track(run: () => Promise<void>, halt: () => void): Subscription {
    let running: Promise<void> | undefined;
    const sub = {
      start: () => {
        running ??= run();
      },
      stop: async () => {
        halt();
        await running;
      },
    };
    this.subscriptions.add(sub);
    if (this.isConnected()) sub.start();
    return {
      stop: async () => {
        this.subscriptions.delete(sub);
        await sub.stop();
      },
    };
  }

  async close(): Promise<void> {
    this.closed = true;
    await Promise.all([...this.subscriptions].map((s) => s.stop()));
    await this.nc?.drain().catch(() => this.nc?.close());
  }
}
