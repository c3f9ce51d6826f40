import path from 'node:path';
import { buildService, createDatabase, FollowedRevocations, type App } from '@platform/service-kit';
import { NatsEventBus, OutboxRelay, type EventBus } from '@platform/event-bus';
import type { HireConfig } from './config';
import * as schema from './db/schema';
import { JobStore } from './plugins/job-store';
import { ApplicationStore } from './plugins/application-store';
import { followUsers } from './user-sync';
import jobRoutes from './routes/job';
import applicationRoutes from './routes/application';

export interface BuildOptions {
  /** Tests may pass an already-connected bus; otherwise one is connected from NATS_URL. */
  bus?: EventBus;
}

/** Builds svc-hire: migrations applied, outbox relay and user projection running. Never listens: server.ts does. */
export async function buildApp(config: HireConfig, opts: BuildOptions = {}): Promise<App> {
  const database = createDatabase({
    url: config.DATABASE_URL,
    schemaName: 'hire',
    tables: schema,
    migrationsFolder: path.join(__dirname, '..', 'drizzle'),
    max: config.DATABASE_POOL,
  });
  await database.migrate();

  // Logouts and ended accounts, followed here too: reaching svc-hire directly must refuse what the gateway
  // refuses. (The bus is connected before the app, so it cannot log through app.log yet.)
  const bus =
    opts.bus ??
    (await NatsEventBus.connect({
      url: config.NATS_URL,
      prefix: config.NATS_PREFIX,
      name: 'svc-hire',
      user: config.NATS_USER,
      password: config.NATS_PASSWORD,
    }));
  await bus.ensureStream('hire');
  const revocations = new FollowedRevocations(bus);
  await revocations.start();

  const app = await buildService({
    name: 'svc-hire',
    logLevel: config.LOG_LEVEL,
    trustedProxies: config.trustedProxies,
    jwt: {
      publicKey: config.jwtPublicKey,
      audience: config.JWT_AUDIENCE,
      issuer: config.JWT_ISSUER,
      revocations,
    },
    readiness: {
      database: () => database.ping(),
      bus: () => bus.ready(),
      revocations: async () => {
        if (!revocations.isCurrent()) throw new Error('still replaying revocations');
      },
    },
  });

  const relay = new OutboxRelay({ sql: database.sql, schema: 'hire', bus, log: app.log });

  await app.register(jobRoutes, { jobs: new JobStore(database.db), boardCacheMs: config.BOARD_CACHE_MS });
  await app.register(applicationRoutes, { applications: new ApplicationStore(database.db) });

  relay.start();
  const userSync = await followUsers(bus, database.db);

  app.addHook('onClose', async () => {
    await userSync.stop();
    await revocations.stop();
    await relay.stop();
    if (!opts.bus) await bus.close();
    await database.close();
  });
  return app;
}
