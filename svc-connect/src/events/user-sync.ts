import fp from 'fastify-plugin';
import { followIdentityUsers, handleOnce, type EventBus, type Subscription } from '@platform/event-bus';
import { IdentityEvents, type Envelope, type UserDeletedData, type UserEventData } from '@platform/contracts';
import { processed } from '../db/schema';
import type { Db } from '../stores/db';
import type { PeopleStore } from '../stores/people-store';

export const USER_SYNC_DURABLE = 'svc-connect__user-sync';

/**
 * Applies one identity.user.* event to the directory (the users projection and its facet counts): once
 * per event, and never letting an older version overwrite a newer one.
 */
export async function applyUserEvent(
  db: Db,
  people: PeopleStore,
  event: Envelope<UserEventData | UserDeletedData>,
): Promise<void> {
  const type = event.type === IdentityEvents.userDeleted ? 'delete' : 'upsert';
  await handleOnce(db, processed, USER_SYNC_DURABLE, event, (tx) => people.apply(tx, type, event.data));
  people.forgetCaller(event.data.id);
}

/** The durable consumer keeping the directory: it resumes where it left off after a restart. */
export function followUsers(bus: EventBus, db: Db, people: PeopleStore): Promise<Subscription> {
  return followIdentityUsers(bus, USER_SYNC_DURABLE, (event) => applyUserEvent(db, people, event));
}

/** The consumer as a plugin of the service: it starts with the app and stops before the bus closes. */
export const userSync = fp<{ bus: EventBus; db: Db }>(
  async (app, { bus, db }) => {
    const subscription = await followUsers(bus, db, app.people);
    app.addHook('onClose', () => subscription.stop());
  },
  { name: 'connect-user-sync', dependencies: ['connect-stores'] },
);
