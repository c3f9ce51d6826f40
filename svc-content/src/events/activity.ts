import fp from 'fastify-plugin';
import { handleOnce, type EventBus } from '@platform/event-bus';
import { type Envelope } from '@platform/contracts';
import { ConnectEvents, PostFlaggedData } from '@platform/svc-connect/contract';
import { EventsEvents, RegistrationChangedData } from '@platform/svc-events/contract';
import { ApplicationSubmittedData, HireEvents, JobPostedData } from '@platform/svc-hire/contract';
import { processed } from '../db/schema';
import type { Db, Tx } from '../stores/db';

export const HIRE_DURABLE = 'svc-content__hire-activity';
export const EVENTS_DURABLE = 'svc-content__events-activity';
export const FLAGS_DURABLE = 'svc-content__flags';

/**
 * What the admin sees of the other modules, kept from their events (never read from their schemas): jobs
 * posted, applications and event registrations per week for the dashboard's charts, and posts hidden by
 * flags for the moderation queue. Each event is applied once; each consumer resumes after a restart and
 * waits quietly for a stream that does not exist yet (a deployment without that module).
 */
export const activity = fp<{ bus: EventBus; db: Db }>(
  async (app, { bus, db }) => {
    const once = async (durable: string, event: Envelope, fn: (tx: Tx) => Promise<void>) => {
      await handleOnce(db, processed, durable, event, fn);
    };
    const subscriptions = await Promise.all([
      bus.subscribe<JobPostedData | ApplicationSubmittedData>({
        producer: 'hire',
        durable: HIRE_DURABLE,
        filter: 'hire.>',
        schemas: {
          [HireEvents.jobPosted]: JobPostedData,
          [HireEvents.applicationSubmitted]: ApplicationSubmittedData,
        },
        handler: (event) =>
          once(HIRE_DURABLE, event, (tx) =>
            event.type === HireEvents.jobPosted
              ? app.activity.count(tx, 'jobs', new Date((event.data as JobPostedData).postedAt))
              : app.activity.count(
                  tx,
                  'applications',
                  new Date((event.data as ApplicationSubmittedData).appliedAt),
                ),
          ),
      }),
      bus.subscribe<RegistrationChangedData>({
        producer: 'events',
        durable: EVENTS_DURABLE,
        filter: 'events.registration.>',
        schemas: { [EventsEvents.registrationConfirmed]: RegistrationChangedData },
        // A registration is counted when it is made (a seat given from the waiting list is not a new one).
        handler: (event) =>
          event.data.reason === 'registered'
            ? once(EVENTS_DURABLE, event, (tx) =>
                app.activity.count(tx, 'registrations', new Date(event.data.at)),
              )
            : Promise.resolve(),
      }),
      bus.subscribe<PostFlaggedData>({
        producer: 'connect',
        durable: FLAGS_DURABLE,
        filter: 'connect.post.>',
        schemas: { [ConnectEvents.postFlagged]: PostFlaggedData },
        handler: (event) => once(FLAGS_DURABLE, event, (tx) => app.moderation.flagged(tx, event.data)),
      }),
    ]);
    app.addHook('onClose', () => Promise.all(subscriptions.map((s) => s.stop())).then(() => {}));
  },
  { name: 'content-activity', dependencies: ['content-stores'] },
);
