import type { Envelope } from '@platform/contracts';
import type { EventBus, FollowOptions, SubscribeOptions, Subscription } from './bus';

function matches(filter: string, type: string): boolean {
  const f = filter.split('.');
  const t = type.split('.');
  for (let i = 0; i < f.length; i++) {
    if (f[i] === '>') return t.length > i;
    if (f[i] !== '*' && f[i] !== t[i]) return false;
  }
  return f.length === t.length;
}

/** For unit tests: keeps every published envelope and delivers it to matching subscribers (with catch-up). */
export class InMemoryEventBus implements EventBus {
  readonly published: Envelope[] = [];
  private readonly seen = new Set<string>();
  private readonly subscribers = new Set<SubscribeOptions<unknown>>();

  async ensureStream(): Promise<void> {}

  async publish(event: Envelope): Promise<void> {
    if (this.seen.has(event.id)) return; // same de-duplication as JetStream's msgID
    this.seen.add(event.id);
    this.published.push(event);
    for (const s of this.subscribers) if (matches(s.filter, event.type)) await s.handler(event);
  }

  async subscribe<D>(opts: SubscribeOptions<D>): Promise<Subscription> {
    const sub = opts as SubscribeOptions<unknown>;
    for (const e of this.published) if (matches(sub.filter, e.type)) await sub.handler(e);
    this.subscribers.add(sub);
    return { stop: async () => void this.subscribers.delete(sub) };
  }

  async follow<D>(opts: FollowOptions<D>): Promise<Subscription> {
    const sub = await this.subscribe<D>({
      producer: opts.producer,
      durable: 'follow',
      filter: opts.filter,
      handler: async (e) => {
        if (Date.parse(e.occurredAt) >= opts.since.getTime()) opts.handler(e);
      },
    });
    opts.onCaughtUp?.(); // subscribe has replayed everything stored
    return sub;
  }

  isConnected(): boolean {
    return true;
  }
  async ready(): Promise<void> {}
  async close(): Promise<void> {
    this.subscribers.clear();
  }
}

export { matches as subjectMatches };
