import {
  answersWithin,
  billingConsumerReady,
  entitlementsWith,
  fakeBilling,
  type FakeBilling,
} from '@platform/testing';
import { aJob, startHire, type HireContext, type Persona } from './helpers';

/**
 * svc-hire enforces what a clinic bought, from billing.subscription.changed.v1 (here published by a
 * stand-in for svc-billing on the same prefix): 402 without Hire or Core, 402 at the third open posting
 * with standalone Hire, allowed within 2 seconds of the change; what is published stays up.
 */
let ctx: HireContext;
let billing: FakeBilling;
beforeAll(async () => {
  ctx = await startHire();
  billing = await fakeBilling(ctx.natsUrl, ctx.prefix);
});
afterAll(async () => {
  await billing?.close();
  await ctx?.close();
});

const post = (clinic: Persona, title: string) => ctx.call('POST', '/api/job/add', clinic, aJob({ title }));
/** Polls until posting answers `status`; a job posted while a refusal was awaited is taken down again. */
const within2s = (clinic: Persona, title: string, status: number) =>
  answersWithin(() => post(clinic, title), status, {
    undo: (r) => ctx.call('DELETE', `/api/job/${(r.json() as { data: { _id: string } }).data._id}`, clinic),
  });
const announce = (clinic: Persona, version: number, e: ReturnType<typeof entitlementsWith>) =>
  billing.announce(clinic.orgId!, version, e.modules.length ? 'active' : 'expired', e);

it('refuses a clinic without Hire, then allows standalone Hire up to two open postings', async () => {
  const probe = ctx.persona('Clinic');
  await billingConsumerReady(billing, probe.orgId!, () => post(probe, 'Probe'));

  const clinic = ctx.persona('Clinic');
  await announce(clinic, 1, entitlementsWith([]));
  const refused = await within2s(clinic, 'Refused', 402);
  expect(refused.res.json()).toEqual({
    success: false,
    code: 'billing.entitlement_required',
    module: 'hire',
    message: expect.any(String),
    error: expect.any(String),
  });

  await announce(clinic, 2, entitlementsWith(['hire'], { openPostings: 2 }));
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
  await announce(clinic, 1, entitlementsWith([]));
  await new Promise((r) => setTimeout(r, 300));
  expect((await post(clinic, 'Still third')).statusCode).toBe(402);

  await announce(clinic, 3, entitlementsWith(['connect', 'core', 'events', 'hire'], { openPostings: null }));
  await within2s(clinic, 'Third, on Professional', 201);

  // Expiry refuses new postings but takes nothing down.
  await announce(clinic, 4, entitlementsWith([]));
  await within2s(clinic, 'After expiry', 402);
  const mine = await ctx.call('GET', '/api/job/get?limit=50', ctx.persona('user'));
  const titles = mine.json().data.map((j: { title: string }) => j.title);
  for (const title of ['First', 'Second', 'Third, on Professional']) expect(titles).toContain(title);
});

it('lets a clinic billing has not spoken of yet post (its trial includes Hire)', async () => {
  expect((await post(ctx.persona('Clinic'), 'New clinic')).statusCode).toBe(201);
});
