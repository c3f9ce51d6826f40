import { BillingEvents, type Entitlements, type SubscriptionChangedData } from '@platform/contracts';
import { makeEnvelope, NatsEventBus } from '@platform/event-bus';
import { eventually } from '@platform/testing';
import { aJob, startHire, type HireContext, type Persona } from './helpers';

/**
 * svc-hire enforces what a clinic bought, from billing.subscription.changed.v1 (here published by a
 * stand-in for svc-billing on the same prefix): 402 without Hire or Core, 402 at the third open posting
 * with standalone Hire, allowed within 2 seconds of the change; what is published stays up.
 */
let ctx: HireContext;
let billing: NatsEventBus;
beforeAll(async () => {
  ctx = await startHire();
  billing = await NatsEventBus.connect({ url: ctx.natsUrl, prefix: ctx.prefix, name: 'fake-billing' });
  await billing.ensureStream('billing');
});
afterAll(async () => {
  await billing?.close();
  await ctx?.close();
});

const limits = (openPostings: number | null) => ({
  staff: 0,
  locations: 1,
  openPostings,
  licenceAlertRoles: 0,
  workflows: 0,
});
const entitlements = (modules: Entitlements['modules'], openPostings: number | null): Entitlements => ({
  modules,
  limits: limits(openPostings),
  capabilities: [],
  listingCredits: [],
});
async function announce(
  clinic: Persona,
  version: number,
  status: SubscriptionChangedData['status'],
  e: Entitlements,
) {
  const data: SubscriptionChangedData = {
    orgId: clinic.orgId!,
    plan: e.modules.includes('core') ? 'professional' : null,
    items: [],
    status,
    periodEnd: new Date(Date.now() + 30 * 86_400_000).toISOString(),
    trialEndsAt: null,
    entitlements: e,
    version,
  };
  await billing.publish(makeEnvelope(BillingEvents.subscriptionChanged, data));
}
const post = (clinic: Persona, title: string) => ctx.call('POST', '/api/job/add', clinic, aJob({ title }));
/**
 * Polls until posting answers `status`. A try that posts while waiting for a refusal (the change not yet
 * projected: a clinic billing has not announced may post) is taken down again, so it holds no open posting.
 */
const within2s = async (clinic: Persona, title: string, status: number) => {
  const started = Date.now();
  const res = await eventually(async () => {
    const r = await post(clinic, title);
    if (r.statusCode === status) return r;
    if (r.statusCode === 201 && status !== 201) {
      const id = (r.json() as { data: { _id: string } }).data._id;
      expect((await ctx.call('DELETE', `/api/job/${id}`, clinic)).statusCode).toBe(200);
    }
    return undefined;
  }, 2_000);
  return { res, ms: Date.now() - started };
};

it('refuses a clinic without Hire, then allows standalone Hire up to two open postings', async () => {
  // The consumer starts once billing's stream exists: wait for it with a probe clinic, not the timed one.
  const probe = ctx.persona('Clinic');
  await announce(probe, 1, 'expired', entitlements([], 0));
  await eventually(async () => ((await post(probe, 'Probe')).statusCode === 402 ? true : undefined), 20_000);

  const clinic = ctx.persona('Clinic');
  await announce(clinic, 1, 'expired', entitlements([], 0));
  const refused = await within2s(clinic, 'Refused', 402);
  expect(refused.res.json()).toEqual({
    success: false,
    code: 'billing.entitlement_required',
    module: 'hire',
    message: expect.any(String),
  });

  await announce(clinic, 2, 'active', entitlements(['hire'], 2));
  const first = await within2s(clinic, 'First', 201);
  expect(first.ms).toBeLessThan(2_000);
  expect((await post(clinic, 'Second')).statusCode).toBe(201);
  const third = await post(clinic, 'Third');
  expect(third.statusCode).toBe(402);
  expect(third.json()).toMatchObject({
    code: 'billing.limit_reached',
    module: 'hire',
    limit: 'openPostings',
    allowed: 2,
  });

  // An older event arriving late changes nothing.
  await announce(clinic, 1, 'expired', entitlements([], 0));
  await new Promise((r) => setTimeout(r, 300));
  expect((await post(clinic, 'Still third')).statusCode).toBe(402);

  await announce(clinic, 3, 'active', entitlements(['connect', 'core', 'events', 'hire'], null));
  await within2s(clinic, 'Third, on Professional', 201);

  // Expiry refuses new postings but takes nothing down.
  await announce(clinic, 4, 'expired', entitlements([], 0));
  await within2s(clinic, 'After expiry', 402);
  const mine = await ctx.call('GET', '/api/job/get?limit=50', ctx.persona('user'));
  const titles = mine.json().data.map((j: { title: string }) => j.title);
  for (const title of ['First', 'Second', 'Third, on Professional']) expect(titles).toContain(title);
});

it('lets a clinic billing has not spoken of yet post (its trial includes Hire)', async () => {
  expect((await post(ctx.persona('Clinic'), 'New clinic')).statusCode).toBe(201);
});
