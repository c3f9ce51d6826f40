import Fastify, { type FastifyInstance } from 'fastify';
import { generateKeyPair, rawRequest } from '@platform/testing';
import type { App } from '@platform/service-kit';
import { readConfig } from '../src/config';
import { buildApp } from '../src/app';

/** The proxy's own rules, with a stand-in Hire service: what reaches it, and what comes back whole. */
const BIG = Buffer.alloc(1024 * 1024, 'a');
let hire: FastifyInstance;
let gateway: App;
let gatewayUrl: string;
let seen: Record<string, unknown> = {};

beforeAll(async () => {
  hire = Fastify();
  hire.get('/api/job/echo', async (req) => {
    seen = req.headers;
    return { ok: true };
  });
  // Over BUFFERED_BODY_BYTES: streamed through, never held whole.
  hire.get('/api/job/big', async (_req, reply) => reply.type('application/octet-stream').send(BIG));
  const hireUrl = await hire.listen({ port: 0, host: '127.0.0.1' });
  gateway = await buildApp(
    readConfig({ JWT_PUBLIC_KEY: generateKeyPair().publicKey, LOG_LEVEL: 'silent', HIRE_URL: hireUrl }),
    { revocations: { isRevoked: () => false, isCurrent: () => true } },
  );
  gatewayUrl = await gateway.listen({ port: 0, host: '127.0.0.1' });
});

afterAll(async () => {
  await gateway?.close();
  await hire?.close();
});

describe('the proxy', () => {
  it("passes the request's own headers, not those about the client's connection", async () => {
    const res = await rawRequest(gatewayUrl, {
      path: '/api/job/echo?x=1',
      headers: {
        connection: 'keep-alive, x-hop',
        'x-hop': 'secret',
        'keep-alive': 'timeout=5',
        'accept-language': 'sw',
      },
    });
    expect(res.status).toBe(200);
    expect(seen['accept-language']).toBe('sw');
    expect(seen['x-hop']).toBeUndefined();
    expect(seen['keep-alive']).toBeUndefined();
    expect(seen['host']).toBe(new URL(hire.listeningOrigin).host);
  });

  it('streams a large answer through whole, and answers HEAD without a body', async () => {
    const res = await rawRequest(gatewayUrl, { path: '/api/job/big' });
    expect(res.status).toBe(200);
    expect(res.body.length).toBe(BIG.length);
    expect(res.body).toBe(BIG.toString());
    const head = await rawRequest(gatewayUrl, { method: 'HEAD', path: '/api/job/echo' });
    expect(head.status).toBe(200);
    expect(head.body).toBe('');
  });
});
