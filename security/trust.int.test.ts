/**
 * The one trust model, attacked the way the review did: tokens decoded, logged-out and ended-account
 * tokens sent to the gateway AND straight to each service, restarts, tokens without `exp` or with a
 * lifetime no service should accept. Real svc-identity, svc-content, every service exporting a
 * `trustTarget` (the descriptors' modules: svc-hire, svc-events, svc-connect, a new module's service...)
 * and the gateway on real Postgres + NATS. Each claim below holds for each of those.
 */
import { randomUUID } from 'node:crypto';
import { createSigner } from 'fast-jwt';
import { NatsEventBus } from '@platform/event-bus';
import { FollowedRevocations, type App } from '@platform/service-kit';
import { createTestDatabase, eventually, serviceTestEnv, type ServiceTestEnv } from '@platform/testing';
import { buildApp as buildIdentity } from '../svc-identity/src/app';
import { readConfig as identityConfig } from '../svc-identity/src/config';
import { buildApp as buildContent } from '../svc-content/src/app';
import { readConfig as contentConfig } from '../svc-content/src/config';
import { buildApp as buildGateway } from '../gateway/src/app';
import { readConfig as gatewayConfig } from '../gateway/src/config';
import { securityTargets } from './fuzz/targets';

const PASSWORD = 'Kisumu lakeside clinic 2026!';
const AUD = { audience: 'afya-platform', issuer: 'svc-identity' };

let run: ServiceTestEnv;
let contentDb: Awaited<ReturnType<typeof createTestDatabase>>;
let identity: App;
let content: App;
let gateway: App;
let gatewayBus: NatsEventBus;
let gatewayRevocations: FollowedRevocations;
let adminToken: string;
let identityUrl: string;
let contentUrl: string;

const env = () => ({ ...run.env, JWT_PRIVATE_KEY: run.keys.privateKey });
const bearer = (token: string) => ({ authorization: `Bearer ${token}` });
const decode = (token: string) => JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString());

async function signup(role: 'user' | 'Clinic') {
  const email = `${role.toLowerCase()}.${randomUUID().slice(0, 8)}@trust.example`;
  const reg = await identity.inject({
    method: 'POST',
    url: '/api/user/register',
    payload: { name: `${role} Person`, email, password: PASSWORD, role },
  });
  expect(reg.statusCode).toBe(201);
  return { email, ...(await login(email)) };
}

async function login(email: string, password = PASSWORD) {
  const res = await identity.inject({ method: 'POST', url: '/api/user/login', payload: { email, password } });
  expect(res.statusCode).toBe(200);
  const { token, user } = res.json() as { token: string; user: { id: string } };
  return { token, id: user.id };
}

/**
 * A service behind the gateway, as an attacker meets it: a call that writes (a Clinic's post), one that
 * reads with a token, and how many rows the write makes visible (so a refused call is seen to change nothing).
 */
interface Guarded {
  name: string;
  app: () => App;
  write: { url: string; payload: () => object };
  read: string;
  count: () => Promise<number>;
  /**
   * Its write is open to every signed-in role (Connect: anyone may post a discussion), so a demoted Clinic's
   * new token still writes (201); otherwise the new role is refused (403). Old tokens are refused either way.
   */
  openToEveryRole?: boolean;
}

/** Each guarded service's app, database and URL variable, once started. */
const running = new Map<
  string,
  { app: App; db: Awaited<ReturnType<typeof createTestDatabase>>; url: string }
>();
const appOf = (name: string) => running.get(name)!.app;

const visible = async (app: App, url: string, token?: string) =>
  ((await app.inject({ url, headers: token ? bearer(token) : {} })).json() as { data: unknown[] }).data
    .length;

const TRUSTED = securityTargets().flatMap((t) =>
  t.trustTarget ? [{ ...t, trustTarget: t.trustTarget }] : [],
);
const GUARDED: Guarded[] = TRUSTED.map(({ service, trustTarget: t }) => ({
  name: service.folder,
  app: () => appOf(service.folder),
  write: t.write,
  read: t.read,
  count: () => visible(appOf(service.folder), t.count.url, t.count.signedIn ? adminToken : undefined),
  openToEveryRole: t.openToEveryRole,
}));

it('attacks every module service with a Clinic write the descriptors list', () => {
  expect(GUARDED.map((g) => g.name)).toEqual(
    expect.arrayContaining(['svc-hire', 'svc-events', 'svc-connect']),
  );
});

/** The same call straight to the service and through the gateway. */
async function bothWays(svc: Guarded, method: 'GET' | 'POST', url: string, token: string, payload?: object) {
  const opts = { method, url, headers: bearer(token), ...(payload ? { payload } : {}) };
  return { direct: await svc.app().inject(opts), viaGateway: await gateway.inject(opts) };
}

/** An admin's call on an account: `/api/user/admin/accounts/<path>`. */
const administer = (method: 'POST' | 'PATCH' | 'DELETE', path: string, payload?: object) =>
  identity.inject({
    method,
    url: `/api/user/admin/accounts/${path}`,
    headers: bearer(adminToken),
    ...(payload ? { payload } : {}),
  });

const tryLogin = (email: string, password = PASSWORD) =>
  identity.inject({ method: 'POST', url: '/api/user/login', payload: { email, password } });

/**
 * Within 2 s the gateway and every service reached directly answer 401 to the token's `kind` of call,
 * and a refused write creates nothing.
 */
async function refusedEverywhere(kind: 'read' | 'write', token: string) {
  await Promise.all(
    GUARDED.map((svc) =>
      eventually(async () => {
        const before = await svc.count();
        const r =
          kind === 'write'
            ? await bothWays(svc, 'POST', svc.write.url, token, svc.write.payload())
            : await bothWays(svc, 'GET', svc.read, token);
        expect(await svc.count()).toBe(before);
        return r.direct.statusCode === 401 && r.viaGateway.statusCode === 401 ? true : undefined;
      }, 2000),
    ),
  );
}

const upstreams = () => ({
  IDENTITY_URL: identityUrl,
  CONTENT_URL: contentUrl,
  ...Object.fromEntries(
    TRUSTED.map(({ service }) => [service.urlVariable, running.get(service.folder)!.url]),
  ),
});

beforeAll(async () => {
  run = await serviceTestEnv('trust');
  identity = await buildIdentity(
    identityConfig({ ...env(), ADMIN_EMAIL: 'admin@trust.example', ADMIN_PASSWORD: PASSWORD }),
  );
  for (const { service, trustTarget } of TRUSTED) {
    const db = await createTestDatabase(`trust_${service.producer ?? 'svc'}`);
    const app = await trustTarget.build({ ...run.env, DATABASE_URL: db.url });
    running.set(service.folder, { app, db, url: await app.listen({ port: 0, host: '127.0.0.1' }) });
  }
  identityUrl = await identity.listen({ port: 0, host: '127.0.0.1' });
  contentDb = await createTestDatabase('trust_content');
  content = await buildContent(contentConfig({ ...run.env, DATABASE_URL: contentDb.url }));
  contentUrl = await content.listen({ port: 0, host: '127.0.0.1' });
  gatewayBus = await NatsEventBus.connect({ url: run.natsUrl, prefix: run.prefix, name: 'gateway-test' });
  gatewayRevocations = new FollowedRevocations(gatewayBus);
  await gatewayRevocations.start();
  gateway = await buildGateway(gatewayConfig({ ...run.env, ...upstreams(), SHELL_DIST: '/nonexistent' }), {
    revocations: gatewayRevocations,
  });
  adminToken = (await login('admin@trust.example')).token;
  // Every module's service, migrated, and the gateway: on a loaded two-core machine more than jest's 30 s.
}, 120_000);

afterAll(async () => {
  await gateway?.close();
  await gatewayRevocations?.stop();
  await gatewayBus?.close();
  for (const { app } of running.values()) await app.close();
  await content?.close();
  await identity?.close();
  for (const { db } of running.values()) await db.drop();
  await contentDb?.drop();
  await run?.cleanup();
});

describe('tokens svc-identity issues', () => {
  it('live 8 hours (decoded), and carry every claim the trust model checks', async () => {
    const { token, id } = await signup('user');
    const claims = decode(token);
    expect(claims.exp - claims.iat).toBe(8 * 3600);
    expect(Math.abs(claims.iat - Date.now() / 1000)).toBeLessThan(60);
    expect(claims).toMatchObject({ sub: id, aud: AUD.audience, iss: AUD.issuer, role: 'user' });
    expect(claims.jti).toMatch(/^[0-9a-f-]{36}$/);
  });
});

describe('tokens no service accepts, even correctly signed', () => {
  const sign = (claims: Record<string, unknown>, opts: { expiresIn?: number; noTimestamp?: boolean } = {}) =>
    createSigner({
      key: run.keys.privateKey,
      algorithm: 'EdDSA',
      aud: AUD.audience,
      iss: AUD.issuer,
      ...opts,
    })({
      sub: randomUUID(),
      jti: randomUUID(),
      role: 'Clinic',
      orgId: randomUUID(),
      email: 'x@trust.example',
      name: 'X',
      ...claims,
    });

  it.each([
    ['without exp', () => sign({})],
    ['living 30 days', () => sign({}, { expiresIn: 30 * 24 * 3600_000 })],
    ['without iat', () => sign({}, { expiresIn: 3600_000, noTimestamp: true })],
    ['without jti', () => sign({ jti: undefined }, { expiresIn: 3600_000 })],
    ['without sub', () => sign({ sub: undefined }, { expiresIn: 3600_000 })],
    ['with an unknown role', () => sign({ role: 'superuser' }, { expiresIn: 3600_000 })],
  ])('refuses a token %s (gateway and every service alike) and creates nothing', async (_what, make) => {
    for (const svc of GUARDED) {
      const before = await svc.count();
      const { direct, viaGateway } = await bothWays(svc, 'POST', svc.write.url, make(), svc.write.payload());
      expect({ service: svc.name, direct: direct.statusCode, viaGateway: viaGateway.statusCode }).toEqual({
        service: svc.name,
        direct: 401,
        viaGateway: 401,
      });
      expect(await svc.count()).toBe(before);
    }
  });
});

describe('ending sessions reaches every service within 2 seconds', () => {
  it('logout: the old token is refused by the gateway and by every service reached directly', async () => {
    const { token } = await signup('user');
    for (const svc of GUARDED) {
      const before = await bothWays(svc, 'GET', svc.read, token);
      expect([svc.name, before.direct.statusCode, before.viaGateway.statusCode]).toEqual([
        svc.name,
        200,
        200,
      ]);
    }

    const out = await identity.inject({ method: 'POST', url: '/api/user/logout', headers: bearer(token) });
    expect(out.statusCode).toBe(200);
    const started = Date.now();
    await refusedEverywhere('read', token);
    expect(Date.now() - started).toBeLessThan(2000);
    expect((await identity.inject({ url: '/api/user/me', headers: bearer(token) })).statusCode).toBe(401);
  });

  it('role change: a Clinic made a user can no longer post jobs or events with its old token', async () => {
    const clinic = await signup('Clinic');
    for (const svc of GUARDED) {
      const posted = await svc.app().inject({
        method: 'POST',
        url: svc.write.url,
        headers: bearer(clinic.token),
        payload: svc.write.payload(),
      });
      expect([svc.name, posted.statusCode]).toEqual([svc.name, 201]);
    }

    const changed = await administer('PATCH', `${clinic.id}`, { role: 'user' });
    expect(changed.statusCode).toBe(200);
    expect(changed.json().account.role).toBe('user');

    await refusedEverywhere('write', clinic.token);
    // Signing in again gives a token with the new role, which each service refuses to post with (403).
    await new Promise((r) => setTimeout(r, 1000)); // tokens issued in the second of the change are ended too
    const again = await login(clinic.email);
    expect(decode(again.token).role).toBe('user');
    for (const svc of GUARDED) {
      const posted = await svc.app().inject({
        method: 'POST',
        url: svc.write.url,
        headers: bearer(again.token),
        payload: svc.write.payload(),
      });
      expect([svc.name, posted.statusCode]).toEqual([svc.name, svc.openToEveryRole ? 201 : 403]);
    }
  });

  it('deletion: the account is erased, its token refused everywhere, and it cannot sign in', async () => {
    const clinic = await signup('Clinic');
    const removed = await administer('DELETE', `${clinic.id}`);
    expect(removed.statusCode).toBe(200);
    await refusedEverywhere('write', clinic.token);
    const relogin = await tryLogin(clinic.email);
    expect(relogin.statusCode).toBe(401);
    const dir = await identity.inject('/api/user/get?limit=100');
    expect(JSON.stringify(dir.json())).not.toContain(clinic.id);
  });

  it('suspension: sessions end, sign-in answers 403 with the reason, and lifting it lets the person back', async () => {
    const user = await signup('user');
    const suspended = await administer('POST', `${user.id}/suspend`, { reason: 'Licence under review' });
    expect(suspended.statusCode).toBe(200);
    expect(suspended.json().account).toMatchObject({
      status: 'suspended',
      suspendedReason: 'Licence under review',
    });
    await refusedEverywhere('read', user.token);
    const refused = await tryLogin(user.email);
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({ code: 'auth.account_suspended', reason: 'Licence under review' });
    expect(refused.json().message).toContain('Licence under review');

    const lifted = await administer('POST', `${user.id}/unsuspend`);
    expect(lifted.statusCode).toBe(200);
    await new Promise((r) => setTimeout(r, 1000));
    const back = await login(user.email);
    for (const svc of GUARDED) {
      const read = await svc.app().inject({ url: svc.read, headers: bearer(back.token) });
      expect([svc.name, read.statusCode]).toEqual([svc.name, 200]);
    }
  });

  it('a timed suspension ends by itself', async () => {
    const user = await signup('user');
    const until = new Date(Date.now() + 1500).toISOString();
    const res = await administer('POST', `${user.id}/suspend`, { reason: 'Cooling off', until });
    expect(res.statusCode).toBe(200);
    const during = await tryLogin(user.email);
    expect(during.statusCode).toBe(403);
    await new Promise((r) => setTimeout(r, 2000));
    await login(user.email);
  });

  it('after a restart, a service still refuses every token ended before it started', async () => {
    const { token } = await signup('user');
    await identity.inject({ method: 'POST', url: '/api/user/logout', headers: bearer(token) });
    const clinic = await signup('Clinic');
    await administer('DELETE', `${clinic.id}`);
    // Both endings are on the bus (the running services refuse them) before the restart: identity's
    // outbox publishes after its answer, and a follower can only replay what was published.
    await refusedEverywhere('read', token);
    await refusedEverywhere('write', clinic.token);
    // A fresh gateway (as after a restart) replays the whole token lifetime before serving: the same
    // FollowedRevocations every service runs.
    const bus = await NatsEventBus.connect({ url: run.natsUrl, prefix: run.prefix, name: 'restarted' });
    const revocations = new FollowedRevocations(bus);
    await revocations.start();
    expect(revocations.isCurrent()).toBe(true);
    const restarted = await buildGateway(
      gatewayConfig({ ...run.env, ...upstreams(), SHELL_DIST: '/nonexistent' }),
      { revocations },
    );
    try {
      for (const svc of GUARDED) {
        const read = await restarted.inject({ url: svc.read, headers: bearer(token) });
        expect([svc.name, read.statusCode]).toEqual([svc.name, 401]);
        const before = await svc.count();
        const post = await restarted.inject({
          method: 'POST',
          url: svc.write.url,
          headers: bearer(clinic.token),
          payload: svc.write.payload(),
        });
        expect([svc.name, post.statusCode]).toEqual([svc.name, 401]);
        expect(await svc.count()).toBe(before);
      }
    } finally {
      await restarted.close();
      await revocations.stop();
      await bus.close();
    }
  });
});

describe('account administration is the admin’s alone', () => {
  it('refuses visitors (401), users and Clinics (403) on every call, directly and through the gateway, and changes nothing', async () => {
    const target = await signup('user');
    const user = await signup('user');
    const clinic = await signup('Clinic');
    const calls = [
      { method: 'GET' as const, url: '/api/user/admin/accounts?search=person' },
      {
        method: 'POST' as const,
        url: `/api/user/admin/accounts/${target.id}/suspend`,
        payload: { reason: 'no' },
      },
      { method: 'POST' as const, url: `/api/user/admin/accounts/${target.id}/unsuspend` },
      { method: 'POST' as const, url: `/api/user/admin/accounts/${target.id}/verify-email` },
      { method: 'PATCH' as const, url: `/api/user/admin/accounts/${target.id}`, payload: { role: 'Clinic' } },
      { method: 'DELETE' as const, url: `/api/user/admin/accounts/${target.id}` },
    ];
    for (const call of calls) {
      for (const [who, headers, status] of [
        ['visitor', {}, 401],
        ['user', bearer(user.token), 403],
        ['Clinic', bearer(clinic.token), 403],
      ] as const) {
        for (const [way, app] of [
          ['direct', identity],
          ['gateway', gateway],
        ] as const) {
          const res = await app.inject({ ...call, headers });
          expect([call.method, call.url, who, way, res.statusCode]).toEqual([
            call.method,
            call.url,
            who,
            way,
            status,
          ]);
        }
      }
    }
    const me = await identity.inject({ url: '/api/user/me', headers: bearer(target.token) });
    expect(me.statusCode).toBe(200);
    expect(me.json().user).toMatchObject({ id: target.id, role: 'user' });
    // The admin sees the account as it was, through the gateway too.
    const listed = await gateway.inject({
      url: `/api/user/admin/accounts?search=${encodeURIComponent(target.email)}`,
      headers: bearer(adminToken),
    });
    expect(listed.statusCode).toBe(200);
    expect(listed.json().data).toEqual([
      expect.objectContaining({ id: target.id, role: 'user', status: 'active' }),
    ]);
  });

  it('an admin cannot suspend, demote or remove their own account (the last admin)', async () => {
    const me = decode(adminToken).sub as string;
    const tries = [
      { method: 'POST' as const, url: `/api/user/admin/accounts/${me}/suspend`, payload: { reason: 'x' } },
      { method: 'PATCH' as const, url: `/api/user/admin/accounts/${me}`, payload: { role: 'user' } },
      { method: 'DELETE' as const, url: `/api/user/admin/accounts/${me}` },
    ];
    for (const t of tries) {
      const res = await identity.inject({ ...t, headers: bearer(adminToken) });
      expect(res.statusCode).toBe(409);
    }
    expect(
      (await identity.inject({ url: '/api/user/me', headers: bearer(adminToken) })).json().user.role,
    ).toBe('admin');
  });

  it('names the field of a bad request', async () => {
    const target = await signup('user');
    const res = await administer('POST', `${target.id}/suspend`, { reason: '   ' });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toMatch(/^reason/);
    const past = await administer('POST', `${target.id}/suspend`, {
      reason: 'x',
      until: '2020-01-01T00:00:00Z',
    });
    expect(past.statusCode).toBe(400);
    expect(past.json().message).toMatch(/^until/);
  });
});

describe('svc-content’s admin calls, directly and through the gateway', () => {
  const adminCalls = [
    { method: 'GET' as const, url: '/api/dashboard/total-users' },
    { method: 'GET' as const, url: '/api/content/inbox' },
    { method: 'POST' as const, url: '/api/blog/add', payload: { name: 'Trust', data: '<p>x</p>' } },
  ];
  const posts = async () =>
    (
      (await content.inject({ url: '/api/blog/admin?limit=100', headers: bearer(adminToken) })).json() as {
        pageInfo: { total: number };
      }
    ).pageInfo.total;
  const both = async (call: (typeof adminCalls)[number], headers: Record<string, string> = {}) => {
    const opts = {
      method: call.method,
      url: call.url,
      headers,
      ...(call.payload ? { payload: call.payload } : {}),
    };
    return [(await content.inject(opts)).statusCode, (await gateway.inject(opts)).statusCode];
  };

  it('refuses visitors (401), professionals and Clinics (403), and changes nothing', async () => {
    const user = await signup('user');
    const clinic = await signup('Clinic');
    const before = await posts();
    for (const call of adminCalls) {
      expect([call.url, ...(await both(call))]).toEqual([call.url, 401, 401]);
      expect([call.url, ...(await both(call, bearer(user.token)))]).toEqual([call.url, 403, 403]);
      expect([call.url, ...(await both(call, bearer(clinic.token)))]).toEqual([call.url, 403, 403]);
    }
    expect(await posts()).toBe(before);
  });

  it('lets the admin in, and refuses the admin’s token within 2 seconds of its logout', async () => {
    const { token } = await login('admin@trust.example');
    const read = adminCalls[0]!;
    expect(await both(read, bearer(token))).toEqual([200, 200]);
    await identity.inject({ method: 'POST', url: '/api/user/logout', headers: bearer(token) });
    const started = Date.now();
    await eventually(async () => {
      const [direct, viaGateway] = await both(read, bearer(token));
      return direct === 401 && viaGateway === 401 ? true : undefined;
    }, 2000);
    expect(Date.now() - started).toBeLessThan(2000);
    const before = await posts();
    expect(await both(adminCalls[2]!, bearer(token))).toEqual([401, 401]);
    expect(await posts()).toBe(before);
  });
});
