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
  const limiter = new LoginLimiter(
    config.LOGIN_ACCOUNT_MAX_FAILURES,
    config.LOGIN_ACCOUNT_WINDOW_SECONDS * 1000,
  );

  const app = await buildService({
    name: 'svc-identity',
    logLevel: config.LOG_LEVEL,
    jwt: {
      publicKey: config.jwtPublicKey,
      privateKey: config.jwtPrivateKey,
      audience: config.JWT_AUDIENCE,
      issuer: config.JWT_ISSUER,
      // Logout must take effect at once here; the gateway learns of it from identity.session.revoked.v1.
      isTrusted: (claims) => store.isSessionActive(claims.jti),
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

  if (config.ADMIN_EMAIL && config.ADMIN_PASSWORD) {
    await store.bootstrapAdmin(config.ADMIN_EMAIL, await hasher.hash(config.ADMIN_PASSWORD));
    app.log.info({ email: config.ADMIN_EMAIL }, 'admin account ready');
  }

  relay.start();
  const prune = setInterval(
    () => void store.pruneSessions().catch((err) => app.log.warn({ err }, 'session prune failed')),
    3600_000,
  );
  prune.unref();

  app.addHook('onClose', async () => {
    clearInterval(prune);
    await relay.stop();
    if (!opts.bus) await bus.close();
    await database.close();
  });
  return app;
}
