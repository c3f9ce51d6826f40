import fp from 'fastify-plugin';
import { sql } from 'drizzle-orm';
import { followIdentityUsers, handleOnce, type EventBus, type Subscription } from '@platform/event-bus';
import { IdentityEvents, UserDeletedData, UserEventData, type Envelope } from '@platform/contracts';
import { processed, users } from '../db/schema';
import type { Db } from '../stores/db';

export const USER_SYNC_DURABLE = 'svc-events__user-sync';

/**
 * Applies one identity.user.* event to the users projection (organisers' names, registrants' names and
 * designations): once per event, and never letting an older version overwrite a newer one.
 */
export async function applyUserEvent(
  db: Db,
  event: Envelope<UserEventData | UserDeletedData>,
): Promise<void> {
  const deleted = event.type === IdentityEvents.userDeleted;
  const u = event.data as UserEventData;
  // A removed account keeps its row (registrations point to it) but not the person.
  const fields = deleted
    ? { name: 'Deleted account', role: 'user', orgId: null, designation: '', version: u.version }
    : { name: u.name, role: u.role, orgId: u.orgId, designation: u.designation, version: u.version };
  await handleOnce(db, processed, USER_SYNC_DURABLE, event, async (tx) => {
    await tx
      .insert(users)
      .values({ id: u.id, ...fields })
      .onConflictDoUpdate({
        target: users.id,
        set: fields,
        setWhere: sql`${users.version} < ${fields.version}`,
      });
  });
}

/** The durable consumer keeping the projection: it resumes where it left off after a restart. */
export function followUsers(bus: EventBus, db: Db): Promise<Subscription> {
  return followIdentityUsers(bus, USER_SYNC_DURABLE, (event) => applyUserEvent(db, event));
}

/** The consumer as a plugin of the service: it starts with the app and stops before the bus closes. */
export const userSync = fp<{ bus: EventBus; db: Db }>(
  async (app, { bus, db }) => {
    const subscription = await followUsers(bus, db);
    app.addHook('onClose', () => subscription.stop());
  },
  { name: 'events-user-sync' },
);
