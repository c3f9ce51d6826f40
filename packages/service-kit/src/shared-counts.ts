import {
  isRevisionConflict,
  NatsEventBus,
  type EventBus,
  type KeyValueBucket,
  type KV,
} from '@platform/event-bus';

/**
 * Rate-limit counts for @fastify/rate-limit (its `store` option, a class): in this process's memory
 * (`WindowCounts`, `storeOver`), or shared by every instance of a deployment in a NATS JetStream key-value
 * bucket (`KvCounts`, `storeInKv`), falling back to memory while NATS cannot count. The gateway counts every
 * API request so (gateway/README.md); svc-identity its per-network limits.
 */

export interface Count {
  current: number;
  /** Milliseconds left in the client's window. */
  ttl: number;
}

export type Callback = (err: Error | null, count?: Count) => void;

/**
 * A fixed window per key (what @fastify/rate-limit's memory store does): the first request opens it.
 * At most `maxKeys` windows are held (the plugin's store held 5,000): a flood from more addresses than
 * that, within one window, forgets the window opened longest ago, the one nearest its end anyway.
 */
export class WindowCounts {
  /** In the order the windows opened (a reopened one moves to the end), so the first is the oldest. */
  private readonly windows = new Map<string, { current: number; startMs: number }>();

  constructor(private readonly maxKeys = 100_000) {}

  incr(key: string, timeWindow: number, now = Date.now()): Count {
    let w = this.windows.get(key);
    if (!w || w.startMs + timeWindow <= now) {
      w = { current: 0, startMs: now };
      this.windows.delete(key);
      if (this.windows.size >= this.maxKeys) this.windows.delete(this.windows.keys().next().value!);
      this.windows.set(key, w);
    }
    w.current++;
    return { current: w.current, ttl: w.startMs + timeWindow - now };
  }

  read(key: string, timeWindow: number, now = Date.now()): Count {
    const w = this.windows.get(key);
    if (!w || w.startMs + timeWindow <= now) return { current: 0, ttl: 0 };
    return { current: w.current, ttl: w.startMs + timeWindow - now };
  }

  /** Forgets closed windows, so the map holds only clients seen within the last window. */
  prune(timeWindow: number, now = Date.now()): void {
    // Oldest first: the first window still open ends the walk.
    for (const [key, w] of this.windows) {
      if (w.startMs + timeWindow > now) break;
      this.windows.delete(key);
    }
  }
}

/**
 * A store for @fastify/rate-limit (its `store` option, a class) over counts this process keeps.
 */
export function storeOver(counts: WindowCounts) {
  return class CountsInProcess {
    incr(key: string, cb: Callback, timeWindow: number): void {
      cb(null, counts.incr(key, timeWindow));
    }

    read(key: string, cb: Callback, timeWindow: number): void {
      cb(null, counts.read(key, timeWindow));
    }

    child(): CountsInProcess {
      return this;
    }
  };
}

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

/** A compare-and-set attempt lost to another instance this many times in a row: counted locally instead. */
const MAX_ATTEMPTS = 8;

/**
 * After NATS failed a count (a timeout, a refusal), counts skip it for this long: a NATS that answers
 * nothing then costs one request a second its wait, not every request.
 */
export const KV_PAUSE_MS = 1000;

/** A count this process makes in memory for a reason of its own, not because NATS failed. */
class CountedHere extends Error {}

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
  /** The bucket's TTL: a longer window would outlive its keys, so it is counted in memory. */
  maxWindowMs: number;
  /** Last revisions remembered at most (clients seen within a window). */
  maxKeys?: number;
}

/**
 * Counts shared by every instance of a deployment, in a NATS JetStream key-value bucket made by the NATS user
 * `streams` (event-bus's `KeyValueBucket`). One key per client, its value `<count> <window start ms>`: a fixed
 * window the client's first request opens, as @fastify/rate-limit's memory store counts. Keys live one bucket
 * TTL after their last write, so the bucket holds only clients seen within the last window; a window longer
 * than the bucket's TTL is counted in memory.
 *
 * Each count is a compare-and-set: the new value is written only if the key's revision is still the one it
 * was computed from (JetStream's expected last subject sequence), else the key is read again and the count
 * tried anew; so two instances counting one client at once never lose a request. Within one process a
 * client's counts go one after the other (no process races itself), and the last revision it wrote is kept,
 * so a client served by one instance costs one round trip a request.
 *
 * **While NATS cannot count** (disconnected, a count not answered in time, the bucket full, or eight conflicts
 * in a row), the request is counted in this process's memory (`fallback`): each instance then holds a client
 * to its limit alone, so across N instances a client may make up to N times its allowance until NATS is back,
 * and nobody is refused for NATS being down. After a failure NATS is asked again a second later
 * (`KV_PAUSE_MS`), so a NATS that answers nothing costs one request a second its wait. The counts in the
 * bucket go on where they were.
 */
export class KvCounts {
  private readonly seen = new Map<string, Seen>();
  /** Each client's counts one after the other, within this process. */
  private readonly queues = new Map<string, Promise<unknown>>();
  private readonly fallback: CountStore;
  private sharing = true;
  private pausedUntil = 0;

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
        if (!(err instanceof CountedHere)) {
          this.shared(false, err);
          this.pausedUntil = Date.now() + KV_PAUSE_MS;
        }
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
    if (timeWindow > this.opts.maxWindowMs)
      throw new CountedHere(
        `a window of ${timeWindow} ms outlives the bucket's keys (${this.opts.maxWindowMs} ms)`,
      );
    if (Date.now() < this.pausedUntil) throw new CountedHere('NATS failed a count within the last second');
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
        // A key with no value yet is created: that too fails if another instance wrote it first.
        const revision = known.revision
          ? await kv.update(key, value, known.revision)
          : await kv.create(key, value);
        this.remember(key, { ...next, revision });
        return { current: next.count, ttl: next.startMs + timeWindow - now };
      } catch (err) {
        if (!isRevisionConflict(err)) throw err;
        // Another instance counted this client since: read its count and try again.
        this.seen.delete(key);
        known = undefined;
      }
    }
    throw new CountedHere(`the count of one client was taken by others ${MAX_ATTEMPTS} times in a row`);
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
    if (ok) this.opts.log.info({}, 'rate limit: counting in NATS again, shared by every instance');
    else
      this.opts.log.warn(
        { err },
        'rate limit: NATS cannot count; counting in this instance alone until it can (a client may get its allowance once per instance)',
      );
  }
}

/**
 * A @fastify/rate-limit store over one KvCounts. A route with its own limit (`config.rateLimit`) counts
 * apart, under its method and path, as the plugin's own stores do.
 */
export function storeInKv(counts: KvCounts, namespace = '') {
  return class CountsInKv {
    incr(key: string, cb: Callback, timeWindow: number): void {
      counts.incr(`${namespace}${key}`, cb, timeWindow);
    }

    /** The plugin passes the route's merged options, its `routeInfo` the route (typed as the route itself). */
    child(route: unknown): CountsInKv {
      const info = (route as { routeInfo?: { method?: string; url?: string } } | undefined)?.routeInfo;
      const Child = storeInKv(counts, `${namespace}${info?.method ?? ''}${info?.url ?? ''}-`);
      return new Child();
    }
  };
}

/** The longest window a service's shared per-client limits may count (its bucket's TTL). */
export const SERVICE_RATE_LIMIT_WINDOW_MS = 60_000;

/**
 * The bucket of a service whose descriptor says `sharedRateLimits` (`svc-identity-rate-limits`): its
 * per-client limits counted once for all its instances. Made by the NATS user `streams`; only that service's
 * user may read and write its keys.
 */
export function serviceRateLimitBucket(folder: string): KeyValueBucket {
  return { name: `${folder}-rate-limits`, ttlMs: SERVICE_RATE_LIMIT_WINDOW_MS, maxBytes: 8 * 1024 * 1024 };
}

/**
 * A service's @fastify/rate-limit store (its `store` option) shared by all its instances: counts in its
 * bucket through its bus when that is NATS (else, an in-memory bus in a test, in memory), and in this
 * instance's memory while NATS cannot count. `stop()` on close.
 */
export function sharedRateLimitStore(
  bus: EventBus,
  bucket: KeyValueBucket,
  log: KvCountsOptions['log'],
  timeoutMs = 500,
) {
  const memory = new WindowCounts();
  const pruning = setInterval(() => memory.prune(bucket.ttlMs), bucket.ttlMs).unref();
  const fallback = storeOver(memory);
  const store =
    bus instanceof NatsEventBus
      ? storeInKv(
          new KvCounts({
            bucket: () => bus.keyValue(bucket, timeoutMs),
            fallback,
            log,
            maxWindowMs: bucket.ttlMs,
          }),
        )
      : fallback;
  return { store, stop: () => clearInterval(pruning) };
}
