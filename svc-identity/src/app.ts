import path from 'node:path';
import rateLimit from '@fastify/rate-limit';
import { buildService, createDatabase, type App } from '@platform/service-kit';
import { NatsEventBus, OutboxRelay, type EventBus } from '@platform/event-bus';
import type { IdentityConfig } from './config';
import * as schema from './db/schema';
import { PasswordHasher } from './passwords';
import { LoginLimiter } from './login-limiter';
import { UserStore } from './plugins/user-store';
import userRoutes from './routes/user';
import adminAccountRoutes from './routes/user/admin';

export interface BuildOptions {
  /** Tests may pass an already-connected bus; otherwise one is connected from NATS_URL. */
  bus?: EventBus;
}

/** Builds svc-identity: migrations applied, outbox relay running. Never listens: server.ts does. */
export async function buildApp(config: IdentityConfig, opts: BuildOptions = {}): Promise<App> {
  const database = createDatabase({
    url: config.DATABASE_URL,
    schemaName: 'identity',
    tables: schema,
    migrationsFolder: path.join(__dirname, '..', 'drizzle'),
  });
  await database.migrate();

  const store = new UserStore(database.db);
  const hasher = new PasswordHasher(config.HASH_CONCURRENCY, config.HASH_QUEUE);
  const limiter = new LoginLimiter(database.db, {
    addressMaxFailures: config.LOGIN_ADDRESS_MAX_FAILURES,
    addressWindowSeconds: config.LOGIN_ADDRESS_WINDOW_SECONDS,
    accountMaxFailures: config.LOGIN_ACCOUNT_MAX_FAILURES,
    accountWindowSeconds: config.LOGIN_ACCOUNT_WINDOW_SECONDS,
    knownAddressDays: config.LOGIN_KNOWN_ADDRESS_DAYS,
  });

  const app = await buildService({
    name: 'svc-identity',
    logLevel: config.LOG_LEVEL,
    trustedProxies: config.trustedProxies,
    jwt: {
      publicKey: config.jwtPublicKey,
      privateKey: config.jwtPrivateKey,
      audience: config.JWT_AUDIENCE,
      issuer: config.JWT_ISSUER,
      expiresInSeconds: config.JWT_TTL_SECONDS,
      // The database decides here; other services learn of logouts and ended accounts from identity.session.*.
      revocations: store.revocationState(),
    },
    readiness: { database: () => database.ping(), bus: () => bus.ready() },
  });

  const bus =
    opts.bus ??
    (await NatsEventBus.connect({
      url: config.NATS_URL,
      prefix: config.NATS_PREFIX,
      name: 'svc-identity',
      user: config.NATS_USER,
      password: config.NATS_PASSWORD,
      log: app.log.child({ component: 'event-bus' }),
    }));
  await bus.ensureStream('identity');
  const relay = new OutboxRelay({ sql: database.sql, schema: 'identity', bus, log: app.log });

  await app.register(rateLimit, {
    global: false,
    errorResponseBuilder: (_req, ctx) =>
      Object.assign(
        new Error(`Too many attempts from your network. Try again in ${Math.ceil(ctx.ttl / 1000)} seconds.`),
        {
          statusCode: 429,
        },
      ),
  });
  await app.register(userRoutes, { config, store, hasher, limiter });
  await app.register(adminAccountRoutes, { store });

  if (config.ADMIN_EMAIL && config.ADMIN_PASSWORD) {
    await store.bootstrapAdmin(config.ADMIN_EMAIL, await hasher.hash(config.ADMIN_PASSWORD));
    app.log.info({ email: config.ADMIN_EMAIL }, 'admin account ready');
  }

  relay.start();
  const prune = setInterval(() => {
    void store.pruneSessions().catch((err) => app.log.warn({ err }, 'session prune failed'));
    void limiter.prune().catch((err) => app.log.warn({ err }, 'login attempts prune failed'));
  }, 3600_000);
  prune.unref();

  app.addHook('onClose', async () => {
    clearInterval(prune);
    await relay.stop();
    if (!opts.bus) await bus.close();
    await database.close();
  });
  return app;
}
