import path from 'node:path';
import { buildServiceRuntime, type App } from '@platform/service-kit';
import type { EventBus } from '@platform/event-bus';
import type { HireConfig } from './config';
import * as schema from './db/schema';
import { hireStores } from './stores';
import { userSync } from './events/user-sync';
import { jobAlerts } from './events/job-alerts';
import { entitlements } from './events/entitlements';
import { verifiedProfessionSync } from './events/verified-professions';
import alertRoutes from './routes/alerts';
import jobRoutes from './routes/job';
import applicationRoutes from './routes/application';
import cvRoutes from './routes/cv';
import savedJobRoutes from './routes/saved-job';

export interface BuildOptions {
  /** Tests may pass an already-connected bus; otherwise one is connected from NATS_URL. */
  bus?: EventBus;
}

/**
 * Builds svc-hire on the platform's service skeleton (database migrated, NATS under its own user,
 * outbox relay, trust model, one logger), then its stores, its users projection and its routes.
 * Never listens: server.ts does.
 */
export async function buildApp(config: HireConfig, opts: BuildOptions = {}): Promise<App> {
  const { app, db, bus } = await buildServiceRuntime({
    name: 'svc-hire',
    config,
    database: { schemaName: 'hire', tables: schema, migrationsFolder: path.join(__dirname, '..', 'drizzle') },
    producer: 'hire',
    bus: opts.bus,
  });
  await app.register(hireStores, { db });
  await app.register(userSync, { bus, db, processed: schema.processed });
  await app.register(jobAlerts, { bus, db, alerts: app.alerts });
  await app.register(entitlements, { bus, db });
  await app.register(verifiedProfessionSync, { bus, db });
  await app.register(jobRoutes, { boardCacheMs: config.BOARD_CACHE_MS });
  await app.register(applicationRoutes);
  await app.register(cvRoutes);
  await app.register(savedJobRoutes);
  await app.register(alertRoutes);
  return app;
}
