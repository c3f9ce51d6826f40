import path from 'node:path';
import {
  buildServiceRuntime,
  cronEvery,
  scheduledJobs,
  type App,
  type ScheduledJobs,
} from '@platform/service-kit';
import type { EventBus } from '@platform/event-bus';
import type { BillingConfig } from './config';
import * as schema from './db/schema';
import { listingUses } from './events/listing-uses';
import { organisations } from './events/organisations';
import type { BillingContext } from './payments/context';
import { sweep } from './payments/sweep';
import { AirtelClient } from './providers/airtel';
import { DarajaClient } from './providers/daraja';
import { PaystackClient } from './providers/paystack';
import type { PaymentMethod, PaymentProvider } from './providers/provider';
import adminRoutes from './routes/admin';
import callbackRoutes from './routes/callbacks';
import checkoutRoutes from './routes/checkout';
import detailsRoutes from './routes/details';
import invoiceRoutes from './routes/invoices';
import planRoutes from './routes/plans';
import subscriptionRoutes from './routes/subscription';

export interface BuildOptions {
  /** Tests may pass an already-connected bus; otherwise one is connected from NATS_URL. */
  bus?: EventBus;
  /** The clock (tests move it to end trials and periods). */
  now?: () => Date;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** One pass of the background step here and now (tests call it instead of waiting for the schedule). */
    billingSweep: () => Promise<void>;
    /** The scheduled sweep (`billing-sweep`), once across instances. */
    billingJobs: ScheduledJobs;
  }
}

export function providersFrom(
  config: BillingConfig,
  now: () => Date,
): Record<PaymentMethod, PaymentProvider> {
  return {
    mpesa: new DarajaClient(
      {
        baseUrl: config.MPESA_BASE_URL,
        consumerKey: config.MPESA_CONSUMER_KEY,
        consumerSecret: config.MPESA_CONSUMER_SECRET,
        shortcode: config.MPESA_SHORTCODE,
        passkey: config.MPESA_PASSKEY,
      },
      now,
    ),
    airtel: new AirtelClient({
      baseUrl: config.AIRTEL_BASE_URL,
      clientId: config.AIRTEL_CLIENT_ID,
      clientSecret: config.AIRTEL_CLIENT_SECRET,
      country: config.AIRTEL_COUNTRY,
      currency: config.AIRTEL_CURRENCY,
      callbackSecret: config.AIRTEL_CALLBACK_SECRET || undefined,
    }),
    card: new PaystackClient({
      baseUrl: config.PAYSTACK_BASE_URL,
      secretKey: config.PAYSTACK_SECRET_KEY,
    }),
  };
}

/**
 * Builds svc-billing on the platform's service skeleton (database migrated, NATS under its own user,
 * outbox relay, trust model, health routes, one logger), then its consumer, routes and background sweep.
 * Never listens: server.ts does.
 */
export async function buildApp(config: BillingConfig, opts: BuildOptions = {}): Promise<App> {
  const { app, db, bus } = await buildServiceRuntime({
    name: 'svc-billing',
    config,
    database: {
      schemaName: 'billing',
      tables: schema,
      migrationsFolder: path.join(__dirname, '..', 'drizzle'),
    },
    producer: 'billing',
    bus: opts.bus,
  });
  const now = opts.now ?? (() => new Date());
  const ctx: BillingContext = {
    db,
    providers: providersFrom(config, now),
    now,
    callbackBaseUrl: (config.BILLING_CALLBACK_BASE_URL ?? `http://127.0.0.1:${config.PORT}`).replace(
      /\/$/,
      '',
    ),
    appUrl: config.APP_URL.replace(/\/$/, ''),
    seller: {
      name: config.BILLING_SELLER_NAME,
      address: config.BILLING_SELLER_ADDRESS,
      kraPin: config.BILLING_SELLER_KRA_PIN,
    },
    log: app.log,
  };
  await app.register(organisations, { bus, db, processed: schema.processed, now });
  await app.register(listingUses, { bus, db, now });
  await app.register(planRoutes, { db });
  await app.register(checkoutRoutes, { ctx });
  await app.register(subscriptionRoutes, { ctx });
  await app.register(invoiceRoutes, { ctx });
  await app.register(detailsRoutes, { ctx });
  await app.register(adminRoutes, { ctx });
  await app.register(callbackRoutes, { ctx });

  const sweepMs = config.BILLING_SWEEP_SECONDS * 1000;
  const queryAfterMs = config.PAYMENT_QUERY_AFTER_SECONDS * 1000;
  let running: Promise<void> = Promise.resolve();
  const once = () => {
    running = running
      .then(() =>
        sweep(ctx, queryAfterMs, sweepMs, {
          days: config.REJECTED_CALLBACKS_KEEP_DAYS,
          rows: config.REJECTED_CALLBACKS_KEEP_ROWS,
        }),
      )
      .catch((err) => app.log.error({ err }, 'billing: sweep failed'));
    return running;
  };
  app.decorate('billingSweep', once);
  // Every BILLING_SWEEP_SECONDS, one run across all instances (pg-boss in the billing_jobs schema).
  const jobs = scheduledJobs(app, {
    url: config.DATABASE_URL,
    schema: 'billing_jobs',
    jobs: [
      {
        name: 'billing-sweep',
        cron: cronEvery(config.BILLING_SWEEP_SECONDS),
        everySeconds: config.BILLING_SWEEP_SECONDS < 60 ? config.BILLING_SWEEP_SECONDS : undefined,
        run: async () => {
          await sweep(ctx, queryAfterMs, sweepMs, {
            days: config.REJECTED_CALLBACKS_KEEP_DAYS,
            rows: config.REJECTED_CALLBACKS_KEEP_ROWS,
          });
        },
        expireInSeconds: 10 * 60,
      },
    ],
  });
  app.decorate('billingJobs', jobs);
  app.addHook('onClose', async () => {
    await running;
  });
  return app;
}
