import fp from 'fastify-plugin';
import { handleOnce, type EventBus } from '@platform/event-bus';
import { IdentityEvents, OrganisationVerifiedData } from '@platform/contracts';
import { processed } from '../db/schema';
import type { Db } from '../stores/db';

export const ORGANISATIONS_DURABLE = 'svc-events__organisations';

/**
 * Organisations a platform admin verified (identity.organisation.verified.v1), once per event: the
 * certificates of their events say the issuer is verified.
 */
export const organisationSync = fp<{ bus: EventBus; db: Db }>(
  async (app, { bus, db }) => {
    const subscription = await bus.subscribe<OrganisationVerifiedData>({
      producer: 'identity',
      durable: ORGANISATIONS_DURABLE,
      filter: 'identity.organisation.>',
      schemas: { [IdentityEvents.organisationVerified]: OrganisationVerifiedData },
      handler: async (event) => {
        await handleOnce(db, processed, ORGANISATIONS_DURABLE, event, (tx) =>
          app.checkins.organisationVerified(tx, event.data),
        );
      },
    });
    app.addHook('onClose', () => subscription.stop());
  },
  { name: 'events-organisations' },
);
