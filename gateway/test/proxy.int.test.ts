import http from 'node:http';
import { Readable } from 'node:stream';
import { gzipSync } from 'node:zlib';
import Fastify, { type FastifyInstance } from 'fastify';
import pino from 'pino';
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
let endlessStopped = false;
/** Every path the stand-in service was asked for. */
const asked: string[] = [];

beforeAll(async () => {
  hire = Fastify();
  hire.addHook('onRequest', (req, _reply, done) => {
    asked.push(req.url);
    done();
  });
  hire.post('/api/job/echo', async () => ({ ok: true }));
  hire.get('/api/job/echo', async (req) => {
    seen = req.headers;
    return { ok: true };
  });
  // Over BUFFERED_BODY_BYTES: streamed through, never held whole.
  hire.get('/api/job/big', async (_req, reply) => reply.type('application/octet-stream').send(BIG));
  // A long answer that takes its time (a large export on a slow link): compressible, so compressed on the way.
  hire.get('/api/job/slow', async (_req, reply) => {
    let sent = 0;
    const chunks = new Readable({
      read() {
        setTimeout(() => this.push(sent++ < 100 ? `[${'"row",'.repeat(8000)}"row"]\n` : null), 10);
      },
    });
    return reply.type('application/json').send(chunks);
  });
  // An answer without end (a live feed, or a download the client gives up on): sent only while wanted.
  hire.get('/api/job/endless', async (_req, reply) => {
    const feed = new Readable({
      read() {
        setTimeout(() => this.push(Buffer.alloc(64 * 1024, 'x')), 5);
      },
    });
    feed.once('close', () => (endlessStopped = true));
    return reply.type('application/octet-stream').send(feed);
  });
  const hireUrl = await hire.listen({ port: 0, host: '127.0.0.1' });
  gateway = await buildApp(
    readConfig({ JWT_PUBLIC_KEY: generateKeyPair().publicKey, LOG_LEVEL: 'silent', HIRE_URL: hireUrl }),
    { revocations: { isRevoked: () => false, isCurrent: () => true } },
  );
  gatewayUrl = await gateway.listen({ port: 0, host: '127.0.0.1' });
  logged = await gatewayLoggingTo(lines, hireUrl);
});

/** Another gateway before the same service, whose log lines (warnings and worse) are kept in `into`. */
async function gatewayLoggingTo(into: { level: number; msg: string }[], hireUrl: string) {
  const logger = pino({ level: 'warn' }, { write: (line: string) => void into.push(JSON.parse(line)) });
  const app = await buildApp(readConfig({ JWT_PUBLIC_KEY: generateKeyPair().publicKey, HIRE_URL: hireUrl }), {
    revocations: { isRevoked: () => false, isCurrent: () => true },
    logger,
  });
  await app.listen({ port: 0, host: '127.0.0.1' });
  return app;
}
const lines: { level: number; msg: string }[] = [];
let logged: App;

afterAll(async () => {
  await logged?.close();
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

describe('a compressed request body', () => {
  it('is refused with a 415 and never carries a second request to the service inside it', async () => {
    // Its Content-Length is the compressed size. Inflated, this one is longer than that, and exactly that
    // many bytes in a request of its own begins: none of it may reach the service as a request the
    // gateway never checked. The gateway inflates nothing: it refuses the body as sent.
    const smuggled = 'GET /api/job/smuggled HTTP/1.1\r\nhost: hire\r\n\r\n';
    const noise = Buffer.from(Array.from({ length: 3000 }, (_, i) => (i * 7919) % 251)).toString('base64');
    let body: Buffer | undefined;
    for (let n = 0; n < noise.length && !body; n++) {
      const first = `{"a":"${noise.slice(0, n)}"}`;
      const packed = gzipSync(first + smuggled);
      if (packed.length === first.length) body = packed;
    }
    if (!body) throw new Error('no body found whose packed size is its first part');
    const askedBefore = asked.length;
    const res = await rawRequest(gatewayUrl, {
      method: 'POST',
      path: '/api/job/echo',
      headers: { 'content-type': 'application/json', 'content-encoding': 'gzip' },
      body,
    });
    expect([res.status, res.json().code]).toEqual([415, 'request.unsupported_type']);
    expect(asked.length).toBe(askedBefore);
    // The next request on the gateway's connections is answered as itself.
    const echo = await rawRequest(gatewayUrl, { path: '/api/job/echo?after=1' });
    expect(echo.json()).toEqual({ ok: true });
    expect(asked).not.toContain('/api/job/smuggled');
  });
});

describe('a client that goes away', () => {
  it("in the middle of a streamed answer stops the service's answer too", async () => {
    await new Promise<void>((resolve, reject) => {
      const req = http.get(`${gatewayUrl}/api/job/endless`, (res) => {
        expect(res.statusCode).toBe(200);
        res.once('data', () => {
          req.destroy();
          resolve();
        });
      });
      req.on('error', (err) => (req.destroyed ? undefined : reject(err)));
    });
    // The gateway gives up its own request, so the service stops producing what nobody will read.
    const deadline = Date.now() + 3000;
    while (!endlessStopped && Date.now() < deadline) await new Promise((r) => setTimeout(r, 20));
    expect(endlessStopped).toBe(true);
  });

  it('in the middle of a compressed answer is not logged as an error (it happens all day on mobile networks)', async () => {
    await new Promise<void>((resolve, reject) => {
      // Cleared once answered: a pending timer would keep the test worker alive after the suite.
      const noAnswer = setTimeout(() => reject(new Error('no answer')), 5000);
      const req = http.get(
        `${logged.listeningOrigin}/api/job/slow`,
        { headers: { 'accept-encoding': 'gzip' } },
        (res) => {
          expect(res.headers['content-encoding']).toBe('gzip');
          // The first bytes arrive; then the phone loses its signal.
          res.once('data', () => {
            clearTimeout(noAnswer);
            req.destroy();
            resolve();
          });
        },
      );
      req.on('error', () => {});
    });
    await new Promise((r) => setTimeout(r, 500));
    // Errors are what an operator is paged for: a client's choice to leave is not one.
    expect(lines.filter((l) => l.level >= 50)).toEqual([]);
    // And the gateway still answers the next client.
    const res = await rawRequest(logged.listeningOrigin, { path: '/api/job/echo' });
    expect(res.status).toBe(200);
  });
});
