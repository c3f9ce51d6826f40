import PgBoss from 'pg-boss';
import type { FastifyInstance } from 'fastify';
import './metrics'; // app.metrics's type

export interface ScheduledJob {
  /** The queue's name, unique in the service. */
  name: string;
  /** Five-field cron, UTC. pg-boss sends at most one job per schedule a minute, across all instances. */
  cron: string;
  /** Idempotent: a run cut short by a kill is run again. */
  run: () => Promise<unknown>;
  /** A run still active this long (its worker killed or hung) is failed and retried. Default 15 minutes. */
  expireInSeconds?: number;
  /**
   * Also runs this often, for intervals below cron's minute (tests, the local platform): each run queues the
   * next one this many seconds on. The queue holds at most one waiting run (pg-boss's `stately` policy), so
   * instances never multiply it; the cron stays as the backstop.
   */
  everySeconds?: number;
  /** Queues a run as the app starts (a restart catches up at once); dropped if one is already waiting. */
  runAtStart?: boolean;
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
  /**
   * Queues one run of `name` now (a test's or an operator's "run it now"); any instance may take it. One
   * run at a time: while another waits to start, none is added.
   */
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
  const sendNext = async (job: ScheduledJob) => {
    try {
      await boss.send(job.name, {}, { startAfter: job.everySeconds });
    } catch (err) {
      app.log.error({ err, job: job.name }, 'scheduled jobs: the next run could not be queued');
    }
  };
  app.addHook('onReady', async () => {
    await boss.start();
    for (const job of opts.jobs) {
      // Instances starting together on a new schema can deadlock making the same queue's table: the loser
      // retries and finds it made.
      await retryOnDeadlock(() =>
        boss.createQueue(job.name, {
          name: job.name,
          // One run waiting and one running per queue, whoever sends: ticks and "run now"s while a run waits
          // are that run.
          policy: 'stately',
          retryLimit: 5,
          retryDelay: 0,
          expireInSeconds: job.expireInSeconds ?? 15 * 60,
        }),
      );
      await boss.schedule(job.name, job.cron, {}, { tz: 'UTC' });
      const polling = opts.pollingIntervalSeconds ?? Math.max(0.5, Math.min(2, job.everySeconds ?? 2));
      await boss.work(job.name, { pollingIntervalSeconds: polling }, async () => {
        try {
          await job.run();
          app.metrics?.jobRan(job.name, true);
        } catch (err) {
          app.metrics?.jobRan(job.name, false);
          app.log.error({ err, job: job.name }, 'scheduled jobs: a run failed; it is retried');
          throw err;
        } finally {
          if (job.everySeconds && !stopped) await sendNext(job);
        }
      });
      if (job.everySeconds) await sendNext(job);
      if (job.runAtStart) await boss.send(job.name, {});
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

/**
 * The cron nearest to "every `seconds`" at cron's one-minute grain: every minute up to 90 seconds, every n
 * minutes below an hour, hourly beyond. Intervals below a minute also need the job's `everySeconds`.
 */
export function cronEvery(seconds: number): string {
  const minutes = Math.round(seconds / 60);
  if (minutes <= 1) return '* * * * *';
  if (minutes >= 60) return '0 * * * *';
  return `*/${minutes} * * * *`;
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
