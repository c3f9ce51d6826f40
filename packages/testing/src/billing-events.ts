import { makeEnvelope, NatsEventBus } from '@platform/event-bus';
import {
  BillingEvents,
  type BillingLimits,
  type Entitlements,
  type SubscriptionChangedData,
} from '@platform/contracts';
import { eventually } from './eventually';

/** What a clinic holds with nothing bought (billing's own "nothing"): one location, no module. */
const NOTHING: BillingLimits = {
  staff: 0,
  locations: 1,
  openPostings: 0,
  licenceAlertRoles: 0,
  workflows: 0,
};

/** Entitlements for a test: the modules, with `limits` over nothing's. */
export const entitlementsWith = (
  modules: Entitlements['modules'],
  limits: Partial<BillingLimits> = {},
  listingCredits: Entitlements['listingCredits'] = [],
): Entitlements => ({ modules, limits: { ...NOTHING, ...limits }, capabilities: [], listingCredits });

/**
 * A stand-in for svc-billing on a test's prefix: publishes billing.subscription.changed.v1 the way
 * svc-billing's outbox does, so a service's projection and 402 can be tested on their own.
 */
export async function fakeBilling(natsUrl: string, prefix: string) {
  const bus = await NatsEventBus.connect({ url: natsUrl, prefix, name: 'fake-billing' });
  await bus.ensureStream('billing');
  return {
    announce: (
      orgId: string,
      version: number,
      status: SubscriptionChangedData['status'],
      entitlements: Entitlements,
    ) =>
      bus.publish(
        makeEnvelope<SubscriptionChangedData>(BillingEvents.subscriptionChanged, {
          orgId,
          plan: entitlements.modules.includes('core') ? 'professional' : null,
          items: [],
          status,
          periodEnd: new Date(Date.now() + 30 * 86_400_000).toISOString(),
          trialEndsAt: null,
          entitlements,
          version,
        }),
      ),
    close: () => bus.close(),
  };
}
export type FakeBilling = Awaited<ReturnType<typeof fakeBilling>>;

/**
 * Waits until a service's consumer of billing's stream runs (it starts once the stream exists): announces
 * that `probeOrgId` holds nothing and polls `attempt`, an action of that clinic, until it answers 402. Use a
 * probe clinic of its own, not a timed one.
 */
export async function billingConsumerReady(
  billing: FakeBilling,
  probeOrgId: string,
  attempt: () => Promise<{ statusCode: number }>,
): Promise<void> {
  await billing.announce(probeOrgId, 1, 'expired', entitlementsWith([]));
  await eventually(async () => ((await attempt()).statusCode === 402 ? true : undefined), 20_000);
}

/**
 * Polls `attempt` until it answers `status`, within 2 seconds by default (how soon every service must follow
 * a subscription change), and says how long that took. A try that went through while a refusal was awaited
 * (the change not projected yet) is handed to `undo`, so it holds nothing the test then counts.
 */
export async function answersWithin<R extends { statusCode: number }>(
  attempt: () => Promise<R>,
  status: number,
  opts: { undo?: (passed: R) => Promise<unknown>; timeoutMs?: number } = {},
): Promise<{ res: R; ms: number }> {
  const started = Date.now();
  const res = await eventually(async () => {
    const r = await attempt();
    if (r.statusCode === status) return r;
    if (r.statusCode < 300 && status >= 300) await opts.undo?.(r);
    return undefined;
  }, opts.timeoutMs ?? 2_000);
  return { res, ms: Date.now() - started };
}
