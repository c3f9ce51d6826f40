import path from 'node:path';
import rateLimit from '@fastify/rate-limit';
import {
  buildServiceRuntime,
  cronEvery,
  scheduledJobs,
  serviceRateLimitBucket,
  sharedRateLimitStore,
  type App,
  type ScheduledJob,
  type ScheduledJobs,
} from '@platform/service-kit';
import type { EventBus } from '@platform/event-bus';
import type { PostgresJsDatabase } from 'drizzle-orm/postgres-js';
import type { IdentityConfig } from './config';
import * as schema from './db/schema';
import { PasswordHasher } from './passwords';
import { identityStores } from './stores';
import { UserStore } from './stores/user-store';
import userRoutes from './routes/user';
import adminAccountRoutes from './routes/user/admin';
import notificationRoutes from './routes/user/notifications';
import teamRoutes from './routes/user/team';
import { TeamStore } from './stores/team-store';
import { NotificationStore } from './notifications/notification-store';
import { inboxConsumer } from './events/inbox';
import { Mailer } from './notifications/mailer';
import { AccountMail } from './notifications/account-mail';
import emailLinkRoutes from './routes/user/email-links';
import { AfricasTalkingSms } from './sms/africas-talking';
import { SmsSender } from './sms/sms-sender';
import { serialSweep, type SerialSweep } from './notifications/serial-sweep';
import photoRoutes from './routes/user/photo';
import { PhotoStore } from './stores/photo-store';
import { entitlements } from './events/entitlements';

type Db = PostgresJsDatabase<typeof schema>;

export interface BuildOptions {
  /** Tests may pass an already-connected bus; otherwise one is connected from NATS_URL. */
  bus?: EventBus;
}

/**
 * Builds svc-identity on the platform's service skeleton: it alone signs tokens, and its own database
 * decides whether a session holds. Then its stores, rate limits, routes and the admin account.
 * Never listens: server.ts does.
 */
export async function buildApp(config: IdentityConfig, opts: BuildOptions = {}): Promise<App> {
  const { app, db, bus } = await buildServiceRuntime({
    name: 'svc-identity',
    config,
    database: {
      schemaName: 'identity',
      tables: schema,
      migrationsFolder: path.join(__dirname, '..', 'drizzle'),
    },
    producer: 'identity',
    bus: opts.bus,
    signing: { privateKey: config.jwtPrivateKey, expiresInSeconds: config.JWT_TTL_SECONDS },
    revocations: (database) => new UserStore(database).revocationState(),
  });
  await app.register(identityStores, {
    db,
    limits: {
      addressMaxFailures: config.LOGIN_ADDRESS_MAX_FAILURES,
      addressWindowSeconds: config.LOGIN_ADDRESS_WINDOW_SECONDS,
      accountMaxFailures: config.LOGIN_ACCOUNT_MAX_FAILURES,
      accountWindowSeconds: config.LOGIN_ACCOUNT_WINDOW_SECONDS,
      knownAddressDays: config.LOGIN_KNOWN_ADDRESS_DAYS,
    },
  });
  await app.register(entitlements, { bus, db });
  const hasher = new PasswordHasher(config.HASH_CONCURRENCY, config.HASH_QUEUE);

  // Per-network limits counted once for every instance of svc-identity, in its NATS key-value bucket (this
  // instance's memory while NATS cannot count): module.json's `sharedRateLimits`.
  const counts = sharedRateLimitStore(
    bus,
    serviceRateLimitBucket('svc-identity'),
    app.log.child({ component: 'rate-limit' }),
  );
  app.addHook('onClose', async () => counts.stop());
  await app.register(rateLimit, {
    global: false,
    store: counts.store,
    errorResponseBuilder: (_req, ctx) =>
      Object.assign(
        new Error(`Too many attempts from your network. Try again in ${Math.ceil(ctx.ttl / 1000)} seconds.`),
        { statusCode: 429 },
      ),
  });
  const mailer = config.SMTP_URL
    ? new Mailer(db, { smtpUrl: config.SMTP_URL, from: config.MAIL_FROM, publicUrl: config.PUBLIC_URL })
    : undefined;
  const mail = new AccountMail(mailer, app.emailLinks, app.log);
  app.decorate('accountMail', mail);
  app.addHook('onClose', () => mail.drain());
  const accounts = { config, store: app.users, hasher, limiter: app.loginLimiter, mail };
  await app.register(userRoutes, accounts);
  await app.register(emailLinkRoutes, { ...accounts, links: app.emailLinks });
  await app.register(adminAccountRoutes, { store: app.users });
  await app.register(photoRoutes, { photos: new PhotoStore(db), users: app.users });
  const sweeps = await registerInbox(app, config, db, bus, mailer);
  // The scheduled jobs, each tick run once across instances (pg-boss in the identity_jobs schema).
  app.decorate(
    'identityJobs',
    scheduledJobs(app, {
      url: config.DATABASE_URL,
      schema: 'identity_jobs',
      jobs: [{ name: 'identity-prune', cron: '0 * * * *', run: () => pruneStores(app) }, ...sweeps],
    }),
  );

  const filled = await app.users.fillPlacesFromAddresses();
  if (filled > 0) app.log.info({ filled }, 'town and country read from addresses');

  if (config.ADMIN_EMAIL && config.ADMIN_PASSWORD) {
    await app.users.bootstrapAdmin(config.ADMIN_EMAIL, await hasher.hash(config.ADMIN_PASSWORD, 'owner'));
    app.log.info({ email: config.ADMIN_EMAIL }, 'admin account ready');
  }
  return app;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Set when SMTP_URL is: the inbox's e-mails (tests call sweep() to send what is due). */
    mailer?: Mailer;
    /** Set when an SMS provider is configured: the notices' texts (tests call sweep()). */
    smsSender?: SmsSender;
    /** The scheduled jobs: identity-prune, and mail-sweep / sms-sweep where those transports are set. */
    identityJobs: ScheduledJobs;
    /** The e-mails about an account (one-time links); tests drain() it to wait for what is under way. */
    accountMail: AccountMail;
  }
}

/**
 * The platform inbox: every notifying module's notices stored once, read by their recipient, sent by
 * e-mail where an SMTP server is configured (immediate ones at once, digests by a periodic sweep) and by
 * SMS where an SMS provider is and the notice asks for it.
 */
async function registerInbox(
  app: App,
  config: IdentityConfig,
  db: Db,
  bus: EventBus,
  mailer: Mailer | undefined,
): Promise<ScheduledJob[]> {
  const sms =
    config.AT_USERNAME && config.AT_API_KEY
      ? new SmsSender(
          db,
          new AfricasTalkingSms({
            baseUrl: config.AT_BASE_URL,
            username: config.AT_USERNAME,
            apiKey: config.AT_API_KEY,
            from: config.AT_SENDER_ID,
          }),
          { publicUrl: config.PUBLIC_URL, defaultCountryCode: config.SMS_DEFAULT_COUNTRY_CODE },
        )
      : undefined;
  const store = new NotificationStore(db, { sms: Boolean(sms) });
  const kicks: Array<() => void> = [];
  const jobs: ScheduledJob[] = [];
  if (mailer) {
    app.decorate('mailer', mailer);
    const sweep = serialSweep(
      app,
      'e-mails',
      () => mailer.sweep(),
      () => mailer.close(),
    );
    kicks.push(sweep.kick);
    jobs.push(sweepJob('mail-sweep', sweep, config.MAIL_SWEEP_SECONDS));
  }
  if (sms) {
    app.decorate('smsSender', sms);
    const sweep = serialSweep(app, 'SMS', () => sms.sweep());
    kicks.push(sweep.kick);
    jobs.push(sweepJob('sms-sweep', sweep, config.SMS_SWEEP_SECONDS));
  }
  const producers = config.NOTIFICATION_PRODUCERS.split(',').filter(Boolean);
  const onStored = () => kicks.forEach((kick) => kick());
  await app.register(inboxConsumer, { bus, db, store, producers, onStored });
  await app.register(notificationRoutes, { store });
  // A clinic's team: an invitation reaches the invitee's inbox in the invitation's own transaction.
  await app.register(teamRoutes, { users: app.users, team: new TeamStore(db, store), config });
  return jobs;
}

/** A transport's sweep every `seconds` (a minute's cron, and `everySeconds` below a minute). */
function sweepJob(name: string, sweep: SerialSweep, seconds: number): ScheduledJob {
  return {
    name,
    cron: cronEvery(seconds),
    everySeconds: seconds < 60 ? seconds : undefined,
    run: () => sweep.run(),
  };
}

/** Hourly: old sessions, login failures and e-mailed links. */
async function pruneStores(app: App): Promise<void> {
  await Promise.all([
    app.users.pruneSessions().catch((err) => app.log.warn({ err }, 'session prune failed')),
    app.loginLimiter.prune().catch((err) => app.log.warn({ err }, 'login attempts prune failed')),
    app.emailLinks.prune().catch((err) => app.log.warn({ err }, 'e-mailed links prune failed')),
  ]);
}
