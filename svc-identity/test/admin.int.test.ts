import postgres from 'postgres';
import {
  adminActionRecordedType,
  type AdminAccount,
  type AdminActionRecordedData,
  type Envelope,
} from '@platform/contracts';
import { eventually, readEvents } from '@platform/testing';
import { aUser, startIdentity, type TestContext } from './helpers';

const ADMIN_EMAIL = 'root@admin-calls.example';
const ADMIN_PASSWORD = 'a very long admin password';
const RECORDED = adminActionRecordedType('identity');

let ctx: TestContext;
let sql: postgres.Sql;
let adminToken: string;
let adminId: string;

beforeAll(async () => {
  ctx = await startIdentity({ ADMIN_EMAIL, ADMIN_PASSWORD });
  sql = postgres(ctx.db.url, { max: 2, onnotice: () => {} });
  const res = await ctx.login(ADMIN_EMAIL, ADMIN_PASSWORD);
  adminToken = res.json().token;
  adminId = res.json().user.id;
});
afterAll(async () => {
  await sql?.end();
  await ctx?.close();
});

const bearer = (token?: string) => (token ? { authorization: `Bearer ${token}` } : {});

async function signup(over: Record<string, unknown> = {}) {
  const body = aUser(over);
  expect((await ctx.register(body)).statusCode).toBe(201);
  const res = await ctx.login(body.email as string, body.password as string);
  return { ...body, id: res.json().user.id as string, token: res.json().token as string };
}

const list = (query: string, token = adminToken) =>
  ctx.app.inject({ url: `/api/user/admin/accounts${query}`, headers: bearer(token) });

const administer = (
  method: 'POST' | 'PATCH' | 'DELETE',
  path: string,
  payload?: object,
  headers: Record<string, string> = {},
) =>
  ctx.app.inject({
    method,
    url: `/api/user/admin/accounts/${path}`,
    headers: { ...bearer(adminToken), ...headers },
    remoteAddress: '203.0.113.50',
    ...(payload ? { payload } : {}),
  });

const recorded = () => readEvents<AdminActionRecordedData>(ctx.natsUrl, `${ctx.prefix}${RECORDED}`);
const recordedFor = async (id: string) => (await recorded()).filter((e) => e.data.target.id === id);

describe('GET /api/user/admin/accounts', () => {
  let nurse: Awaited<ReturnType<typeof signup>>;
  let clinic: Awaited<ReturnType<typeof signup>>;

  beforeAll(async () => {
    nurse = await signup({ name: 'Wanjiku Kamau', email: 'wanjiku.kamau@list.example' });
    clinic = await signup({ name: 'Eldoret Eye Centre', email: 'info@eldoret-eye.example', role: 'Clinic' });
    for (let i = 0; i < 5; i++)
      await signup({ name: `Paging Person ${i}`, email: `paging${i}@list.example` });
  });

  it('lists every account newest first, pages on the server with the total and counts by role', async () => {
    const first = await list('?limit=3&page=1');
    expect(first.statusCode).toBe(200);
    const body = first.json();
    expect(body.data).toHaveLength(3);
    expect(body.pageInfo).toEqual({ page: 1, limit: 3, total: 8 });
    expect(body.counts).toEqual({ all: 8, user: 6, Clinic: 1, admin: 1 });
    expect(body.data[0]).toMatchObject({ name: 'Paging Person 4', role: 'user', status: 'active' });
    // The spec's users table shows designation, phone and address, as its CSV does.
    expect(body.data[0]).toMatchObject({
      designation: 'Nurse',
      phone: '+254 700 111 222',
      address: 'Nakuru, Kenya',
    });
    const second = (await list('?limit=3&page=2')).json();
    expect(second.data.map((a: AdminAccount) => a.email)).toEqual([
      'paging1@list.example',
      'paging0@list.example',
      'info@eldoret-eye.example',
    ]);
    const third = (await list('?limit=3&page=3')).json();
    expect(third.data.map((a: AdminAccount) => a.email)).toEqual(['wanjiku.kamau@list.example', ADMIN_EMAIL]);
  });

  it('searches by part of a name or an e-mail, in any case, and filters by role', async () => {
    const byName = (await list('?search=KAMAU')).json();
    expect(byName.data.map((a: AdminAccount) => a.id)).toEqual([nurse.id]);
    const byEmail = (await list('?search=eldoret-eye')).json();
    expect(byEmail.data.map((a: AdminAccount) => a.id)).toEqual([clinic.id]);
    expect(byEmail.counts).toEqual({ all: 1, user: 0, Clinic: 1, admin: 0 });
    const clinics = (await list('?role=Clinic')).json();
    expect(clinics.data.map((a: AdminAccount) => a.id)).toEqual([clinic.id]);
    expect(clinics.pageInfo.total).toBe(1);
    const none = (await list('?search=paging&role=Clinic')).json();
    expect(none).toMatchObject({ data: [], pageInfo: { total: 0 }, counts: { all: 5, user: 5 } });
    // A LIKE wildcard in the search is a character, not a pattern.
    expect((await list('?search=%25')).json().data).toEqual([]);
  });

  it('names the field of a bad query', async () => {
    const res = await list('?role=superuser');
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toMatch(/role/);
    expect((await list('?limit=1000')).statusCode).toBe(400);
  });

  it('plans the search and the role filter with indexes', async () => {
    await sql`analyze identity.users`;
    const plan = async (where: string) => {
      const rows = await sql.begin(async (tx) => {
        await tx`set local enable_seqscan = off`;
        return tx.unsafe(`explain select * from identity.users where status <> 'deleted' and ${where}`);
      });
      return rows.map((r) => r['QUERY PLAN'] as string).join('\n');
    };
    const search = await plan(`(name ilike '%kamau%' or email ilike '%kamau%')`);
    expect(search).toContain('users_name_trgm_idx');
    expect(search).toContain('users_email_trgm_idx');
    expect(await plan(`role = 'Clinic' order by created_at desc limit 20`)).toMatch(/users_role_created_idx/);
  });
});

describe('each admin action is recorded once, with the change', () => {
  it('suspend, unsuspend, role change and remove: one event each, with who, what, target, before/after, address and request id', async () => {
    const person = await signup({ name: 'Otieno Audit', email: 'otieno.audit@audit.example' });
    const until = new Date(Date.now() + 86_400_000).toISOString();
    const steps: Array<[string, () => ReturnType<typeof administer>]> = [
      [
        'account.suspend',
        () =>
          administer(
            'POST',
            `${person.id}/suspend`,
            { reason: 'Licence check', until },
            { 'x-request-id': 'req-suspend' },
          ),
      ],
      [
        'account.unsuspend',
        () => administer('POST', `${person.id}/unsuspend`, undefined, { 'x-request-id': 'req-lift' }),
      ],
      [
        'account.role-change',
        () => administer('PATCH', person.id, { role: 'Clinic' }, { 'x-request-id': 'req-role' }),
      ],
      ['account.remove', () => administer('DELETE', person.id, undefined, { 'x-request-id': 'req-remove' })],
    ];
    for (const [, step] of steps) expect((await step()).statusCode).toBe(200);

    const events = await eventually(async () => {
      const mine = await recordedFor(person.id);
      return mine.length >= 4 ? mine : undefined;
    });
    await new Promise((r) => setTimeout(r, 300)); // nothing more follows
    const all = await recordedFor(person.id);
    expect(all.map((e) => e.data.action)).toEqual(steps.map(([a]) => a));
    const actor = { id: adminId, name: 'Administrator', email: ADMIN_EMAIL, role: 'admin' };
    const common = { actor, address: '203.0.113.50' };
    const [suspend, lift, role, remove] = events as Envelope<AdminActionRecordedData>[];
    expect(suspend!.data).toMatchObject({
      ...common,
      requestId: 'req-suspend',
      target: { module: 'identity', kind: 'account', id: person.id, label: 'Otieno Audit' },
      before: { status: 'active', suspendedReason: null, suspendedUntil: null },
      after: { status: 'suspended', suspendedReason: 'Licence check', suspendedUntil: until },
    });
    expect(lift!.data).toMatchObject({
      ...common,
      requestId: 'req-lift',
      before: { status: 'suspended', suspendedReason: 'Licence check' },
      after: { status: 'active', suspendedReason: null, suspendedUntil: null },
    });
    expect(role!.data).toMatchObject({
      ...common,
      requestId: 'req-role',
      before: { role: 'user' },
      after: { role: 'Clinic' },
    });
    expect(remove!.data).toMatchObject({
      ...common,
      requestId: 'req-remove',
      target: { id: person.id, label: 'Deleted account' },
      before: { role: 'Clinic', status: 'active' },
      after: { status: 'deleted' },
    });
    // The removed person's name and e-mail are in no event that records the removal, nor anywhere a secret.
    expect(JSON.stringify(remove)).not.toMatch(/Otieno|otieno\.audit/);
    expect(JSON.stringify(all)).not.toMatch(/password|argon/i);
    for (const e of all) expect(Date.parse(e.data.at)).toBeGreaterThan(Date.now() - 60_000);
  });

  it('an action that changes nothing records nothing', async () => {
    const person = await signup();
    expect((await administer('POST', `${person.id}/unsuspend`)).statusCode).toBe(200);
    expect((await administer('PATCH', person.id, { role: 'user' })).statusCode).toBe(200);
    const marker = await signup();
    expect((await administer('POST', `${marker.id}/suspend`, { reason: 'marker' })).statusCode).toBe(200);
    await eventually(async () => ((await recordedFor(marker.id)).length === 1 ? true : undefined));
    expect(await recordedFor(person.id)).toEqual([]);
  });
});

describe('vouching for an address', () => {
  it('an admin records an address as verified: once, told to the projections, in the audit log', async () => {
    const person = await signup({ name: 'Demo Nurse' });
    expect(
      (await ctx.app.inject({ url: '/api/user/me', headers: bearer(person.token) })).json().user,
    ).toMatchObject({ emailVerified: false });
    const res = await administer('POST', `${person.id}/verify-email`, undefined, {
      'x-request-id': 'r-verify',
    });
    expect(res.statusCode).toBe(200);
    expect((await administer('POST', `${person.id}/verify-email`)).statusCode).toBe(200); // changes nothing
    const me = await ctx.app.inject({ url: '/api/user/me', headers: bearer(person.token) });
    expect(me.json().user.emailVerified).toBe(true);
    const updated = await eventually(async () => {
      const all = await readEvents<{ id: string; emailVerified?: boolean }>(
        ctx.natsUrl,
        `${ctx.prefix}identity.user.updated.v1`,
      );
      const mine = all.filter((e) => e.data.id === person.id && e.data.emailVerified);
      return mine.length ? mine : undefined;
    });
    const actions = await eventually(async () => {
      const a = await recordedFor(person.id);
      return a.length ? a : undefined;
    });
    await new Promise((r) => setTimeout(r, 300));
    expect(updated).toHaveLength(1);
    expect((await recordedFor(person.id)).map((e) => e.data.action)).toEqual(['account.verify-email']);
    expect(actions[0]!.data).toMatchObject({
      actor: { id: adminId },
      before: { emailVerified: false },
      after: { emailVerified: true },
    });
    expect((await administer('POST', `00000000-0000-4000-8000-000000000000/verify-email`)).statusCode).toBe(
      404,
    );
  });
});

describe('verifying an organisation', () => {
  it('an admin verifies a Clinic’s organisation from its registration documents: event, audit, reference kept', async () => {
    const clinic = await signup({ role: 'Clinic', name: 'Kisumu Care Hospital' });
    const orgId = (await ctx.app.inject({ url: '/api/user/me', headers: bearer(clinic.token) })).json().user
      .orgId as string;
    const res = await administer('POST', `${clinic.id}/verify-organisation`, {
      reference: 'KMPDC facility licence F-2291',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().message).toBe('Kisumu Care Hospital is verified.');
    const [row] = await sql`select verified_at is not null as verified, verification_reference as reference
      from identity.organisations where id = ${orgId}`;
    expect(row).toEqual({ verified: true, reference: 'KMPDC facility licence F-2291' });
    const events = await eventually(async () => {
      const all = await readEvents<{ orgId: string; name: string }>(
        ctx.natsUrl,
        `${ctx.prefix}identity.organisation.verified.v1`,
      );
      const mine = all.filter((e) => e.data.orgId === orgId);
      return mine.length ? mine : undefined;
    });
    expect(events[0]!.data.name).toBe('Kisumu Care Hospital');
    const audit = await eventually(async () => {
      const a = (await recorded()).filter((e) => e.data.target.id === orgId);
      return a.length ? a : undefined;
    });
    expect(audit[0]!.data).toMatchObject({
      action: 'organisation.verify',
      actor: { id: adminId },
      after: { verified: true, reference: 'KMPDC facility licence F-2291' },
    });
    // A professional's account has no organisation to verify; a bad body changes nothing.
    const person = await signup();
    expect(
      (await administer('POST', `${person.id}/verify-organisation`, { reference: 'X-123' })).statusCode,
    ).toBe(404);
    expect(
      (await administer('POST', `${clinic.id}/verify-organisation`, { reference: ' ' })).statusCode,
    ).toBe(400);
  });
});

describe('a timed suspension', () => {
  it('ends by itself: the person signs in again and the list shows the account active', async () => {
    const person = await signup({ name: 'Timed Person' });
    // Long enough that the login below (an argon2 check on a loaded CI machine) comes before it ends.
    const until = new Date(Date.now() + 5000).toISOString();
    expect(
      (await administer('POST', `${person.id}/suspend`, { reason: 'Cooling off', until })).statusCode,
    ).toBe(200);
    const during = await ctx.login(person.email as string, person.password as string);
    expect(during.statusCode).toBe(403);
    expect(during.json().message).toContain('Cooling off');
    // The reason and end as fields too, for the pages' own words.
    expect(during.json()).toMatchObject({
      code: 'auth.account_suspended_until',
      reason: 'Cooling off',
      until,
    });
    expect((await list(`?search=timed`)).json().data[0]).toMatchObject({
      status: 'suspended',
      suspendedUntil: until,
    });
    await new Promise((r) => setTimeout(r, Date.parse(until) - Date.now() + 300));
    expect((await ctx.login(person.email as string, person.password as string)).statusCode).toBe(200);
    expect((await list(`?search=timed`)).json().data[0]).toMatchObject({
      status: 'active',
      suspendedReason: null,
      suspendedUntil: null,
    });
  });
});

describe('removal', () => {
  it('erases the personal data, keeps an anonymous row, and takes it off the list', async () => {
    const person = await signup({
      name: 'Achieng Erased',
      email: 'achieng.erased@erase.example',
      phone: '+254 711 000 999',
      address: 'Kisumu, Kenya',
    });
    expect((await administer('DELETE', person.id)).statusCode).toBe(200);
    const [row] = await sql`select * from identity.users where id = ${person.id}`;
    expect(row).toMatchObject({
      status: 'deleted',
      name: 'Deleted account',
      email: `deleted-${person.id}`,
      phone: '',
      address: '',
      designation: '',
      description: '',
      skills: [],
      password_hash: '!',
    });
    expect(JSON.stringify(row)).not.toMatch(/Achieng|achieng|711 000/);
    expect((await list('?search=achieng')).json().data).toEqual([]);
    expect((await ctx.login('achieng.erased@erase.example', person.password as string)).statusCode).toBe(401);
    expect((await administer('DELETE', person.id)).statusCode).toBe(404);
  });
});

describe('only an admin may call', () => {
  it('visitors get 401, users and Clinics 403, and nothing changes or is recorded', async () => {
    const target = await signup({ name: 'Untouched Person' });
    const user = await signup();
    const clinic = await signup({ role: 'Clinic' });
    const calls = [
      { method: 'GET' as const, url: '/api/user/admin/accounts' },
      {
        method: 'POST' as const,
        url: `/api/user/admin/accounts/${target.id}/suspend`,
        payload: { reason: 'x' },
      },
      { method: 'POST' as const, url: `/api/user/admin/accounts/${target.id}/unsuspend` },
      { method: 'POST' as const, url: `/api/user/admin/accounts/${target.id}/verify-email` },
      {
        method: 'POST' as const,
        url: `/api/user/admin/accounts/${target.id}/verify-organisation`,
        payload: { reference: 'KMPDC 12345' },
      },
      { method: 'PATCH' as const, url: `/api/user/admin/accounts/${target.id}`, payload: { role: 'Clinic' } },
      { method: 'DELETE' as const, url: `/api/user/admin/accounts/${target.id}` },
    ];
    for (const call of calls) {
      for (const [token, status] of [
        [undefined, 401],
        [user.token, 403],
        [clinic.token, 403],
      ] as const) {
        const res = await ctx.app.inject({ ...call, headers: bearer(token) });
        expect([call.method, call.url, res.statusCode]).toEqual([call.method, call.url, status]);
      }
    }
    const [row] = await sql`select status, role, name, email_verified_at is not null as verified
      from identity.users where id = ${target.id}`;
    expect(row).toEqual({ status: 'active', role: 'user', name: 'Untouched Person', verified: false });
    expect((await ctx.app.inject({ url: '/api/user/me', headers: bearer(target.token) })).statusCode).toBe(
      200,
    );
    await new Promise((r) => setTimeout(r, 300));
    expect(await recordedFor(target.id)).toEqual([]);
  });
});

describe('the counts by role', () => {
  const counted = async () => (await list('')).json().counts as Record<string, number>;
  /** What counting every account now gives. */
  const recount = async () => {
    const counts: Record<string, number> = { all: 0, user: 0, Clinic: 0, admin: 0 };
    for (const { role, n } of await sql<{ role: string; n: number }[]>`
      select role, count(*)::int as n from identity.users where status <> 'deleted' group by role`) {
      counts[role] = n;
      counts.all! += n;
    }
    return counts;
  };

  it('follow every change to the accounts, through the API or written straight to the table', async () => {
    const before = await counted();
    expect(before).toEqual(await recount());
    const person = await signup({ name: 'Count Me', email: 'count.me@counts.example' });
    expect(await counted()).toEqual({ ...before, all: before.all! + 1, user: before.user! + 1 });
    expect((await administer('PATCH', person.id, { role: 'Clinic' })).statusCode).toBe(200);
    expect(await counted()).toEqual({ ...before, all: before.all! + 1, Clinic: before.Clinic! + 1 });
    // A suspended account is still an account; a removed one is not.
    expect((await administer('POST', `${person.id}/suspend`, { reason: 'Counting' })).statusCode).toBe(200);
    expect(await counted()).toEqual({ ...before, all: before.all! + 1, Clinic: before.Clinic! + 1 });
    expect((await administer('DELETE', person.id)).statusCode).toBe(200);
    expect(await counted()).toEqual(before);

    await sql`insert into identity.users (email, password_hash, name, role)
      select 'bulk' || i || '@counts.example', 'x', 'Bulk ' || i, case when i % 2 = 0 then 'Clinic' else 'user' end
      from generate_series(1, 10) i`;
    await sql`update identity.users set role = 'user' where email = 'bulk2@counts.example'`;
    await sql`update identity.users set name = 'Renamed' where email like 'bulk%@counts.example'`;
    await sql`delete from identity.users where email = 'bulk1@counts.example'`;
    expect(await counted()).toEqual({
      ...before,
      all: before.all! + 9,
      user: before.user! + 5,
      Clinic: before.Clinic! + 4,
    });
    expect(await counted()).toEqual(await recount());
  });
});
