import { aUser, startIdentity, type TestContext } from './helpers';

/**
 * Finding 11c: a name of only spaces passed validation and was stored empty. Text is trimmed before
 * validation, so a blank name is a 400 naming `name`, and nothing is written.
 */
let ctx: TestContext;
beforeAll(async () => {
  ctx = await startIdentity();
});
afterAll(async () => ctx?.close());

const register = (body: Record<string, unknown>) => ctx.register(body);
const login = (email: string, password: string) => ctx.login(email, password);
const userCount = () => ctx.userCount();

describe('names', () => {
  it.each([
    ['spaces', '   '],
    ['tabs and new lines', ' \t\n '],
  ])('refuses a name of only %s with 400 naming name, and stores nothing', async (_label, name) => {
    const before = await userCount();
    const body = aUser({ name });
    const res = await register(body);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ success: false, code: 'request.invalid' });
    expect(res.json().message).toBe('name: must NOT have fewer than 1 characters');
    expect(await userCount()).toBe(before);
    expect((await login(body.email, body.password)).statusCode).toBe(401);
  });

  it('refuses a blank skill with 400 naming it', async () => {
    const res = await register(aUser({ skills: ['Triage', '  '] }));
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('skills.1: must NOT have fewer than 1 characters');
  });

  it('stores names and skills trimmed', async () => {
    const body = aUser({ name: '  Amina Wanjiru  ', skills: [' Triage '] });
    expect((await register(body)).statusCode).toBe(201);
    const { user } = (await login(body.email, body.password)).json();
    expect(user).toMatchObject({ name: 'Amina Wanjiru', skills: ['Triage'] });
  });

  it('refuses a profile update to a blank name and keeps the old one', async () => {
    const body = aUser();
    expect((await register(body)).statusCode).toBe(201);
    const token = (await login(body.email, body.password)).json().token as string;
    const auth = { authorization: `Bearer ${token}` };
    const res = await ctx.app.inject({
      method: 'PUT',
      url: '/api/user/me',
      headers: auth,
      payload: { name: '  ' },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ success: false, code: 'request.invalid' });
    expect(res.json().message).toBe('name: must NOT have fewer than 1 characters');
    const me = (await ctx.app.inject({ url: '/api/user/me', headers: auth })).json().user;
    expect(me.name).toBe('Amina Wanjiru');
  });
});
