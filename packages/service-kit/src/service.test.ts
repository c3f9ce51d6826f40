import { Type } from '@sinclair/typebox';
import { generateKeyPair, signToken } from '@platform/testing/src/tokens';
import { buildService } from './service';
import { conflict } from './errors';

const keys = generateKeyPair();
const revoked = new Set<string>();
const jwt = {
  publicKey: keys.publicKey,
  audience: 'aud-test',
  issuer: 'iss-test',
  revocations: { isRevoked: (c: { jti: string }) => revoked.has(c.jti), isCurrent: () => true },
};

async function app() {
  const a = await buildService({ name: 'svc-test', logLevel: 'silent', jwt });
  a.post(
    '/things',
    {
      schema: {
        body: Type.Object(
          {
            email: Type.String({ format: 'email' }),
            count: Type.Integer({ minimum: 1 }),
            kind: Type.Unsafe<string>({ type: 'string', enum: ['a', 'b'] }),
          },
          { additionalProperties: false },
        ),
      },
    },
    async () => ({ success: true }),
  );
  a.get('/conflict', async () => {
    throw conflict('Already there.');
  });
  a.get('/boom', async () => {
    throw new Error('secret detail');
  });
  a.get('/clinic-only', { preHandler: a.requireRole('Clinic') }, async (req) => ({ role: req.user.role }));
  return a;
}

describe('buildService', () => {
  it('answers bad input with 400 naming the field', async () => {
    const a = await app();
    const missing = await a.inject({ method: 'POST', url: '/things', payload: { count: 1, kind: 'a' } });
    expect(missing.statusCode).toBe(400);
    expect(missing.json()).toEqual({
      success: false,
      message: 'email: is required',
      error: 'email: is required',
      code: 'request.invalid',
    });
    const badEmail = await a.inject({
      method: 'POST',
      url: '/things',
      payload: { email: 'nope', count: 1, kind: 'a' },
    });
    expect(badEmail.json().message).toMatch(/^email: must match format "email"/);
    const badEnum = await a.inject({
      method: 'POST',
      url: '/things',
      payload: { email: 'a@b.org', count: 1, kind: 'z' },
    });
    expect(badEnum.json().message).toBe('kind: must be one of a, b');
    const extra = await a.inject({
      method: 'POST',
      url: '/things',
      payload: { email: 'a@b.org', count: 1, kind: 'a', admin: true },
    });
    expect(extra.json().message).toBe('admin: is not an accepted field');
    const badJson = await a.inject({
      method: 'POST',
      url: '/things',
      headers: { 'content-type': 'application/json' },
      payload: '{"email":',
    });
    expect(badJson.statusCode).toBe(400);
    expect(badJson.json().message).toBe('The request body is not valid JSON.');
    await a.close();
  });

  it('rejects an oversized body with 413', async () => {
    const a = await app();
    const res = await a.inject({ method: 'POST', url: '/things', payload: { email: 'x'.repeat(200_000) } });
    expect(res.statusCode).toBe(413);
    expect(res.json()).toEqual({
      success: false,
      message: 'The request body is too large.',
      error: 'The request body is too large.',
      code: 'request.too_large',
    });
    await a.close();
  });

  it('keeps HttpError statuses and hides internal errors', async () => {
    const a = await app();
    expect((await a.inject('/conflict')).json()).toEqual({
      success: false,
      message: 'Already there.',
      error: 'Already there.',
      code: 'request.conflict',
    });
    const boom = await a.inject('/boom');
    expect(boom.statusCode).toBe(500);
    expect(boom.body).not.toContain('secret detail');
    expect((await a.inject('/nowhere')).statusCode).toBe(404);
    await a.close();
  });

  it('echoes a sane x-request-id and invents one otherwise', async () => {
    const a = await app();
    expect(
      (await a.inject({ url: '/healthz', headers: { 'x-request-id': 'req-123' } })).headers['x-request-id'],
    ).toBe('req-123');
    const odd = await a.inject({ url: '/healthz', headers: { 'x-request-id': 'bad id <script>' } });
    expect(odd.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
    await a.close();
  });

  it('guards routes by token and role', async () => {
    const a = await app();
    const opts = { audience: 'aud-test', issuer: 'iss-test' };
    expect((await a.inject('/clinic-only')).statusCode).toBe(401);
    const user = signToken(keys.privateKey, { role: 'user' }, opts);
    expect(
      (await a.inject({ url: '/clinic-only', headers: { authorization: `Bearer ${user}` } })).statusCode,
    ).toBe(403);
    const clinic = signToken(keys.privateKey, { role: 'Clinic' }, opts);
    const ok = await a.inject({ url: '/clinic-only', headers: { authorization: `Bearer ${clinic}` } });
    expect(ok.json()).toEqual({ role: 'Clinic' });
    const wrongAud = signToken(keys.privateKey, { role: 'Clinic' }, { ...opts, audience: 'other' });
    expect(
      (await a.inject({ url: '/clinic-only', headers: { authorization: `Bearer ${wrongAud}` } })).statusCode,
    ).toBe(401);
    const expired = signToken(keys.privateKey, { role: 'Clinic' }, { ...opts, expiresIn: -1000 });
    expect(
      (await a.inject({ url: '/clinic-only', headers: { authorization: `Bearer ${expired}` } })).statusCode,
    ).toBe(401);
    const otherKey = signToken(generateKeyPair().privateKey, { role: 'Clinic' }, opts);
    expect(
      (await a.inject({ url: '/clinic-only', headers: { authorization: `Bearer ${otherKey}` } })).statusCode,
    ).toBe(401);
    await a.close();
  });

  describe('the client address', () => {
    const withIpRoute = async (trustedProxies?: string[]) => {
      const a = await buildService({ name: 'svc-test', logLevel: 'silent', trustedProxies });
      a.get('/ip', async (req) => ({ ip: req.ip }));
      return a;
    };
    const spoofed = { 'x-forwarded-for': '203.0.113.7' };

    it('is the socket address by default, whatever X-Forwarded-For a client writes', async () => {
      const a = await withIpRoute();
      const res = await a.inject({ url: '/ip', remoteAddress: '198.51.100.2', headers: spoofed });
      expect(res.json()).toEqual({ ip: '198.51.100.2' });
      await a.close();
    });

    it('is taken from X-Forwarded-For only when a trusted proxy sent it', async () => {
      const a = await withIpRoute(['10.0.0.0/8']);
      const viaProxy = await a.inject({ url: '/ip', remoteAddress: '10.1.2.3', headers: spoofed });
      expect(viaProxy.json()).toEqual({ ip: '203.0.113.7' });
      const direct = await a.inject({ url: '/ip', remoteAddress: '198.51.100.2', headers: spoofed });
      expect(direct.json()).toEqual({ ip: '198.51.100.2' });
      await a.close();
    });
  });

  it('marks every answer to a request with credentials no-store, errors included', async () => {
    const a = await app();
    a.get('/public', async (_req, reply) => {
      reply.header('cache-control', 'public, max-age=600');
      return { ok: true };
    });
    const clinic = signToken(
      keys.privateKey,
      { role: 'Clinic' },
      { audience: 'aud-test', issuer: 'iss-test' },
    );
    const mine = await a.inject({ url: '/clinic-only', headers: { authorization: `Bearer ${clinic}` } });
    expect(mine.statusCode).toBe(200);
    expect(mine.headers['cache-control']).toBe('no-store');
    const refused = await a.inject({ url: '/clinic-only', headers: { authorization: 'Bearer garbage' } });
    expect(refused.statusCode).toBe(401);
    expect(refused.headers['cache-control']).toBe('no-store');
    const withToken = await a.inject({ url: '/public', headers: { authorization: `Bearer ${clinic}` } });
    expect(withToken.headers['cache-control']).toBe('no-store');
    // Without credentials the route's own caching stands.
    expect((await a.inject('/public')).headers['cache-control']).toBe('public, max-age=600');
    await a.close();
  });

  it('reports readiness from its checks', async () => {
    const a = await buildService({
      name: 'svc-test',
      logLevel: 'silent',
      readiness: {
        db: async () => {
          throw new Error('down');
        },
      },
    });
    const res = await a.inject('/readyz');
    expect(res.statusCode).toBe(503);
    expect(res.json()).toEqual({ status: 'not ready', checks: { db: 'down' } });
    // The names Kubernetes probes use answer the same.
    const probe = await a.inject('/health/ready');
    expect(probe.statusCode).toBe(503);
    expect(probe.json()).toEqual({ status: 'not ready', checks: { db: 'down' } });
    expect((await a.inject('/health/live')).json()).toEqual({ status: 'ok' });
    await a.close();
  });
});
