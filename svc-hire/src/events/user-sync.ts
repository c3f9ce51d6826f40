import fp from 'fastify-plugin';
import { sql } from 'drizzle-orm';
import { followIdentityUsers, handleOnce, type EventBus, type Subscription } from '@platform/event-bus';
import { IdentityEvents, UserDeletedData, UserEventData, type Envelope } from '@platform/contracts';
import { processed, users } from '../db/schema';
import type { Db } from '../stores/job-store';

export const USER_SYNC_DURABLE = 'svc-hire__user-sync';

/**
 * Applies one identity.user.* event to the users projection: once per event (handleOnce), and
 * never letting an older version overwrite a newer one (events may arrive out of order).
 */
export async function applyUserEvent(
  db: Db,
  event: Envelope<UserEventData | UserDeletedData>,
): Promise<void> {
  if (event.type === IdentityEvents.userDeleted) {
    await forgetUser(db, event as Envelope<UserDeletedData>);
    return;
  }
  const u = event.data as UserEventData;
  await handleOnce(db, processed, USER_SYNC_DURABLE, event, async (tx) => {
    const values = {
      id: u.id,
      name: u.name,
      email: u.email,
      role: u.role,
      orgId: u.orgId,
      designation: u.designation,
      skills: u.skills,
      version: u.version,
    };
    await tx
      .insert(users)
      .values(values)
      .onConflictDoUpdate({
        target: users.id,
        set: {
          name: values.name,
          email: values.email,
          role: values.role,
          orgId: values.orgId,
          designation: values.designation,
          skills: values.skills,
          version: values.version,
        },
        setWhere: sql`${users.version} < ${values.version}`,
      });
  });
}

/** A removed account: the projection keeps the row (jobs and applications point to it) but not the person. */
async function forgetUser(db: Db, event: Envelope<UserDeletedData>): Promise<void> {
  const { id, version } = event.data;
  await handleOnce(db, processed, USER_SYNC_DURABLE, event, async (tx) => {
    const values = { name: 'Deleted account', email: '', designation: '', skills: [] as string[], version };
    await tx
      .insert(users)
      .values({ id, role: 'user', orgId: null, ...values })
      .onConflictDoUpdate({ target: users.id, set: values, setWhere: sql`${users.version} < ${version}` });
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
  { name: 'hire-user-sync' },
);
