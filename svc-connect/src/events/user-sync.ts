import { IdentityEvents } from '@platform/contracts';
import { identityUserSync } from '@platform/service-kit';
import type { Db } from '../stores/db';

/**
 * The directory (the users projection and its facet counts) from identity's user events; register with
 * `{ bus, db, processed }`. The instance then forgets what it cached about the person's access.
 */
export const userSync = identityUserSync<Db>({
  name: 'connect-user-sync',
  durable: 'svc-connect__user-sync',
  dependencies: ['connect-stores'],
  apply: (tx, event, { app }) =>
    app.people.apply(tx, event.type === IdentityEvents.userDeleted ? 'delete' : 'upsert', event.data),
  afterApply: (event, { app }) => app.people.forgetCaller(event.data.id),
});
