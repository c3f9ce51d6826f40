import { performance } from 'node:perf_hooks';
import autocannon from 'autocannon';
import { Pool } from 'undici';

/** What one load run measured: mean requests per second, latency percentiles (ms), failures. */
export interface Figures {
  rps: number;
  p50: number;
  /** Measured by oneAtATime and steadyLoad only (autocannon gives none). */
  p95?: number;
  p99: number;
  /** Answers outside 2xx plus connection errors. */
  failed: number;
}

/**
 * Loads one URL: `connections` at once for `seconds` as fast as it answers (autocannon), or, with
 * `rate`, at a steady `rate` requests per second (steadyLoad).
 */
export async function load(
  url: string,
  opts: { token?: string; acceptEncoding?: string; connections: number; seconds: number; rate?: number },
): Promise<Figures> {
  if (opts.rate) return steadyLoad(url, { ...opts, rate: opts.rate });
  const headers: Record<string, string> = {};
  if (opts.token) headers.authorization = `Bearer ${opts.token}`;
  if (opts.acceptEncoding) headers['accept-encoding'] = opts.acceptEncoding;
  const r = await autocannon({ url, connections: opts.connections, duration: opts.seconds, headers });
  return { rps: r.requests.average, p50: r.latency.p50, p99: r.latency.p99, failed: r.non2xx + r.errors };
}

/**
 * One request at a time for `seconds` over one kept-alive connection, each timed to a tenth of a
 * millisecond: the time of one request. autocannon rounds to whole milliseconds, which makes a ratio of
 * two fast answers (1 ms against 2 ms) meaningless.
 */
export async function oneAtATime(url: string, opts: { token?: string; seconds: number }): Promise<Figures> {
  const { origin, pathname, search } = new URL(url);
  const pool = new Pool(origin, { connections: 1, pipelining: 1 });
  const headers = opts.token ? { authorization: `Bearer ${opts.token}` } : {};
  const latencies: number[] = [];
  let failed = 0;
  const start = performance.now();
  const end = start + opts.seconds * 1000;
  while (performance.now() < end) {
    const t = performance.now();
    const res = await pool.request({ path: pathname + search, method: 'GET', headers });
    await res.body.dump();
    if (res.statusCode >= 300) failed++;
    latencies.push(performance.now() - t);
  }
  await pool.close();
  return figuresOf(latencies, failed, (performance.now() - start) / 1000);
}

/** Median, 95th and 99th percentiles (ms, to 0.1) of what was measured, and the answered rate. */
function figuresOf(latencies: number[], failed: number, seconds: number): Figures {
  latencies.sort((a, b) => a - b);
  const at = (q: number) =>
    Math.round(latencies[Math.min(latencies.length - 1, Math.floor(q * latencies.length))]! * 10) / 10;
  return { rps: (latencies.length - failed) / seconds, p50: at(0.5), p95: at(0.95), p99: at(0.99), failed };
}

/**
 * An open-loop, steady load: request n is due at n / rate seconds and sent then, whether or not the
 * earlier ones were answered (up to `connections` in flight, then they queue), and its latency counts
 * from when it was due, so a stall shows in the tail instead of hiding it. autocannon's `overallRate`
 * is not this: each connection sends its whole second's share back to back, then waits for the next
 * second, so every second starts with a burst at full speed.
 */
export async function steadyLoad(
  url: string,
  opts: { token?: string; connections: number; seconds: number; rate: number },
): Promise<Figures> {
  const { origin, pathname, search } = new URL(url);
  const pool = new Pool(origin, { connections: opts.connections, pipelining: 1 });
  const headers = opts.token ? { authorization: `Bearer ${opts.token}` } : {};
  const total = Math.round(opts.rate * opts.seconds);
  const latencies: number[] = [];
  let failed = 0;
  let sent = 0;
  const inFlight: Promise<void>[] = [];
  const start = performance.now();
  const send = (due: number) =>
    pool
      .request({ path: pathname + search, method: 'GET', headers })
      .then(async (res) => {
        await res.body.dump();
        if (res.statusCode >= 300) failed++;
      })
      .catch(() => {
        failed++;
      })
      .finally(() => latencies.push(performance.now() - due));
  while (sent < total) {
    const dueNow = Math.min(total, Math.floor(((performance.now() - start) * opts.rate) / 1000) + 1);
    for (; sent < dueNow; sent++) inFlight.push(send(start + (sent * 1000) / opts.rate));
    await new Promise((r) => setTimeout(r, 1));
  }
  await Promise.all(inFlight);
  const seconds = (performance.now() - start) / 1000;
  await pool.close();
  return figuresOf(latencies, failed, seconds);
}
