import { randomBytes } from 'node:crypto';
import { context, ROOT_CONTEXT, SpanStatusCode, trace } from '@opentelemetry/api';
import { consumerSpan } from './tracing';
import { connect, headers, millis, nanos, type MsgHdrs, type NatsConnection } from '@nats-io/transport-node';
import {
  AckPolicy,
  DeliverPolicy,
  jetstream,
  jetstreamManager,
  type JetStreamClient,
  type JetStreamManager,
  type JsMsg,
} from '@nats-io/jetstream';
import type { KV } from '@nats-io/kv';
import type { Envelope } from '@platform/contracts';
import type { BusLog, BusStats, EventBus, FollowOptions, SubscribeOptions, Subscription } from './bus';
import { durableName, inboxPrefix, producerOf, streamName, subjectFor } from './naming';
import { ensurePlatformStream, isStreamMissing } from './streams';
import { ensureBucket, openBucket, type KeyValueBucket } from './key-value';
import { admitsAnonymous, openNatsRefusal } from './open-server';
import { EventChecker } from './event-check';
import { DEFAULT_MAX_DELIVER, retryDelayMs } from './delivery';
import {
  DEAD_LETTER_PRODUCER,
  DeadLetterHeader,
  deadLetterSubject,
  deadLetterSubjects,
  headerValue,
  type DeadLetterReason,
} from './dead-letter';

export interface NatsBusOptions {
  url: string;
  /** Subject and stream prefix ('' in production; unique per test run). */
  prefix?: string;
  /**
   * Client name shown by the server, e.g. 'svc-identity'; also names its dead letters
   * (`deadletter.<name>.>`, which only that service's NATS user may publish).
   */
  name: string;
  /**
   * The service's NATS user and password; without them the connection is anonymous (a dev server). With
   * them, the bus first makes sure the server lets nobody in without credentials (else permissions mean
   * nothing), and refuses to use a server that does unless `allowOpenServer`.
   */
  user?: string;
  password?: string;
  /** Use a server that admits anonymous clients even with a user (the development switch): warn only. */
  allowOpenServer?: boolean;
  /** How long a publish waits for JetStream's ack before the relay retries later. */
  publishTimeoutMs?: number;
  /**
   * How long JetStream waits for a durable consumer's ack before it delivers the event again (default
   * ACK_WAIT_MS); set when the consumer is first made, a durable already there keeps its own.
   */
  ackWaitMs?: number;
  log?: BusLog;
}

/** The wait between retries, cut short by stop() so closing a service never waits for it. */
class Pause {
  private timer: NodeJS.Timeout | undefined;
  private done: (() => void) | undefined;

  wait(ms: number): Promise<void> {
    return new Promise((resolve) => {
      this.done = resolve;
      this.timer = setTimeout(resolve, ms);
    });
  }

  cut(): void {
    clearTimeout(this.timer);
    this.done?.();
  }
}

/**
 * What stops a subscription or a follow, said once while it lasts (then at debug at each retry) and again when
 * it changes. A producer's stream that does not exist yet is how every start begins (services start in any
 * order): an info line that says what it waits for, not a warning an operator would look into.
 */
class Interruptions {
  private last: 'waiting' | 'failing' | undefined;

  constructor(
    private readonly log: BusLog | undefined,
    private readonly where: object,
    private readonly what: string,
  ) {}

  report(err: unknown): void {
    const kind = isStreamMissing(err) ? 'waiting' : 'failing';
    const level = kind === this.last ? 'debug' : kind === 'waiting' ? 'info' : 'warn';
    this.last = kind;
    if (kind === 'waiting')
      this.log?.[level](this.where, `${this.what} waits for its producer's stream (not made yet)`);
    else this.log?.[level]({ ...this.where, err }, `${this.what} interrupted; retrying`);
  }

  /** Reading again: the next interruption is said anew. */
  resumed(): void {
    this.last = undefined;
  }
}

/** JetStream's wait for an ack before redelivering; a handler still at work says so before it runs out. */
export const ACK_WAIT_MS = 30_000;

/**
 * The stream a message was republished from, if it was: JetStream marks every republished copy so. The
 * platform's producers publish their events themselves; a copy another stream wrote onto a producer's
 * subject (bypassing that subject's publish permission) is not that producer's event.
 */
const republishedFrom = (h: MsgHdrs | undefined): string => h?.get('Nats-Stream') ?? '';

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
  /** Set when the server turned out to admit anonymous clients: the bus then serves nothing. */
  private refused: Error | undefined;
  private readonly streams = new Set<string>();
  private readonly ensured = new Set<string>();
  private readonly subscriptions = new Set<{ start(): void; stop(): Promise<void> }>();
  private readonly connecting: Promise<void>;
  private readonly prefix: string;
  private readonly buckets = new Map<string, Promise<KV>>();
  /** Durable consumers subscribed here: the name as subscribed → its stream and server-side name. */
  private readonly durables = new Map<string, { stream: string; name: string }>();

  private constructor(private readonly opts: NatsBusOptions) {
    if (opts.user && !opts.password)
      throw new Error(`NATS user ${opts.user} has no password (NATS_PASSWORD)`);
    this.prefix = opts.prefix ?? '';
    this.connecting = this.open();
    // A refusal after connect() returned is kept in `refused` (readiness says it), not thrown at nobody.
    this.connecting.catch(() => {});
  }

  /** Returns at once; the connection is made (and re-made) in the background. */
  static async connect(opts: NatsBusOptions): Promise<NatsEventBus> {
    const bus = new NatsEventBus(opts);
    // Give a reachable server a moment, so a normal start is connected before serving.
    let timer: NodeJS.Timeout | undefined;
    try {
      await Promise.race([bus.connecting, new Promise((r) => (timer = setTimeout(r, 2000)))]);
    } catch (err) {
      await bus.close();
      throw err;
    } finally {
      clearTimeout(timer); // a pending timer would keep a closing process (or test run) alive
    }
    return bus;
  }

  private async open(): Promise<void> {
    const nc = await connect({
      servers: this.opts.url,
      name: this.opts.name,
      ...(this.opts.user ? { user: this.opts.user, pass: this.opts.password } : {}),
      // Replies under our own name: NATS permissions let each service read only its own inbox.
      inboxPrefix: inboxPrefix(this.opts.name),
      waitOnFirstConnect: true,
      // Otherwise every request and JetStream publish builds an Error up front for its stack, in case it
      // times out: 9 % of the gateway's CPU, which asks the rate-limit bucket on every API request.
      noAsyncTraces: true,
      maxReconnectAttempts: -1,
      reconnectTimeWait: 1000,
      timeout: 2000,
    });
    if (this.closed) {
      await nc.close();
      return;
    }
    await this.refuseOpenServer(nc);
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
          // It may be another server now, or the same one restarted with another configuration.
          void this.refuseOpenServer(nc).catch(() => {});
        }
      }
    })();
  }

  /**
   * With a NATS user, the server must not admit anyone without one: else any process that reaches it could
   * publish as any service, and this service would believe it. Such a server is refused (the bus closes and
   * says why at every use) unless `allowOpenServer`, which only warns.
   */
  private async refuseOpenServer(nc: NatsConnection): Promise<void> {
    if (!this.opts.user) return;
    const server = `nats://${nc.getServer()}`;
    // The server we are on is asked, not the whole list `url` may give.
    if (!(await admitsAnonymous(server))) return;
    const reason = openNatsRefusal(server);
    if (this.opts.allowOpenServer) {
      this.opts.log?.warn({ server }, `${reason} (allowed here: development only)`);
      return;
    }
    this.refused = new Error(reason);
    this.opts.log?.error({ server }, reason);
    await nc.close().catch(() => {});
    await this.close();
    throw this.refused;
  }

  isConnected(): boolean {
    return this.connected && !this.closed;
  }

  async ready(): Promise<void> {
    if (this.refused) throw this.refused;
    if (!this.isConnected()) throw new Error('NATS is not connected');
  }

  async stats(): Promise<BusStats> {
    await this.ready();
    const jsm = this.jsm!;
    const consumers = await Promise.all(
      [...this.durables].map(async ([durable, { stream, name }]) => {
        // Not made yet (its stream's producer has not started): nothing pending for it. A refusal is an error.
        const info = await jsm.consumers.info(stream, name).catch((err: unknown) => {
          if (/(consumer|stream) not found/i.test((err as Error)?.message ?? '')) return undefined;
          throw err;
        });
        return {
          durable,
          pending: info?.num_pending ?? 0,
          ackPending: info?.num_ack_pending ?? 0,
          redelivered: info?.num_redelivered ?? 0,
        };
      }),
    );
    // The dead-letter stream's count per subject, only this client's (`deadletter.<client>.<durable>`).
    const info = await jsm.streams
      .info(streamName(this.prefix, DEAD_LETTER_PRODUCER), {
        subjects_filter: deadLetterSubjects(this.prefix, this.opts.name),
      })
      .catch((err: unknown) => {
        // No dead letter anywhere yet (the stream is made with the first); anything else is an error.
        if (isStreamMissing(err)) return undefined;
        throw err;
      });
    const bySubject = (info?.state.subjects ?? {}) as Record<string, number>;
    const deadLetters = [...this.durables].map(([durable]) => ({
      durable,
      count: bySubject[deadLetterSubject(this.prefix, this.opts.name, durable)] ?? 0,
    }));
    return { consumers, deadLetters };
  }

  /**
   * A key-value bucket of this deployment, whose every request is answered within `timeoutMs` or fails;
   * undefined while NATS is not connected (a request then would wait for the reconnection). On a server
   * with the platform's users the user `streams` made it and this client only binds to it; on an open
   * development server (no NATS user) it is made here, as the streams are.
   */
  async keyValue(bucket: KeyValueBucket, timeoutMs = 1000): Promise<KV | undefined> {
    if (!this.isConnected() || this.refused) return undefined;
    let kv = this.buckets.get(bucket.name);
    if (!kv) {
      const js = jetstream(this.nc!, { timeout: timeoutMs });
      kv = (async () => {
        if (!this.opts.user) await ensureBucket(js, this.prefix, bucket);
        return openBucket(js, this.prefix, bucket);
      })();
      this.buckets.set(bucket.name, kv);
      kv.catch(() => this.buckets.delete(bucket.name));
    }
    return kv;
  }

  async ensureStream(producer: string): Promise<void> {
    this.streams.add(producer);
    if (this.isConnected()) await this.ensure(producer);
  }

  /**
   * Checks the stream is there as the platform makes it. On a server with the platform's users it was made
   * by the NATS user "streams" and is only checked here (no service may make or change a stream: see
   * nats-permissions.ts); on an open development server the bus makes it itself.
   */
  private async ensure(producer: string): Promise<void> {
    if (this.ensured.has(producer)) return;
    await ensurePlatformStream(this.jsm!, this.prefix, producer);
    this.ensured.add(producer);
  }

  /** Copies `m` to the dead-letter stream; the message id makes a repeat (after a crash) a no-op. */
  private async deadLetter(m: JsMsg, durable: string, reason: DeadLetterReason, error: string) {
    await this.ensure(DEAD_LETTER_PRODUCER);
    const h = headers();
    h.set(DeadLetterHeader.subject, m.subject);
    h.set(DeadLetterHeader.stream, m.info.stream);
    h.set(DeadLetterHeader.sequence, String(m.seq));
    h.set(DeadLetterHeader.consumer, durable);
    h.set(DeadLetterHeader.deliveries, String(m.info.deliveryCount));
    h.set(DeadLetterHeader.reason, reason);
    h.set(DeadLetterHeader.error, headerValue(error));
    await this.js!.publish(deadLetterSubject(this.prefix, this.opts.name, durable), m.data, {
      msgID: `${m.info.stream}:${m.seq}:${durable}`,
      headers: h,
    });
  }

  /** The event type a message's subject stands for (the subject without the deployment prefix). */
  private typeOf(subject: string): string {
    return subject.startsWith(this.prefix) ? subject.slice(this.prefix.length) : subject;
  }

  /** Streams this bus ensures are its own; other producers' streams are only read (and may not exist yet). */
  private async ensureIfOwn(producer: string): Promise<void> {
    if (this.streams.has(producer)) await this.ensure(producer);
  }

  async publish(event: Envelope): Promise<void> {
    if (!this.isConnected() || !this.js) throw new Error('NATS is not connected');
    const producer = producerOf(event.type);
    await this.ensure(producer);
    // The trace context travels in the message's header too, where tools that read NATS look for it.
    const h = event.traceparent ? headers() : undefined;
    if (h) h.set('traceparent', event.traceparent!);
    await this.js.publish(subjectFor(this.prefix, event.type), JSON.stringify(event), {
      msgID: event.id,
      ...(h ? { headers: h } : {}),
    });
  }

  async subscribe<D>(opts: SubscribeOptions<D>): Promise<Subscription> {
    const stream = streamName(this.prefix, opts.producer);
    const durable = durableName(this.prefix, opts.durable);
    this.durables.set(opts.durable, { stream, name: durable });
    const checker = new EventChecker(opts.schemas);
    const pause = new Pause();
    let stopped = false;
    let messages: { stop(): void } | undefined;

    const run = async () => {
      const interruptions = new Interruptions(this.opts.log, { durable }, 'subscription');
      while (!stopped) {
        try {
          await this.ensureIfOwn(opts.producer);
          const jsm = this.jsm!;
          const info = await jsm.consumers.info(stream, durable).catch(() =>
            jsm.consumers.add(stream, {
              durable_name: durable,
              ack_policy: AckPolicy.Explicit,
              deliver_policy: DeliverPolicy.All,
              filter_subject: subjectFor(this.prefix, opts.filter),
              ack_wait: nanos(this.opts.ackWaitMs ?? ACK_WAIT_MS),
            }),
          );
          // The consumer's own wait (a durable made earlier keeps the one it was made with).
          const ackWaitMs = millis(info.config.ack_wait ?? nanos(ACK_WAIT_MS));
          const consumer = await this.js!.consumers.get(stream, durable);
          const iter = await consumer.consume({ max_messages: 64 });
          messages = iter;
          interruptions.resumed();
          // Stopped while we were binding: halt() found nothing to stop yet.
          if (stopped) iter.stop();
          for await (const m of iter)
            await this.deliver(m, checker, opts as SubscribeOptions<unknown>, ackWaitMs);
        } catch (err) {
          if (stopped) return;
          interruptions.report(err);
        }
        if (!stopped) await pause.wait(1000);
      }
    };

    return this.track(run, () => {
      stopped = true;
      messages?.stop();
      pause.cut();
    });
  }

  /**
   * One message of a durable consumer: an unknown type is acknowledged and skipped; an invalid event is
   * dead-lettered and terminated; a failing handler is retried with backoff, then dead-lettered.
   */
  private async deliver(
    m: JsMsg,
    checker: EventChecker,
    opts: SubscribeOptions<unknown>,
    ackWaitMs: number,
  ): Promise<void> {
    const where = { durable: opts.durable, subject: m.subject, seq: m.seq, deliveries: m.info.deliveryCount };
    const copied = republishedFrom(m.headers);
    const checked = copied
      ? ({ outcome: 'invalid', error: `republished here from stream ${copied}: not its producer's` } as const)
      : checker.fromBytes(m.data, this.typeOf(m.subject));
    if (checked.outcome === 'unknown') {
      this.opts.log?.debug(
        { ...where, type: checked.type },
        'event type not handled by this consumer; skipped',
      );
      m.ack();
      return;
    }
    let reason: DeadLetterReason = 'invalid';
    let error: string;
    if (checked.outcome === 'invalid') {
      error = checked.error;
      this.opts.log?.warn({ ...where, error }, 'invalid event: not applied, sent to the dead-letter stream');
    } else {
      // A handler may outlast the ack wait (a job matched against many saved searches): it tells JetStream
      // it is still at work, three times per wait, or the event would be delivered again while it runs.
      const working = setInterval(() => m.working(), ackWaitMs / 3);
      const span = consumerSpan(this.opts.name, opts.durable, checked.event, m.headers?.get('traceparent'));
      try {
        await context.with(trace.setSpan(ROOT_CONTEXT, span), () => opts.handler(checked.event));
        m.ack();
        return;
      } catch (err) {
        span.setStatus({ code: SpanStatusCode.ERROR });
        const maxDeliver = opts.maxDeliver ?? DEFAULT_MAX_DELIVER;
        if (m.info.deliveryCount < maxDeliver) {
          const retryInMs = retryDelayMs(m.info.deliveryCount, opts.retryDelayMs);
          this.opts.log?.warn({ ...where, err, retryInMs }, 'event handler failed; retrying later');
          m.nak(retryInMs);
          return;
        }
        reason = 'failed';
        error = err instanceof Error ? err.message : String(err);
        this.opts.log?.error(
          { ...where, err },
          'event handler failed its last delivery; sent to the dead-letter stream',
        );
      } finally {
        clearInterval(working);
        span.end();
      }
    }
    try {
      await this.deadLetter(m, opts.durable, reason, error);
      m.term();
    } catch (err) {
      // Not applied and not lost: it comes back and is dead-lettered again.
      this.opts.log?.error({ ...where, err }, 'could not dead-letter an event; retrying later');
      m.nak(retryDelayMs(m.info.deliveryCount, opts.retryDelayMs));
    }
  }

  async follow<D>(opts: FollowOptions<D>): Promise<Subscription> {
    const stream = streamName(this.prefix, opts.producer);
    const checker = new EventChecker(opts.schemas);
    const pause = new Pause();
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
      const interruptions = new Interruptions(this.opts.log, { stream }, 'follow');
      while (!stopped) {
        try {
          await this.ensureIfOwn(opts.producer);
          // Ephemeral: the server removes it a minute after we stop reading (a restart makes a new one).
          // Named by us so the filter is in the request's subject, where NATS permissions can limit it.
          const info = await this.jsm!.consumers.add(stream, {
            name: durableName(this.prefix, `${this.opts.name}__follow_${randomBytes(6).toString('hex')}`),
            ack_policy: AckPolicy.None,
            deliver_policy: DeliverPolicy.StartTime,
            opt_start_time: since.toISOString(),
            filter_subject: subjectFor(this.prefix, opts.filter),
            inactive_threshold: nanos(60_000),
          });
          const consumer = await this.js!.consumers.get(stream, info.name);
          const iter = await consumer.consume({ max_messages: 256 });
          messages = iter;
          interruptions.resumed();
          if (stopped) iter.stop();
          if (info.num_pending === 0) caughtUp();
          for await (const m of iter) {
            if (m.info.pending === 0) queueMicrotask(caughtUp);
            // Resume from the server's time of storing, never from a time the event claims.
            since = new Date(Math.max(since.getTime(), m.time.getTime()));
            const where = { stream, subject: m.subject, seq: m.seq };
            const copied = republishedFrom(m.headers);
            const checked = copied
              ? ({ outcome: 'invalid', error: `republished here from stream ${copied}` } as const)
              : checker.fromBytes(m.data, this.typeOf(m.subject));
            if (checked.outcome === 'unknown') {
              this.opts.log?.debug({ ...where, type: checked.type }, 'event type not followed here; skipped');
            } else if (checked.outcome === 'invalid') {
              this.opts.log?.warn({ ...where, error: checked.error }, 'invalid event skipped');
            } else {
              try {
                opts.handler(checked.event as Envelope<D>);
              } catch (err) {
                this.opts.log?.warn({ ...where, err }, 'follow handler failed');
              }
            }
          }
        } catch (err) {
          if (stopped) return;
          // No stream yet (its producer has not started): nothing was stored, so nothing is left to replay.
          if (isStreamMissing(err)) caughtUp();
          interruptions.report(err);
        }
        if (!stopped) await pause.wait(1000);
      }
    };
    return this.track(run, () => {
      stopped = true;
      messages?.stop();
      pause.cut();
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
