import { createServer } from 'node:net';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import type postgres from 'postgres';
import {
  eventually,
  readEvents,
  startServiceForTest,
  userEvent,
  type Persona,
  type ServiceContext,
} from '@platform/testing';
import type { App } from '@platform/service-kit';
import type { NatsEventBus } from '@platform/event-bus';
import { BillingEvents, IdentityEvents, type SubscriptionChangedData } from '@platform/contracts';
import { buildSandbox } from '../sandbox/app';
import { SANDBOX_CREDENTIALS } from '../sandbox/credentials';
import { readConfig, type BillingConfig } from '../src/config';
import { buildApp } from '../src/app';

export type { Persona };

/** A clock the test moves (trials end, periods end) while real time passes underneath. */
export class TestClock {
  private offsetMs = 0;
  now = (): Date => new Date(Date.now() + this.offsetMs);
  advanceDays(days: number) {
    this.offsetMs += days * 24 * 3600 * 1000;
  }
}

export interface BillingTestContext extends ServiceContext<BillingConfig, App, LightMyRequestResponse> {
  clock: TestClock;
  sandbox: FastifyInstance;
  /** Calls to the sandbox's APIs, by path (to count STK prompts). */
  sandboxCalls: string[];
  baseUrl: string;
  /** The billing events published so far for one organisation. */
  eventsOf(orgId: string): Promise<SubscriptionChangedData[]>;
}

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

/**
 * svc-billing listening on a real port (providers call it back over HTTP), its providers pointed at a
 * payments sandbox of its own, on its own database and NATS prefix, with a clock the test moves.
 */
export async function startBilling(
  opts: { payDelayMs?: number; env?: Record<string, string> } = {},
): Promise<BillingTestContext> {
  const port = await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  const { mpesa, airtel, paystack } = SANDBOX_CREDENTIALS;
  const sandbox = await buildSandbox({
    mpesa,
    airtel: { ...airtel, callbackUrl: `${baseUrl}/api/billing/callbacks/airtel` },
    paystack: { ...paystack, webhookUrl: `${baseUrl}/api/billing/callbacks/card` },
    payDelayMs: opts.payDelayMs ?? 300,
  });
  const sandboxCalls: string[] = [];
  sandbox.addHook('onRequest', async (request) => {
    sandboxCalls.push(request.url);
  });
  const sandboxUrl = await sandbox.listen({ port: 0, host: '127.0.0.1' });
  const clock = new TestClock();
  const ctx = await startServiceForTest<BillingConfig, LightMyRequestResponse, App>(
    'billing',
    readConfig,
    (config) => buildApp(config, { now: clock.now }),
    {
      BILLING_CALLBACK_BASE_URL: baseUrl,
      MPESA_BASE_URL: sandboxUrl,
      AIRTEL_BASE_URL: sandboxUrl,
      PAYSTACK_BASE_URL: sandboxUrl,
      BILLING_SWEEP_SECONDS: '0.5',
      PAYMENT_QUERY_AFTER_SECONDS: '2',
      ...opts.env,
    },
  ).catch(async (err: unknown) => {
    await sandbox.close();
    throw err;
  });
  await ctx.app.listen({ port, host: '127.0.0.1' });
  return {
    ...ctx,
    clock,
    sandbox,
    sandboxCalls,
    baseUrl,
    async eventsOf(orgId) {
      const all = await readEvents<SubscriptionChangedData>(
        ctx.natsUrl,
        `${ctx.prefix}${BillingEvents.subscriptionChanged}`,
      ).catch(() => []);
      return all.map((e) => e.data).filter((d) => d.orgId === orgId);
    },
    async close() {
      await ctx.close();
      await sandbox.close();
    },
  };
}

/** A checkout as a clinic, with its Idempotency-Key. */
export function checkoutAs(
  ctx: BillingTestContext,
  who: Persona,
  body: { items: string[]; method: string; phone?: string },
  key = `key-${Math.random().toString(36).slice(2)}`,
) {
  return ctx.app.inject({
    method: 'POST',
    url: '/api/billing/checkout',
    headers: { authorization: `Bearer ${who.token}`, 'idempotency-key': key },
    payload: body,
  });
}

/**
 * A clinic account with `phone` (its billing contact, where renewal prompts go), announced on identity's
 * stream by a stand-in for svc-identity and recorded by svc-billing.
 */
export async function knownClinic(
  ctx: BillingTestContext,
  identity: NatsEventBus,
  sql: postgres.Sql,
  phone: string,
): Promise<Persona> {
  const clinic = ctx.persona('Clinic');
  await identity.publish(
    userEvent(IdentityEvents.userRegistered, clinic.orgId!, { role: 'Clinic', phone, email: clinic.email }),
  );
  await eventually(
    async () =>
      (await sql`select 1 from billing.organisations where org_id = ${clinic.orgId}`).length
        ? true
        : undefined,
    10_000,
  );
  return clinic;
}

/** Moves the test clock to `days` from a period's end (plus an hour) and sweeps twice. */
export async function sweepAt(ctx: BillingTestContext, periodEnd: string, days: number) {
  const target = Date.parse(periodEnd) + days * 86_400_000 + 3_600_000;
  ctx.clock.advanceDays((target - ctx.clock.now().getTime()) / 86_400_000);
  await ctx.app.billingSweep();
  await ctx.app.billingSweep();
}

/** The name other modules' tests know it by (`@platform/svc-billing/testing`). */
export type BillingContext = BillingTestContext;
