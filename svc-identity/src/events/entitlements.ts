import fp from 'fastify-plugin';
import type { PostgresJsDatabase } from 'drizzle-orm/postgres-js';
import type { EventBus } from '@platform/event-bus';
import { followEntitlements } from '@platform/service-kit';
import { orgEntitlements } from '../db/schema';
import type * as schema from '../db/schema';

export const ENTITLEMENTS_DURABLE = 'svc-identity__entitlements';

/** svc-billing's subscription changes, projected for the profile's `entitlements` (service-kit's one way). */
export const entitlements = fp<{ bus: EventBus; db: PostgresJsDatabase<typeof schema> }>(
  async (app, { bus, db }) => {
    const subscription = await followEntitlements(bus, db, orgEntitlements, ENTITLEMENTS_DURABLE);
    app.addHook('onClose', () => subscription.stop());
  },
  { name: 'identity-entitlements' },
);
