/**
 * Sessions in a cookie, as the spec's client sends its `POST /api/connect` (cookies, no bearer header):
 * sign-in sets the session cookie, reads and writes from the platform's own origin ride on it, a write from
 * anywhere else (or from nowhere it can show) is refused before anything changes, a forged or expired
 * cookie is a visitor's, and logout clears it. Over real HTTP, through the gateway's port and straight to
 * each service's, with the real svc-identity, svc-connect and gateway on Postgres and NATS.
 */
import { randomUUID } from 'node:crypto';
import { parseSetCookie, type SetCookie } from 'cookie';
import { createSigner } from 'fast-jwt';
import { NatsEventBus } from '@platform/event-bus';
import { FollowedRevocations, SESSION_COOKIE, type App } from '@platform/service-kit';
import {
  createTestDatabase,
  eventually,
  generateKeyPair,
  serviceTestEnv,
  type ServiceTestEnv,
} from '@platform/testing';
import { buildApp as buildIdentity } from '../svc-identity/src/app';
import { readConfig as identityConfig } from '../svc-identity/src/config';
import { buildApp as buildConnect } from '../svc-connect/src/app';
import { readConfig as connectConfig } from '../svc-connect/src/config';
import { buildApp as buildGateway } from '../gateway/src/app';
import { readConfig as gatewayConfig } from '../gateway/src/config';

const PASSWORD = 'Kakamega forest clinic 2026!';
/** The platform's public origin (PUBLIC_URL), everywhere: the only pages whose writes may ride on the cookie. */
const SITE = 'https://afyahr.example';
const AUD = { aud: 'afya-platform', iss: 'svc-identity' };

let run: ServiceTestEnv;
let connectDb: Awaited<ReturnType<typeof createTestDatabase>>;
let identity: App;
let connect: App;
let gateway: App;
let gatewayBus: NatsEventBus;
let gatewayRevocations: FollowedRevocations;
/** Base URLs: the gateway's and each service's own port. */
const url = { gateway: '', identity: '', connect: '' };
type Way = keyof typeof url;

interface Person {
  id: string;
  email: string;
  token: string;
  /** The session cookie sign-in set, as a `Cookie` header sends it back. */
  cookie: string;
}

/** A call over HTTP to `way`'s port: JSON body, the headers given (a browser's Origin, Cookie...). */
async function call(
  way: Way,
  method: string,
  path: string,
  headers: Record<string, string> = {},
  body?: object,
) {
  const res = await fetch(url[way] + path, {
    method,
    headers: { ...(body ? { 'content-type': 'application/json' } : {}), ...headers },
    ...(body ? { body: JSON.stringify(body) } : {}),
  });
  const text = await res.text();
  return {
    status: res.status,
    json: text ? JSON.parse(text) : undefined,
    /** The Set-Cookie headers naming the session cookie, decoded. */
    sessionCookies: res.headers
      .getSetCookie()
      .map((h) => parseSetCookie(h))
      .filter((c) => c.name === SESSION_COOKIE),
    cacheControl: res.headers.get('cache-control'),
  };
}

const cookieHeader = (c: SetCookie) => `${c.name}=${c.value}`;
const bearer = (p: Person) => ({ authorization: `Bearer ${p.token}` });
/** What a browser sends with a write from the platform's own page. */
const fromSite = (p: Person) => ({ cookie: p.cookie, origin: SITE });

async function signUp(role: 'user' | 'Clinic'): Promise<Person> {
  const email = `${role.toLowerCase()}.${randomUUID().slice(0, 8)}@cookies.example`;
  const res = await call(
    'gateway',
    'POST',
    '/api/user/register',
    { origin: SITE },
    {
      name: role === 'Clinic' ? 'Lakeside Clinic' : 'Achieng Odhiambo',
      email,
      password: PASSWORD,
      role,
    },
  );
  expect(res.status).toBe(201);
  expect(res.sessionCookies).toHaveLength(1);
  return { id: res.json.user.id, email, token: res.json.token, cookie: cookieHeader(res.sessionCookies[0]!) };
}

/** The requests waiting in `p`'s incoming box, read with the bearer header. */
const incoming = async (p: Person) =>
  (await call('connect', 'GET', '/api/connect/requests?box=incoming', bearer(p))).json.pageInfo
    .total as number;

/** A token for `p` signed as svc-identity signs (its real key), living 1 h from `iat`, `ageMs` ago. */
const tokenOf = (p: Person, key: string, ageMs = 0) =>
  createSigner({
    key,
    algorithm: 'EdDSA',
    ...AUD,
    expiresIn: 3600_000,
    clockTimestamp: Date.now() - ageMs,
  })({ sub: p.id, jti: randomUUID(), role: 'Clinic', orgId: null, email: p.email, name: 'X' });

const connectBody = (from: Person, to: Person) => ({
  userName: 'Lakeside Clinic',
  userEmail: from.email,
  clientEmail: to.email,
});

beforeAll(async () => {
  run = await serviceTestEnv('cookies');
  const env = { ...run.env, PUBLIC_URL: SITE };
  identity = await buildIdentity(
    identityConfig({
      ...env,
      JWT_PRIVATE_KEY: run.keys.privateKey,
      // Every sign-up here comes from one address (the gateway's, or this test's).
      REGISTER_IP_PER_MINUTE: '1000',
      LOGIN_IP_PER_MINUTE: '1000',
    }),
  );
  url.identity = await identity.listen({ port: 0, host: '127.0.0.1' });
  connectDb = await createTestDatabase('cookies_connect');
  connect = await buildConnect(connectConfig({ ...env, DATABASE_URL: connectDb.url }));
  url.connect = await connect.listen({ port: 0, host: '127.0.0.1' });
  gatewayBus = await NatsEventBus.connect({ url: run.natsUrl, prefix: run.prefix, name: 'gateway-cookies' });
  gatewayRevocations = new FollowedRevocations(gatewayBus);
  await gatewayRevocations.start();
  gateway = await buildGateway(
    gatewayConfig({
      ...env,
      IDENTITY_URL: url.identity,
      CONNECT_URL: url.connect,
      SHELL_DIST: '/nonexistent',
    }),
    { revocations: gatewayRevocations },
  );
  url.gateway = await gateway.listen({ port: 0, host: '127.0.0.1' });
  // Several services, migrated, and the gateway: on a loaded two-core machine more than jest's 30 s.
}, 120_000);

afterAll(async () => {
  await gateway?.close();
  await gatewayRevocations?.stop();
  await gatewayBus?.close();
  await connect?.close();
  await identity?.close();
  await connectDb?.drop();
  await run?.cleanup();
});

/** A professional in Connect's directory (identity's events projected), to be asked to connect. */
async function listedProfessional(): Promise<Person> {
  const p = await signUp('user');
  await eventually(async () =>
    (await call('connect', 'GET', `/api/connect/professionals/${p.id}`)).status === 200 ? true : undefined,
  );
  return p;
}

describe('the session cookie sign-in sets', () => {
  it('is HttpOnly, SameSite=Lax, for /api only, Secure on an https site, and lives as long as the token', async () => {
    const email = `user.${randomUUID().slice(0, 8)}@cookies.example`;
    await call(
      'gateway',
      'POST',
      '/api/user/register',
      {},
      { name: 'Wafula', email, password: PASSWORD, role: 'user' },
    );
    for (const way of ['gateway', 'identity'] as const) {
      const res = await call(way, 'POST', '/api/user/login', {}, { email, password: PASSWORD });
      expect(res.status).toBe(200);
      expect(res.sessionCookies).toHaveLength(1);
      const [cookie] = res.sessionCookies;
      expect(cookie).toMatchObject({
        name: SESSION_COOKIE,
        value: res.json.token,
        httpOnly: true,
        sameSite: 'lax',
        path: '/api',
        secure: true,
        maxAge: 8 * 3600,
      });
      expect(cookie!.domain).toBeUndefined();
      // An answer that sets the session is nobody's to keep.
      expect(res.cacheControl).toBe('no-store');
    }
  });
});

describe.each(['gateway', 'connect'] as const)('a session by cookie alone, %s', (way) => {
  // Straight to a service: identity's own port for its reads; connect's for POST /api/connect.
  const reader: Way = way === 'gateway' ? 'gateway' : 'identity';
  let clinic: Person;
  let target: Person;

  beforeAll(async () => {
    clinic = await signUp('Clinic');
    target = await listedProfessional();
  });

  it('reads as the account it belongs to', async () => {
    const me = await call(reader, 'GET', '/api/user/me', { cookie: clinic.cookie });
    expect(me.status).toBe(200);
    expect(me.json.user).toMatchObject({ id: clinic.id, email: clinic.email, role: 'Clinic' });
    expect(me.cacheControl).toBe('no-store');
    const box = await call(way, 'GET', '/api/connect/requests?box=outgoing', { cookie: clinic.cookie });
    expect(box.status).toBe(200);
  });

  it('refuses POST /api/connect from another origin, or from one it cannot show, and changes nothing', async () => {
    const body = connectBody(clinic, target);
    const refused: Array<[string, Record<string, string>]> = [
      ['another Origin', { cookie: clinic.cookie, origin: 'https://evil.example' }],
      ['Origin null (a sandboxed page)', { cookie: clinic.cookie, origin: 'null' }],
      ['another Referer, no Origin', { cookie: clinic.cookie, referer: 'https://evil.example/win' }],
      ['neither Origin nor Referer', { cookie: clinic.cookie }],
      ['a look-alike origin', { cookie: clinic.cookie, origin: `${SITE}.evil.example` }],
      ['the site over http', { cookie: clinic.cookie, origin: SITE.replace('https', 'http') }],
      ['a cross-site fetch', { cookie: clinic.cookie, 'sec-fetch-site': 'cross-site' }],
    ];
    for (const [what, headers] of refused) {
      const res = await call(way, 'POST', '/api/connect', headers, body);
      expect([what, res.status, res.json.code]).toEqual([what, 403, 'auth.cross_site_request']);
      expect(res.json).toMatchObject({
        success: false,
        message: expect.stringMatching(/another site|own pages/),
      });
    }
    expect(await incoming(target)).toBe(0);
  });

  it('refuses a forged cookie and an expired one (401), changing nothing', async () => {
    const body = connectBody(clinic, target);
    const forged = tokenOf(clinic, generateKeyPair().privateKey);
    const expired = tokenOf(clinic, run.keys.privateKey, 2 * 3600_000);
    for (const [what, token] of [
      ['forged', forged],
      ['expired', expired],
      ['garbage', 'not-a-token'],
    ] as const) {
      const res = await call(
        way,
        'POST',
        '/api/connect',
        { cookie: `${SESSION_COOKIE}=${token}`, origin: SITE },
        body,
      );
      expect([what, res.status]).toEqual([what, 401]);
      expect(res.json).toMatchObject({ success: false });
      // The browser is told to drop it.
      expect(res.sessionCookies).toEqual([expect.objectContaining({ value: '', maxAge: 0, path: '/api' })]);
    }
    expect(await incoming(target)).toBe(0);
  });

  it('sends POST /api/connect from the platform’s origin (or a same-origin fetch)', async () => {
    const res = await call(way, 'POST', '/api/connect', fromSite(clinic), connectBody(clinic, target));
    expect(res.status).toBe(202);
    expect(res.json).toMatchObject({ success: true, message: expect.any(String) });
    expect(await incoming(target)).toBe(1);
    const received = await call('connect', 'GET', '/api/connect/requests?box=incoming', bearer(target));
    expect(received.json.data[0].from).toMatchObject({ id: clinic.id });

    // A Referer from the site stands for a missing Origin; Sec-Fetch-Site: same-origin for both.
    const other = await listedProfessional();
    const alsoFromSite: Array<Record<string, string>> = [
      { cookie: clinic.cookie, referer: `${SITE}/connect` },
      { cookie: clinic.cookie, 'sec-fetch-site': 'same-origin' },
    ];
    // 202 (signed in: a refused one is 403); the second asks again, which sends nothing new.
    for (const headers of alsoFromSite) {
      const again = await call(way, 'POST', '/api/connect', headers, connectBody(clinic, other));
      expect(again.status).toBe(202);
    }
    expect(await incoming(other)).toBe(1);
  });

  it('leaves the bearer header as it was: the header wins, from anywhere, whatever the cookie', async () => {
    const someone = await listedProfessional();
    const res = await call(
      way,
      'POST',
      '/api/connect',
      { ...bearer(clinic), cookie: `${SESSION_COOKIE}=garbage`, origin: 'https://partner.example' },
      connectBody(clinic, someone),
    );
    expect(res.status).toBe(202);
    expect(await incoming(someone)).toBe(1);
  });
});

describe('a dead cookie is a visitor’s on public calls', () => {
  it('reads the public directory with a forged cookie (cleared), as a visitor would', async () => {
    const forged = `${SESSION_COOKIE}=${tokenOf(await signUp('user'), generateKeyPair().privateKey)}`;
    for (const way of ['gateway', 'identity'] as const) {
      const res = await call(way, 'GET', '/api/user/get', { cookie: forged });
      expect([way, res.status]).toEqual([way, 200]);
      expect(res.json.users.length).toBeGreaterThan(0);
      expect(res.sessionCookies).toEqual([expect.objectContaining({ value: '', maxAge: 0 })]);
    }
  });

  it('signs in again with a dead cookie still in the browser: the new cookie comes last', async () => {
    const p = await signUp('user');
    const dead = `${SESSION_COOKIE}=${tokenOf(p, run.keys.privateKey, 2 * 3600_000)}`;
    const res = await call(
      'gateway',
      'POST',
      '/api/user/login',
      { cookie: dead, origin: SITE },
      {
        email: p.email,
        password: PASSWORD,
      },
    );
    expect(res.status).toBe(200);
    expect(res.sessionCookies.at(-1)).toMatchObject({ value: res.json.token, maxAge: 8 * 3600 });
  });
});

describe('logout by cookie', () => {
  it.each(['gateway', 'identity'] as const)(
    'clears the cookie and ends the session everywhere (%s)',
    async (way) => {
      const p = await signUp('Clinic');
      const target = await listedProfessional();
      const out = await call(way, 'POST', '/api/user/logout', fromSite(p));
      expect(out.status).toBe(200);
      expect(out.sessionCookies).toEqual([
        expect.objectContaining({ name: SESSION_COOKIE, value: '', maxAge: 0, path: '/api', httpOnly: true }),
      ]);
      // The old cookie, sent again (a browser that kept it), is refused by identity, connect and the gateway
      // within moments (they follow the logout from NATS), reads and writes alike, and writes nothing.
      await eventually(async () => {
        const statuses = await Promise.all([
          call('gateway', 'GET', '/api/user/me', { cookie: p.cookie }),
          call('identity', 'GET', '/api/user/me', { cookie: p.cookie }),
          call('gateway', 'GET', '/api/connect/requests?box=outgoing', { cookie: p.cookie }),
          call('connect', 'GET', '/api/connect/requests?box=outgoing', { cookie: p.cookie }),
        ]);
        return statuses.every((r) => r.status === 401) ? true : undefined;
      }, 2000);
      for (const w of ['gateway', 'connect'] as const)
        expect((await call(w, 'POST', '/api/connect', fromSite(p), connectBody(p, target))).status).toBe(401);
      expect(await incoming(target)).toBe(0);
    },
  );

  it('is refused from another origin (403), and the session holds', async () => {
    const p = await signUp('user');
    const out = await call('gateway', 'POST', '/api/user/logout', {
      cookie: p.cookie,
      origin: 'https://evil.example',
    });
    expect(out.status).toBe(403);
    expect(out.sessionCookies).toEqual([]);
    expect((await call('gateway', 'GET', '/api/user/me', { cookie: p.cookie })).status).toBe(200);
  });
});
