import fp from 'fastify-plugin';
import { handleOnce, type EventBus } from '@platform/event-bus';
import {
  ApplicationStatusChangedData,
  ApplicationSubmittedData,
  HireEvents,
} from '@platform/svc-hire/contract';
import { processed } from '../db/schema';
import type { Db } from '../stores/org-store';
import type { HireStore } from '../stores/hire-store';

export const HIRES_DURABLE = 'svc-core__hires';

/**
 * The durable consumer of svc-hire's application events: the job's title from each submission, and each
 * acceptance a suggestion for the clinic's HR to invite the applicant (`HireStore.apply`), each event once.
 */
export const hires = fp<{ bus: EventBus; db: Db; hires: HireStore }>(
  async (app, { bus, db, hires: store }) => {
    const subscription = await bus.subscribe<ApplicationSubmittedData | ApplicationStatusChangedData>({
      producer: 'hire',
      durable: HIRES_DURABLE,
      filter: 'hire.application.>',
      schemas: {
        [HireEvents.applicationSubmitted]: ApplicationSubmittedData,
        [HireEvents.applicationStatusChanged]: ApplicationStatusChangedData,
      },
      handler: async (event) => {
        await handleOnce(db, processed, HIRES_DURABLE, event, (tx) => store.apply(tx, event));
      },
    });
    app.addHook('onClose', () => subscription.stop());
  },
  { name: 'core-hires' },
);
