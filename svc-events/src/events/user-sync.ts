import { sql } from 'drizzle-orm';
import { IdentityEvents, type UserEventData } from '@platform/contracts';
import { identityUserSync } from '@platform/service-kit';
import { users } from '../db/schema';
import type { Db } from '../stores/db';

/**
 * The users projection (organisers' names; registrants' names, designations and, for the organiser's
 * attendee list, e-mail and phone) from identity's user events; register with `{ bus, db, processed }`.
 */
export const userSync = identityUserSync<Db>({
  name: 'events-user-sync',
  durable: 'svc-events__user-sync',
  apply: async (tx, event) => {
    const u = event.data as UserEventData;
    // A removed account keeps its row (registrations point to it) but not the person.
    const fields =
      event.type === IdentityEvents.userDeleted
        ? {
            name: 'Deleted account',
            role: 'user',
            orgId: null,
            designation: '',
            email: '',
            phone: '',
            version: u.version,
          }
        : {
            name: u.name,
            role: u.role,
            orgId: u.orgId,
            designation: u.designation,
            email: u.email,
            phone: u.phone,
            version: u.version,
          };
    await tx
      .insert(users)
      .values({ id: u.id, ...fields })
      .onConflictDoUpdate({
        target: users.id,
        set: fields,
        setWhere: sql`${users.version} < ${fields.version}`,
      });
  },
});
