import type { PostgresJsDatabase } from 'drizzle-orm/postgres-js';
import { OutboxRelay, type EventBus } from '@platform/event-bus';
import { buildService, type App } from './service';
import { authPlugin } from './auth';
import { sessionCookieSettings } from './session-cookie';
import { createDatabase, type DatabaseOptions } from './db';
import { FollowedRevocations } from './revocations';
import type { RevocationState } from './trust';
import type { ServiceConfig } from './service-config';
import { connectServiceBus } from './service-bus';
import { busMetrics } from './bus-metrics';

export interface ServiceRuntime<T extends Record<string, unknown>> {
  app: App;
  /** Its own schema's tables; stores are plugins given this. */
  db: PostgresJsDatabase<T>;
  /** Consumers are plugins given this; events go out through the outbox, not straight here. */
  bus: EventBus;
}

export interface ServiceRuntimeOptions<T extends Record<string, unknown>> {
  /** `svc-hire`: logs, OpenAPI, the NATS client name and its dead letters. */
  name: string;
  config: ServiceConfig;
  /** The Postgres schema it owns, its drizzle tables and committed migrations (and its connections' settings). */
  database: Pick<DatabaseOptions<T>, 'schemaName' | 'tables' | 'migrationsFolder' | 'settings'>;
  /** The event stream it owns; its outbox relay publishes there. */
  producer: string;
  /**
   * Tests may pass a connected bus (theirs to check); otherwise one is connected from the config, under the
   * service's own NATS user on a server that admits nobody without one (`connectServiceBus`).
   */
  bus?: EventBus;
  /** svc-identity signs tokens (and decides revocations from its own database). */
  signing?: { privateKey: string; expiresInSeconds: number };
  /** Default: follow identity.session.* (every service but svc-identity). */
  revocations?: (db: PostgresJsDatabase<T>) => RevocationState;
  bodyLimit?: number;
}

/**
 * The skeleton every service shares: Fastify with the platform's conventions, its database migrated,
 * NATS connected under its own user, its outbox relayed, the trust model, and one logger for all of it
 * (a NATS disconnect, a relay error or a failing consumer each leave a line). It refuses to start on a bus
 * anyone may publish on (see `connectServiceBus`). The service then registers
 * its stores, consumers and routes as plugins; closing the app stops them first (Fastify closes in
 * reverse order of registration), then the relay, the bus and the database.
 */
export async function buildServiceRuntime<T extends Record<string, unknown>>(
  opts: ServiceRuntimeOptions<T>,
): Promise<ServiceRuntime<T>> {
  const { config } = opts;
  let bus: EventBus | undefined;
  let revocations: RevocationState | undefined;
  const database = createDatabase({
    url: config.DATABASE_URL,
    schemaName: opts.database.schemaName,
    tables: opts.database.tables,
    migrationsFolder: opts.database.migrationsFolder,
    settings: opts.database.settings,
    max: config.DATABASE_POOL,
  });
  const app = await buildService({
    name: opts.name,
    logLevel: config.LOG_LEVEL,
    trustedProxies: config.trustedProxies,
    bodyLimit: opts.bodyLimit,
    metricsToken: config.METRICS_TOKEN,
    otlpEndpoint: config.OTEL_EXPORTER_OTLP_ENDPOINT,
    readiness: {
      database: () => database.ping(),
      bus: () => bus!.ready(),
      revocations: async () => {
        if (!revocations?.isCurrent()) throw new Error('still replaying revocations');
      },
    },
  });
  try {
    await database.migrate();
    bus = opts.bus ?? (await connectServiceBus(opts.name, config, app.log.child({ component: 'event-bus' })));
    await bus.ensureStream(opts.producer);
    const relay = new OutboxRelay({
      sql: database.sql,
      schema: opts.database.schemaName,
      bus,
      log: app.log.child({ component: 'outbox-relay' }),
    });
    let followed: FollowedRevocations | undefined;
    if (opts.revocations) revocations = opts.revocations(database.db);
    else {
      followed = new FollowedRevocations(bus);
      await followed.start();
      revocations = followed;
    }
    await app.register(authPlugin, {
      publicKey: config.jwtPublicKey,
      privateKey: opts.signing?.privateKey,
      expiresInSeconds: opts.signing?.expiresInSeconds,
      audience: config.JWT_AUDIENCE,
      issuer: config.JWT_ISSUER,
      revocations,
      // As in the gateway: one signature check per token, not per request (revocation is still asked each time).
      verifiedCacheSize: 10_000,
      sessions: sessionCookieSettings(config.PUBLIC_URL, config.CORS_ORIGINS),
    });
    relay.start();
    busMetrics(app, bus, database.sql, opts.database.schemaName);
    const ownBus = !opts.bus;
    app.addHook('onClose', async () => {
      await followed?.stop();
      await relay.stop();
      // Graceful shutdown: requests have finished and consumers stopped (closed before this hook); what the
      // outbox still holds goes out now, while the bus is connected, not at the next instance's start.
      await relay.pass().catch((err: unknown) => app.log.warn({ err }, 'outbox not flushed on close'));
      if (ownBus) await bus!.close();
      await database.close();
    });
    return { app, db: database.db, bus };
  } catch (err) {
    await app.close().catch(() => {});
    if (!opts.bus) await bus?.close().catch(() => {});
    await database.close().catch(() => {});
    throw err;
  }
}
