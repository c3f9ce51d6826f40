import { randomUUID } from 'node:crypto';
import {
  answersWithin,
  billingConsumerReady,
  entitlementsWith,
  fakeBilling,
  type FakeBilling,
} from '@platform/testing';
import { aDiscussion, startConnect, type ConnectContext, type Persona } from './helpers';

/**
 * svc-connect enforces what a clinic bought, from billing.subscription.changed.v1 (published here by a
 * stand-in for svc-billing): without Connect (or Core) the clinic's Clinic Internal space (posting and
 * replying) answers 402, and is allowed within 2 seconds of the change; professionals keep the public
 * discussions and the directory, free; what was posted stays readable.
 */
let ctx: ConnectContext;
let billing: FakeBilling;
beforeAll(async () => {
  ctx = await startConnect();
  billing = await fakeBilling(ctx.natsUrl, ctx.prefix);
});
afterAll(async () => {
  await billing?.close();
  await ctx?.close();
});

const internal = (who: Persona, title: string) =>
  ctx.call('POST', '/api/discussion/add', who, aDiscussion({ title, visible: ['Clinic Internal'] }));
const reply = (who: Persona, id: string) =>
  ctx.call('POST', `/api/discussion/${id}/replies`, who, { content: 'Noted, thank you.' });
/** Polls until a Clinic Internal post answers `status`; one posted while a refusal was awaited is deleted. */
const within2s = (who: Persona, title: string, status: number) =>
  answersWithin(() => internal(who, title), status, {
    undo: (r) => ctx.call('DELETE', `/api/discussion/${(r.json() as { data: { id: string } }).data.id}`, who),
  });

it('refuses a clinic without Connect its Clinic Internal space, allows it within 2 s of buying Connect', async () => {
  const probeOrg = randomUUID();
  const probe = await ctx.member('Clinic', { orgId: probeOrg });
  await billingConsumerReady(billing, probeOrg, () => internal(probe, 'Probe'));

  const org = randomUUID();
  const clinic = await ctx.member('Clinic', { name: 'Clinic C', orgId: org });
  const nurse = await ctx.member('user', { designation: 'Registered Nurse', orgId: org });
  await billing.announce(org, 1, 'active', entitlementsWith(['connect']));
  const before = (await within2s(clinic, 'Theatre rota', 201)).res.json().data as { id: string };

  await billing.announce(org, 2, 'expired', entitlementsWith([]));
  const refused = await within2s(nurse, 'Refused', 402);
  expect(refused.res.json()).toEqual({
    success: false,
    code: 'billing.entitlement_required',
    module: 'connect',
    message: expect.any(String),
    error: expect.any(String),
  });
  expect((await reply(nurse, before.id)).statusCode).toBe(402);
  // What was posted stays readable by the staff.
  expect((await ctx.call('GET', `/api/discussion/${before.id}`, nurse)).statusCode).toBe(200);
  // Public discussions and the directory stay free for everyone, the clinic's staff too.
  const open = await ctx.call(
    'POST',
    '/api/discussion/add',
    nurse,
    aDiscussion({ title: 'Public', visible: ['Public'] }),
  );
  expect(open.statusCode).toBe(201);
  expect((await reply(nurse, open.json().data.id)).statusCode).toBe(201);
  expect((await ctx.call('GET', '/api/connect/professionals', nurse)).statusCode).toBe(200);

  // Core includes Connect.
  await billing.announce(org, 3, 'active', entitlementsWith(['connect', 'core', 'events', 'hire']));
  const allowed = await within2s(nurse, 'Back on Core', 201);
  expect(allowed.ms).toBeLessThan(2_000);
  expect((await reply(clinic, before.id)).statusCode).toBe(201);
});

it('never asks a professional without an organisation to pay', async () => {
  const doctor = await ctx.member('user', { designation: 'Medical Officer', orgId: null });
  const res = await ctx.call(
    'POST',
    '/api/discussion/add',
    doctor,
    aDiscussion({ title: 'Free', visible: ['Public'] }),
  );
  expect(res.statusCode).toBe(201);
});
