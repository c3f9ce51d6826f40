import fp from 'fastify-plugin';
import { eq } from 'drizzle-orm';
import { enqueue, handleOnce, type EventBus, type Subscription } from '@platform/event-bus';
import { HireEvents, JobPostedData } from '../../contract';
import { jobs, outbox, processed } from '../db/schema';
import type { Db } from '../stores/job-store';
import type { AlertStore } from '../stores/alert-store';
import { jobAlertNotice } from '../notices';

export const JOB_ALERTS_DURABLE = 'svc-hire__job-alerts';

/**
 * Matches each newly posted job against the saved searches and asks the platform inbox to tell each
 * matching person once (in the same transaction as marking the event processed: no notice lost or doubled).
 */
export const jobAlerts = fp<{ bus: EventBus; db: Db; alerts: AlertStore }>(
  async (app, { bus, db, alerts }) => {
    const subscription: Subscription = await bus.subscribe<JobPostedData>({
      producer: 'hire',
      durable: JOB_ALERTS_DURABLE,
      filter: 'hire.job.>',
      schemas: { [HireEvents.jobPosted]: JobPostedData },
      handler: async (event) => {
        const [job] = await db.select().from(jobs).where(eq(jobs.id, event.data.jobId)).limit(1);
        if (!job) return;
        const users = await alerts.matchingUsers({
          id: job.id,
          posterId: job.posterId,
          postedAt: job.postedAt,
        });
        await handleOnce(db, processed, JOB_ALERTS_DURABLE, event, async (tx) => {
          await enqueue(
            tx,
            outbox,
            users.map((userId) => jobAlertNotice(userId, job)),
          );
        });
      },
    });
    app.addHook('onClose', () => subscription.stop());
  },
  { name: 'hire-job-alerts' },
);
