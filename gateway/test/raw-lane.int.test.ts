import http from 'node:http';
import net from 'node:net';
import Fastify, { type FastifyInstance } from 'fastify';
import { generateKeyPair, signToken } from '@platform/testing';
import type { App } from '@platform/service-kit';
import { readConfig } from '../src/config';
import { buildApp } from '../src/app';
import { FastLane } from '../src/fast-lane';
import { parseRequestHead, putLaneInFront, RawAnswer } from '../src/raw-lane';
import { storeOver, WindowCounts } from '../src/shared-rate-limit';

/**
 * The raw front door (raw-lane.ts) reads a connection's requests itself while they are plain reads, and
 * hands the connection to Node's http server at the first that is not. What a client sees must not
 * change: answers in order on one connection, whichever reads them; a head Node would refuse refused as
 * Node refuses it; connections kept alive and closed as Node's server does. fast-lane.int.test.ts
 * compares single answers with and without the lane.
 */
const keys = generateKeyPair();
const revocations = { isRevoked: () => false, isCurrent: () => true };
const token = signToken(keys.privateKey, {}, { audience: 'afya-platform', issuer: 'svc-identity' });
let service: FastifyInstance;
let withLane: string;
let without: string;
const gateways: App[] = [];

async function gateway(fastLane: boolean): Promise<App> {
  const app = await buildApp(
    readConfig({
      JWT_PUBLIC_KEY: keys.publicKey,
      LOG_LEVEL: 'silent',
      HIRE_URL: `http://127.0.0.1:${(service.server.address() as net.AddressInfo).port}`,
    }),
    { revocations, fastLane },
  );
  gateways.push(app);
  await app.listen({ port: 0, host: '127.0.0.1' });
  return app;
}

const portOf = (app: App) => (app.server.address() as net.AddressInfo).port;

beforeAll(async () => {
  service = Fastify();
  service.get('/api/job/echo/*', async (req) => ({ url: req.url, signedIn: !!req.headers.authorization }));
  await service.listen({ port: 0, host: '127.0.0.1' });
  withLane = String(portOf(await gateway(true)));
  without = String(portOf(await gateway(false)));
});

afterAll(async () => {
  for (const g of gateways) await g.close();
  await service?.close();
});

afterEach(() => jest.restoreAllMocks());

/** Writes `pieces` to one connection (a pause between each) and reads until the gateway closes it. */
function exchange(port: string, pieces: string[], halfClose = false): Promise<string> {
  return new Promise((resolve, reject) => {
    const socket = net.connect(Number(port), '127.0.0.1');
    const read: Buffer[] = [];
    socket.on('data', (d: Buffer) => read.push(d));
    socket.on('error', reject);
    socket.on('close', () => resolve(Buffer.concat(read).toString('latin1')));
    socket.setTimeout(5_000, () => socket.destroy(new Error('no close in 5 s')));
    void (async () => {
      for (const [i, piece] of pieces.entries()) {
        if (i > 0) await new Promise((r) => setTimeout(r, 30));
        socket.write(piece, 'latin1');
      }
      if (halfClose) socket.end();
    })();
  });
}

const get = (path: string, ...fields: string[]) =>
  [`GET ${path} HTTP/1.1`, 'Host: clinic.example', ...fields, '', ''].join('\r\n');
/** Each answer's status, after checking that no answer names a header twice. */
function statuses(text: string): number[] {
  const answers = text.split(/(?=HTTP\/1\.1 \d{3} )/).filter(Boolean);
  for (const answer of answers) {
    const names = answer
      .slice(0, answer.indexOf('\r\n\r\n'))
      .split('\r\n')
      .slice(1)
      .map((line) => line.slice(0, line.indexOf(':')).toLowerCase());
    expect(names.filter((name, i) => names.indexOf(name) !== i)).toEqual([]);
  }
  return answers.map((answer) => Number(answer.slice(9, 12)));
}
const echoed = (text: string) =>
  [...text.matchAll(/\{"url":"([^"]+)","signedIn":(true|false)\}/g)].map((m) => `${m[1]} ${m[2]}`);

describe('the raw front door', () => {
  it('answers requests sent ahead on one connection in order, the lane and Fastify in turns', async () => {
    const raw = jest.spyOn(RawAnswer.prototype, 'writeHead');
    const text = await exchange(withLane, [
      get('/api/job/echo/1') +
        get('/api/job/echo/2', `Authorization: Bearer ${token}`) +
        get('/api/job/echo/3') +
        get('/api/job/echo/4', 'Connection: close'),
    ]);
    expect(statuses(text)).toEqual([200, 200, 200, 200]);
    expect(echoed(text)).toEqual([
      '/api/job/echo/1 false',
      '/api/job/echo/2 true',
      '/api/job/echo/3 false',
      '/api/job/echo/4 false',
    ]);
    // The first by the lane's front door; from the token not checked yet on, the connection is Node's.
    expect(raw).toHaveBeenCalledTimes(1);
  });

  it('keeps a connection alive across plain reads, and closes it when the client asks', async () => {
    const raw = jest.spyOn(RawAnswer.prototype, 'writeHead');
    const text = await exchange(withLane, [
      get('/api/job/echo/a'),
      get('/api/job/echo/b'),
      get('/api/job/echo/c', 'Connection: close'),
    ]);
    expect(echoed(text)).toEqual(['/api/job/echo/a false', '/api/job/echo/b false', '/api/job/echo/c false']);
    expect(text.match(/^Connection: keep-alive\r\nKeep-Alive: timeout=\d+\r\n/gm)).toHaveLength(2);
    expect(text.match(/^Connection: close\r\n/gm)).toHaveLength(1);
    expect(raw).toHaveBeenCalledTimes(3);
  });

  it('answers a client that sent its requests and half-closed, then ends the connection', async () => {
    const raw = jest.spyOn(RawAnswer.prototype, 'writeHead');
    const text = await exchange(withLane, [get('/api/job/echo/h1') + get('/api/job/echo/h2')], true);
    expect(echoed(text)).toEqual(['/api/job/echo/h1 false', '/api/job/echo/h2 false']);
    expect(raw).toHaveBeenCalledTimes(2);
    // One for Node after the lane's: the lane's answer, then the connection ends (not left half-open).
    const mixed = await exchange(
      withLane,
      [get('/api/job/echo/h3') + get('/api/job/echo/h4', `Authorization: Bearer ${token}`)],
      true,
    );
    expect(echoed(mixed)[0]).toBe('/api/job/echo/h3 false');
  });

  it('hands a head that arrives in pieces to Node, which answers it', async () => {
    const raw = jest.spyOn(RawAnswer.prototype, 'writeHead');
    const request = get('/api/job/echo/slow', 'Connection: close');
    const text = await exchange(withLane, [request.slice(0, 20), request.slice(20)]);
    expect(echoed(text)).toEqual(['/api/job/echo/slow false']);
    expect(raw).not.toHaveBeenCalled();
  });

  it.each([
    ['a folded header', get('/api/job/echo/x', 'X-A: b', ' c', 'Connection: close')],
    ['a bare LF', 'GET /api/job/echo/x HTTP/1.1\r\nHost: a\nX: y\r\nConnection: close\r\n\r\n'],
    ['no Host', 'GET /api/job/echo/x HTTP/1.1\r\nConnection: close\r\n\r\n'],
    ['two Hosts', get('/api/job/echo/x', 'Host: other.example', 'Connection: close')],
    ['a NUL in a value', get('/api/job/echo/x', 'X-A: b\0', 'Connection: close')],
    ['a space before a colon', get('/api/job/echo/x', 'X-A : b', 'Connection: close')],
    [
      'a body announced twice',
      get('/api/job/echo/x', 'Content-Length: 1', 'Transfer-Encoding: chunked', 'Connection: close'),
    ],
    ['HTTP/1.0', 'GET /api/job/echo/x HTTP/1.0\r\nHost: a\r\n\r\n'],
    ['a head over 16 KB', get('/api/job/echo/x', `X-Big: ${'a'.repeat(17_000)}`, 'Connection: close')],
  ])('%s: what Node answers without the lane', async (_what, request) => {
    const raw = jest.spyOn(RawAnswer.prototype, 'writeHead');
    const [fast, slow] = await Promise.all([exchange(withLane, [request]), exchange(without, [request])]);
    expect(statuses(fast)).toEqual(statuses(slow));
    expect(echoed(fast)).toEqual(echoed(slow));
    expect(raw).not.toHaveBeenCalled();
  });

  it('a gateway that closes ends its idle kept-alive connections at once', async () => {
    const app = await gateway(true);
    const agent = new http.Agent({ keepAlive: true });
    const ask = () =>
      new Promise<number>((resolve, reject) =>
        http
          .get({ port: portOf(app), host: '127.0.0.1', path: '/api/job/echo/k', agent }, (res) => {
            res.resume();
            res.on('end', () => resolve(res.statusCode!));
          })
          .on('error', reject),
      );
    expect(await ask()).toBe(200);
    const socket = Object.values(agent.freeSockets).flat()[0]!;
    const closed = new Promise((r) => socket.on('close', r));
    const started = Date.now();
    await app.close();
    await closed;
    expect(Date.now() - started).toBeLessThan(2_000);
    agent.destroy();
  });
});

describe('the keep-alive timeout', () => {
  it('closes a connection left idle, also after an answer slower than the timeout', async () => {
    const slowAnswer = async () => {
      await new Promise((r) => setTimeout(r, 400));
      return { statusCode: 200, headers: { 'content-type': 'application/json' }, body: Buffer.from('{}') };
    };
    const quiet = { level: 'silent', info() {}, warn() {}, error() {} };
    const lane = new FastLane({
      routes: [{ prefix: '/api/job', answer: slowAnswer, unavailable: {} }],
      securityHeaders: {},
      rateLimit: { store: new (storeOver(new WindowCounts()))(), max: 100, timeWindowMs: 60_000 },
      corsEnabled: false,
      log: quiet as never,
    });
    const server = http.createServer(() => {});
    server.keepAliveTimeout = 150;
    putLaneInFront(server, lane);
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const socket = net.connect((server.address() as net.AddressInfo).port, '127.0.0.1');
    try {
      let answeredAt = 0;
      const closed = new Promise<number>((resolve) => socket.on('close', () => resolve(Date.now())));
      socket.on('data', () => (answeredAt ||= Date.now()));
      socket.write(get('/api/job/slow'));
      const closedAt = await Promise.race([
        closed,
        new Promise<number>((r) => setTimeout(() => r(0), 3_000)),
      ]);
      expect(answeredAt).toBeGreaterThan(0);
      expect(closedAt).toBeGreaterThan(0); // closed by the gateway within 3 s
      expect(closedAt - answeredAt).toBeGreaterThanOrEqual(100);
      expect(closedAt - answeredAt).toBeLessThan(1_000);
    } finally {
      socket.destroy();
      server.close();
    }
  });
});

describe('what the front door takes, Node reads alike', () => {
  it("for heads made from a browser's by inserting and deleting bytes", async () => {
    const node = http.createServer((req, res) =>
      res.end(JSON.stringify({ url: req.url, headers: req.headers })),
    );
    await new Promise<void>((resolve) => node.listen(0, '127.0.0.1', resolve));
    const port = String((node.address() as net.AddressInfo).port);
    const browser = get(
      '/api/job/get?page=2&q=nurse',
      'User-Agent: Mozilla/5.0 (Linux; Android 14)',
      'Accept: application/json',
      'Accept-Encoding: gzip, deflate, br',
      'Connection: keep-alive',
    );
    const pieces = [
      ' ',
      '\t',
      '\r',
      '\n',
      '\r\n',
      ':',
      '\0',
      '\x7f',
      '\xe9',
      'Host: b\r\n',
      ',',
      'close',
      'H',
    ];
    let seed = 7;
    const random = (n: number) => {
      seed = (seed * 1103515245 + 12345) % 2 ** 31;
      return seed % n;
    };
    let taken = 0;
    try {
      for (let k = 0; k < 1500; k++) {
        let text = browser;
        for (let m = 0; m <= random(3); m++) {
          const at = 1 + random(text.length - 5);
          text = random(2)
            ? text.slice(0, at) + pieces[random(pieces.length)]! + text.slice(at)
            : text.slice(0, at) + text.slice(at + 1);
        }
        const bytes = Buffer.from(text, 'latin1');
        const end = bytes.indexOf('\r\n\r\n');
        const lane = end < 0 ? undefined : parseRequestHead(bytes, end);
        if (!lane) continue;
        taken++;
        const answer = await exchange(port, [text.slice(0, end + 4)], true);
        const read = answer.slice(answer.indexOf('\r\n\r\n') + 4);
        expect([JSON.stringify(text), answer.slice(0, 15)]).toEqual([
          JSON.stringify(text),
          'HTTP/1.1 200 OK',
        ]);
        expect(JSON.parse(read)).toEqual({ url: lane.url, headers: lane.headers });
      }
    } finally {
      node.close();
    }
    expect(taken).toBeGreaterThan(500);
  });
});
