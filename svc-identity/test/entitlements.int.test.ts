import { eventually, entitlementsWith, fakeBilling, type FakeBilling } from '@platform/testing';
import { BILLING_MODULES } from '@platform/contracts';
import { aUser, startIdentity, type TestContext } from './helpers';

/**
 * The profile's `entitlements`: the modules the person's organisation may use, from svc-billing's
 * billing.subscription.changed.v1 (a stand-in publishes it here), as every service enforces them.
 */
let ctx: TestContext;
let billing: FakeBilling;
beforeAll(async () => {
  ctx = await startIdentity();
  billing = await fakeBilling(ctx.natsUrl, ctx.prefix);
});
afterAll(async () => {
  await billing?.close();
  await ctx?.close();
});

async function signUp(role: 'user' | 'Clinic') {
  const body = aUser({ role });
  expect((await ctx.register(body)).statusCode).toBe(201);
  const login = await ctx.login(body.email, body.password);
  expect(login.statusCode).toBe(200);
  return {
    ...(login.json() as { token: string; user: { orgId: string | null; entitlements: string[] } }),
    body,
  };
}
const me = async (token: string) =>
  (await ctx.app.inject({ url: '/api/user/me', headers: { authorization: `Bearer ${token}` } })).json()
    .user as { entitlements: string[] };

it('lists what the organisation bought, follows each change, and never goes back to an older one', async () => {
  const clinic = await signUp('Clinic');
  const orgId = clinic.user.orgId!;
  // Billing has said nothing yet (a new clinic's trial includes everything): every module, as services allow.
  expect(clinic.user.entitlements).toEqual([...BILLING_MODULES]);

  await billing.announce(orgId, 2, 'active', entitlementsWith(['hire', 'events']));
  await eventually(async () =>
    (await me(clinic.token)).entitlements.join() === 'hire,events' ? true : undefined,
  );
  // The login answer says the same.
  const login = await ctx.login(clinic.body.email, clinic.body.password);
  expect(login.json().user.entitlements).toEqual(['hire', 'events']);

  await billing.announce(orgId, 3, 'expired', entitlementsWith([]));
  await eventually(async () => ((await me(clinic.token)).entitlements.length === 0 ? true : undefined));

  // A late, older event changes nothing.
  await billing.announce(orgId, 1, 'active', entitlementsWith(['core', 'hire', 'events', 'connect']));
  await new Promise((r) => setTimeout(r, 500));
  expect((await me(clinic.token)).entitlements).toEqual([]);
});

it('is empty for a professional in no organisation, whatever any organisation bought', async () => {
  const nurse = await signUp('user');
  expect(nurse.user.orgId).toBeNull();
  expect(nurse.user.entitlements).toEqual([]);
  expect((await me(nurse.token)).entitlements).toEqual([]);
});
