import {
  answersWithin,
  billingConsumerReady,
  entitlementsWith,
  fakeBilling,
  type FakeBilling,
} from '@platform/testing';
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
/** Polls until posting answers `status`; an event posted while a refusal was awaited is cancelled again. */
const within2s = (clinic: Persona, title: string, status: number) =>
  answersWithin(() => post(clinic, title), status, {
    undo: (r) => ctx.call('DELETE', `/api/event/${(r.json() as { data: { id: string } }).data.id}`, clinic),
  });

it('refuses a clinic without Events, allows it within 2 s of buying Events, keeps what it published', async () => {
  const probe = ctx.persona('Clinic');
  await billingConsumerReady(billing, probe.orgId!, () => post(probe, 'Probe'));

  const clinic = ctx.persona('Clinic');
  await billing.announce(clinic.orgId!, 1, 'expired', entitlementsWith([]));
  const refused = await within2s(clinic, 'Refused', 402);
  expect(refused.res.json()).toEqual({
    success: false,
    code: 'billing.entitlement_required',
    module: 'events',
    message: expect.any(String),
    error: expect.any(String),
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
