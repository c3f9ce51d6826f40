import { mkdtempSync, mkdirSync, writeFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import Fastify, { type FastifyInstance } from 'fastify';
import { Value } from '@sinclair/typebox/value';
import { RemotesManifest } from '@platform/contracts';
import { eventually, freePort, generateKeyPair, signToken } from '@platform/testing';
import { onSpanEnd, type App } from '@platform/service-kit';
import { readConfig } from '../src/config';
import { buildApp } from '../src/app';

const keys = generateKeyPair();
const aud = { audience: 'afya-platform', issuer: 'svc-identity' };
let upstream: FastifyInstance;
let upstreamUrl: string;
let gateway: App;
let dir: string;
const revoked = new Set<string>();

beforeAll(async () => {
  upstream = Fastify();
  upstream.all('/*', async (req) => ({
    path: req.url,
    requestId: req.headers['x-request-id'],
    traceparent: req.headers.traceparent,
    tracestate: req.headers.tracestate,
    method: req.method,
  }));
  upstream.get('/api/user/cached', async (_req, reply) => {
    reply.header('cache-control', 'public, max-age=600');
    return { directory: [] };
  });
  upstream.get('/api/user/big', async () => ({
    items: Array.from({ length: 500 }, (_, i) => ({ i, text: 'healthcare' })),
  }));
  upstreamUrl = await upstream.listen({ port: 0, host: '127.0.0.1' });

  dir = mkdtempSync(path.join(tmpdir(), 'gateway-test-'));
  mkdirSync(path.join(dir, 'shell', 'dist'), { recursive: true });
  writeFileSync(
    path.join(dir, 'shell', 'dist', 'index.html'),
    '<!doctype html><title>AfyaHR</title><div id="root"></div>',
  );
  writeFileSync(path.join(dir, 'shell', 'dist', 'main.0123abcd.js'), 'console.log(1)');
  mkdirSync(path.join(dir, 'mf-core', 'dist'), { recursive: true });
  writeFileSync(path.join(dir, 'mf-core', 'dist', 'remoteEntry.js'), 'var mf_core;');
  mkdirSync(path.join(dir, 'mf-hire', 'dist'), { recursive: true });
  writeFileSync(path.join(dir, 'mf-hire', 'dist', 'remoteEntry.js'), 'var mf_hire;');

  const closedPort = await freePort();
  const config = readConfig({
    JWT_PUBLIC_KEY: keys.publicKey,
    LOG_LEVEL: 'silent',
    IDENTITY_URL: upstreamUrl,
    CONNECT_URL: upstreamUrl,
    HIRE_URL: `http://127.0.0.1:${closedPort}`,
    SHELL_DIST: path.join(dir, 'shell', 'dist'),
    REMOTES_ROOT: dir,
    BODY_LIMIT_BYTES: '2048',
  });
  gateway = await buildApp(config, {
    revocations: { isRevoked: (claims) => revoked.has(claims.jti), isCurrent: () => true },
  });
});

afterAll(async () => {
  await gateway?.close();
  await upstream?.close();
  rmSync(dir, { recursive: true, force: true });
});

/** One more gateway before the same test service and files, with `settings` added to its config. */
const gatewayWith = (settings: Record<string, string>) =>
  buildApp(
    readConfig({
      JWT_PUBLIC_KEY: keys.publicKey,
      LOG_LEVEL: 'silent',
      IDENTITY_URL: upstreamUrl,
      SHELL_DIST: path.join(dir, 'shell', 'dist'),
      REMOTES_ROOT: dir,
      ...settings,
    }),
    { revocations: { isRevoked: () => false, isCurrent: () => true } },
  );

describe('API routing', () => {
  it.each([
    ['/api/user/login', 'POST'],
    ['/api/dicussion/get', 'GET'],
    ['/api/discussion/get', 'GET'],
    ['/api/connect', 'POST'],
  ])(
    "proxies %s to its service with the gateway's own request id, never the client's",
    async (url, method) => {
      const res = await gateway.inject({
        method: method as 'GET',
        url,
        headers: { 'x-request-id': 'trace-42' },
        payload: method === 'POST' ? {} : undefined,
      });
      expect(res.statusCode).toBe(200);
      const id = res.headers['x-request-id'];
      expect(id).toMatch(/^[0-9a-f-]{36}$/);
      expect(res.json()).toMatchObject({ path: url, requestId: id, method });
    },
  );

  it("starts a trace of its own and passes its span on, believing no client's traceparent", async () => {
    const spans: { traceId: string; spanId: string; name: string }[] = [];
    const stop = onSpanEnd((s) => spans.push({ ...s.spanContext(), name: s.name }));
    try {
      const claimed = '00-4bf92f3577b34da6a3ce929d0e0e4736-00f067aa0ba902b7-01';
      const res = await gateway.inject({
        url: '/api/user/me',
        headers: { traceparent: claimed, tracestate: 'vendor=forged' },
      });
      const sent = res.json() as { traceparent: string; tracestate?: string };
      expect(sent.tracestate).toBeUndefined();
      const [, traceId, parent] = /^00-([0-9a-f]{32})-([0-9a-f]{16})-01$/.exec(sent.traceparent)!;
      expect(traceId).not.toBe('4bf92f3577b34da6a3ce929d0e0e4736');
      // The service's parent is the gateway's own span of this request.
      const own = await eventually(async () => spans.find((s) => s.spanId === parent));
      expect(own).toMatchObject({ traceId, name: 'GET /api/user/*' });
    } finally {
      stop();
    }
  });

  it('gives a request id to requests that come without one', async () => {
    const res = await gateway.inject('/api/user/me');
    expect(res.json().requestId).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('answers 503 with a clear message for a service that is not deployed', async () => {
    const res = await gateway.inject('/api/event/get');
    expect(res.statusCode).toBe(503);
    expect(res.json()).toEqual({
      success: false,
      message: 'The Events service is temporarily unavailable. Please try again shortly.',
      error: 'The Events service is temporarily unavailable. Please try again shortly.',
      code: 'server.unavailable',
    });
  });

  it('answers 503 quickly when a configured service is down', async () => {
    const started = Date.now();
    const res = await gateway.inject('/api/job/get');
    expect(res.statusCode).toBe(503);
    expect(res.json().message).toBe('The Hire service is temporarily unavailable. Please try again shortly.');
    expect(Date.now() - started).toBeLessThan(3000);
  });

  it('answers unknown API paths with a JSON 404', async () => {
    const res = await gateway.inject('/api/nothing/here');
    expect(res.statusCode).toBe(404);
    expect(res.json().success).toBe(false);
  });

  it('refuses a body over the limit with 413 before it reaches a service', async () => {
    const res = await gateway.inject({
      method: 'POST',
      url: '/api/user/register',
      payload: { description: 'x'.repeat(5000) },
    });
    expect(res.statusCode).toBe(413);
    expect(res.json()).toEqual({
      success: false,
      message: 'The request body is too large.',
      error: 'The request body is too large.',
      code: 'request.too_large',
    });
  });

  it('compresses large responses for slow networks', async () => {
    const res = await gateway.inject({ url: '/api/user/big', headers: { 'accept-encoding': 'gzip' } });
    expect(res.headers['content-encoding']).toBe('gzip');
  });
});

describe('tokens at the edge', () => {
  const call = (token: string) =>
    gateway.inject({ url: '/api/user/me', headers: { authorization: `Bearer ${token}` } });

  it('passes a valid token through', async () => {
    const res = await call(signToken(keys.privateKey, { role: 'user' }, aud));
    expect(res.statusCode).toBe(200);
  });

  it.each([
    ['expired', () => signToken(keys.privateKey, {}, { ...aud, expiresIn: -1000 })],
    ['for another audience', () => signToken(keys.privateKey, {}, { ...aud, audience: 'someone-else' })],
    ['from another issuer', () => signToken(keys.privateKey, {}, { ...aud, issuer: 'mallory' })],
    ['signed with another key', () => signToken(generateKeyPair().privateKey, {}, aud)],
    ['not a token at all', () => 'garbage'],
  ])('refuses a token %s with 401', async (_l, make) => {
    const res = await call(make());
    expect(res.statusCode).toBe(401);
    expect(res.json().success).toBe(false);
  });

  it('marks every answer to a request with a token no-store, whatever the service said', async () => {
    const token = signToken(keys.privateKey, { role: 'user' }, aud);
    const mine = await gateway.inject({
      url: '/api/user/cached',
      headers: { authorization: `Bearer ${token}` },
    });
    expect(mine.statusCode).toBe(200);
    expect(mine.headers['cache-control']).toBe('no-store');
    const refused = await gateway.inject({
      url: '/api/user/cached',
      headers: { authorization: 'Bearer garbage' },
    });
    expect(refused.statusCode).toBe(401);
    expect(refused.headers['cache-control']).toBe('no-store');
    // Without credentials the service's own caching stands.
    expect((await gateway.inject('/api/user/cached')).headers['cache-control']).toBe('public, max-age=600');
  });

  it('refuses a logged-out token', async () => {
    const token = signToken(keys.privateKey, { jti: 'c9f6a3c2-1111-4b55-9e2f-7e0a5b1d2c3e' }, aud);
    expect((await call(token)).statusCode).toBe(200);
    revoked.add('c9f6a3c2-1111-4b55-9e2f-7e0a5b1d2c3e');
    expect((await call(token)).statusCode).toBe(401);
  });

  // Verified tokens are remembered: a remembered one must still expire, and must not vouch for others.
  it('refuses a token it accepted before once the token has expired', async () => {
    const token = signToken(keys.privateKey, {}, { ...aud, expiresIn: 1000 });
    expect((await call(token)).statusCode).toBe(200);
    await new Promise((r) => setTimeout(r, 2100));
    expect((await call(token)).statusCode).toBe(401);
  });

  it("refuses other claims under an accepted token's jti and signature", async () => {
    const token = signToken(keys.privateKey, { role: 'user' }, aud);
    expect((await call(token)).statusCode).toBe(200);
    const [header, payload, signature] = token.split('.');
    const claims = JSON.parse(Buffer.from(payload!, 'base64url').toString());
    const forged = Buffer.from(JSON.stringify({ ...claims, role: 'admin' })).toString('base64url');
    expect((await call(`${header}.${forged}.${signature}`)).statusCode).toBe(401);
  });
});

describe('shell, remotes and headers', () => {
  it('serves the shell for page routes and sets security headers', async () => {
    for (const url of ['/', '/login', '/userdashboard']) {
      const res = await gateway.inject(url);
      expect(res.statusCode).toBe(200);
      expect(res.body).toContain('<div id="root">');
      expect(res.headers['cache-control']).toBe('no-cache');
    }
    const res = await gateway.inject('/login');
    expect(res.headers['content-security-policy']).toContain("script-src 'self'");
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['x-frame-options']).toBeDefined();
  });

  it('caches hashed assets for long and serves remote files, 404 for a missing one', async () => {
    const asset = await gateway.inject('/main.0123abcd.js');
    expect(asset.statusCode).toBe(200);
    expect(asset.headers['cache-control']).toContain('immutable');
    const entry = await gateway.inject('/mf/mf-core/remoteEntry.js');
    expect(entry.statusCode).toBe(200);
    expect(entry.headers['cache-control']).toBe('no-cache');
    const missing = await gateway.inject('/mf/mf-core/nope.js');
    expect(missing.statusCode).toBe(404);
    expect(missing.body).not.toContain('<div id="root">');
  });

  it('lists built remotes in a manifest that matches the contract', async () => {
    const res = await gateway.inject('/mf/remotes.json');
    const body = res.json();
    expect(Value.Check(RemotesManifest, body)).toBe(true);
    expect(body.remotes).toEqual([
      {
        name: 'mf_core',
        entry: '/mf/mf-core/remoteEntry.js',
        routes: [
          '/',
          '/core',
          '/hr',
          '/contracts',
          '/login',
          '/signup',
          '/reset-password',
          '/verify-email',
          '/pricing',
          '/profile',
          '/team',
          '/contact',
          '/requestdemo',
          '/blog',
          '/aboutus',
          '/faqs',
          '/privacy',
          '/terms',
          '/cookies',
        ],
        widgets: [{ slot: 'user-dashboard', module: './UserCore', order: 5 }],
      },
      {
        name: 'mf_hire',
        entry: '/mf/mf-hire/remoteEntry.js',
        routes: ['/hire'],
        // The shell's /clinicdashboard and /userdashboard are composed of widgets like these.
        widgets: [
          { slot: 'clinic-dashboard', module: './ClinicJobs', order: 10 },
          { slot: 'user-dashboard', module: './UserJobs', order: 10 },
        ],
      },
    ]);
  });

  it('rate-limits API calls per client, never static files', async () => {
    const limited = await gatewayWith({ RATE_LIMIT_PER_MINUTE: '3' });
    for (let i = 0; i < 5; i++) expect((await limited.inject('/main.0123abcd.js')).statusCode).toBe(200);
    const api = [];
    for (let i = 0; i < 4; i++) api.push((await limited.inject('/api/user/me')).statusCode);
    expect(api).toEqual([200, 200, 200, 429]);
    await limited.close();
  });

  it('answers /healthz', async () => {
    expect((await gateway.inject('/healthz')).json()).toEqual({ status: 'ok' });
  });
});

describe('cross-origin requests', () => {
  const preflight = (origin: string) => ({
    method: 'OPTIONS' as const,
    url: '/api/user/login',
    headers: { origin, 'access-control-request-method': 'POST' },
  });

  it('grants no other origin anything by default (CORS_ORIGINS empty: same origin only)', async () => {
    const get = await gateway.inject({
      url: '/api/user/get',
      headers: { origin: 'https://elsewhere.example' },
    });
    expect(get.statusCode).toBe(200);
    expect(get.headers['access-control-allow-origin']).toBeUndefined();
    const ask = await gateway.inject(preflight('https://elsewhere.example'));
    expect(ask.headers['access-control-allow-origin']).toBeUndefined();
    expect(ask.headers['access-control-allow-methods']).toBeUndefined();
  });

  it('grants the configured origins, and only those', async () => {
    const open = await gatewayWith({ CORS_ORIGINS: 'https://partner.example' });
    try {
      const get = await open.inject({ url: '/api/user/get', headers: { origin: 'https://partner.example' } });
      expect(get.statusCode).toBe(200);
      expect(get.headers['access-control-allow-origin']).toBe('https://partner.example');
      expect(String(get.headers.vary)).toMatch(/origin/i);
      const ask = await open.inject(preflight('https://partner.example'));
      expect(ask.statusCode).toBe(204);
      expect(ask.headers['access-control-allow-origin']).toBe('https://partner.example');
      expect(ask.headers['access-control-allow-methods']).toMatch(/POST/);
      const other = await open.inject({
        url: '/api/user/get',
        headers: { origin: 'https://elsewhere.example' },
      });
      expect(other.headers['access-control-allow-origin']).toBeUndefined();
    } finally {
      await open.close();
    }
  });
});

describe('a standalone deployment (MODULES=events)', () => {
  let standalone: App;
  beforeAll(async () => {
    mkdirSync(path.join(dir, 'mf-events', 'dist'), { recursive: true });
    writeFileSync(path.join(dir, 'mf-events', 'dist', 'remoteEntry.js'), 'var mf_events;');
    standalone = await buildApp(
      readConfig({
        JWT_PUBLIC_KEY: keys.publicKey,
        LOG_LEVEL: 'silent',
        MODULES: 'events',
        IDENTITY_URL: upstreamUrl,
        EVENTS_URL: upstreamUrl,
        // Set, as an image's environment may be: still not routed, since Hire is not deployed here.
        HIRE_URL: upstreamUrl,
        SHELL_DIST: path.join(dir, 'shell', 'dist'),
        REMOTES_ROOT: dir,
      }),
      { revocations: { isRevoked: () => false, isCurrent: () => true } },
    );
  });
  afterAll(async () => {
    await standalone?.close();
    rmSync(path.join(dir, 'mf-events'), { recursive: true, force: true });
  });

  it('lists and links Core and Events only, though Hire is built beside them', async () => {
    const manifest = (await standalone.inject('/mf/remotes.json')).json() as RemotesManifest;
    expect(manifest.remotes.map((r) => r.name)).toEqual(['mf_core', 'mf_events']);
    expect((manifest.navigation ?? []).map((n) => n.path)).not.toContain('/hire');
    expect((manifest.navigation ?? []).map((n) => n.path)).toContain('/event');
  });

  it('routes Core and Events, and nothing of Hire', async () => {
    expect((await standalone.inject('/api/event/get')).json()).toMatchObject({ path: '/api/event/get' });
    expect((await standalone.inject('/api/user/me')).statusCode).toBe(200);
    const hire = await standalone.inject('/api/job/get');
    expect(hire.statusCode).toBe(404);
    expect(hire.json()).not.toHaveProperty('path');
  });

  it('refuses to start with a module it does not know', () => {
    expect(() => readConfig({ JWT_PUBLIC_KEY: keys.publicKey, MODULES: 'event' })).toThrow(/unknown modules/);
  });
});
