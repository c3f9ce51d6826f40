import {
  answersWithin,
  billingConsumerReady,
  entitlementsWith,
  eventually,
  fakeBilling,
  type FakeBilling,
} from '@platform/testing';
import { startCore, type CoreContext, type Persona } from './helpers';

/**
 * Core follows what a clinic bought, from billing.subscription.changed.v1 (published here by a stand-in for
 * svc-billing on the same prefix): 402 without Core, allowed within 2 seconds of the change, and the plan's
 * staff and location limits (with add-ons) refuse what would pass them with nothing changed.
 */
let ctx: CoreContext;
let billing: FakeBilling;
beforeAll(async () => {
  ctx = await startCore();
  billing = await fakeBilling(ctx.natsUrl, ctx.prefix);
});
afterAll(async () => {
  await billing?.close();
  await ctx?.close();
});

/** Core's entitlements with its staff and location limits (null: unlimited). */
const core = (staff: number | null, locations: number | null) =>
  entitlementsWith(['core'], { staff, locations });
const announce = (clinic: Persona, version: number, e: ReturnType<typeof entitlementsWith>) =>
  billing.announce(clinic.orgId!, version, e.modules.length ? 'active' : 'expired', e);
const places = (clinic: Persona) => ctx.call('GET', '/api/core/places', clinic);
const within2s = (clinic: Persona, status: number) => answersWithin(() => places(clinic), status);
const csv = (from: number, to: number) =>
  [
    'email,name',
    ...Array.from({ length: to - from + 1 }, (_, i) => `p${from + i}@staff.example,Person ${from + i}`),
  ].join('\n');
const count = async (table: string, orgId: string) =>
  (await ctx.sql<{ n: number }>(`select count(*)::int as n from core.${table} where org_id = $1`, orgId))[0]!
    .n;

it('refuses a clinic without Core with 402, then allows it within 2 seconds of its Core plan', async () => {
  const probe = await ctx.clinic();
  await billingConsumerReady(billing, probe.orgId!, () => places(probe));

  const clinic = await ctx.clinic();
  expect((await places(clinic)).statusCode).toBe(200); // billing has said nothing yet: its trial
  await announce(clinic, 1, entitlementsWith(['hire']));
  const refused = await within2s(clinic, 402);
  expect(refused.res.json()).toEqual({
    success: false,
    code: 'billing.entitlement_required',
    module: 'core',
    message: expect.any(String),
    error: expect.any(String),
  });
  // Every route asks, writes too: nothing is added.
  expect((await ctx.call('POST', '/api/core/departments', clinic, { name: 'Theatre' })).statusCode).toBe(402);
  expect(await count('departments', clinic.orgId!)).toBe(0);
  const document = { typeCode: 'ke-fire-safety', number: 'FS/1', expiresOn: '2027-01-31' };
  expect((await ctx.call('POST', '/api/core/compliance', clinic, document)).statusCode).toBe(402);
  expect((await ctx.call('GET', '/api/core/compliance', clinic)).statusCode).toBe(402);
  expect(await count('compliance_documents', clinic.orgId!)).toBe(0);
  // Trainings too: not even the default trainings are added on reading them.
  const training = { name: 'Hand hygiene', validityMonths: 12, everyone: true };
  expect((await ctx.call('POST', '/api/core/trainings/types', clinic, training)).statusCode).toBe(402);
  expect((await ctx.call('GET', '/api/core/trainings/types', clinic)).statusCode).toBe(402);
  expect((await ctx.call('GET', '/api/core/trainings', clinic)).statusCode).toBe(402);
  expect(await count('training_types', clinic.orgId!)).toBe(0);
  // Leave too: not even the preset types and holidays are added on reading them.
  const asked = { typeId: clinic.orgId, from: '2026-05-04', to: '2026-05-05' };
  expect((await ctx.call('POST', '/api/core/leave/requests', clinic, asked)).statusCode).toBe(402);
  for (const url of ['/api/core/leave/types', '/api/core/holidays', '/api/core/leave/away'])
    expect((await ctx.call('GET', url, clinic)).statusCode).toBe(402);
  expect(await count('leave_types', clinic.orgId!)).toBe(0);
  expect(await count('public_holidays', clinic.orgId!)).toBe(0);
  // The lists' CSV files and the hires to invite, alike.
  for (const url of [
    '/api/core/staff.csv',
    '/api/core/credentials.csv',
    '/api/core/hires',
    '/api/core/leave/balances.csv',
  ])
    expect((await ctx.call('GET', url, clinic)).statusCode).toBe(402);

  await announce(clinic, 2, core(15, 1));
  const allowed = await within2s(clinic, 200);
  expect(allowed.ms).toBeLessThan(2_000);

  // An older event arriving late changes nothing.
  await announce(clinic, 1, entitlementsWith([]));
  await new Promise((r) => setTimeout(r, 300));
  expect((await places(clinic)).statusCode).toBe(200);
});

it("limits locations and staff to the plan's, and lifts them with the add-ons", async () => {
  const clinic = await ctx.clinic();
  const member = await ctx.member(clinic); // one staff record already
  await announce(clinic, 1, core(3, 1));
  await within2s(clinic, 200);
  await eventually(
    async () => (await ctx.sql(`select 1 from core.org_entitlements where org_id = $1`, clinic.orgId!))[0],
  );

  expect((await ctx.call('POST', '/api/core/locations', clinic, { name: 'Nairobi' })).statusCode).toBe(201);
  const second = await ctx.call('POST', '/api/core/locations', clinic, { name: 'Kisumu' });
  expect(second.statusCode).toBe(402);
  expect(second.json()).toMatchObject({ code: 'billing.limit_reached', limit: 'locations', allowed: 1 });
  expect(await count('locations', clinic.orgId!)).toBe(1);

  // 1 member + 3 new is past 3: nothing is imported. 1 + 2 fits; updating those two adds nobody.
  const over = await ctx.send('POST', '/api/core/staff/import', clinic, csv(1, 3));
  expect(over.statusCode).toBe(402);
  expect(over.json()).toMatchObject({ code: 'billing.limit_reached', limit: 'staff', allowed: 3 });
  expect(await count('staff_records', clinic.orgId!)).toBe(1);
  expect((await ctx.send('POST', '/api/core/staff/import', clinic, csv(1, 2))).statusCode).toBe(200);
  expect((await ctx.send('POST', '/api/core/staff/import', clinic, csv(1, 2))).statusCode).toBe(200);
  expect(await count('staff_records', clinic.orgId!)).toBe(3);
  expect(member.orgId).toBe(clinic.orgId);

  // An add-on (billing sums it into the limits) makes room.
  await announce(clinic, 2, core(28, 2));
  await eventually(async () => {
    const r = await ctx.call('POST', '/api/core/locations', clinic, { name: 'Kisumu' });
    return r.statusCode === 201 ? r : undefined;
  }, 2_000);
  expect((await ctx.send('POST', '/api/core/staff/import', clinic, csv(3, 3))).statusCode).toBe(200);
  expect(await count('staff_records', clinic.orgId!)).toBe(4);
});
