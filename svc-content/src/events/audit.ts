import fp from 'fastify-plugin';
import { handleOnce, type EventBus } from '@platform/event-bus';
import { AdminActionRecordedData, adminActionRecordedType, auditDurable } from '@platform/contracts';
import { processed } from '../db/schema';
import type { Db } from '../stores/db';

/**
 * The producers are AUDIT_PRODUCERS (every module whose descriptor says `recordsAdminActions`).
 * One durable consumer a producer (`svc-content__audit-<producer>`, one filter each, as the NATS servers
 * here allow), appending each `<producer>.admin-action.recorded.v1` to the log once. A producer whose
 * stream does not exist yet (a deployment without it) is waited for quietly.
 */
export const audit = fp<{ bus: EventBus; db: Db; producers: string[] }>(
  async (app, { bus, db, producers }) => {
    const subscriptions = await Promise.all(
      producers.map((producer) => {
        const durable = auditDurable('svc-content', producer);
        return bus.subscribe<AdminActionRecordedData>({
          producer,
          durable,
          filter: `${producer}.admin-action.>`,
          schemas: { [adminActionRecordedType(producer)]: AdminActionRecordedData },
          handler: async (event) => {
            await handleOnce(db, processed, durable, event, (tx) => app.audit.append(tx, producer, event));
          },
        });
      }),
    );
    app.addHook('onClose', () => Promise.all(subscriptions.map((s) => s.stop())).then(() => {}));
  },
  { name: 'content-audit', dependencies: ['content-stores'] },
);
