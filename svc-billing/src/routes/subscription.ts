import { ErrorAnswers } from '@platform/contracts';
import { HttpError, type App } from '@platform/service-kit';
import { DowngradeBody, SubscriptionResponse, type Subscription as SubscriptionView } from '../../contract';
import { CartError, periodLines } from '../domain/cart';
import {
  advance,
  cancelAtPeriodEnd,
  resume,
  scheduleDowngrade,
  TransitionError,
  type Line,
  type Subscription,
} from '../domain/subscription';
import type { BillingContext } from '../payments/context';
import { catalogueMap } from '../stores/catalogue-store';
import {
  ensureTrial,
  getSubscription,
  lockSubscription,
  saveSubscription,
  toSubscription,
} from '../stores/subscription-store';
import { orgOf } from './actor';
import { toSubscriptionView } from './views';

const secured = { tags: ['billing'], security: [{ bearer: [] }] };

/**
 * The organisation's subscription: what it has, until when, and the changes at the period's end (cancel,
 * a cheaper choice) with resume undoing them.
 */
export default async function subscriptionRoutes(app: App, { ctx }: { ctx: BillingContext }) {
  async function view(orgId: string): Promise<SubscriptionView> {
    const now = ctx.now();
    await ctx.db.transaction((tx) => ensureTrial(tx, orgId, now));
    const sub: Subscription = advance(toSubscription((await getSubscription(ctx.db, orgId))!), now);
    return toSubscriptionView(ctx.db, orgId, sub, now, await catalogueMap(ctx.db));
  }

  app.get(
    '/api/billing/subscription',
    {
      preHandler: app.requireRole('Clinic'),
      schema: { ...secured, response: { 200: SubscriptionResponse, ...ErrorAnswers(401, 403) } },
    },
    async (request) => ({ success: true as const, data: await view(orgOf(request)) }),
  );

  /** One change of the subscription, on its locked row after time has moved it on; refusals are 409s. */
  async function changeSubscription(orgId: string, change: (sub: Subscription) => Subscription) {
    const now = ctx.now();
    await ctx.db.transaction(async (tx) => {
      await ensureTrial(tx, orgId, now);
      const row = (await lockSubscription(tx, orgId))!;
      try {
        await saveSubscription(tx, row, change(advance(toSubscription(row), now)), now);
      } catch (err) {
        if (err instanceof TransitionError) throw new HttpError(409, err.message, err.code);
        throw err;
      }
    });
    return { success: true as const, data: await view(orgId) };
  }

  for (const [path, change] of [
    ['cancel', cancelAtPeriodEnd],
    ['resume', resume],
  ] as const) {
    app.post(
      `/api/billing/subscription/${path}`,
      {
        preHandler: app.requireRole('Clinic'),
        schema: { ...secured, response: { 200: SubscriptionResponse, ...ErrorAnswers(401, 403, 409) } },
      },
      async (request) => changeSubscription(orgOf(request), change),
    );
  }

  // A cheaper choice waits for the period's end (the renewal then charges it); resume undoes it.
  app.post(
    '/api/billing/subscription/downgrade',
    {
      preHandler: app.requireRole('Clinic'),
      schema: {
        ...secured,
        body: DowngradeBody,
        response: { 200: SubscriptionResponse, ...ErrorAnswers(400, 401, 403, 409) },
      },
    },
    async (request) => {
      let lines: Line[];
      try {
        lines = periodLines(request.body.items, await catalogueMap(ctx.db));
      } catch (err) {
        if (err instanceof CartError) throw new HttpError(400, err.message, err.code);
        throw err;
      }
      return changeSubscription(orgOf(request), (sub) => scheduleDowngrade(sub, lines));
    },
  );
}
