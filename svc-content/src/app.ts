import path from 'node:path';
import { buildServiceRuntime, type App } from '@platform/service-kit';
import type { EventBus } from '@platform/event-bus';
import type { ContentConfig } from './config';
import * as schema from './db/schema';
import { contentStores } from './stores';
import { userSync } from './events/user-sync';
import { activity } from './events/activity';
import { audit } from './events/audit';
import homeRoutes from './routes/home';
import blogRoutes from './routes/blog';
import inboxRoutes from './routes/inbox';
import dashboardRoutes from './routes/dashboard';
import moderationRoutes from './routes/moderation';
import auditRoutes from './routes/audit';

export interface BuildOptions {
  /** Tests may pass an already-connected bus; otherwise one is connected from NATS_URL. */
  bus?: EventBus;
}

/**
 * Builds svc-content on the platform's service skeleton (database migrated, NATS under its own user,
 * outbox relay, trust model, one logger), then its stores, its consumers (the admin's copy of the
 * accounts, the other modules' activity and flagged posts) and its routes. Never listens: server.ts does.
 */
export async function buildApp(config: ContentConfig, opts: BuildOptions = {}): Promise<App> {
  const { app, db, bus } = await buildServiceRuntime({
    name: 'svc-content',
    config,
    database: {
      schemaName: 'content',
      tables: schema,
      migrationsFolder: path.join(__dirname, '..', 'drizzle'),
    },
    producer: 'content',
    bus: opts.bus,
  });
  await app.register(contentStores, { db, formsPerHour: config.FORMS_PER_ADDRESS_PER_HOUR });
  await app.register(userSync, { bus, db, processed: schema.processed });
  await app.register(activity, { bus, db });
  await app.register(audit, { bus, db, producers: config.AUDIT_PRODUCERS.split(',').filter(Boolean) });
  await app.register(homeRoutes);
  await app.register(blogRoutes);
  await app.register(inboxRoutes);
  await app.register(dashboardRoutes);
  await app.register(moderationRoutes);
  await app.register(auditRoutes);
  return app;
}
