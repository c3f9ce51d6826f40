import fp from 'fastify-plugin';
import { cronEvery, scheduledJobs, type ScheduledJobs } from '@platform/service-kit';
import type { ExpirySweep } from '../stores/expiry-alerts';
import type { WorkflowSweep } from '../stores/workflow-sweep';

declare module 'fastify' {
  interface FastifyInstance {
    /** The scheduled expiry sweep (`expiry-alerts`), once across instances; absent when not scheduled. */
    coreJobs?: ScheduledJobs;
  }
}

/**
 * Runs the HR workflows' sweep every minute, and the expiry sweep (credentials, compliance documents, trainings) every `everyMs` (hourly by default)
 * and once as the app starts, so a restart catches up: a pg-boss job in the `core_jobs` schema, so each
 * tick runs on one instance however many run, and a run whose instance died is run again. Each alert is
 * sent once whoever sweeps (its `expiry_alerts` row is written with its notices). `everyMs` 0: never by
 * itself (tests run `app.sweep()` on their clock).
 */
export const alertSweep = fp<{ expiry: ExpirySweep; workflows: WorkflowSweep; everyMs: number; url: string }>(
  async (app, { expiry, workflows, everyMs, url }) => {
    if (everyMs <= 0) return;
    const seconds = everyMs / 1000;
    const jobs = scheduledJobs(app, {
      url,
      schema: 'core_jobs',
      jobs: [
        {
          name: 'expiry-alerts',
          cron: cronEvery(seconds),
          everySeconds: seconds < 60 ? seconds : undefined,
          runAtStart: true,
          run: async () => {
            const { sent, skipped } = await expiry.sweep();
            app.log.info({ sent, skipped }, 'expiry sweep');
          },
          expireInSeconds: 30 * 60,
        },
        {
          // HR's workflows: every minute (a run is claimed once, whoever sweeps), and at start.
          name: 'workflows',
          cron: cronEvery(60),
          runAtStart: true,
          run: async () => {
            const { ran, skipped } = await workflows.sweep();
            app.log.info({ ran, skipped }, 'workflow sweep');
          },
          expireInSeconds: 30 * 60,
        },
      ],
    });
    app.decorate('coreJobs', jobs);
  },
  { name: 'core-alert-sweep' },
);
