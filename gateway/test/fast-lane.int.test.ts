import type { IncomingHttpHeaders } from 'node:http';
import { Readable } from 'node:stream';
import zlib from 'node:zlib';
import Fastify, { type FastifyInstance } from 'fastify';
import { generateKeyPair, rawRequest, signToken, type RawResponse } from '@platform/testing';
import type { App } from '@platform/service-kit';
import { readConfig } from '../src/config';
import { buildApp } from '../src/app';
import { FastLane } from '../src/fast-lane';

/**
 * The fast lane answers plain public API reads without Fastify's lifecycle (fast-lane.ts). A client must
 * not be able to tell: every request here goes to two gateways before the same stand-in service, one with
 * the lane and one without, and their answers must be the same, header for header and byte for byte once
 * decoded; and the lane must really have served those it takes.
 */
const keys = generateKeyPair();
const revocations = { isRevoked: () => false, isCurrent: () => true };
let service: FastifyInstance;
let serviceUrl: string;
/** What the service was sent, by the request id each gateway gave it. */
const seenBy = new Map<string, IncomingHttpHeaders>();
const gateways: App[] = [];

const json = (size: number) => ({
  rows: Array.from({ length: size }, (_, i) => ({ i, name: `Nurse ${i}` })),
});

beforeAll(async () => {
  service = Fastify();
  service.addHook('onRequest', (req, _reply, done) => {
    seenBy.set(String(req.headers['x-request-id']), req.headers);
    done();
  });
  service.get('/api/job/small', async () => ({ ok: true }));
  service.get('/api/job/big', async () => json(200));
  // Under and over the size packed at once (answer-compression.ts), below the one streamed.
  service.get('/api/job/mid', async () => json(700));
  service.get('/api/job/large', async () => json(3000));
  service.get('/api/job/board', async (_req, reply) => {
    reply.header('cache-control', 'public, max-age=30');
    return json(100);
  });
  service.get('/api/job/varies', async (_req, reply) => {
    reply.header('vary', 'origin');
    return json(100);
  });
  service.get('/api/job/none', async (_req, reply) => reply.status(204).send());
  service.get('/api/job/csv', async (_req, reply) =>
    reply.type('text/csv; charset=utf-8').send('a,b\n'.repeat(600)),
  );
  service.get('/api/job/png', async (_req, reply) => reply.type('image/png').send(Buffer.alloc(3000, 7)));
  service.get('/api/job/packed', async (_req, reply) =>
    reply
      .header('content-encoding', 'gzip')
      .type('application/json')
      .send(zlib.gzipSync(JSON.stringify(json(100)))),
  );
  service.get('/api/job/own-headers', async (_req, reply) => {
    reply.header('x-frame-options', 'SAMEORIGIN').header('cache-control', 'private, max-age=5');
    return { ok: true };
  });
  service.get('/api/job/fails', async (_req, reply) =>
    reply.status(500).send({ success: false, message: 'boom' }),
  );
  // Over the proxy's 256 KB: streamed through.
  service.get('/api/job/huge', async (_req, reply) => {
    const rows = JSON.stringify(json(12000));
    return reply.type('application/json').send(Readable.from([rows.slice(0, 1000), rows.slice(1000)]));
  });
  service.get('/api/job/echo/*', async (req) => ({ url: req.url }));
  // Answers without a Content-Type, small and streamed.
  service.get('/api/job/untyped', async (_req, reply) => {
    reply.hijack();
    reply.raw.writeHead(200, { 'content-length': '2000' });
    reply.raw.end(Buffer.alloc(2000, 'u'));
  });
  service.get('/api/job/untyped-huge', async (_req, reply) => {
    reply.hijack();
    reply.raw.writeHead(200);
    reply.raw.end(Buffer.alloc(300 * 1024, 'u'));
  });
  serviceUrl = await service.listen({ port: 0, host: '127.0.0.1' });
});

afterAll(async () => {
  for (const g of gateways) await g.close();
  await service?.close();
});

async function gateway(
  fastLane: boolean,
  env: Record<string, string> = {},
  followed: typeof revocations = revocations,
): Promise<string> {
  const app = await buildApp(
    readConfig({ JWT_PUBLIC_KEY: keys.publicKey, LOG_LEVEL: 'silent', HIRE_URL: serviceUrl, ...env }),
    { revocations: followed, fastLane },
  );
  gateways.push(app);
  return app.listen({ port: 0, host: '127.0.0.1' });
}

/**
 * Headers that differ between any two answers: the time, a connection's own, a fresh request id, and the
 * seconds left in the rate limit's window (each gateway's began when its first request came).
 */
const OWN = new Set([
  'date',
  'connection',
  'keep-alive',
  'x-request-id',
  'transfer-encoding',
  'content-length',
  'x-ratelimit-reset',
]);

function decoded(res: RawResponse): string {
  const encoding = res.headers['content-encoding'];
  if (encoding === 'br') return zlib.brotliDecompressSync(res.bytes).toString();
  if (encoding === 'gzip') return zlib.gunzipSync(res.bytes).toString();
  if (encoding === 'deflate') return zlib.inflateSync(res.bytes).toString();
  return res.bytes.toString();
}

/** What a client can see of an answer, but what the two gateways cannot help differing by. */
function seen(res: RawResponse, method = 'GET') {
  const headers = Object.fromEntries(Object.entries(res.headers).filter(([name]) => !OWN.has(name)));
  // A length that is sent must be the body's; chunked or not is the transport's business.
  const reset = res.headers['x-ratelimit-reset'];
  if (reset !== undefined) expect(Number(reset)).toBeGreaterThanOrEqual(0);
  if (reset !== undefined) expect(Number(reset)).toBeLessThanOrEqual(60);
  if (res.headers['content-length'] !== undefined && method !== 'HEAD')
    expect(Number(res.headers['content-length'])).toBe(res.bytes.length);
  return { status: res.status, headers, body: decoded(res) };
}

const PATHS = [
  '/api/job/small',
  '/api/job/big',
  '/api/job/big?page=2&q=nurse+midwife',
  '/api/job/mid',
  '/api/job/large',
  '/api/job/board',
  '/api/job/varies',
  '/api/job/none',
  '/api/job/csv',
  '/api/job/png',
  '/api/job/packed',
  '/api/job/own-headers',
  '/api/job/fails',
  '/api/job/huge',
  '/api/job/untyped',
  '/api/job/untyped-huge',
  '/api/job/missing',
  '/api/job/echo/a/b/',
  `/api/job/echo/${'a'.repeat(99)}`,
  `/api/job/echo/${'b'.repeat(150)}`,
  `/api/job/${'c/'.repeat(400)}`,
  '/api/application/mine',
];
const ENCODINGS = [
  undefined,
  'gzip, deflate, br, zstd',
  'gzip',
  'deflate',
  '*',
  'br;q=0, gzip',
  'identity',
  'gzip;q=0',
  'x-gzip',
];

describe('the fast lane and Fastify answer alike', () => {
  let withLane: string;
  let without: string;
  beforeAll(async () => {
    withLane = await gateway(true);
    without = await gateway(false);
  });
  afterEach(() => jest.restoreAllMocks());

  it.each(PATHS)('GET %s, with every Accept-Encoding a client sends', async (path) => {
    const served = jest.spyOn(FastLane.prototype as never, 'send' as never);
    for (const encoding of ENCODINGS) {
      const headers = encoding ? { 'accept-encoding': encoding } : {};
      const fast = await rawRequest(withLane, { path, headers });
      const slow = await rawRequest(without, { path, headers });
      expect(seen(fast)).toEqual(seen(slow));
      expect(fast.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
    }
    expect(served).toHaveBeenCalledTimes(ENCODINGS.length);
  });

  it('sends the service the same headers: the address the gateway saw, its request id, no client claims', async () => {
    const headers = {
      'x-request-id': 'client-chosen-id',
      'x-forwarded-for': '203.0.113.7',
      forwarded: 'for=203.0.113.7',
      connection: 'x-secret, keep-alive',
      'x-secret': 'hop',
      'accept-language': 'sw',
    };
    const fast = await rawRequest(withLane, { path: '/api/job/small', headers });
    const fastSeen = seenBy.get('client-chosen-id');
    const slow = await rawRequest(without, { path: '/api/job/small', headers });
    const slowSeen = seenBy.get('client-chosen-id');
    expect(fast.headers['x-request-id']).toBe('client-chosen-id');
    expect(seen(fast)).toEqual(seen(slow));
    const comparable = (h: IncomingHttpHeaders | undefined) => ({
      ...h,
      host: undefined,
      connection: undefined,
    });
    expect(comparable(fastSeen)).toEqual(comparable(slowSeen));
    expect(fastSeen).toMatchObject({ 'x-forwarded-for': '127.0.0.1', 'accept-language': 'sw' });
    expect(fastSeen).not.toHaveProperty('forwarded');
    expect(fastSeen).not.toHaveProperty('x-secret');
  });

  it('leaves to Fastify what it does not take, which then answers as without the lane', async () => {
    const served = jest.spyOn(FastLane.prototype as never, 'send' as never);
    const token = signToken(keys.privateKey, {}, { audience: 'afya-platform', issuer: 'svc-identity' });
    const cases = [
      { path: '/api/job/small', method: 'HEAD' },
      { path: '/api/job/small', headers: { authorization: `Bearer ${token}` } },
      { path: '/api/job/small', headers: { authorization: 'Bearer forged' } },
      { path: '/%61pi/job/small' },
      { path: '/api/job/sm%61ll' },
      { path: '/api//job/small' },
      { path: '/api/job/../job/small' },
      { path: '/api/job/small?q=%00' },
      { path: '/api/job/small?q=caf%C3%A9' },
      { path: '/API/job/small' },
      { path: '/api/job/small', headers: { 'x-no-compression': '1' } },
      { path: '/api/job/small', method: 'POST', body: '{}', headers: { 'content-type': 'application/json' } },
      { path: '/api/events' },
      { path: '/hire' },
    ];
    for (const c of cases) {
      const fast = await rawRequest(withLane, c);
      const slow = await rawRequest(without, c);
      expect([c.path, seen(fast, c.method)]).toEqual([c.path, seen(slow, c.method)]);
    }
    expect(served).not.toHaveBeenCalled();
  });
});

describe('signed-in reads', () => {
  afterEach(() => jest.restoreAllMocks());
  const signed = (claims: object = {}) =>
    signToken(keys.privateKey, claims, { audience: 'afya-platform', issuer: 'svc-identity' });

  it("are checked in full by Fastify the first time, then are the lane's, answered alike and never kept", async () => {
    const withLane = await gateway(true);
    const without = await gateway(false);
    const served = jest.spyOn(FastLane.prototype as never, 'send' as never);
    const authorization = `Bearer ${signed()}`;
    const paths = [
      '/api/job/small',
      '/api/job/big',
      '/api/job/board',
      '/api/job/own-headers',
      '/api/job/packed',
    ];
    let asked = 0;
    for (const path of paths)
      for (const encoding of [undefined, 'gzip, deflate, br, zstd']) {
        const headers = { authorization, ...(encoding ? { 'accept-encoding': encoding } : {}) };
        const fast = await rawRequest(withLane, { path, headers });
        const slow = await rawRequest(without, { path, headers });
        asked++;
        expect(seen(fast)).toEqual(seen(slow));
        expect(fast.headers['cache-control']).toMatch(/\bno-store\b/);
        // The service is sent the token, to check for itself (the board is answered by the edge cache).
        if (path !== '/api/job/board')
          expect(seenBy.get(fast.headers['x-request-id'] as string)?.authorization).toBe(authorization);
      }
    expect(served).toHaveBeenCalledTimes(asked - 1);
  });

  it('a token logged out, or revocations not yet replayed, goes back to Fastify, which refuses it', async () => {
    const state = { revoked: false, current: true };
    const followed = { isRevoked: () => state.revoked, isCurrent: () => state.current };
    const url = await gateway(true, {}, followed);
    const served = jest.spyOn(FastLane.prototype as never, 'send' as never);
    const headers = { authorization: `Bearer ${signed()}` };
    const ask = async () => {
      const res = await rawRequest(url, { path: '/api/job/small', headers });
      return [res.status, res.status === 200 ? 'ok' : res.json().code];
    };
    expect(await ask()).toEqual([200, 'ok']);
    expect(await ask()).toEqual([200, 'ok']);
    expect(served).toHaveBeenCalledTimes(1);
    state.current = false;
    expect(await ask()).toEqual([503, 'auth.starting']);
    state.current = true;
    state.revoked = true;
    expect(await ask()).toEqual([401, 'auth.session_invalid']);
    expect(served).toHaveBeenCalledTimes(1);
    // Another header, even for the same session, is checked in full: a forged signature is refused.
    const [head, body] = signed().split('.');
    const forged = await rawRequest(url, {
      path: '/api/job/small',
      headers: { authorization: `Bearer ${head}.${body}.${'A'.repeat(86)}` },
    });
    expect(forged.status).toBe(401);
  });
});

describe('what the lane shares with Fastify', () => {
  it('one rate-limit count per client, whichever path serves it, and Fastify refuses the client over it', async () => {
    const gatewayUrl = await gateway(true, { RATE_LIMIT_PER_MINUTE: '4' });
    const token = signToken(keys.privateKey, {}, { audience: 'afya-platform', issuer: 'svc-identity' });
    const answers = [];
    for (const headers of [
      {},
      { authorization: `Bearer ${token}` },
      {},
      {},
      {},
      { authorization: `Bearer ${token}` },
    ])
      answers.push(await rawRequest(gatewayUrl, { path: '/api/job/small', headers }));
    expect(answers.map((a) => [a.status, a.headers['x-ratelimit-remaining']])).toEqual([
      [200, '3'],
      [200, '2'],
      [200, '1'],
      [200, '0'],
      [429, '0'],
      [429, '0'],
    ]);
    expect(answers[4]!.json().code).toBe('request.rate_limited');
    // Another client (another loopback address) has its own allowance.
    const other = await rawRequest(gatewayUrl, { path: '/api/job/small', localAddress: '127.0.0.2' });
    expect([other.status, other.headers['x-ratelimit-remaining']]).toEqual([200, '3']);
  });

  it('the edge cache: an answer kept by one path is served by the other, with its age', async () => {
    const gatewayUrl = await gateway(true);
    const first = await rawRequest(gatewayUrl, { path: '/api/job/board?fresh=1' });
    const before = [...seenBy.keys()].length;
    const again = await rawRequest(gatewayUrl, { path: '/api/job/board?fresh=1', method: 'HEAD' });
    const third = await rawRequest(gatewayUrl, { path: '/api/job/board?fresh=1' });
    expect([...seenBy.keys()].length).toBe(before);
    expect(again.status).toBe(200);
    expect(third.body).toBe(first.body);
    expect(third.headers.age).toBe('0');
  });

  it('the address of a client behind a trusted proxy, and only behind one', async () => {
    const trusting = await gateway(true, { TRUSTED_PROXIES: '127.0.0.1' });
    await rawRequest(trusting, {
      path: '/api/job/small',
      headers: { 'x-forwarded-for': '203.0.113.9', 'x-request-id': 'behind-proxy' },
    });
    expect(seenBy.get('behind-proxy')?.['x-forwarded-for']).toBe('203.0.113.9');
    await rawRequest(trusting, {
      path: '/api/job/small',
      localAddress: '127.0.0.3',
      headers: { 'x-forwarded-for': '203.0.113.9', 'x-request-id': 'not-a-proxy' },
    });
    expect(seenBy.get('not-a-proxy')?.['x-forwarded-for']).toBe('127.0.0.3');
  });

  it('a service that is down: the same 503 as Fastify gives', async () => {
    const down = { HIRE_URL: 'http://127.0.0.1:9' };
    const fast = await rawRequest(await gateway(true, down), { path: '/api/job/small' });
    const slow = await rawRequest(await gateway(false, down), { path: '/api/job/small' });
    expect(fast.status).toBe(503);
    expect(seen(fast)).toEqual(seen(slow));
  });
});
