import { IdentityEvents, type UserEventData } from '@platform/contracts';
import { identityUserSync } from '@platform/service-kit';
import type { Db } from '../stores/db';

/**
 * The admin's accounts from identity's user events, and each sign-up counted in its week; register with
 * `{ bus, db, processed }`.
 */
export const userSync = identityUserSync<Db>({
  name: 'content-user-sync',
  durable: 'svc-content__user-sync',
  dependencies: ['content-stores'],
  apply: async (tx, event, { app }) => {
    await app.accounts.apply(tx, event.type === IdentityEvents.userDeleted ? 'delete' : 'upsert', event.data);
    if (event.type === IdentityEvents.userRegistered)
      await app.activity.count(tx, 'signups', new Date((event.data as UserEventData).createdAt));
  },
});
