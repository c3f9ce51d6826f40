import { entitlementsWith, eventually, fakeBilling, type FakeBilling } from '@platform/testing';
import { anEvent, startEvents, type EventsContext, type Persona } from './helpers';

/**
 * svc-events enforces what a clinic bought, from billing.subscription.changed.v1 (published here by a
 * stand-in for svc-billing on the same prefix): posting an event answers 402 without Events or Core, and is
 * allowed within 2 seconds of the change; what was published stays up after expiry.
 */
let ctx: EventsContext;
let billing: FakeBilling;
beforeAll(async () => {
  ctx = await startEvents();
  billing = await fakeBilling(ctx.natsUrl, ctx.prefix);
});
afterAll(async () => {
  await billing?.close();
  await ctx?.close();
});

const post = (clinic: Persona, title: string) =>
  ctx.call('POST', '/api/event/add', clinic, anEvent({ title }));
/** Polls until posting answers `status`; an event posted while waiting for a refusal is cancelled again. */
const within2s = async (clinic: Persona, title: string, status: number) => {
  const started = Date.now();
  const res = await eventually(async () => {
    const r = await post(clinic, title);
    if (r.statusCode === status) return r;
    if (r.statusCode === 201 && status !== 201) {
      const id = (r.json() as { data: { id: string } }).data.id;
      expect((await ctx.call('DELETE', `/api/event/${id}`, clinic)).statusCode).toBe(200);
    }
    return undefined;
  }, 2_000);
  return { res, ms: Date.now() - started };
};

it('refuses a clinic without Events, allows it within 2 s of buying Events, keeps what it published', async () => {
  // The consumer starts once billing's stream exists: wait for it with a probe clinic, not the timed one.
  const probe = ctx.persona('Clinic');
  await billing.announce(probe.orgId!, 1, 'expired', entitlementsWith([]));
  await eventually(async () => ((await post(probe, 'Probe')).statusCode === 402 ? true : undefined), 20_000);

  const clinic = ctx.persona('Clinic');
  await billing.announce(clinic.orgId!, 1, 'expired', entitlementsWith([]));
  const refused = await within2s(clinic, 'Refused', 402);
  expect(refused.res.json()).toEqual({
    success: false,
    code: 'billing.entitlement_required',
    module: 'events',
    message: expect.any(String),
  });

  await billing.announce(clinic.orgId!, 2, 'active', entitlementsWith(['events']));
  const allowed = await within2s(clinic, 'Standalone Events', 201);
  expect(allowed.ms).toBeLessThan(2_000);

  await billing.announce(clinic.orgId!, 3, 'expired', entitlementsWith([]));
  await within2s(clinic, 'After expiry', 402);
  // Core includes Events.
  await billing.announce(clinic.orgId!, 4, 'active', entitlementsWith(['connect', 'core', 'events', 'hire']));
  await within2s(clinic, 'On Professional', 201);
  await billing.announce(clinic.orgId!, 5, 'expired', entitlementsWith([]));
  await within2s(clinic, 'Expired again', 402);

  const titles = (await ctx.call('GET', '/api/event/get?limit=50'))
    .json()
    .data.map((e: { title: string }) => e.title);
  expect(titles).toEqual(expect.arrayContaining(['Standalone Events', 'On Professional']));
});

it('lets a clinic billing has not spoken of yet, and a platform admin, post', async () => {
  expect((await post(ctx.persona('Clinic'), 'New clinic')).statusCode).toBe(201);
  expect((await post(ctx.persona('admin'), 'Platform webinar')).statusCode).toBe(201);
});
