import fp from 'fastify-plugin';
import type { PostgresJsDatabase } from 'drizzle-orm/postgres-js';
import { handleOnce, type EventBus, type Subscription } from '@platform/event-bus';
import { inboxDurable, NotificationRequestedData, notificationRequestedType } from '@platform/contracts';
import type * as schema from '../db/schema';
import { processed } from '../db/schema';
import type { NotificationStore } from '../notifications/notification-store';

export interface InboxOptions {
  bus: EventBus;
  db: PostgresJsDatabase<typeof schema>;
  store: NotificationStore;
  /** The modules whose notices the inbox takes (NOTIFICATION_PRODUCERS, from the module descriptors). */
  producers: string[];
  /** Called after a notice is stored: the mailer sends what is due now. */
  onStored?: () => void;
}

/** Follows every notifying module's `<producer>.notification.requested.v1`; each notice stored once. */
export const inboxConsumer = fp<InboxOptions>(
  async (app, { bus, db, store, producers, onStored }) => {
    const subscriptions: Subscription[] = [];
    for (const producer of producers) {
      // One durable consumer per module that sends notices (the name its NATS permissions allow).
      const durable = inboxDurable('svc-identity', producer);
      subscriptions.push(
        await bus.subscribe<NotificationRequestedData>({
          producer,
          durable,
          filter: `${producer}.notification.>`,
          // A notice failing the contract is dead-lettered, never stored.
          schemas: { [notificationRequestedType(producer)]: NotificationRequestedData },
          handler: async (event) => {
            const stored = await handleOnce(db, processed, durable, event, (tx) => store.add(tx, event.data));
            if (stored) onStored?.();
          },
        }),
      );
    }
    app.addHook('onClose', () => Promise.all(subscriptions.map((s) => s.stop())).then(() => undefined));
  },
  { name: 'identity-inbox-consumer' },
);
