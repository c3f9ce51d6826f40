import { IdentityEvents } from '@platform/contracts';
import { enqueue, makeEnvelope } from '@platform/event-bus';
import { identityUserSync } from '@platform/service-kit';
import { ConnectEvents } from '../../contract';
import { outbox } from '../db/schema';
import type { Db } from '../stores/db';

/**
 * The directory (the users projection and its facet counts) from identity's user events; register with
 * `{ bus, db, processed }`. With each change it writes `connect.directory.changed.v1`, which every instance
 * follows (directory-changes.ts) to forget its searches and the person's row; this instance forgets them at once.
 */
export const userSync = identityUserSync<Db>({
  name: 'connect-user-sync',
  durable: 'svc-connect__user-sync',
  dependencies: ['connect-stores'],
  apply: async (tx, event, { app }) => {
    await app.people.apply(tx, event.type === IdentityEvents.userDeleted ? 'delete' : 'upsert', event.data);
    await enqueue(tx, outbox, makeEnvelope(ConnectEvents.directoryChanged, { userId: event.data.id }));
  },
  afterApply: (event, { app }) => app.people.forgetPerson(event.data.id),
});
