import path from 'node:path';
import { buildServiceRuntime, type App } from '@platform/service-kit';
import type { EventBus } from '@platform/event-bus';
import type { ConnectConfig } from './config';
import * as schema from './db/schema';
import { connectStores } from './stores';
import { userSync } from './events/user-sync';
import { directoryChanges } from './events/directory-changes';
import { moderation } from './events/moderation';
import { verifiedProfessionSync } from './events/verified-professions';
import { entitlements } from './events/entitlements';
import directoryRoutes from './routes/directory';
import requestRoutes from './routes/requests';
import discussionRoutes from './routes/discussions';

export interface BuildOptions {
  /** Tests may pass an already-connected bus; otherwise one is connected from NATS_URL. */
  bus?: EventBus;
}

/**
 * Builds svc-connect on the platform's service skeleton (database migrated, NATS under its own user,
 * outbox relay, trust model, one logger), then its stores, its consumers (the directory from identity's
 * user events, moderators' decisions, core's verified licences), the directory's changes every instance
 * follows, and its routes. Never listens: server.ts does.
 */
export async function buildApp(config: ConnectConfig, opts: BuildOptions = {}): Promise<App> {
  const { app, db, bus } = await buildServiceRuntime({
    name: 'svc-connect',
    config,
    database: {
      schemaName: 'connect',
      tables: schema,
      migrationsFolder: path.join(__dirname, '..', 'drizzle'),
    },
    producer: 'connect',
    bus: opts.bus,
  });
  await app.register(connectStores, { db, cacheMs: config.DIRECTORY_CACHE_MS });
  await app.register(userSync, { bus, db, processed: schema.processed });
  await app.register(directoryChanges, { bus });
  await app.register(moderation, { bus, db });
  await app.register(verifiedProfessionSync, { bus, db });
  await app.register(entitlements, { bus, db });
  await app.register(directoryRoutes);
  await app.register(requestRoutes);
  await app.register(discussionRoutes);
  return app;
}
