/**
 * The chaos run's HTTP client: every request through the platform's gateways, as clients behind a load
 * balancer reach them (round the gateways in turn; one refusing connections is left out for a few seconds and
 * the request, never sent, goes to the other, as a balancer's health check does), at a bounded rate, each
 * answer recorded with when it was asked.
 */
import { performance } from 'node:perf_hooks';

export interface Outcome {
  /** When it was asked and answered (ms since the run's start). */
  sentAt: number;
  answeredAt: number;
  method: string;
  /** The route's pattern (`POST /api/job/add`), not its ids. */
  route: string;
  /** The answer's status; 0 when none came (connection lost, timed out). */
  status: number;
  /** The answer's error code (`hire.job_unavailable`) or the connection error's. */
  code?: string;
  write: boolean;
}

export interface Answer<T> {
  status: number;
  body: T;
}

/** A token bucket: at most `rate` requests a second, and at most `inFlight` unanswered at once. */
class Limiter {
  private tokens = 0;
  private last = performance.now();
  private busy = 0;
  constructor(
    private readonly rate: number,
    private readonly inFlight: number,
  ) {}

  async take(): Promise<void> {
    for (;;) {
      const now = performance.now();
      this.tokens = Math.min(this.rate, this.tokens + ((now - this.last) * this.rate) / 1000);
      this.last = now;
      if (this.tokens >= 1 && this.busy < this.inFlight) {
        this.tokens -= 1;
        this.busy++;
        return;
      }
      await sleep(Math.max(5, 1000 / this.rate));
    }
  }

  done(): void {
    this.busy--;
  }
}

export const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Errors of a connection never made: nothing was sent, so the balancer may send it elsewhere. */
const NEVER_SENT = new Set(['ECONNREFUSED', 'EHOSTUNREACH', 'UND_ERR_CONNECT_TIMEOUT']);
const REST_MS = 5000;
const TIMEOUT_MS = 30_000;

export class ChaosClient {
  readonly outcomes: Outcome[] = [];
  private readonly limiter: Limiter;
  private readonly restUntil: number[];
  private next = 0;
  readonly start = performance.now();

  constructor(
    private readonly gateways: string[],
    opts: { rate: number; inFlight: number },
  ) {
    this.limiter = new Limiter(opts.rate, opts.inFlight);
    this.restUntil = gateways.map(() => 0);
  }

  /** Milliseconds since the run started. */
  now(): number {
    return performance.now() - this.start;
  }

  /**
   * One request. `from` is the client's address as the balancer tells the gateway (X-Forwarded-For): each
   * person of the run their own, as on the internet, so per-address limits meet one person each.
   */
  async call<T = Record<string, unknown>>(
    method: string,
    route: string,
    path: string,
    opts: { token?: string; body?: unknown; from: string; idempotencyKey?: string },
  ): Promise<Answer<T>> {
    await this.limiter.take();
    const sentAt = this.now();
    const write = method !== 'GET';
    const record = (status: number, code?: string): void => {
      this.outcomes.push({ sentAt, answeredAt: this.now(), method, route, status, code, write });
    };
    try {
      const order = this.order();
      for (let i = 0; ; i++) {
        const g = order[i]!;
        try {
          const res = await fetch(`${this.gateways[g]}${path}`, {
            method,
            headers: {
              accept: 'application/json',
              'x-forwarded-for': opts.from,
              ...(opts.body !== undefined ? { 'content-type': 'application/json' } : {}),
              ...(opts.token ? { authorization: `Bearer ${opts.token}` } : {}),
              ...(opts.idempotencyKey ? { 'idempotency-key': opts.idempotencyKey } : {}),
            },
            ...(opts.body !== undefined ? { body: JSON.stringify(opts.body) } : {}),
            signal: AbortSignal.timeout(TIMEOUT_MS),
          });
          const text = await res.text();
          let body: T;
          try {
            body = (text ? JSON.parse(text) : {}) as T;
          } catch {
            body = {} as T;
          }
          record(res.status, (body as { code?: string }).code);
          return { status: res.status, body };
        } catch (err) {
          const code = errorCode(err);
          if (NEVER_SENT.has(code) && i + 1 < order.length) {
            this.restUntil[g] = Date.now() + REST_MS;
            continue;
          }
          record(0, code);
          return { status: 0, body: {} as T };
        }
      }
    } finally {
      this.limiter.done();
    }
  }

  /** The gateways in the order to try: round them in turn, resting ones last. */
  private order(): number[] {
    const start = this.next++ % this.gateways.length;
    const now = Date.now();
    return this.gateways
      .map((_, i) => (start + i) % this.gateways.length)
      .sort((a, b) => Number(this.restUntil[a]! > now) - Number(this.restUntil[b]! > now));
  }
}

function errorCode(err: unknown): string {
  const e = err as { name?: string; code?: string; cause?: { code?: string; name?: string } };
  if (e?.name === 'TimeoutError' || e?.cause?.name === 'TimeoutError') return 'TIMEOUT';
  return e?.cause?.code ?? e?.code ?? e?.name ?? 'ERROR';
}
