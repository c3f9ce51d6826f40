import fp from 'fastify-plugin';
import { followIdentityUsers, handleOnce, type EventBus, type Subscription } from '@platform/event-bus';
import { IdentityEvents, type Envelope, type UserDeletedData, type UserEventData } from '@platform/contracts';
import { processed } from '../db/schema';
import type { ActivityStore } from '../stores/activity-store';
import type { Db } from '../stores/db';
import type { PeopleStore } from '../stores/people-store';

export const USER_SYNC_DURABLE = 'svc-content__user-sync';

/** Applies one identity.user.* event to the admin's accounts (once), and counts a sign-up in its week. */
export async function applyUserEvent(
  db: Db,
  accounts: PeopleStore,
  activity: ActivityStore,
  event: Envelope<UserEventData | UserDeletedData>,
): Promise<void> {
  const type = event.type === IdentityEvents.userDeleted ? 'delete' : 'upsert';
  await handleOnce(db, processed, USER_SYNC_DURABLE, event, async (tx) => {
    await accounts.apply(tx, type, event.data);
    if (event.type === IdentityEvents.userRegistered)
      await activity.count(tx, 'signups', new Date((event.data as UserEventData).createdAt));
  });
}

export function followUsers(
  bus: EventBus,
  db: Db,
  accounts: PeopleStore,
  activity: ActivityStore,
): Promise<Subscription> {
  return followIdentityUsers(bus, USER_SYNC_DURABLE, (event) =>
    applyUserEvent(db, accounts, activity, event),
  );
}

/** The consumer as a plugin of the service: it starts with the app and stops before the bus closes. */
export const userSync = fp<{ bus: EventBus; db: Db }>(
  async (app, { bus, db }) => {
    const subscription = await followUsers(bus, db, app.accounts, app.activity);
    app.addHook('onClose', () => subscription.stop());
  },
  { name: 'content-user-sync', dependencies: ['content-stores'] },
);
