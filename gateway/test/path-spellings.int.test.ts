import path from 'node:path';
import { generateKeyPair, rawRequest, signToken, type RawRequest, type RawResponse } from '@platform/testing';
import type { App } from '@platform/service-kit';
import { readConfig } from '../src/config';
import { buildApp } from '../src/app';
import { loadModules } from '@platform/modules';
import { serviceRoutes } from '../src/modules';
import { isMalformedPath } from '../src/path-spelling';
import { startRecordingUpstream, type RecordingUpstream } from './recording-upstream';

/**
 * Finding "gateway checks skipped by another spelling of the path": the checks tested the raw URL
 * (`/api/...`) while the router decoded `/%61pi/...` to the same route and proxied it. Every spelling
 * of every proxied prefix must get the plain form's checks or be refused, and never reach a service
 * with a logged-out or forged token, an oversized body or no Content-Length.
 */
const keys = generateKeyPair();
const aud = { audience: 'afya-platform', issuer: 'svc-identity' };
const BODY_LIMIT = 2048;
const revoked = new Set<string>();
let upstream: RecordingUpstream;
let gateway: App;
let gatewayUrl: string;

const hex = (c: string) => c.charCodeAt(0).toString(16);

type Outcome = 'routed' | 'malformed' | 'unrouted';

/** Ways to write `<prefix>/get`: what the router makes of each, and so what a client must see. */
function spellings(prefix: string): Array<[string, string, Outcome]> {
  const service = prefix.slice('/api/'.length);
  return [
    ['plain', `${prefix}/get`, 'routed'],
    ['the bare prefix', prefix, 'routed'],
    ['a trailing slash', `${prefix}/get/`, 'routed'],
    ['a ;param at the end', `${prefix}/get;x=1`, 'routed'],
    ['an encoded letter in /api', `/%61pi/${service}/get`, 'malformed'],
    ['an encoded capital-hex letter', `/a%70i/${service}/get`, 'malformed'],
    ['an encoded letter in the service', `/api/%${hex(service[0]!)}${service.slice(1)}/get`, 'malformed'],
    ['an encoded slash', `/api%2F${service}/get`, 'malformed'],
    ['an encoded backslash', `/api%5c${service}/get`, 'malformed'],
    ['a backslash', `/api\\${service}/get`, 'malformed'],
    ['a leading //', `/${prefix}/get`, 'malformed'],
    ['an inner //', `${prefix}//get`, 'malformed'],
    ['a leading /./', `/.${prefix}/get`, 'malformed'],
    ['an inner /./', `${prefix}/./get`, 'malformed'],
    ['a leading /../', `/x/..${prefix}/get`, 'malformed'],
    ['an inner /../', `${prefix}/x/../get`, 'malformed'],
    ['encoded dots', `/x/%2e%2E${prefix}/get`, 'malformed'],
    ['the absolute form', `http://localhost${prefix}/get`, 'malformed'],
    ['capitals', `/API/${service}/get`, 'unrouted'],
    ['a capitalised service', `/api/${service.toUpperCase()}/get`, 'unrouted'],
    ['a ;param in the prefix', `${prefix};x=1/get`, 'unrouted'],
    ['a double-encoded letter', `/%2561pi/${service}/get`, 'malformed'],
  ];
}

// Every prefix of every module descriptor: a new module's routes are walked too.
const modules = loadModules(path.resolve(__dirname, '..', '..'));
const prefixes = serviceRoutes(modules).flatMap((r) => r.prefixes);
const cases = prefixes.flatMap((prefix) =>
  spellings(prefix).map(([name, path, outcome]) => ({ prefix, name, path, outcome })),
);

const send = (req: RawRequest) => rawRequest(gatewayUrl, req);
const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

beforeAll(async () => {
  upstream = await startRecordingUpstream();
  const config = readConfig({
    JWT_PUBLIC_KEY: keys.publicKey,
    LOG_LEVEL: 'silent',
    // Every module's service at the recording one, from the descriptors (a new module needs no change here).
    ...Object.fromEntries(serviceRoutes(modules).map((r) => [r.urlVariable, upstream.url])),
    SHELL_DIST: '/nonexistent-shell',
    BODY_LIMIT_BYTES: String(BODY_LIMIT),
  });
  gateway = await buildApp(config, {
    revocations: { isRevoked: (claims) => revoked.has(claims.jti), isCurrent: () => true },
  });
  gatewayUrl = await gateway.listen({ port: 0, host: '127.0.0.1' });
});

afterAll(async () => {
  await gateway?.close();
  await upstream?.close();
});

beforeEach(() => {
  upstream.received.length = 0;
});

describe('the reported attack', () => {
  it('after logout, no spelling of /api/application reads or applies with the old token', async () => {
    const jti = crypto.randomUUID();
    const oldToken = signToken(keys.privateKey, { jti }, aud);
    revoked.add(jti);
    const application = JSON.stringify({ jobId: crypto.randomUUID(), fullName: 'Mallory' });
    const attempts: Array<[string, string, number, string]> = [
      ['GET', '/api/application/get', 401, 'auth.session_invalid'],
      ['GET', '/%61pi/application/get', 400, 'request.malformed_path'],
      ['POST', '/%61pi/application/apply', 400, 'request.malformed_path'],
      ['POST', '/api/application/apply/', 401, 'auth.session_invalid'],
      ['POST', 'http://localhost/api/application/apply', 400, 'request.malformed_path'],
    ];
    for (const [method, path, status, code] of attempts) {
      const res = await send({
        method,
        path,
        headers: { ...bearer(oldToken), 'content-type': 'application/json' },
        body: method === 'POST' ? application : undefined,
      });
      expect([method, path, res.status, res.json().code]).toEqual([method, path, status, code]);
    }
    expect(upstream.received).toEqual([]);
  });
});

describe('the table covers every proxied prefix', () => {
  it('lists each prefix of the routes table', () => {
    expect(prefixes.length).toBeGreaterThanOrEqual(9);
    expect(new Set(cases.map((c) => c.prefix))).toEqual(new Set(prefixes));
  });

  it('reaches the service with the plain spelling and a valid token (the control)', async () => {
    for (const prefix of prefixes) {
      const res = await send({ path: `${prefix}/get`, headers: bearer(signToken(keys.privateKey, {}, aud)) });
      expect(res.status).toBe(200);
    }
    expect(upstream.received.map((r) => r.url)).toEqual(prefixes.map((p) => `${p}/get`));
  });
});

describe.each(cases)('$prefix spelt with $name: $path', ({ path, outcome }) => {
  /** What the client must see instead of the plain form's `status` and `code`; nothing reaches a service. */
  const expectRefused = (res: RawResponse, status: number, code: string) => {
    if (outcome === 'malformed') {
      expect([res.status, res.json().code]).toEqual([400, 'request.malformed_path']);
      // Refused before anything reads the URL, and still with the security headers every reply has.
      expect(res.headers['content-security-policy']).toContain("default-src 'self'");
      expect(res.headers['x-content-type-options']).toBe('nosniff');
    } else if (outcome === 'unrouted') {
      expect(res.status === 404 || res.status === 413).toBe(true);
      expect(res.json().success).toBe(false);
    } else {
      expect([res.status, res.json().code]).toEqual([status, code]);
    }
    expect(upstream.received).toEqual([]);
  };

  it('gets the checks of the plain form or is refused, and never reaches a service unchecked', async () => {
    const jti = crypto.randomUUID();
    const loggedOut = signToken(keys.privateKey, { jti }, aud);
    revoked.add(jti);
    expectRefused(await send({ path, headers: bearer(loggedOut) }), 401, 'auth.session_invalid');

    const forged = signToken(generateKeyPair().privateKey, {}, aud);
    expectRefused(await send({ path, headers: bearer(forged) }), 401, 'auth.session_invalid');

    const json = { 'content-type': 'application/json' };
    const big = JSON.stringify({ cover: 'x'.repeat(BODY_LIMIT * 2) });
    expectRefused(await send({ method: 'POST', path, headers: json, body: big }), 413, 'request.too_large');
    expectRefused(
      await send({ method: 'POST', path, headers: json, body: '{}', chunked: true }),
      411,
      'request.length_required',
    );
  });

  it('with a valid token, reaches only its own service, spelt plainly', async () => {
    const res = await send({ path, headers: bearer(signToken(keys.privateKey, {}, aud)) });
    if (outcome !== 'routed') {
      expect(res.status).toBeGreaterThanOrEqual(400);
      expect(upstream.received).toEqual([]);
      return;
    }
    expect(res.status).toBe(200);
    expect(upstream.received.map((r) => r.url)).toEqual([path]);
    expect(isMalformedPath(path)).toBe(false);
  });
});

describe('the API rate limit', () => {
  it('counts every accepted spelling in the same per-client bucket', async () => {
    const limited = await buildApp(
      readConfig({
        JWT_PUBLIC_KEY: keys.publicKey,
        LOG_LEVEL: 'silent',
        HIRE_URL: upstream.url,
        SHELL_DIST: '/nonexistent-shell',
        RATE_LIMIT_PER_MINUTE: '4',
      }),
      { revocations: { isRevoked: () => false, isCurrent: () => true } },
    );
    const url = await limited.listen({ port: 0, host: '127.0.0.1' });
    const paths = ['/api/job/get', '/api/job/get/', '/api/job/get;x=1', '/api/job', '/api/job/get/'];
    const statuses = [];
    for (const path of paths) statuses.push((await rawRequest(url, { path })).status);
    expect(statuses).toEqual([200, 200, 200, 200, 429]);
    const plain = await rawRequest(url, { path: '/api/job/get' });
    expect(plain.status).toBe(429);
    expect(upstream.received).toHaveLength(4);
    await limited.close();
  });
});
