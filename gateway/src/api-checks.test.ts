import { buildService } from '@platform/service-kit';
import { generateKeyPair, signToken } from '@platform/testing';
import { API_ROUTE_CONFIG } from './api-route';
import { apiRequestChecks } from './api-checks';

const keys = generateKeyPair();
const aud = { audience: 'aud-test', issuer: 'iss-test' };

/** The checks alone, without the gateway's path filter: they follow the route, whatever the URL says. */
async function edge() {
  const app = await buildService({
    name: 'edge-test',
    logLevel: 'silent',
    jwt: {
      publicKey: keys.publicKey,
      ...aud,
      revocations: { isRevoked: () => false, isCurrent: () => true },
    },
  });
  app.addHook('preParsing', apiRequestChecks(app, 1024));
  app.all('/api/job/*', { config: API_ROUTE_CONFIG }, async () => ({ reached: true }));
  app.get('/page', async () => ({ page: true }));
  return app;
}

describe('apiRequestChecks', () => {
  it.each(['/api/job/get', '/%61pi/job/get', '/api/%6aob/get', '/api/job/get/'])(
    'refuses a forged token on %s, a spelling the router sends to the API route',
    async (url) => {
      const app = await edge();
      const forged = signToken(generateKeyPair().privateKey, {}, aud);
      const res = await app.inject({ url, headers: { authorization: `Bearer ${forged}` } });
      expect(res.statusCode).toBe(401);
      expect(res.json().code).toBe('auth.session_invalid');
      const valid = signToken(keys.privateKey, {}, aud);
      const ok = await app.inject({ url, headers: { authorization: `Bearer ${valid}` } });
      expect(ok.json()).toEqual({ reached: true });
      await app.close();
    },
  );

  it('refuses an oversized body on an API route, whatever its spelling', async () => {
    const app = await edge();
    const payload = { x: 'x'.repeat(2000) };
    for (const url of ['/api/job/add', '/%61pi/job/add']) {
      const res = await app.inject({ method: 'POST', url, payload });
      expect([res.statusCode, res.json().code]).toEqual([413, 'request.too_large']);
    }
    await app.close();
  });

  it('refuses a compressed body on an API route (415) and passes one sent as it is', async () => {
    const app = await edge();
    for (const url of ['/api/job/add', '/%61pi/job/add']) {
      for (const encoding of ['gzip', 'br', 'deflate, gzip']) {
        const res = await app.inject({
          method: 'POST',
          url,
          headers: { 'content-type': 'application/json', 'content-encoding': encoding },
          payload: '{}',
        });
        expect([res.statusCode, res.json().code]).toEqual([415, 'request.unsupported_type']);
      }
      const plain = await app.inject({
        method: 'POST',
        url,
        headers: { 'content-type': 'application/json', 'content-encoding': 'identity' },
        payload: '{}',
      });
      expect(plain.json()).toEqual({ reached: true });
    }
    await app.close();
  });

  it('leaves routes that are not the API alone', async () => {
    const app = await edge();
    const res = await app.inject({ url: '/page', headers: { authorization: 'Bearer garbage' } });
    expect(res.json()).toEqual({ page: true });
    await app.close();
  });
});
