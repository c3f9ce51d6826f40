import PgBoss from 'pg-boss';
import type { FastifyInstance } from 'fastify';

export interface ScheduledJob {
  /** The queue's name, unique in the service. */
  name: string;
  /** Five-field cron, UTC. pg-boss sends at most one job per schedule a minute, across all instances. */
  cron: string;
  /** Idempotent: a run cut short by a kill is run again. */
  run: () => Promise<unknown>;
  /** A run still active this long (its worker killed or hung) is failed and retried. Default 15 minutes. */
  expireInSeconds?: number;
}

export interface ScheduledJobsOptions {
  /** The service's database URL (pg-boss keeps a small pool of its own). */
  url: string;
  /** The queue's schema, a second one per service: `billing_jobs` ... made by pg-boss itself. */
  schema: string;
  jobs: ScheduledJob[];
  /** How often expired runs are looked for (default 60 s); tests set it short. */
  maintenanceIntervalSeconds?: number;
  /** How often a worker polls its queue (default 2 s). */
  pollingIntervalSeconds?: number;
}

export interface ScheduledJobs {
  /** Queues one run of `name` now (a test's or an operator's "run it now"); any instance may take it. */
  runNow(name: string): Promise<void>;
  /** Stops without waiting for running jobs, as a killed process would (tests only). */
  abandon(): Promise<void>;
}

/**
 * Runs the service's scheduled jobs through pg-boss: each cron tick becomes one job in Postgres however many
 * instances run, one instance takes it, and a run whose instance died is expired and retried. Started when
 * the app is ready, stopped gracefully (running jobs finish) when it closes.
 */
export function scheduledJobs(app: FastifyInstance, opts: ScheduledJobsOptions): ScheduledJobs {
  const boss = new PgBoss({
    connectionString: opts.url,
    schema: opts.schema,
    max: 2,
    application_name: opts.schema,
    ...(opts.maintenanceIntervalSeconds
      ? { maintenanceIntervalSeconds: opts.maintenanceIntervalSeconds }
      : {}),
  });
  boss.on('error', (err) => app.log.error({ err }, 'scheduled jobs: queue error'));
  let stopped = false;
  app.addHook('onReady', async () => {
    await boss.start();
    for (const job of opts.jobs) {
      // Instances starting together on a new schema can deadlock making the same queue's table: the loser
      // retries and finds it made.
      await retryOnDeadlock(() =>
        boss.createQueue(job.name, {
          name: job.name,
          retryLimit: 5,
          retryDelay: 0,
          expireInSeconds: job.expireInSeconds ?? 15 * 60,
        }),
      );
      await boss.schedule(job.name, job.cron, {}, { tz: 'UTC' });
      await boss.work(job.name, { pollingIntervalSeconds: opts.pollingIntervalSeconds ?? 2 }, async () => {
        await job.run();
      });
    }
  });
  app.addHook('onClose', async () => {
    if (stopped) return;
    stopped = true;
    await boss.stop({ graceful: true, wait: true, timeout: 30_000 });
  });
  return {
    async runNow(name) {
      await boss.send(name, {});
    },
    async abandon() {
      stopped = true;
      await boss.stop({ graceful: false, wait: false, close: true });
    },
  };
}

async function retryOnDeadlock(step: () => Promise<void>, attempts = 5): Promise<void> {
  for (let i = 1; ; i++) {
    try {
      return await step();
    } catch (err) {
      if ((err as { code?: string }).code !== '40P01' || i >= attempts) throw err;
      await new Promise((r) => setTimeout(r, 100 * i));
    }
  }
}
