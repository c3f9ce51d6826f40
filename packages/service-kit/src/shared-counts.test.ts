import type { KV } from '@platform/event-bus';
import { KV_PAUSE_MS, KvCounts, storeInKv, storeOver, WindowCounts, type Count } from './shared-counts';

/**
 * A stand-in for a JetStream key-value bucket with its compare-and-set rules: `create` fails on a key that
 * has a value, `update` unless the revision given is the key's last (JetStream's error 10071), and every
 * call answers on a later turn of the event loop, so concurrent counts interleave as over a network.
 */
function fakeBucket() {
  const keys = new Map<string, { value: string; revision: number }>();
  let sequence = 0;
  const calls = { get: 0, write: 0 };
  const later = () => new Promise((r) => setImmediate(r));
  const conflict = () => Object.assign(new Error('wrong last sequence'), { code: 10071 });
  const kv = {
    async get(key: string) {
      calls.get++;
      await later();
      const e = keys.get(key);
      return e ? { operation: 'PUT', revision: e.revision, string: () => e.value } : null;
    },
    async create(key: string, value: string) {
      calls.write++;
      await later();
      if (keys.has(key)) throw conflict();
      keys.set(key, { value, revision: ++sequence });
      return sequence;
    },
    async update(key: string, value: string, revision: number) {
      calls.write++;
      await later();
      if (keys.get(key)?.revision !== revision) throw conflict();
      keys.set(key, { value, revision: ++sequence });
      return sequence;
    },
  };
  return { kv: kv as unknown as KV, keys, calls };
}

const quiet = () => ({ warn: jest.fn(), info: jest.fn() });

function countsOver(bucket: () => Promise<KV | undefined>, log = quiet()) {
  const memory = new WindowCounts();
  return { counts: new KvCounts({ bucket, fallback: storeOver(memory), log, maxWindowMs: 60_000 }), memory };
}

const count = (counts: KvCounts, client: string, window = 60_000) =>
  new Promise<Count>((resolve, reject) =>
    counts.incr(client, (err, c) => (err ? reject(err) : resolve(c!)), window),
  );

describe('KvCounts', () => {
  it('counts a client once for two instances sharing the bucket, even when they count at once', async () => {
    const { kv } = fakeBucket();
    const a = countsOver(async () => kv).counts;
    const b = countsOver(async () => kv).counts;
    const all = await Promise.all(Array.from({ length: 20 }, (_, i) => count(i % 2 ? a : b, '10.0.0.1')));
    expect(all.map((c) => c.current).sort((x, y) => x - y)).toEqual(
      Array.from({ length: 20 }, (_, i) => i + 1),
    );
    expect(all.every((c) => c.ttl > 0 && c.ttl <= 60_000)).toBe(true);
    expect((await count(a, '10.0.0.2')).current).toBe(1);
  });

  it('writes once a request for a client one instance serves (it keeps the revision it wrote)', async () => {
    const { kv, calls } = fakeBucket();
    const { counts } = countsOver(async () => kv);
    for (let i = 0; i < 5; i++) await count(counts, '10.0.0.3');
    expect(calls).toEqual({ get: 1, write: 5 });
  });

  it('opens a new window once the last one ended', async () => {
    const { kv, keys } = fakeBucket();
    const { counts } = countsOver(async () => kv);
    expect((await count(counts, '10.0.0.4', 50)).current).toBe(1);
    await new Promise((r) => setTimeout(r, 60));
    expect((await count(counts, '10.0.0.4', 50)).current).toBe(1);
    expect([...keys.values()][0]!.value).toMatch(/^1 \d+$/);
  });

  it('counts in memory while NATS is not connected, says so once, and again when it counts in NATS', async () => {
    const { kv } = fakeBucket();
    let connected = false;
    const log = quiet();
    const { counts, memory } = countsOver(async () => (connected ? kv : undefined), log);
    expect((await count(counts, '10.0.0.5')).current).toBe(1);
    expect((await count(counts, '10.0.0.5')).current).toBe(2);
    expect(memory.read('10.0.0.5', 60_000).current).toBe(2);
    expect(log.warn).toHaveBeenCalledTimes(1);
    connected = true;
    await new Promise((r) => setTimeout(r, KV_PAUSE_MS + 50));
    // The bucket's own count, which never saw the requests counted in memory.
    expect((await count(counts, '10.0.0.5')).current).toBe(1);
    expect(log.info).toHaveBeenCalledTimes(1);
  });

  it('asks a NATS that failed a count again only a second later, counting in memory meanwhile', async () => {
    const { kv } = fakeBucket();
    let asked = 0;
    const failing = {
      ...kv,
      get: async () => {
        asked++;
        throw new Error('TIMEOUT');
      },
    } as unknown as KV;
    const { counts, memory } = countsOver(async () => failing);
    for (let i = 0; i < 5; i++) await count(counts, '10.0.0.6');
    expect(asked).toBe(1);
    expect(memory.read('10.0.0.6', 60_000).current).toBe(5);
  });

  it('counts a window longer than the bucket keeps its keys in memory', async () => {
    const { kv, calls } = fakeBucket();
    const { counts, memory } = countsOver(async () => kv);
    await count(counts, '10.0.0.7', 120_000);
    expect(calls.write).toBe(0);
    expect(memory.read('10.0.0.7', 120_000).current).toBe(1);
  });

  it("counts a route with its own limit apart from the others (the plugin's child stores)", async () => {
    const { kv } = fakeBucket();
    const Store = storeInKv(countsOver(async () => kv).counts);
    const store = new Store();
    const login = store.child({ routeInfo: { method: 'POST', url: '/api/user/login' } });
    const forgot = store.child({ routeInfo: { method: 'POST', url: '/api/user/password/forgot' } });
    const incr = (s: typeof store) =>
      new Promise<number>((resolve) => s.incr('10.0.0.8', (_e, c) => resolve(c!.current), 60_000));
    expect([await incr(login), await incr(login), await incr(forgot), await incr(store)]).toEqual([
      1, 2, 1, 1,
    ]);
  });
});
