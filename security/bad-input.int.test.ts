import { randomBytes } from 'node:crypto';
import { aUser, startIdentity, type TestContext } from '@platform/svc-identity/testing';
import { aJob, startHire, type HireContext } from '@platform/svc-hire/testing';

// Finding 9: a NUL character in any text field or filter reached Postgres, which refuses it: 500.
// Each service now answers 400 naming the field, and nothing is written.

const refused = (field: string) => ({
  success: false,
  message: `${field}: must not contain NUL characters`,
  error: `${field}: must not contain NUL characters`,
  code: 'request.invalid',
});

describe('svc-identity', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await startIdentity();
  });
  afterAll(async () => ctx?.close());

  const inject = (method: string, url: string, payload?: unknown, token?: string) =>
    ctx.app.inject({
      method: method as 'GET',
      url,
      headers: token ? { authorization: `Bearer ${token}` } : {},
      ...(payload === undefined ? {} : { payload: payload as object }),
    });

  it('refuses a signup with NUL in a field and creates no account', async () => {
    const body = aUser({ password: randomBytes(24).toString('base64url') });
    const res = await inject('POST', '/api/user/register', { ...body, name: 'Amina\u0000' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual(refused('name'));
    const skills = await inject('POST', '/api/user/register', { ...body, skills: ['Triage', '\u0000'] });
    expect(skills.json()).toEqual(refused('skills.1'));
    // The address is still free: nothing was written.
    expect((await inject('POST', '/api/user/register', body)).statusCode).toBe(201);
  });

  it('refuses a profile change with NUL and keeps the profile; refuses NUL in the directory search', async () => {
    const body = aUser({ password: randomBytes(24).toString('base64url') });
    expect((await inject('POST', '/api/user/register', body)).statusCode).toBe(201);
    const token = (
      await inject('POST', '/api/user/login', { email: body.email, password: body.password })
    ).json().token as string;
    const res = await inject('PUT', '/api/user/me', { name: 'X', address: 'Nakuru\u0000' }, token);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual(refused('address'));
    expect((await inject('GET', '/api/user/me', undefined, token)).json().user).toMatchObject({
      name: body.name,
      address: body.address,
    });
    const search = await inject('GET', '/api/user/get?search=a%00b');
    expect(search.statusCode).toBe(400);
    expect(search.json()).toEqual(refused('search'));
  });
});

describe('svc-hire', () => {
  let ctx: HireContext;
  beforeAll(async () => {
    ctx = await startHire();
  });
  afterAll(async () => ctx?.close());
  const total = async () => (await ctx.call('GET', '/api/job/get')).json().pageInfo.total as number;

  it('refuses a job with NUL in a field and posts nothing', async () => {
    const clinic = ctx.persona('Clinic');
    const before = await total();
    const res = await ctx.call('POST', '/api/job/add', clinic, aJob({ description: 'Day shifts\u0000' }));
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual(refused('description'));
    expect(await total()).toBe(before);
  });

  it('refuses NUL in an edit and keeps the job', async () => {
    const clinic = ctx.persona('Clinic');
    const job = (await ctx.call('POST', '/api/job/add', clinic, aJob({ title: 'Midwife' }))).json().data;
    const res = await ctx.call('PATCH', `/api/job/${job.id}`, clinic, { title: 'Mid\u0000wife' });
    expect(res.json()).toEqual(refused('title'));
    expect((await ctx.call('GET', `/api/job/${job.id}`)).json().data.title).toBe('Midwife');
  });

  it.each([
    ['a board filter', '/api/job/get?title=nurse%00', 'title'],
    ['a repeated filter', '/api/job/get?department=a&department=%00', 'department.1'],
    ['a path parameter', '/api/job/%00', 'id'],
  ])('refuses NUL in %s with 400', async (_where, url, field) => {
    const res = await ctx.call('GET', url);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual(refused(field));
  });

  it.each([
    ['page=1e309', 'page: must be <= 100000'],
    ['page=18446744073709551616', 'page: must be <= 100000'],
    ['limit=-1e309', 'limit: must be >= 1'],
  ])('refuses ?%s with 400 naming the field', async (query, message) => {
    const res = await ctx.call('GET', `/api/job/get?${query}`);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ success: false, message, error: message, code: 'request.invalid' });
  });

  it('answers broken percent-encoding in the address with 400 in the error shape', async () => {
    const res = await ctx.call('GET', '/api/job/%E0%A4%A');
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      success: false,
      message: 'The address is not valid: check its percent-encoding.',
      error: 'The address is not valid: check its percent-encoding.',
      code: 'request.invalid',
    });
  });
});
