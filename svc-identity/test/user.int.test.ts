import { IdentityEvents, type UserEventData } from '@platform/contracts';
import postgres from 'postgres';
import { eventually, readEvents } from '@platform/testing';
import { aUser, startIdentity, type TestContext } from './helpers';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await startIdentity({
    ADMIN_EMAIL: 'root@afya.example',
    ADMIN_PASSWORD: 'a very long admin password',
  });
});
afterAll(async () => ctx?.close());

const post = (url: string, payload: unknown, token?: string) =>
  ctx.app.inject({
    method: 'POST',
    url,
    payload: payload as object,
    headers: token ? { authorization: `Bearer ${token}` } : {},
  });
const userCount = () => ctx.userCount();

async function registerAndLogin(over: Record<string, unknown> = {}) {
  const body = aUser(over);
  expect((await post('/api/user/register', body)).statusCode).toBe(201);
  const login = await post('/api/user/login', { email: body.email, password: body.password });
  expect(login.statusCode).toBe(200);
  return { body, token: login.json().token as string, user: login.json().user };
}

describe('register', () => {
  it('creates an account and publishes identity.user.registered.v1 once', async () => {
    const body = aUser({ email: '  Wanjiru.Nurse@Clinic.Example ' });
    const res = await post('/api/user/register', body);
    expect(res.statusCode).toBe(201);
    // Signed in at once: a session as login gives, the address not yet verified.
    expect(res.json()).toEqual({
      success: true,
      message: 'Account created. We have sent you an e-mail to verify your address.',
      token: expect.any(String),
      user: expect.objectContaining({
        email: 'wanjiru.nurse@clinic.example',
        name: 'Amina Wanjiru',
        role: 'user',
        emailVerified: false,
      }),
    });
    expect(JSON.stringify(res.json())).not.toMatch(/password/i);

    const events = await eventually(async () => {
      const all = await readEvents<UserEventData>(
        ctx.natsUrl,
        `${ctx.prefix}${IdentityEvents.userRegistered}`,
      );
      const mine = all.filter((e) => e.data.email === 'wanjiru.nurse@clinic.example');
      return mine.length > 0 ? mine : undefined;
    });
    await new Promise((r) => setTimeout(r, 500)); // a duplicate would show up by now
    const again = (
      await readEvents<UserEventData>(ctx.natsUrl, `${ctx.prefix}${IdentityEvents.userRegistered}`)
    ).filter((e) => e.data.email === 'wanjiru.nurse@clinic.example');
    expect(again).toHaveLength(1);
    expect(events[0]!.data).toMatchObject({
      name: 'Amina Wanjiru',
      role: 'user',
      skills: ['Triage', 'Midwifery'],
      version: 1,
    });
    expect(JSON.stringify(events[0])).not.toMatch(/password/i);
  });

  it("signs the new account in: its session is a login's, and logging out ends it", async () => {
    const body = aUser({ role: 'Clinic', name: 'Kericho Nursing Home' });
    const res = await post('/api/user/register', body);
    expect(res.statusCode).toBe(201);
    const { token, user } = res.json();
    expect(user).toMatchObject({ role: 'Clinic', orgId: expect.stringMatching(/^[0-9a-f-]{36}$/) });
    const me = await ctx.app.inject({
      method: 'GET',
      url: '/api/user/me',
      headers: { authorization: `Bearer ${token}` },
    });
    expect(me.statusCode).toBe(200);
    expect(me.json().user).toEqual(user);
    expect((await post('/api/user/logout', {}, token)).statusCode).toBe(200);
    const after = await ctx.app.inject({
      method: 'GET',
      url: '/api/user/me',
      headers: { authorization: `Bearer ${token}` },
    });
    expect(after.statusCode).toBe(401);
  });

  it('treats e-mails case-insensitively: a second sign-up with the same address makes no account and no session', async () => {
    const body = aUser({ email: 'dup@clinic.example' });
    const first = await post('/api/user/register', body);
    expect(first.statusCode).toBe(201);
    const before = await userCount();
    // The sign-up's message, without a session: nobody is signed in to the account that had the address
    // (its owner is told by e-mail, email-links.int.test.ts).
    const res = await post('/api/user/register', { ...body, email: ' DUP@clinic.EXAMPLE' });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toEqual({ success: true, message: first.json().message });
    expect(await userCount()).toBe(before);
  });

  it('gives a Clinic account its own organisation', async () => {
    const { user } = await registerAndLogin({ role: 'Clinic', name: 'Nakuru Family Clinic' });
    expect(user.role).toBe('Clinic');
    expect(user.orgId).toMatch(/^[0-9a-f-]{36}$/);
  });

  const bad: Array<[string, Record<string, unknown>, RegExp]> = [
    ['missing name', { name: undefined }, /^name: is required$/],
    ['missing email', { email: undefined }, /^email: is required$/],
    ['missing password', { password: undefined }, /^password: is required$/],
    ['missing role', { role: undefined }, /^role: is required$/],
    ['malformed e-mail', { email: 'not-an-email' }, /^email: must match format "email"$/],
    ['name of wrong type', { name: { first: 'A' } }, /^name: must be string$/],
    ['skills of wrong type', { skills: 'Triage, Midwifery' }, /^skills: must be array$/],
    ['short password', { password: 'short' }, /^password: must NOT have fewer than 8 characters$/],
    ['unknown role', { role: 'superuser' }, /^role: must be one of user, Clinic$/],
    ['admin role', { role: 'admin' }, /^role: must be one of user, Clinic$/],
    ['unknown field', { isAdmin: true }, /^isAdmin: is not an accepted field$/],
    [
      'oversized description',
      { description: 'x'.repeat(2001) },
      /^description: must NOT have more than 2000 characters$/,
    ],
  ];
  it.each(bad)('refuses %s with 400 and writes nothing', async (_label, over, message) => {
    const before = await userCount();
    const res = await post('/api/user/register', aUser(over));
    expect(res.statusCode).toBe(400);
    expect(res.json().success).toBe(false);
    expect(res.json().message).toMatch(message);
    expect(await userCount()).toBe(before);
  });

  it('refuses a body over the size limit with 413 and writes nothing', async () => {
    const before = await userCount();
    const res = await post('/api/user/register', aUser({ description: 'x'.repeat(200_000) }));
    expect(res.statusCode).toBe(413);
    expect(res.json()).toEqual({
      success: false,
      message: 'The request body is too large.',
      error: 'The request body is too large.',
      code: 'request.too_large',
    });
    expect(await userCount()).toBe(before);
  });

  it('refuses a body that is not JSON', async () => {
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/user/register',
      headers: { 'content-type': 'application/json' },
      payload: '{name:',
    });
    expect(res.statusCode).toBe(400);
  });
});

describe('login and sessions', () => {
  it('logs in with the right password, never returns a hash, and logout stops the token', async () => {
    const { body, token, user } = await registerAndLogin({ email: 'Login.Case@Clinic.example' });
    expect(user).toMatchObject({ email: 'login.case@clinic.example', name: body.name, role: 'user' });
    expect(JSON.stringify(user)).not.toMatch(/password|hash/i);
    // The token claims only what every service checks: no always-empty `entitlements` (billing's
    // projection in each service decides those, never a claim frozen for 8 hours).
    const claims = JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString('utf8'));
    expect(Object.keys(claims).sort()).toEqual(
      ['aud', 'email', 'exp', 'iat', 'iss', 'jti', 'name', 'orgId', 'role', 'sub'].sort(),
    );
    expect(claims).toMatchObject({ sub: user.id, email: 'login.case@clinic.example', role: 'user' });

    const me = await ctx.app.inject({ url: '/api/user/me', headers: { authorization: `Bearer ${token}` } });
    expect(me.statusCode).toBe(200);
    expect(me.json().user.email).toBe('login.case@clinic.example');

    expect((await post('/api/user/logout', {}, token)).statusCode).toBe(200);
    const after = await ctx.app.inject({
      url: '/api/user/me',
      headers: { authorization: `Bearer ${token}` },
    });
    expect(after.statusCode).toBe(401);
    const revoked = await eventually(async () => {
      const all = await readEvents<{ jti: string }>(
        ctx.natsUrl,
        `${ctx.prefix}${IdentityEvents.sessionRevoked}`,
      );
      return all.length > 0 ? all : undefined;
    });
    expect(revoked[0]!.data.jti).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('answers a wrong password and an unknown e-mail alike with 401', async () => {
    const { body } = await registerAndLogin();
    const wrong = await post('/api/user/login', { email: body.email, password: 'wrong password!' });
    expect(wrong.statusCode).toBe(401);
    expect(wrong.json()).toEqual({
      success: false,
      message: 'Invalid email or password.',
      error: 'Invalid email or password.',
      code: 'auth.invalid_credentials',
    });
    const unknown = await post('/api/user/login', { email: 'nobody@clinic.example', password: 'whatever1' });
    expect(unknown.statusCode).toBe(401);
    expect(unknown.json()).toEqual(wrong.json());
  });

  it.each([
    ['missing password', { email: 'a@b.org' }, 400],
    ['malformed e-mail', { email: 'a-at-b', password: 'x' }, 400],
    ['wrong type', { email: 'a@b.org', password: 12345678 }, 400],
  ])('refuses a login with %s', async (_label, payload, status) => {
    const res = await post('/api/user/login', payload);
    expect(res.statusCode).toBe(status);
    expect(res.json().success).toBe(false);
  });

  it('answers 429 after 5 failed logins to one account within a minute, even with the right password', async () => {
    const { body } = await registerAndLogin();
    const statuses: number[] = [];
    for (let i = 0; i < 7; i++)
      statuses.push(
        (await post('/api/user/login', { email: body.email, password: `guess-${i}` })).statusCode,
      );
    expect(statuses.slice(0, 5)).toEqual([401, 401, 401, 401, 401]);
    expect(statuses.slice(5)).toEqual([429, 429]);
    const right = await post('/api/user/login', { email: body.email, password: body.password });
    expect(right.statusCode).toBe(429);
    expect(right.json().message).toMatch(/Too many failed login attempts for this account/);
    expect(Number(right.headers['retry-after'])).toBeGreaterThan(0);
    // Other accounts are unaffected.
    const other = await registerAndLogin();
    expect(other.token).toBeTruthy();
  });

  it('rejects a token signed by another key', async () => {
    const res = await ctx.app.inject({
      url: '/api/user/me',
      headers: { authorization: 'Bearer eyJhbGciOiJub25lIn0.eyJzdWIiOiJ4In0.' },
    });
    expect(res.statusCode).toBe(401);
  });
});

describe('profile and directory', () => {
  it('updates the profile and publishes identity.user.updated.v1 with a higher version', async () => {
    const { token, user } = await registerAndLogin();
    const res = await ctx.app.inject({
      method: 'PUT',
      url: '/api/user/me',
      headers: { authorization: `Bearer ${token}` },
      payload: {
        facility: 'Nakuru Level 5 Hospital',
        country: 'Kenya',
        skills: ['ICU'],
      },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().user).toMatchObject({
      facility: 'Nakuru Level 5 Hospital',
      country: 'Kenya',
      skills: ['ICU'],
    });
    const updated = await eventually(async () => {
      const all = await readEvents<UserEventData>(ctx.natsUrl, `${ctx.prefix}${IdentityEvents.userUpdated}`);
      return all.find((e) => e.data.id === user.id);
    });
    expect(updated.data.version).toBe(2);
  });

  it('keeps contact details private unless the person shows them, and tells the projections', async () => {
    const { token, user } = await registerAndLogin();
    expect(user.contactPublic).toBe(false);
    const put = (payload: object) =>
      ctx.app.inject({
        method: 'PUT',
        url: '/api/user/me',
        headers: { authorization: `Bearer ${token}` },
        payload,
      });
    expect((await put({ contactPublic: 'yes' })).statusCode).toBe(400);
    const res = await put({ contactPublic: true });
    expect(res.statusCode).toBe(200);
    expect(res.json().user.contactPublic).toBe(true);
    const updated = await eventually(async () => {
      const all = await readEvents<UserEventData>(ctx.natsUrl, `${ctx.prefix}${IdentityEvents.userUpdated}`);
      return all.find((e) => e.data.id === user.id && e.data.contactPublic === true);
    });
    expect(updated.data.version).toBe(2);
    // The public directory never carries the setting's subject: no e-mail or phone there.
    const dir = await ctx.app.inject('/api/user/get?limit=100');
    const listed = dir.json().users.find((u: { id: string }) => u.id === user.id);
    expect(listed).not.toHaveProperty('email');
    expect(listed).not.toHaveProperty('contactPublic');
  });

  it.each([
    ['a javascript: photo URL', { photo: 'javascript:alert(1)' }],
    ['a link to a photo on another site', { photo: 'https://cdn.example/p.jpg' }],
    ['an empty update', {}],
    ['a role change', { role: 'admin' }],
    ['an e-mail change', { email: 'new@clinic.example' }],
  ])('refuses %s with 400', async (_l, payload) => {
    const { token } = await registerAndLogin();
    const res = await ctx.app.inject({
      method: 'PUT',
      url: '/api/user/me',
      headers: { authorization: `Bearer ${token}` },
      payload,
    });
    expect(res.statusCode).toBe(400);
    const me = await ctx.app.inject({ url: '/api/user/me', headers: { authorization: `Bearer ${token}` } });
    expect(me.json().user.role).toBe('user');
  });

  it('needs a session to read or change the profile', async () => {
    expect((await ctx.app.inject('/api/user/me')).statusCode).toBe(401);
    expect(
      (await ctx.app.inject({ method: 'PUT', url: '/api/user/me', payload: { name: 'X' } })).statusCode,
    ).toBe(401);
  });

  it('shows a postal address to visitors not at all, to members as its town, whole where the person shows contacts', async () => {
    const tag = Math.random().toString(36).slice(2, 8);
    const quiet = await registerAndLogin({ name: `Quiet ${tag}`, address: 'Eldoret, Uganda Road 12' });
    const open = await registerAndLogin({ name: `Open ${tag}`, address: 'Kisumu, Oginga Odinga St 3' });
    const shown = await ctx.app.inject({
      method: 'PUT',
      url: '/api/user/me',
      headers: { authorization: `Bearer ${open.token}` },
      payload: { contactPublic: true },
    });
    expect(shown.statusCode).toBe(200);
    const addresses = async (token?: string) => {
      const res = await ctx.app.inject({
        url: `/api/user/get?search=${tag}&limit=100`,
        headers: token ? { authorization: `Bearer ${token}` } : {},
      });
      expect(res.statusCode).toBe(200);
      const users = res.json().users as Array<{ name: string; address: string }>;
      return Object.fromEntries(users.map((u) => [u.name, u.address]));
    };
    expect(await addresses()).toEqual({ [`Quiet ${tag}`]: '', [`Open ${tag}`]: '' });
    expect(await addresses(quiet.token)).toEqual({
      [`Quiet ${tag}`]: 'Eldoret',
      [`Open ${tag}`]: 'Kisumu, Oginga Odinga St 3',
    });
    // A token that is sent must be valid.
    expect(
      (await ctx.app.inject({ url: '/api/user/get', headers: { authorization: 'Bearer x' } })).statusCode,
    ).toBe(401);
  });

  it('lists directory fields only, paginated, without admins', async () => {
    await registerAndLogin({ role: 'Clinic', name: 'Directory Clinic' });
    const res = await ctx.app.inject('/api/user/get?limit=2&page=1');
    expect(res.statusCode).toBe(200);
    const { users, pageInfo } = res.json();
    expect(users).toHaveLength(2);
    expect(pageInfo).toMatchObject({ page: 1, limit: 2 });
    for (const u of users) {
      expect(Object.keys(u).sort()).toEqual(
        [
          '_id',
          'address',
          'description',
          'designation',
          'facility',
          'country',
          'id',
          'location',
          'name',
          'photo',
          'role',
          'skills',
        ].sort(),
      );
    }
    const all = (await ctx.app.inject('/api/user/get?limit=100')).json().users as Array<{ role: string }>;
    expect(all.some((u) => u.role === 'admin')).toBe(false);
    const clinics = (await ctx.app.inject('/api/user/get?role=Clinic&limit=100')).json().users as Array<{
      role: string;
    }>;
    expect(clinics.length).toBeGreaterThan(0);
    expect(clinics.every((u) => u.role === 'Clinic')).toBe(true);
    expect((await ctx.app.inject('/api/user/get?limit=1000')).statusCode).toBe(400);
  });

  it('lists suspended accounts but never removed ones, with or without a role, on every page', async () => {
    const kept = await registerAndLogin({ role: 'Clinic', name: 'Suspended Clinic' });
    const gone = await registerAndLogin({ role: 'Clinic', name: 'Removed Clinic' });
    const sql = postgres(ctx.db.url, { max: 1, onnotice: () => {} });
    try {
      await sql`update identity.users set status = 'suspended' where id = ${kept.user.id}`;
      await sql`update identity.users set status = 'deleted' where id = ${gone.user.id}`;
    } finally {
      await sql.end();
    }
    for (const query of ['limit=100', 'role=Clinic&limit=100']) {
      const ids = (await ctx.app.inject(`/api/user/get?${query}`))
        .json()
        .users.map((u: { id: string }) => u.id);
      expect(ids).toContain(kept.user.id);
      expect(ids).not.toContain(gone.user.id);
    }
    const second = (await ctx.app.inject('/api/user/get?role=Clinic&limit=1&page=2')).json();
    expect(second.pageInfo).toMatchObject({ page: 2, limit: 1 });
    expect(second.users).toHaveLength(1);
    expect(second.users[0].role).toBe('Clinic');
  });

  it('counts the directory exactly up to 100 past the page, then says "more than"', async () => {
    // Many professionals, written straight to the table: 120 sign-ups would take a minute of argon2.
    const sql = postgres(ctx.db.url, { max: 1, onnotice: () => {} });
    try {
      await sql`insert into identity.users (email, password_hash, name, role, designation)
        select 'many' || i || '@directory.example', 'x', 'Many ' || i, 'user',
          case when i = 7 then 'Paediatric Oncology Nurse' else 'Nurse' end
        from generate_series(1, 120) i`;
      const exact = Number(
        (
          await sql`select count(*)::int as n from identity.users where role <> 'admin' and status <> 'deleted'`
        )[0]!.n,
      );
      const page = async (query: string) => (await ctx.app.inject(`/api/user/get?${query}`)).json().pageInfo;

      expect(await page('limit=10')).toEqual({ page: 1, limit: 10, total: 100, totalCapped: true });
      // Within 100 of the last match the count is exact again.
      const near = await page(`limit=10&page=${Math.ceil((exact - 50) / 10)}`);
      expect(near).toMatchObject({ total: exact, totalCapped: false });
      // A search reads names and designations, in any case.
      const found = (await ctx.app.inject('/api/user/get?search=oncology')).json();
      expect(found.users.map((u: { name: string }) => u.name)).toEqual(['Many 7']);
      expect(found.pageInfo).toMatchObject({ total: 1, totalCapped: false });
      // A term of one or two letters matches the start of a word (a trigram index can look that up, not
      // two letters anywhere): "on" finds "Oncology"; "ur", inside every "Nurse", finds nobody.
      for (const short of ['on', 'ON', '%20on%20', 'oN']) {
        const res = await ctx.app.inject(`/api/user/get?search=${short}`);
        expect(res.statusCode).toBe(200);
        expect(res.json().users.map((u: { name: string }) => u.name)).toEqual(['Many 7']);
      }
      expect((await ctx.app.inject('/api/user/get?search=ur')).json().pageInfo.total).toBe(0);
      expect((await ctx.app.inject('/api/user/get?search=--')).json().pageInfo.total).toBe(0);
      // A blank search is no filter, as before.
      for (const blank of ['', '%20%20']) {
        const res = await ctx.app.inject(`/api/user/get?limit=1&search=${blank}`);
        expect(res.statusCode).toBe(200);
        expect(res.json().pageInfo.total).toBe(100);
      }
    } finally {
      await sql.end();
    }
  });
});

describe('per-IP limit', () => {
  it('answers 429 once one network has tried too many logins in a minute', async () => {
    const strict = await startIdentity({ LOGIN_IP_PER_MINUTE: '3' });
    try {
      const statuses: number[] = [];
      for (let i = 0; i < 4; i++) {
        const res = await strict.app.inject({
          method: 'POST',
          url: '/api/user/login',
          payload: { email: `n${i}@clinic.example`, password: 'whatever1' },
        });
        statuses.push(res.statusCode);
      }
      expect(statuses).toEqual([401, 401, 401, 429]);
    } finally {
      await strict.close();
    }
  });
});

describe('admin bootstrap', () => {
  it('creates the admin from ADMIN_EMAIL/ADMIN_PASSWORD; nobody can register as admin', async () => {
    const res = await post('/api/user/login', {
      email: 'root@afya.example',
      password: 'a very long admin password',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().user.role).toBe('admin');
  });
});
