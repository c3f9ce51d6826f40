import { sql } from 'drizzle-orm';
import { IdentityEvents, type UserEventData } from '@platform/contracts';
import { identityUserSync } from '@platform/service-kit';
import { users } from '../db/schema';
import type { Db } from '../stores/job-store';

/**
 * The users projection (names, e-mails, designations, skills) from identity's user events; register with
 * `{ bus, db, processed }`.
 */
export const userSync = identityUserSync<Db>({
  name: 'hire-user-sync',
  durable: 'svc-hire__user-sync',
  apply: async (tx, event) => {
    const u = event.data as UserEventData;
    const guard = sql`${users.version} < ${u.version}`;
    if (event.type === IdentityEvents.userDeleted) {
      // A removed account keeps its row (jobs and applications point to it) but not the person.
      const set = {
        name: 'Deleted account',
        email: '',
        designation: '',
        skills: [] as string[],
        version: u.version,
      };
      await tx
        .insert(users)
        .values({ id: u.id, role: 'user', orgId: null, ...set })
        .onConflictDoUpdate({ target: users.id, set, setWhere: guard });
      return;
    }
    const set = {
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
      .values({ id: u.id, ...set })
      .onConflictDoUpdate({ target: users.id, set, setWhere: guard });
  },
});
