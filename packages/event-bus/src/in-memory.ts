import type { Envelope } from '@platform/contracts';
import type { BusLog, BusStats, EventBus, FollowOptions, SubscribeOptions, Subscription } from './bus';
import { EventChecker } from './event-check';
import { DEFAULT_MAX_DELIVER } from './delivery';
import type { DeadLetter } from './dead-letter';

function matches(filter: string, type: string): boolean {
  const f = filter.split('.');
  const t = type.split('.');
  for (let i = 0; i < f.length; i++) {
    if (f[i] === '>') return t.length > i;
    if (f[i] !== '*' && f[i] !== t[i]) return false;
  }
  return f.length === t.length;
}

interface Subscriber {
  opts: SubscribeOptions<unknown>;
  checker: EventChecker;
  /** A `follow()` reader: no acks, so an invalid event is skipped rather than dead-lettered. */
  follows?: boolean;
}

/**
 * For unit tests: keeps every published envelope and delivers it to matching subscribers (with catch-up),
 * under the NATS bus's rules: unknown types skipped, invalid events and events whose handler fails
 * `maxDeliver` times (retried at once here) kept in `deadLetters`, never applied.
 */
export class InMemoryEventBus implements EventBus {
  readonly published: Envelope[] = [];
  readonly deadLetters: DeadLetter[] = [];
  private readonly seen = new Set<string>();
  private readonly subscribers = new Set<Subscriber>();

  constructor(private readonly opts: { log?: BusLog } = {}) {}

  async ensureStream(): Promise<void> {}

  async publish(event: Envelope): Promise<void> {
    if (this.seen.has(event.id)) return; // same de-duplication as JetStream's msgID
    this.seen.add(event.id);
    this.published.push(event);
    for (const s of this.subscribers) if (matches(s.opts.filter, event.type)) await this.deliver(s, event);
  }

  async subscribe<D>(opts: SubscribeOptions<D>): Promise<Subscription> {
    return this.add({ opts: opts as SubscribeOptions<unknown>, checker: new EventChecker(opts.schemas) });
  }

  async follow<D>(opts: FollowOptions<D>): Promise<Subscription> {
    const handler = async (e: Envelope<unknown>) => {
      if (Date.parse(e.occurredAt) >= opts.since.getTime()) opts.handler(e as Envelope<D>);
    };
    const sub = await this.add({
      opts: {
        producer: opts.producer,
        durable: 'follow',
        filter: opts.filter,
        schemas: opts.schemas,
        handler,
        maxDeliver: 1,
      },
      checker: new EventChecker(opts.schemas),
      follows: true,
    });
    opts.onCaughtUp?.(); // add() has replayed everything stored
    return sub;
  }

  private async add(sub: Subscriber): Promise<Subscription> {
    for (const e of this.published) if (matches(sub.opts.filter, e.type)) await this.deliver(sub, e);
    this.subscribers.add(sub);
    return { stop: async () => void this.subscribers.delete(sub) };
  }

  private async deliver({ opts, checker, follows }: Subscriber, message: unknown): Promise<void> {
    const log = this.opts.log;
    const checked = checker.check(message);
    if (checked.outcome === 'unknown') {
      log?.debug(
        { durable: opts.durable, type: checked.type },
        'event type not handled by this consumer; skipped',
      );
      return;
    }
    if (checked.outcome === 'invalid' && follows) {
      log?.warn({ error: checked.error }, 'invalid event skipped');
      return;
    }
    if (checked.outcome === 'invalid') {
      log?.warn(
        { durable: opts.durable, error: checked.error },
        'invalid event: not applied, sent to the dead-letter stream',
      );
      this.deadLetters.push({
        consumer: opts.durable,
        reason: 'invalid',
        error: checked.error,
        deliveries: 1,
        message,
      });
      return;
    }
    const maxDeliver = opts.maxDeliver ?? DEFAULT_MAX_DELIVER;
    for (let deliveries = 1; ; deliveries++) {
      try {
        await opts.handler(checked.event);
        return;
      } catch (err) {
        if (follows) {
          log?.warn({ err }, 'follow handler failed');
          return;
        }
        if (deliveries < maxDeliver) {
          log?.warn({ durable: opts.durable, err, deliveries }, 'event handler failed; retrying later');
          continue;
        }
        log?.error(
          { durable: opts.durable, err, deliveries },
          'event handler failed its last delivery; sent to the dead-letter stream',
        );
        const error = err instanceof Error ? err.message : String(err);
        this.deadLetters.push({ consumer: opts.durable, reason: 'failed', error, deliveries, message });
        return;
      }
    }
  }

  isConnected(): boolean {
    return true;
  }
  async ready(): Promise<void> {}

  /** Delivery here is synchronous: nothing is ever pending; dead letters are the ones kept. */
  async stats(): Promise<BusStats> {
    const durables = [...new Set([...this.subscribers].map((s) => s.opts.durable))].filter(
      (d) => d !== 'follow',
    );
    return {
      consumers: durables.map((durable) => ({ durable, pending: 0, ackPending: 0, redelivered: 0 })),
      deadLetters: durables.map((durable) => ({
        durable,
        count: this.deadLetters.filter((d) => d.consumer === durable).length,
      })),
    };
  }
  async close(): Promise<void> {
    this.subscribers.clear();
  }
}

export { matches as subjectMatches };
