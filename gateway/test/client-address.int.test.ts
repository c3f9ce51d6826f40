import { rawRequest, type RawResponse } from '@platform/testing';
import type { App } from '@platform/service-kit';
import { aUser, startIdentity, type TestContext } from '@platform/svc-identity/testing';
import { readConfig } from '../src/config';
import { buildApp } from '../src/app';
import { startRecordingUpstream, type RecordingUpstream } from './recording-upstream';

/**
 * Findings "any client chooses its own address" and "one client's failed logins lock out everyone":
 * services believed anyone's X-Forwarded-For (a fresh rate-limit bucket per invented address), while
 * behind the gateway svc-identity saw one address for all clients. Here the real svc-identity trusts
 * only the gateway's address, and clients are distinct loopback addresses (127.0.0.x), each its own
 * machine. Limits are set low (tighter than production) so a few requests exhaust them.
 */
const LOGIN_PER_MINUTE = 3;
const REGISTER_PER_MINUTE = 2;

let identity: TestContext;
let identityUrl: string;
let gateway: App;
let gatewayUrl: string;

beforeAll(async () => {
  identity = await startIdentity({
    LOGIN_IP_PER_MINUTE: String(LOGIN_PER_MINUTE),
    REGISTER_IP_PER_MINUTE: String(REGISTER_PER_MINUTE),
    // The gateway below connects from 127.0.0.1: its X-Forwarded-For, and nobody else's, is believed.
    TRUSTED_PROXIES: '127.0.0.1',
  });
  identityUrl = await identity.app.listen({ port: 0, host: '127.0.0.1' });
  gateway = await buildApp(
    readConfig({
      JWT_PUBLIC_KEY: identity.config.jwtPublicKey,
      LOG_LEVEL: 'silent',
      IDENTITY_URL: identityUrl,
      SHELL_DIST: '/nonexistent-shell',
    }),
    { revocations: { isRevoked: () => false, isCurrent: () => true } },
  );
  gatewayUrl = await gateway.listen({ port: 0, host: '127.0.0.1' });
});

afterAll(async () => {
  await gateway?.close();
  await identity?.close();
});

/** Headers a client writes to pass for someone else: `claim` is the address it pretends to be. */
const spoofing = (claim: string) => ({
  'x-forwarded-for': claim,
  'x-real-ip': claim,
  forwarded: `for=${claim}`,
});

const postJson = (base: string, from: string, path: string, body: unknown, headers = {}) =>
  rawRequest(base, {
    method: 'POST',
    path,
    localAddress: from,
    headers: { 'content-type': 'application/json', ...headers },
    body: JSON.stringify(body),
  });

const wrongLogin = (base: string, from: string, headers = {}) =>
  postJson(
    base,
    from,
    '/api/user/login',
    { email: `nobody.${crypto.randomUUID()}@clinic.example`, password: 'not the password' },
    headers,
  );

const expectRateLimited = (res: RawResponse) => {
  expect(res.status).toBe(429);
  expect(res.json()).toMatchObject({ success: false, code: 'request.rate_limited' });
};

describe('svc-identity behind the gateway sees each client', () => {
  it("one address's failed logins never lock out another, and spoofed headers give no fresh tries", async () => {
    const attacker = '127.0.0.2';
    const colleague = '127.0.0.3';
    for (let i = 0; i < LOGIN_PER_MINUTE; i++) {
      expect((await wrongLogin(gatewayUrl, attacker)).status).toBe(401);
    }
    expectRateLimited(await wrongLogin(gatewayUrl, attacker));
    // Pretending to be someone new, or to be the colleague, only spends the attacker's own bucket.
    for (const claim of ['198.51.100.7', '203.0.113.9', colleague, '127.0.0.1']) {
      expectRateLimited(await wrongLogin(gatewayUrl, attacker, spoofing(claim)));
    }

    const user = aUser();
    expect((await postJson(gatewayUrl, colleague, '/api/user/register', user)).status).toBe(201);
    const login = await postJson(gatewayUrl, colleague, '/api/user/login', {
      email: user.email,
      password: user.password,
    });
    expect(login.status).toBe(200);
    expect(login.json().token).toEqual(expect.any(String));
  });

  it("one address's registrations never use up another's, and refused ones create nothing", async () => {
    const flooder = '127.0.0.4';
    const newcomer = '127.0.0.5';
    for (let i = 0; i < REGISTER_PER_MINUTE; i++) {
      expect((await postJson(gatewayUrl, flooder, '/api/user/register', aUser())).status).toBe(201);
    }
    const refused = [aUser(), aUser(), aUser()];
    expectRateLimited(await postJson(gatewayUrl, flooder, '/api/user/register', refused[0]));
    expectRateLimited(
      await postJson(gatewayUrl, flooder, '/api/user/register', refused[1], spoofing('198.51.100.8')),
    );
    expectRateLimited(
      await postJson(gatewayUrl, flooder, '/api/user/register', refused[2], spoofing(newcomer)),
    );

    expect((await postJson(gatewayUrl, newcomer, '/api/user/register', aUser())).status).toBe(201);
    // No account exists for a refused registration.
    const tryRefused = await postJson(gatewayUrl, newcomer, '/api/user/login', {
      email: refused[2]!.email,
      password: refused[2]!.password,
    });
    expect(tryRefused.status).toBe(401);
    expect(tryRefused.json().code).toBe('auth.invalid_credentials');
  });
});

describe("svc-identity reached on its own port believes no client's X-Forwarded-For", () => {
  it('a spoofed address neither gives fresh tries nor spends the claimed address', async () => {
    const attacker = '127.0.0.6';
    const victim = '127.0.0.7';
    const claims = ['198.51.100.9', victim, '127.0.0.1'];
    for (const claim of claims) {
      expect((await wrongLogin(identityUrl, attacker, spoofing(claim))).status).toBe(401);
    }
    expect(claims.length).toBe(LOGIN_PER_MINUTE);
    expectRateLimited(await wrongLogin(identityUrl, attacker, spoofing('203.0.113.10')));
    expect((await wrongLogin(identityUrl, victim)).status).toBe(401);
  });
});

describe("the gateway's own API rate limit", () => {
  let upstream: RecordingUpstream;
  let limited: App;
  let limitedUrl: string;

  beforeAll(async () => {
    upstream = await startRecordingUpstream();
    limited = await buildApp(
      readConfig({
        JWT_PUBLIC_KEY: identity.config.jwtPublicKey,
        LOG_LEVEL: 'silent',
        HIRE_URL: upstream.url,
        SHELL_DIST: '/nonexistent-shell',
        RATE_LIMIT_PER_MINUTE: '3',
      }),
      { revocations: { isRevoked: () => false, isCurrent: () => true } },
    );
    limitedUrl = await limited.listen({ port: 0, host: '127.0.0.1' });
  });

  afterAll(async () => {
    await limited?.close();
    await upstream?.close();
  });

  it('is per client address; spoofed headers give no fresh bucket and never reach the service', async () => {
    const busy = '127.0.0.8';
    const other = '127.0.0.9';
    const get = (from: string, headers = {}) =>
      rawRequest(limitedUrl, { path: '/api/job/get', localAddress: from, headers });

    expect((await get(busy)).status).toBe(200);
    expect((await get(busy, spoofing('198.51.100.10'))).status).toBe(200);
    expect((await get(busy, spoofing(other))).status).toBe(200);
    expectRateLimited(await get(busy));
    expectRateLimited(await get(busy, spoofing('203.0.113.11')));
    expect((await get(other)).status).toBe(200);

    // The service is told the address the gateway saw, and only that: the client's claims are dropped.
    expect(upstream.received).toHaveLength(4);
    expect(upstream.received.map((r) => r.headers['x-forwarded-for'])).toEqual([busy, busy, busy, other]);
    for (const { headers } of upstream.received) {
      expect(headers['x-real-ip']).toBeUndefined();
      expect(headers.forwarded).toBeUndefined();
    }
  });
});
