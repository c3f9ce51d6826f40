import { isRevisionConflict, type KeyValueBucket, type KV } from '@platform/event-bus';
import { RATE_LIMIT_WINDOW_MS } from './shared-rate-limit';

/**
 * The rate limit's counts shared by every gateway instance of a deployment, in a NATS JetStream key-value
 * bucket (`<PREFIX>GATEWAY-RATE-LIMITS`, made by the NATS user `streams` with the other streams). One key per
 * client, its value `<count> <window start ms>`: a fixed window the client's first request opens, as
 * @fastify/rate-limit's memory store counts. Keys live one window after their last write (the bucket's TTL),
 * so the bucket holds only clients seen within the last minute.
 *
 * Each count is a compare-and-set: the new value is written only if the key's revision is still the one it
 * was computed from (JetStream's expected last subject sequence), else the key is read again and the count
 * tried anew; so two gateways counting one client at once never lose a request. Within one process a
 * client's counts go one after the other (no process races itself), and the last revision it wrote is kept,
 * so a client served by one gateway costs one round trip a request.
 *
 * **While NATS cannot count** (disconnected, or a count not answered within `timeoutMs`), the gateway counts
 * in its own memory (`fallback`: the process's, or with workers the primary's): each gateway instance then
 * holds a client to its limit alone, so across N instances a client may make up to N times its allowance
 * until NATS is back, and is never refused for NATS being down. The counts in the bucket go on where they
 * were.
 */
export const RATE_LIMIT_BUCKET: KeyValueBucket = {
  name: 'gateway-rate-limits',
  ttlMs: RATE_LIMIT_WINDOW_MS,
  // About 150 bytes a client in memory: some 200,000 clients a minute. Past it a count is refused and the
  // gateway counts that client in its own memory (as when NATS is down).
  maxBytes: 32 * 1024 * 1024,
};

interface Count {
  current: number;
  ttl: number;
}
type Callback = (err: Error | null, count?: Count) => void;

/** A @fastify/rate-limit store (the class its `store` option takes). */
export interface CountStore {
  incr(key: string, cb: Callback, timeWindow: number): void;
  read?(key: string, cb: Callback, timeWindow: number): void;
  child(): CountStore;
}
type CountStoreClass = new (...args: never[]) => CountStore;

interface Seen {
  count: number;
  startMs: number;
  revision: number;
}

/** A compare-and-set attempt lost to another gateway this many times in a row: counted locally instead. */
const MAX_ATTEMPTS = 8;

/** Keys may hold only `-/=._` and word characters: an address (IPv6's colons) is written in base64url. */
const keyOf = (client: string) => Buffer.from(client).toString('base64url');

const valueOf = (count: number, startMs: number) => `${count} ${startMs}`;

function parse(value: string): { count: number; startMs: number } | undefined {
  const [count, startMs] = value.split(' ').map(Number);
  return Number.isSafeInteger(count) && Number.isSafeInteger(startMs)
    ? { count: count!, startMs: startMs! }
    : undefined;
}

export interface KvCountsOptions {
  /** The bucket, or undefined while NATS is not connected (NatsEventBus.keyValue). */
  bucket: () => Promise<KV | undefined>;
  /** Where clients are counted while NATS cannot. */
  fallback: CountStoreClass;
  /** Said once when counting falls back to memory, and once when it is shared again. */
  log: { warn(obj: object, msg: string): void; info(obj: object, msg: string): void };
  /** Last revisions remembered at most (clients seen within a window). */
  maxKeys?: number;
}

/** The counts in the bucket, with their fallback. */
export class KvCounts {
  private readonly seen = new Map<string, Seen>();
  /** Each client's counts one after the other, within this process. */
  private readonly queues = new Map<string, Promise<unknown>>();
  private readonly fallback: CountStore;
  private sharing = true;

  constructor(private readonly opts: KvCountsOptions) {
    this.fallback = new opts.fallback();
  }

  incr(client: string, cb: Callback, timeWindow: number): void {
    const key = keyOf(client);
    const before = this.queues.get(key) ?? Promise.resolve();
    const turn = before.then(() => this.count(key, timeWindow));
    const done = turn.then(
      (count) => {
        this.shared(true);
        cb(null, count);
      },
      (err: unknown) => {
        this.shared(false, err);
        this.fallback.incr(client, cb, timeWindow);
      },
    );
    this.queues.set(key, done);
    void done.finally(() => {
      if (this.queues.get(key) === done) this.queues.delete(key);
    });
  }

  /** Counts in KV; throws when NATS cannot count (not connected, timed out, refused, contended). */
  private async count(key: string, timeWindow: number): Promise<Count> {
    const kv = await this.opts.bucket();
    if (!kv) throw new Error('NATS is not connected');
    let known = this.seen.get(key);
    for (let attempt = 0; attempt < MAX_ATTEMPTS; attempt++) {
      known ??= await this.read(kv, key);
      const now = Date.now();
      const open = known.startMs <= now && now < known.startMs + timeWindow;
      const next = open ? { count: known.count + 1, startMs: known.startMs } : { count: 1, startMs: now };
      try {
        const value = valueOf(next.count, next.startMs);
        // A key with no value yet is created: that too fails if another gateway wrote it first.
        const revision = known.revision
          ? await kv.update(key, value, known.revision)
          : await kv.create(key, value);
        this.remember(key, { ...next, revision });
        return { current: next.count, ttl: next.startMs + timeWindow - now };
      } catch (err) {
        if (!isRevisionConflict(err)) throw err;
        // Another gateway counted this client since: read its count and try again.
        this.seen.delete(key);
        known = undefined;
      }
    }
    throw new Error(`the count of one client was taken by others ${MAX_ATTEMPTS} times in a row`);
  }

  /** The key's last value and revision; revision 0 for a key that has none (a first write creates it). */
  private async read(kv: KV, key: string): Promise<Seen> {
    const entry = await kv.get(key);
    if (!entry) return { count: 0, startMs: 0, revision: 0 };
    const value = entry.operation === 'PUT' ? parse(entry.string()) : undefined;
    return { count: value?.count ?? 0, startMs: value?.startMs ?? 0, revision: entry.revision };
  }

  private remember(key: string, seen: Seen): void {
    this.seen.delete(key);
    if (this.seen.size >= (this.opts.maxKeys ?? 100_000)) this.seen.delete(this.seen.keys().next().value!);
    this.seen.set(key, seen);
  }

  private shared(ok: boolean, err?: unknown): void {
    if (ok === this.sharing) return;
    this.sharing = ok;
    if (ok) this.opts.log.info({}, 'rate limit: counting in NATS again, shared by every gateway');
    else
      this.opts.log.warn(
        { err },
        'rate limit: NATS cannot count; counting in this gateway alone until it can (a client may get its allowance once per gateway)',
      );
  }
}

/** A @fastify/rate-limit store over one KvCounts. */
export function storeInKv(counts: KvCounts) {
  return class CountsInKv {
    incr(key: string, cb: Callback, timeWindow: number): void {
      counts.incr(key, cb, timeWindow);
    }

    child(): CountsInKv {
      return this;
    }
  };
}
