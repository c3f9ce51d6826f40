import { IdentityEvents } from '@platform/contracts';
import { identityUserSync } from '@platform/service-kit';
import type { Db, OrgStore } from '../stores/org-store';

/**
 * Organisations and members from identity's user events (a Clinic account's organisation; a
 * professional's orgId); register with `{ bus, db, processed, orgs }`.
 */
export const peopleSync = identityUserSync<Db, { orgs: OrgStore }>({
  name: 'core-people-sync',
  durable: 'svc-core__user-sync',
  apply: (tx, event, { orgs }) =>
    orgs.applyUser(tx, event.type === IdentityEvents.userDeleted ? 'delete' : 'upsert', event.data),
});
