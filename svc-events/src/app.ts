import path from 'node:path';
import { AnswerCache, buildServiceRuntime, type App } from '@platform/service-kit';
import type { EventBus } from '@platform/event-bus';
import type { EventsConfig } from './config';
import * as schema from './db/schema';
import { eventsStores } from './stores';
import { userSync } from './events/user-sync';
import { organisationSync } from './events/organisations';
import { entitlements } from './events/entitlements';
import eventRoutes from './routes/event';
import registrationRoutes from './routes/registration';
import calendarRoutes from './routes/calendar';
import checkinRoutes from './routes/checkin';

export interface BuildOptions {
  /** Tests may pass an already-connected bus; otherwise one is connected from NATS_URL. */
  bus?: EventBus;
}

/**
 * Builds svc-events on the platform's service skeleton (database migrated, NATS under its own user,
 * outbox relay, trust model, one logger), then its stores, its users projection and its routes.
 * Never listens: server.ts does.
 */
export async function buildApp(config: EventsConfig, opts: BuildOptions = {}): Promise<App> {
  const { app, db, bus } = await buildServiceRuntime({
    name: 'svc-events',
    config,
    database: {
      schemaName: 'events',
      tables: schema,
      migrationsFolder: path.join(__dirname, '..', 'drizzle'),
    },
    producer: 'events',
    bus: opts.bus,
  });
  await app.register(eventsStores, { db });
  await app.register(userSync, { bus, db, processed: schema.processed });
  await app.register(entitlements, { bus, db });
  await app.register(organisationSync, { bus, db });
  // The public list's answers, kept LIST_CACHE_MS. Any change this instance makes (an event posted,
  // edited or cancelled, a seat taken or freed) clears them, so it shows on the next load.
  const list = new AnswerCache(config.LIST_CACHE_MS);
  app.addHook('onResponse', async (request, reply) => {
    if (request.method !== 'GET' && request.method !== 'HEAD' && reply.statusCode < 400) list.clear();
  });
  await app.register(eventRoutes, {
    list,
    listCaching: AnswerCache.sharedCacheControl(config.LIST_CACHE_MS),
  });
  await app.register(registrationRoutes);
  await app.register(calendarRoutes);
  await app.register(checkinRoutes, { publicUrl: config.PUBLIC_URL.replace(/\/+$/, '') });
  return app;
}
