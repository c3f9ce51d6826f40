import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import Fastify, { type FastifyInstance, type FastifyReply, type FastifyRequest } from 'fastify';
import { generateKeyPair, signToken } from '@platform/testing';
import type { App } from '@platform/service-kit';
import { readConfig } from '../src/config';
import { buildApp } from '../src/app';

/**
 * The edge cache with a stand-in Hire service that counts what reaches it: answers marked public
 * are served by the gateway for their max-age, nothing else ever is.
 */
const keys = generateKeyPair();
const aud = { audience: 'afya-platform', issuer: 'svc-identity' };
let hire: FastifyInstance;
let gateway: App;
let reached = 0;

beforeAll(async () => {
  hire = Fastify();
  hire.addHook('onRequest', async () => {
    reached++;
  });
  // Each answer says which call of the service made it, and for whom.
  const answer = (cacheControl: string) => async (req: FastifyRequest, reply: FastifyReply) => {
    reply.header('cache-control', cacheControl);
    return { call: reached, for: req.headers['x-user'] ?? null };
  };
  hire.get('/api/job/public', answer('public, max-age=60'));
  hire.get('/api/job/shared', answer('public, max-age=0, s-maxage=1'));
  hire.get('/api/job/private', answer('private, max-age=60'));
  hire.get('/api/job/unmarked', async () => ({ call: reached }));
  // A board a browser asks compressed: over the 1 KB below which nothing is packed.
  hire.get('/api/job/board', async (_req, reply) => {
    reply.header('cache-control', 'public, max-age=60');
    return { call: reached, jobs: Array.from({ length: 100 }, (_, i) => ({ i, title: `Nurse ${i}` })) };
  });
  hire.get('/api/job/varies', async (req, reply) => {
    reply.header('cache-control', 'public, max-age=60').header('vary', 'Accept-Language');
    return { call: reached, lang: req.headers['accept-language'] ?? null };
  });
  hire.get('/api/job/broken', async (_req, reply) =>
    reply.status(500).header('cache-control', 'public, max-age=60').send({ call: reached }),
  );
  hire.get('/api/job/cookie', async (_req, reply) =>
    reply.header('cache-control', 'public, max-age=60').header('set-cookie', 'sid=1').send({ call: reached }),
  );
  // Any path under it, as the service routes it (its own router decodes `%3F` into the path).
  hire.get('/api/job/any/*', async (req, reply) => {
    reply.header('cache-control', 'public, max-age=60');
    return { call: reached, url: req.url };
  });
  hire.post('/api/job/create', async () => ({ created: true }));
  const hireUrl = await hire.listen({ port: 0, host: '127.0.0.1' });
  gateway = await buildApp(
    readConfig({ JWT_PUBLIC_KEY: keys.publicKey, LOG_LEVEL: 'silent', HIRE_URL: hireUrl }),
    { revocations: { isRevoked: () => false, isCurrent: () => true } },
  );
});

afterAll(async () => {
  await gateway?.close();
  await hire?.close();
});

const get = (url: string, headers: Record<string, string> = {}) => gateway.inject({ url, headers });

describe('the edge cache', () => {
  it('answers a public answer again without the service, with its Age and its own request id', async () => {
    const first = await get('/api/job/public');
    const before = reached;
    const second = await get('/api/job/public');
    expect(reached).toBe(before);
    expect(second.json()).toEqual(first.json());
    expect(second.headers['age']).toBe('0');
    expect(second.headers['cache-control']).toBe('public, max-age=60');
    expect(second.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
    expect(second.headers['x-request-id']).not.toBe(first.headers['x-request-id']);
    expect((await gateway.inject({ method: 'HEAD', url: '/api/job/public' })).body).toBe('');
    expect(reached).toBe(before);
  });

  it('packs each encoding a browser asks once, and sends it as the compression plugin would', async () => {
    const plain = await get('/api/job/board');
    const before = reached;
    const br = await get('/api/job/board', { 'accept-encoding': 'gzip, deflate, br, zstd' });
    const brAgain = await get('/api/job/board', { 'accept-encoding': 'br' });
    const gz = await get('/api/job/board', { 'accept-encoding': 'gzip' });
    const asked = await get('/api/job/board', { 'accept-encoding': 'gzip', 'x-no-compression': '1' });
    expect(reached).toBe(before);
    expect([br.headers['content-encoding'], br.headers['vary']]).toEqual(['br', 'accept-encoding']);
    expect(Number(br.headers['content-length'])).toBe(br.rawPayload.length);
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(plain.body);
    expect(brAgain.rawPayload.equals(br.rawPayload)).toBe(true);
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.rawPayload).toString()).toBe(plain.body);
    expect(asked.headers['content-encoding']).toBeUndefined();
    expect(asked.body).toBe(plain.body);
    expect(br.headers['age']).toBe('0');
  });

  it('keys on the query: another filter is another answer', async () => {
    const a = await get('/api/job/public?title=nurse');
    const b = await get('/api/job/public?title=midwife');
    expect(b.json().call).toBeGreaterThan(a.json().call);
  });

  it('keys on the path as the service routes it: an encoded `?` is another path, not a query', async () => {
    const query = await get('/api/job/any/get?limit=2');
    const encoded = await get('/api/job/any/get%3Flimit=2');
    expect(encoded.statusCode).toBe(200);
    expect(encoded.json()).toMatchObject({ url: '/api/job/any/get%3Flimit=2' });
    expect(encoded.json().call).toBeGreaterThan(query.json().call);
    const before = reached;
    expect((await get('/api/job/any/get?limit=2')).json()).toEqual(query.json());
    expect((await get('/api/job/any/get%3Flimit=2')).json()).toEqual(encoded.json());
    expect(reached).toBe(before);
  });

  it('never keeps the answer to a request with credentials, whatever the service says', async () => {
    const token = signToken(keys.privateKey, { role: 'Clinic' }, aud);
    for (const [url, credentials] of [
      ['/api/job/any/signed-in', { authorization: `Bearer ${token}`, 'x-user': 'amina' }],
      ['/api/job/any/session', { cookie: 'afya.lang=sw; sid=amina', 'x-user': 'amina' }],
    ] as const) {
      const theirs = await get(url, credentials);
      expect(theirs.statusCode).toBe(200);
      const stranger = await get(url);
      expect(stranger.json().call).toBeGreaterThan(theirs.json().call);
    }
    // The pages' own language and consent cookies say nobody's identity: that answer is kept.
    const withPageCookies = await get('/api/job/any/page-cookies', {
      cookie: 'afya.lang=sw; afya.consent=1',
    });
    expect((await get('/api/job/any/page-cookies')).json()).toEqual(withPageCookies.json());
  });

  it('never serves a private or unmarked answer to another user', async () => {
    for (const url of ['/api/job/private', '/api/job/unmarked']) {
      const amina = await get(url, { 'x-user': 'amina' });
      const baraka = await get(url, { 'x-user': 'baraka' });
      expect(baraka.json().call).toBeGreaterThan(amina.json().call);
      if (url.endsWith('private')) expect(baraka.json().for).toBe('baraka');
    }
  });

  it('asks the service again once the max-age has passed', async () => {
    const first = await get('/api/job/shared');
    expect((await get('/api/job/shared')).json().call).toBe(first.json().call);
    await new Promise((r) => setTimeout(r, 1100));
    expect((await get('/api/job/shared')).json().call).toBeGreaterThan(first.json().call);
  });

  it('keeps one answer per value of the headers named by Vary', async () => {
    const en = await get('/api/job/varies', { 'accept-language': 'en' });
    const sw = await get('/api/job/varies', { 'accept-language': 'sw' });
    expect(sw.json()).toMatchObject({ lang: 'sw' });
    expect(sw.json().call).toBeGreaterThan(en.json().call);
    const before = reached;
    expect((await get('/api/job/varies', { 'accept-language': 'en' })).json()).toEqual(en.json());
    expect((await get('/api/job/varies', { 'accept-language': 'sw' })).json()).toEqual(sw.json());
    expect(reached).toBe(before);
  });

  it('never keeps an error or an answer that sets a cookie', async () => {
    for (const url of ['/api/job/broken', '/api/job/cookie']) {
      const first = await get(url);
      expect((await get(url)).json().call).toBeGreaterThan(first.json().call);
    }
  });

  it('serves a public answer to a signed-in request only as no-store, after checking its token', async () => {
    await get('/api/job/public');
    const before = reached;
    const token = signToken(keys.privateKey, { role: 'Clinic' }, aud);
    const signedIn = await get('/api/job/public', { authorization: `Bearer ${token}` });
    expect(signedIn.statusCode).toBe(200);
    expect(signedIn.headers['cache-control']).toBe('no-store');
    expect((await get('/api/job/public', { authorization: 'Bearer forged' })).statusCode).toBe(401);
    expect(reached).toBe(before);
  });

  it("drops a service's cached answers after a change through the gateway", async () => {
    const first = await get('/api/job/public');
    expect((await gateway.inject({ method: 'POST', url: '/api/job/create', payload: {} })).statusCode).toBe(
      200,
    );
    expect((await get('/api/job/public')).json().call).toBeGreaterThan(first.json().call);
  });
});
