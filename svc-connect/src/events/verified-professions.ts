import fp from 'fastify-plugin';
import { enqueue, handleOnce, makeEnvelope, type EventBus } from '@platform/event-bus';
import type { Envelope } from '@platform/contracts';
import { CoreEvents, CredentialEventData } from '@platform/svc-core/contract';
import { ConnectEvents } from '../../contract';
import { outbox, processed } from '../db/schema';
import type { Db } from '../stores/db';
import type { PeopleStore } from '../stores/people-store';

export const VERIFIED_PROFESSIONS_DURABLE = 'svc-connect__verified-professions';

/**
 * Applies one of svc-core's credential events to the verified professions (once per event), then drops
 * the holder's kept caller row so their Role-Based reading changes at once.
 */
export async function applyCredentialEvent(
  db: Db,
  people: PeopleStore,
  event: Envelope<CredentialEventData>,
): Promise<void> {
  // Expired or revoked: the licence no longer proves a profession.
  const type = event.type === CoreEvents.credentialVerified ? 'verified' : 'expired';
  const personId = event.data.personId;
  await handleOnce(db, processed, VERIFIED_PROFESSIONS_DURABLE, event, async (tx) => {
    await people.applyCredential(tx, type, event.data);
    // Every instance forgets the holder's kept row (directory-changes.ts).
    if (personId)
      await enqueue(tx, outbox, makeEnvelope(ConnectEvents.directoryChanged, { userId: personId }));
  });
  if (personId) people.forgetPerson(personId);
}

/**
 * The durable consumer of core.credential.verified/expired (svc-core publishes them when HR verifies a
 * licence against the council's register, and on its expiry day); it waits quietly until the CORE stream
 * exists.
 */
export const verifiedProfessionSync = fp<{ bus: EventBus; db: Db }>(
  async (app, { bus, db }) => {
    const subscription = await bus.subscribe<CredentialEventData>({
      producer: 'core',
      durable: VERIFIED_PROFESSIONS_DURABLE,
      filter: 'core.credential.>',
      schemas: {
        [CoreEvents.credentialVerified]: CredentialEventData,
        [CoreEvents.credentialExpired]: CredentialEventData,
        [CoreEvents.credentialRevoked]: CredentialEventData,
      },
      // Expiring notices (and any other type) are skipped as unknown.
      handler: (event) => applyCredentialEvent(db, app.people, event),
    });
    app.addHook('onClose', () => subscription.stop());
  },
  { name: 'connect-verified-professions', dependencies: ['connect-stores'] },
);
