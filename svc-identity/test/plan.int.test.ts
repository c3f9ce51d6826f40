import { IdentityEvents, type UserEventData } from '@platform/contracts';
import { eventually, readEvents } from '@platform/testing';
import { aUser, startIdentity, type TestContext } from './helpers';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await startIdentity({
    ADMIN_EMAIL: 'root@plan.example',
    ADMIN_PASSWORD: 'a very long admin password',
  });
});
afterAll(async () => ctx?.close());

const me = (token: string) =>
  ctx.app.inject({ method: 'GET', url: '/api/user/me', headers: { authorization: `Bearer ${token}` } });
const updateMe = (token: string, payload: object) =>
  ctx.app.inject({
    method: 'PUT',
    url: '/api/user/me',
    payload,
    headers: { authorization: `Bearer ${token}` },
  });
async function tokenOf(email: string, password: string) {
  const res = await ctx.login(email, password);
  expect(res.statusCode).toBe(200);
  return res.json().token as string;
}

describe('the plan chosen on /pricing', () => {
  it('is kept on the account, shown on the profile, in the events and to an admin', async () => {
    const body = aUser({ role: 'Clinic', name: 'Nakuru Family Clinic', plan: 'professional' });
    expect((await ctx.register(body)).statusCode).toBe(201);
    const login = await ctx.login(body.email, body.password);
    expect(login.json().user.plan).toBe('professional');
    const token = login.json().token as string;
    expect((await me(token)).json().user.plan).toBe('professional');

    const events = await eventually(async () => {
      const all = await readEvents<UserEventData>(
        ctx.natsUrl,
        `${ctx.prefix}${IdentityEvents.userRegistered}`,
      );
      const mine = all.filter((e) => e.data.email === body.email);
      return mine.length > 0 ? mine : undefined;
    });
    expect(events[0]!.data.plan).toBe('professional');

    const admin = await tokenOf('root@plan.example', 'a very long admin password');
    const account = await ctx.app.inject({
      method: 'POST',
      url: `/api/user/admin/accounts/${login.json().user.id}/unsuspend`,
      headers: { authorization: `Bearer ${admin}` },
    });
    expect(account.statusCode).toBe(200);
    expect(account.json().account.plan).toBe('professional');
  });

  it('is none when none was chosen; the person may choose, change and clear it', async () => {
    const body = aUser();
    expect((await ctx.register(body)).statusCode).toBe(201);
    const token = await tokenOf(body.email, body.password);
    expect((await me(token)).json().user.plan).toBeNull();

    const chosen = await updateMe(token, { plan: 'essential' });
    expect(chosen.statusCode).toBe(200);
    expect(chosen.json().user.plan).toBe('essential');
    expect((await updateMe(token, { plan: 'enterprise' })).json().user.plan).toBe('enterprise');
    const cleared = await updateMe(token, { plan: null });
    expect(cleared.statusCode).toBe(200);
    expect((await me(token)).json().user.plan).toBeNull();
  });

  it('refuses a plan that does not exist with 400 and changes nothing', async () => {
    const body = aUser({ plan: 'platinum' });
    const res = await ctx.register(body);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ success: false, code: 'request.invalid' });
    expect((await ctx.login(body.email, body.password)).statusCode).toBe(401);

    const good = aUser({ plan: 'essential' });
    expect((await ctx.register(good)).statusCode).toBe(201);
    const token = await tokenOf(good.email, good.password);
    const bad = await updateMe(token, { plan: 'platinum', name: 'Someone else' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ success: false, code: 'request.invalid' });
    const after = (await me(token)).json().user;
    expect(after).toMatchObject({ plan: 'essential', name: 'Amina Wanjiru' });
  });
});
