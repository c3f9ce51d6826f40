import autocannon from 'autocannon';

/** What one autocannon run measured: mean requests per second, latency percentiles (ms), failures. */
export interface Figures {
  rps: number;
  p50: number;
  p99: number;
  /** Answers outside 2xx plus connection errors. */
  failed: number;
}

/** Loads one URL: `connections` at once for `seconds`, or at a steady `rate` of requests per second. */
export async function load(
  url: string,
  opts: { token?: string; connections: number; seconds: number; rate?: number },
): Promise<Figures> {
  const r = await autocannon({
    url,
    connections: opts.connections,
    duration: opts.seconds,
    // overallRate spreads the requests evenly over each second (maxOverallRequestsPerSecond bursts).
    ...(opts.rate ? { overallRate: opts.rate } : {}),
    headers: opts.token ? { authorization: `Bearer ${opts.token}` } : {},
  });
  return { rps: r.requests.average, p50: r.latency.p50, p99: r.latency.p99, failed: r.non2xx + r.errors };
}
