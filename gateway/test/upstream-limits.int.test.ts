import http from 'node:http';
import net from 'node:net';
import { Readable } from 'node:stream';
import Fastify, { type FastifyInstance } from 'fastify';
import { generateKeyPair } from '@platform/testing';
import type { App } from '@platform/service-kit';
import { readConfig } from '../src/config';
import { buildApp } from '../src/app';
import { MAX_CLIENT_HEADERS } from '../src/plugins/checks';
import { BUFFERED_REQUEST_BYTES } from '../src/proxy';

/**
 * The limits on what one client can hold of a service: each exchange has one deadline (queue, body going
 * up, answer), the queue for a service's connections is bounded, and a client's headers are capped so
 * the gateway's own always reach the service. A stand-in Hire service with 2 connections and 2 places
 * in the queue; a deadline of 800 ms.
 */
const DEADLINE_MS = 800;
let hire: FastifyInstance;
let gateway: App;
let url: string;
/** Requests held by the service until released. */
const held: Array<() => void> = [];
/** Headers of the last request that reached the service, in the order sent. */
let lastRawHeaders: string[] = [];
let reached = 0;

beforeAll(async () => {
  hire = Fastify();
  hire.addHook('onRequest', async (req) => {
    reached++;
    lastRawHeaders = req.raw.rawHeaders;
  });
  hire.removeAllContentTypeParsers();
  hire.addContentTypeParser('*', (_req, payload, done) => {
    payload.resume();
    payload.on('end', () => done(null));
  });
  hire.get('/api/job/hold', () => new Promise((resolve) => held.push(() => resolve({ held: true }))));
  hire.get(
    '/api/job/slow-head',
    () => new Promise((resolve) => setTimeout(() => resolve({}), 2 * DEADLINE_MS)),
  );
  // A long download: more than the gateway reads ahead, then a piece every 100 ms for as long as it is read.
  hire.get('/api/job/download', async (_req, reply) => {
    let first = true;
    const body = new Readable({
      read() {
        if (first) this.push(Buffer.alloc(300 * 1024, 'a'));
        else setTimeout(() => this.push(Buffer.alloc(1024, 'a')), 100);
        first = false;
      },
    });
    return reply.type('application/octet-stream').send(body);
  });
  hire.get('/api/job/quick', async () => ({ quick: true }));
  hire.post('/api/job/upload', async () => ({ uploaded: true }));
  const hireUrl = await hire.listen({ port: 0, host: '127.0.0.1' });
  gateway = await buildApp(
    readConfig({
      JWT_PUBLIC_KEY: generateKeyPair().publicKey,
      LOG_LEVEL: 'silent',
      HIRE_URL: hireUrl,
      UPSTREAM_TIMEOUT_MS: String(DEADLINE_MS),
      UPSTREAM_CONNECTIONS: '2',
      UPSTREAM_QUEUE: '2',
    }),
    { revocations: { isRevoked: () => false, isCurrent: () => true } },
  );
  url = await gateway.listen({ port: 0, host: '127.0.0.1' });
});

afterAll(async () => {
  held.splice(0).forEach((release) => release());
  await gateway?.close();
  await hire?.close();
});

interface Answer {
  status: number;
  body: string;
  ms: number;
}

/** A request over its own connection; `headers` as a flat list (Host included), so names may repeat. */
function ask(path: string, opts: { method?: string; headers?: string[] } = {}): Promise<Answer> {
  const started = Date.now();
  return new Promise((resolve, reject) => {
    const req = http.request(`${url}${path}`, {
      method: opts.method ?? 'GET',
      agent: false,
      headers: opts.headers,
    });
    req.on('response', (res) => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (c: string) => (body += c));
      res.on('end', () => resolve({ status: res.statusCode!, body, ms: Date.now() - started }));
    });
    req.on('error', reject);
    req.end();
  });
}

const code = (a: Answer) => (JSON.parse(a.body) as { code?: string }).code;

describe("a service's connections", () => {
  it('queue a bounded number of requests: one more is a 503 at once, the queued ones are served', async () => {
    const running = [ask('/api/job/hold'), ask('/api/job/hold'), ask('/api/job/hold'), ask('/api/job/hold')];
    await until(() => held.length === 2);
    const refused = await ask('/api/job/quick');
    expect([refused.status, code(refused)]).toEqual([503, 'server.busy']);
    expect(refused.ms).toBeLessThan(DEADLINE_MS / 2);
    // Released: the two running answer, then the two queued take their connections.
    held.splice(0).forEach((release) => release());
    await until(() => held.length === 2);
    held.splice(0).forEach((release) => release());
    expect((await Promise.all(running)).map((a) => a.status)).toEqual([200, 200, 200, 200]);
  });

  it('time out while queued: 504 at the deadline, not whenever a connection frees', async () => {
    // Two long downloads hold both connections past the deadline (it covers what is read ahead; then
    // only the time between two pieces counts), so a request queued behind them waits for nothing.
    const downloads = [download(), download()];
    await Promise.all(downloads.map((d) => d.started));
    const queued = await ask('/api/job/quick');
    expect([queued.status, code(queued)]).toEqual([504, 'server.unavailable']);
    expect(queued.ms).toBeGreaterThanOrEqual(DEADLINE_MS - 50);
    expect(queued.ms).toBeLessThan(DEADLINE_MS * 2);
    // The downloads stopped: their connections serve the next at once.
    downloads.forEach((d) => d.stop());
    const next = await ask('/api/job/quick');
    expect(next.status).toBe(200);
  });

  it('give up on an answer whose head comes after the deadline: 504', async () => {
    const late = await ask('/api/job/slow-head');
    expect([late.status, code(late)]).toEqual([504, 'server.unavailable']);
    expect(late.ms).toBeLessThan(DEADLINE_MS * 2);
  });

  it('are never held by small bodies sent a byte at a time: the service gets each whole', async () => {
    const before = reached;
    const uploads = [slowUpload(20), slowUpload(20), slowUpload(20)];
    await new Promise((r) => setTimeout(r, 300));
    // The uploads are still coming; the service has seen none of them and serves others at once.
    const next = await ask('/api/job/quick');
    expect(next.status).toBe(200);
    expect(next.ms).toBeLessThan(DEADLINE_MS / 2);
    expect(reached).toBe(before + 1);
    const answers = await Promise.all(uploads);
    expect(answers.map((a) => a.status)).toEqual([200, 200, 200]);
  });

  it('are not held past the deadline by a large body sent slowly: 504, the connection freed', async () => {
    const upload = slowUpload(BUFFERED_REQUEST_BYTES + 50, BUFFERED_REQUEST_BYTES + 10);
    const answer = await upload;
    expect(answer.status).toBe(504);
    expect(answer.ms).toBeLessThan(DEADLINE_MS * 2);
    const next = await ask('/api/job/quick');
    expect(next.status).toBe(200);
    expect(next.ms).toBeLessThan(DEADLINE_MS / 2);
  });
});

/** A download read for as long as it is wanted: `started` once its first bytes came through the gateway. */
function download(): { started: Promise<void>; stop: () => void } {
  const req = http.get(`${url}/api/job/download`, { agent: false });
  req.on('error', () => {});
  const started = new Promise<void>((resolve) =>
    req.on('response', (res) => {
      res.once('data', () => resolve());
      res.resume();
    }),
  );
  return { started, stop: () => req.destroy() };
}

/**
 * A POST announcing `length` bytes on a bare connection, `atOnce` of them sent at once and the rest one
 * every 100 ms; resolves with the answer's status as soon as its head comes.
 */
function slowUpload(length: number, atOnce = 0): Promise<Answer> {
  const started = Date.now();
  const { port } = new URL(url);
  return new Promise((resolve, reject) => {
    const socket = net.connect(Number(port), '127.0.0.1');
    let received = '';
    let sent = atOnce;
    socket.on('error', reject);
    socket.write(
      `POST /api/job/upload HTTP/1.1\r\nhost: x\r\ncontent-type: application/pdf\r\ncontent-length: ${length}\r\n\r\n`,
    );
    if (atOnce > 0) socket.write(Buffer.alloc(atOnce, 'a'));
    const drip = setInterval(() => {
      if (sent < length && socket.writable) socket.write('a');
      sent++;
    }, 100);
    socket.on('data', (d) => {
      received += d.toString('latin1');
      const end = received.indexOf('\r\n\r\n');
      if (end === -1) return;
      clearInterval(drip);
      socket.destroy();
      resolve({
        status: Number(received.split(' ')[1]),
        body: received.slice(end + 4),
        ms: Date.now() - started,
      });
    });
  });
}

async function until(condition: () => boolean): Promise<void> {
  for (let i = 0; i < 200 && !condition(); i++) await new Promise((r) => setTimeout(r, 10));
  if (!condition()) throw new Error('never happened');
}

describe("a client's headers", () => {
  // Short names, as the attack sends them: 998 of them stay within Node's 16 KB of headers.
  const many = (n: number) => [
    'host',
    'gateway',
    ...Array.from({ length: n - 1 }, (_, i) => [`h${i}`, 'a']).flat(),
  ];

  it(`are refused beyond ${MAX_CLIENT_HEADERS}: 431, and the service sees nothing`, async () => {
    const before = reached;
    for (const n of [MAX_CLIENT_HEADERS + 1, 998, 1500]) {
      const res = await ask('/api/job/quick', { headers: many(n) });
      expect([n, res.status, code(res)]).toEqual([n, 431, 'request.too_large']);
    }
    expect(reached).toBe(before);
  });

  it("at the cap, reach the service after the gateway's own: its host, the client's address, its request id", async () => {
    const res = await ask('/api/job/quick', {
      // Node adds `Connection: close` to the 97 here and these two: 100 in all.
      headers: [
        ...many(MAX_CLIENT_HEADERS - 3),
        'x-request-id',
        'client-chosen',
        'x-forwarded-for',
        '6.6.6.6',
      ],
    });
    expect([res.status, res.body]).toEqual([200, '{"quick":true}']);
    const names = lastRawHeaders.filter((_, i) => i % 2 === 0).map((n) => n.toLowerCase());
    const value = (name: string) => lastRawHeaders[2 * names.indexOf(name) + 1];
    // Before the client's first (undici writes its own `connection` beside `host`).
    expect(names.indexOf('x-forwarded-for')).toBeLessThan(names.indexOf('h0'));
    expect(names.indexOf('x-request-id')).toBeLessThan(names.indexOf('h0'));
    expect(value('x-forwarded-for')).toBe('127.0.0.1');
    expect(value('x-request-id')).toMatch(/^[0-9a-f-]{36}$/);
    expect(lastRawHeaders).not.toContain('client-chosen');
    expect(lastRawHeaders).not.toContain('6.6.6.6');
    expect(names.filter((n) => n === 'x-request-id' || n === 'x-forwarded-for')).toHaveLength(2);
  });
});
