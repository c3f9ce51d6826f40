import fp from 'fastify-plugin';
import { handleOnce, type EventBus } from '@platform/event-bus';
import { applyCredential } from '@platform/service-kit';
import { CoreEvents, CredentialEventData } from '@platform/svc-core/contract';
import { processed, verifiedProfessions } from '../db/schema';
import type { Db } from '../stores/job-store';

export const VERIFIED_PROFESSIONS_DURABLE = 'svc-hire__verified-professions';

/**
 * The durable consumer of core.credential.verified/expired (svc-core publishes them when HR verifies a
 * licence against the council's register, and on its expiry day), each event once; it waits quietly until
 * the CORE stream exists.
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
      handler: async (event) => {
        await handleOnce(db, processed, VERIFIED_PROFESSIONS_DURABLE, event, (tx) =>
          applyCredential(
            tx,
            verifiedProfessions,
            // Expired or revoked: the licence no longer proves a profession.
            event.type === CoreEvents.credentialVerified ? 'verified' : 'expired',
            event.data,
          ),
        );
      },
    });
    app.addHook('onClose', () => subscription.stop());
  },
  { name: 'hire-verified-professions' },
);
