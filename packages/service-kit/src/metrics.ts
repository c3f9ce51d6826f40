import { timingSafeEqual, createHash } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client';
import { GENERIC_CODES, refusal } from './errors';

/**
 * Prometheus metrics of one process (a service instance or the gateway), in a registry of its own so that
 * the many apps a test process builds never share counters. Names follow Prometheus's conventions
 * (`_seconds`, `_total`); the shipped dashboard and alert rules (deploy/observability/) use these names, and
 * `metrics.test.ts` fails when a rule names a metric no process exposes.
 */
export class ServiceMetrics {
  readonly registry = new Registry();
  readonly requestDuration: Histogram<'method' | 'route' | 'status_code'>;
  readonly jobRuns: Counter<'job' | 'outcome'>;
  readonly jobLastSuccess: Gauge<'job'>;

  constructor(service: string) {
    this.registry.setDefaultLabels({ service });
    collectDefaultMetrics({ register: this.registry });
    this.requestDuration = new Histogram({
      name: 'http_request_duration_seconds',
      help: 'Requests answered, by route pattern and status, and how long each took',
      labelNames: ['method', 'route', 'status_code'],
      // Our goals are in tens and hundreds of milliseconds (p95 100 ms on lists): buckets around them.
      buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
      registers: [this.registry],
    });
    this.jobRuns = new Counter({
      name: 'scheduled_job_runs_total',
      help: 'Runs of a scheduled job on this instance, by outcome (ok, failed)',
      labelNames: ['job', 'outcome'],
      registers: [this.registry],
    });
    this.jobLastSuccess = new Gauge({
      name: 'scheduled_job_last_success_timestamp_seconds',
      help: 'When a scheduled job last finished without error on this instance (max across instances: the last run)',
      labelNames: ['job'],
      registers: [this.registry],
    });
  }

  /** Counts a finished run of a scheduled job. */
  jobRan(job: string, ok: boolean): void {
    this.jobRuns.inc({ job, outcome: ok ? 'ok' : 'failed' });
    if (ok) this.jobLastSuccess.set({ job }, Date.now() / 1000);
  }

  /**
   * A gauge read when Prometheus scrapes (a query, a call to NATS): `read` sets its values. A failing read
   * leaves the gauge empty for that scrape rather than failing the whole page.
   */
  gaugeOnScrape<L extends string>(
    name: string,
    help: string,
    labelNames: L[],
    read: (gauge: Gauge<L>) => Promise<void>,
  ): Gauge<L> {
    return new Gauge<L>({
      name,
      help,
      labelNames,
      registers: [this.registry],
      async collect() {
        this.reset();
        await read(this).catch(() => {});
      },
    });
  }
}

declare module 'fastify' {
  interface FastifyInstance {
    /** This process's metrics (buildService makes them); services add their own gauges and counters. */
    metrics: ServiceMetrics;
  }
}

const sha256 = (s: string) => createHash('sha256').update(s).digest();

/**
 * Times every answer by its route pattern (`/api/job/:id`, never the URL a client typed, so a scan of made-up
 * paths adds one series, `unmatched`), and serves `GET /metrics` to whoever shows the bearer token. Without a
 * token configured there is no `/metrics` at all: the figures are about the platform's traffic and are
 * nobody's business on the public address.
 */
export function registerMetrics(app: FastifyInstance, metrics: ServiceMetrics, token: string | undefined) {
  app.decorate('metrics', metrics);
  app.addHook('onResponse', (request, reply, done) => {
    metrics.requestDuration.observe(
      {
        method: request.method,
        route: request.routeOptions.url ?? 'unmatched',
        status_code: String(reply.statusCode),
      },
      reply.elapsedTime / 1000,
    );
    done();
  });
  if (!token) return;
  const expected = sha256(`Bearer ${token}`);
  app.get('/metrics', { schema: { hide: true } }, async (request: FastifyRequest, reply: FastifyReply) => {
    // Compared as hashes: the same length whatever was sent, so the comparison takes the same time.
    const given = sha256(request.headers.authorization ?? '');
    if (!timingSafeEqual(given, expected))
      return reply
        .status(401)
        .header('www-authenticate', 'Bearer')
        .send(refusal('Metrics need their token.', GENERIC_CODES[401]));
    return reply
      .header('content-type', metrics.registry.contentType)
      .header('cache-control', 'no-store')
      .send(await metrics.registry.metrics());
  });
}
