import fp from 'fastify-plugin';
import { handleOnce, type EventBus } from '@platform/event-bus';
import { CheckinRecordedData, EventsEvents } from '@platform/svc-events/contract';
import { processed } from '../db/schema';
import type { Db } from '../stores/org-store';
import type { TrainingStore } from '../stores/training-store';

export const EVENT_CHECKINS_DURABLE = 'svc-core__event-checkins';

/**
 * The durable consumer of svc-events' check-ins: a member's CPD points and the trainings the event's tags
 * name (`TrainingStore.fromCheckin`), each check-in once; it waits quietly until the EVENTS stream exists.
 */
export const eventCheckins = fp<{ bus: EventBus; db: Db; trainings: TrainingStore }>(
  async (app, { bus, db, trainings }) => {
    const subscription = await bus.subscribe<CheckinRecordedData>({
      producer: 'events',
      durable: EVENT_CHECKINS_DURABLE,
      filter: 'events.checkin.>',
      schemas: { [EventsEvents.checkinRecorded]: CheckinRecordedData },
      handler: async (event) => {
        await handleOnce(db, processed, EVENT_CHECKINS_DURABLE, event, (tx) =>
          trainings.fromCheckin(tx, event.data),
        );
      },
    });
    app.addHook('onClose', () => subscription.stop());
  },
  { name: 'core-event-checkins' },
);
