import fp from 'fastify-plugin';
import type { FastifyInstance } from 'fastify';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import {
  followIdentityUsers,
  handleOnce,
  type EventBus,
  type IdentityUserEvent,
  type ProcessedEventsTable,
} from '@platform/event-bus';

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyDb = PgDatabase<PgQueryResultHKT, any, any>;
type TxOf<Db extends AnyDb> = Parameters<Parameters<Db['transaction']>[0]>[0];

export interface IdentityUserSyncOptions<Db extends AnyDb, Extra extends object> {
  /** The plugin's name (`<service>-user-sync`). */
  name: string;
  /** The durable consumer's name (`svc-<service>__user-sync`): the projection resumes where it left off. */
  durable: string;
  /** Plugins whose decorations `apply` uses (the service's stores). */
  dependencies?: string[];
  /**
   * Writes one event into the service's own projection, inside the transaction that records it as
   * processed; `context` is the app and what the service registered the plugin with beside bus and db.
   */
  apply: (tx: TxOf<Db>, event: IdentityUserEvent, context: { app: FastifyInstance } & Extra) => Promise<void>;
  /** After the event is stored: what the instance keeps in memory about the person (a cache) to forget. */
  afterApply?: (event: IdentityUserEvent, context: { app: FastifyInstance } & Extra) => void;
}

/**
 * The one way a service keeps its projection of identity's users (registered, updated, deleted): a durable
 * consumer applying each event exactly once (`handleOnce`), started with the app and stopped before the
 * bus closes. The service writes only `apply`, its own columns; a version guard in its upsert keeps an
 * older event from overwriting a newer one.
 */
export function identityUserSync<Db extends AnyDb, Extra extends object = object>(
  options: IdentityUserSyncOptions<Db, Extra>,
) {
  return fp<{ bus: EventBus; db: Db; processed: ProcessedEventsTable } & Extra>(
    async (app, registered) => {
      const { bus, db, processed } = registered;
      const context = { ...registered, app };
      const subscription = await followIdentityUsers(bus, options.durable, async (event) => {
        await handleOnce(db, processed, options.durable, event, (tx) => options.apply(tx, event, context));
        options.afterApply?.(event, context);
      });
      app.addHook('onClose', () => subscription.stop());
    },
    { name: options.name, ...(options.dependencies ? { dependencies: options.dependencies } : {}) },
  );
}
