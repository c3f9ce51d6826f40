import fp from 'fastify-plugin';
import type { EventBus } from '@platform/event-bus';
import { followEntitlements } from '@platform/service-kit';
import { orgEntitlements } from '../db/schema';
import type { Db } from '../stores/db';

export const ENTITLEMENTS_DURABLE = 'svc-events__entitlements';

/** svc-billing's subscription changes, projected for the posting check (service-kit's one way to do it). */
export const entitlements = fp<{ bus: EventBus; db: Db }>(
  async (app, { bus, db }) => {
    const subscription = await followEntitlements(bus, db, orgEntitlements, ENTITLEMENTS_DURABLE);
    app.addHook('onClose', () => subscription.stop());
  },
  { name: 'events-entitlements' },
);
