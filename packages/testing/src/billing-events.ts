import { makeEnvelope, NatsEventBus } from '@platform/event-bus';
import {
  BillingEvents,
  type BillingLimits,
  type Entitlements,
  type SubscriptionChangedData,
} from '@platform/contracts';

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
