import net from 'node:net';
import { Readable } from 'node:stream';
import { UpstreamClient, type UpstreamClientOptions, type UpstreamResponse } from './upstream-client';

/**
 * The gateway's client to its services, against a raw TCP server that writes answers byte by byte as a
 * service might: what each framing gives back, and which connections it keeps.
 */
const OPTIONS: UpstreamClientOptions = {
  connections: 2,
  connectTimeoutMs: 1000,
  timeoutMs: 500,
  keepAliveMs: 5000,
  bufferedBodyBytes: 64,
};

interface Server {
  url: string;
  /** Every request head received, in order, and the connection it came on. */
  heads: { head: string; connection: number }[];
  bodies: string[];
  /** Every byte received, on every connection. */
  received: string[];
  close(): Promise<void>;
}

/** A service that answers each request head with `answer(head)`: raw bytes, in the pieces given. */
async function service(
  answer: (head: string, socket: net.Socket) => (string | Buffer)[] | null,
): Promise<Server> {
  const heads: Server['heads'] = [];
  const bodies: string[] = [];
  const received: string[] = [];
  const sockets = new Set<net.Socket>();
  let connections = 0;
  const server = net.createServer((socket) => {
    sockets.add(socket);
    const connection = ++connections;
    let buf = '';
    socket.on('data', (data) => {
      buf += data.toString('latin1');
      received.push(data.toString('latin1'));
      for (;;) {
        const end = buf.indexOf('\r\n\r\n');
        if (end < 0) return;
        const head = buf.slice(0, end);
        const length = Number(/\r\ncontent-length: (\d+)/i.exec(head)?.[1] ?? 0);
        if (buf.length < end + 4 + length) return;
        bodies.push(buf.slice(end + 4, end + 4 + length));
        buf = buf.slice(end + 4 + length);
        heads.push({ head, connection });
        const pieces = answer(head, socket);
        if (!pieces) continue;
        // Each piece a write of its own, a moment apart: the client must put them together.
        void (async () => {
          for (const piece of pieces) {
            socket.write(piece);
            await new Promise((r) => setTimeout(r, 2));
          }
        })();
      }
    });
    socket.on('error', () => {});
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    heads,
    bodies,
    received,
    close: () =>
      new Promise((resolve) => {
        sockets.forEach((s) => s.destroy());
        server.close(() => resolve());
      }),
  };
}

const text = async (res: UpstreamResponse) =>
  res.body ? res.body.toString() : Buffer.concat(await res.stream!.toArray()).toString();

let server: Server | undefined;
let client: UpstreamClient | undefined;
afterEach(async () => {
  await client?.close();
  await server?.close();
  server = client = undefined;
});

describe('the upstream client', () => {
  it('reads an answer by its length, sent in pieces, and keeps the connection for the next request', async () => {
    server = await service(() => [
      'HTTP/1.1 200 OK\r\ncontent-le',
      'ngth: 11\r\nx-a: 1\r\n',
      'x-a: 2\r\n\r\nhello',
      ' world',
    ]);
    client = new UpstreamClient(server.url, OPTIONS);
    const first = await client.request({
      method: 'GET',
      path: '/api/job/1?q=a',
      headers: { accept: 'application/json' },
    });
    expect(first.statusCode).toBe(200);
    expect(first.body!.toString()).toBe('hello world');
    expect(first.headers['x-a']).toEqual(['1', '2']);
    await client.request({ method: 'GET', path: '/api/job/2', headers: {} });
    expect(server.heads.map((h) => h.connection)).toEqual([1, 1]);
    expect(server.heads[0]!.head).toMatch(
      /^GET \/api\/job\/1\?q=a HTTP\/1\.1\r\nhost: 127\.0\.0\.1:\d+\r\naccept: application\/json$/,
    );
  });

  it('decodes a chunked answer, chunk sizes and lines cut anywhere, and streams it when its length is unknown', async () => {
    server = await service(() => [
      'HTTP/1.1 200 OK\r\ntransfer-encoding: chunked\r\n\r\n',
      '5\r',
      '\nhel',
      'lo\r\n6;ext=1\r\n wo',
      'rld\r\n0\r\n',
      'x-trailer: 1\r\n\r\n',
    ]);
    client = new UpstreamClient(server.url, OPTIONS);
    const res = await client.request({ method: 'GET', path: '/a', headers: {} });
    expect(res.stream).toBeDefined();
    expect(await text(res)).toBe('hello world');
    await client.request({ method: 'GET', path: '/b', headers: {} }).then(text);
    expect(server.heads.map((h) => h.connection)).toEqual([1, 1]);
  });

  it('streams an answer longer than the buffered size', async () => {
    const long = 'x'.repeat(1000);
    server = await service(() => [
      `HTTP/1.1 200 OK\r\ncontent-length: ${long.length}\r\n\r\n`,
      long.slice(0, 300),
      long.slice(300),
    ]);
    client = new UpstreamClient(server.url, OPTIONS);
    const res = await client.request({ method: 'GET', path: '/big', headers: {} });
    expect(res.body).toBeUndefined();
    expect(await text(res)).toBe(long);
  });

  it('waits for a client that reads slower than the service sends, without timing the service out', async () => {
    const long = 'y'.repeat(2 * 1024 * 1024);
    server = await service(() => [`HTTP/1.1 200 OK\r\ncontent-length: ${long.length}\r\n\r\n`, long]);
    client = new UpstreamClient(server.url, OPTIONS);
    const res = await client.request({ method: 'GET', path: '/big', headers: {} });
    // Longer than the client's timeout (500 ms) before the first read: the socket waits, paused.
    await new Promise((r) => setTimeout(r, 800));
    expect((await text(res)).length).toBe(long.length);
    // And the connection it came on serves the next request (it was paused for the slow reader).
    const next = await client.request({ method: 'GET', path: '/big', headers: {} });
    expect((await text(next)).length).toBe(long.length);
    expect(new Set(server.heads.map((h) => h.connection)).size).toBe(1);
  });

  it('skips a 100 Continue, and reads no body for HEAD, 204 and 304', async () => {
    server = await service((head) =>
      head.startsWith('HEAD')
        ? ['HTTP/1.1 200 OK\r\ncontent-length: 50\r\n\r\n']
        : head.includes('/gone')
          ? ['HTTP/1.1 204 No Content\r\n\r\n']
          : ['HTTP/1.1 100 Continue\r\n\r\n', 'HTTP/1.1 201 Created\r\ncontent-length: 2\r\n\r\nok'],
    );
    client = new UpstreamClient(server.url, OPTIONS);
    const created = await client.request({ method: 'POST', path: '/a', headers: {} });
    expect(created.statusCode).toBe(201);
    expect(created.body!.toString()).toBe('ok');
    const head = await client.request({ method: 'HEAD', path: '/a', headers: {} });
    expect(head.headers['content-length']).toBe('50');
    expect(head.body!.length).toBe(0);
    const gone = await client.request({ method: 'DELETE', path: '/gone', headers: {} });
    expect(gone.statusCode).toBe(204);
    await client.request({ method: 'GET', path: '/a', headers: {} });
    expect(new Set(server.heads.map((h) => h.connection)).size).toBe(1);
  });

  it('reads an answer without length to the end of the connection, and a `connection: close` one is not reused', async () => {
    server = await service((head, socket) => {
      if (head.includes('/until-close')) {
        socket.end('HTTP/1.1 200 OK\r\n\r\nall of it');
        return null;
      }
      return ['HTTP/1.1 200 OK\r\nconnection: close\r\ncontent-length: 2\r\n\r\nok'];
    });
    client = new UpstreamClient(server.url, OPTIONS);
    expect(await client.request({ method: 'GET', path: '/until-close', headers: {} }).then(text)).toBe(
      'all of it',
    );
    await client.request({ method: 'GET', path: '/a', headers: {} });
    await client.request({ method: 'GET', path: '/b', headers: {} });
    expect(server.heads.map((h) => h.connection)).toEqual([1, 2, 3]);
  });

  it('sends a request body with its length, and drops the headers about the connection', async () => {
    server = await service(() => ['HTTP/1.1 200 OK\r\ncontent-length: 0\r\n\r\n']);
    client = new UpstreamClient(server.url, OPTIONS);
    await client.request({
      method: 'PUT',
      path: '/cv',
      headers: {
        'content-length': '9',
        connection: 'keep-alive',
        'transfer-encoding': 'chunked',
        host: 'evil',
      },
      body: Readable.from([Buffer.from('some '), Buffer.from('body')]),
    });
    expect(server.bodies).toEqual(['some body']);
    expect(server.heads[0]!.head).not.toMatch(/connection|transfer-encoding|evil/);
  });

  it('never sends a byte past the announced length: a longer or shorter body fails, and no second request reaches the service', async () => {
    server = await service(() => ['HTTP/1.1 200 OK\r\ncontent-length: 2\r\n\r\nok']);
    client = new UpstreamClient(server.url, OPTIONS);
    // What a body decoded on the way could hold: more than its Content-Length, and a request after it.
    const smuggled = 'abcGET /api/admin/users HTTP/1.1\r\nhost: x\r\n\r\n';
    await expect(
      client.request({
        method: 'POST',
        path: '/a',
        headers: { 'content-length': '3' },
        body: Readable.from([Buffer.from(smuggled)]),
      }),
    ).rejects.toThrow('longer');
    await expect(
      client.request({
        method: 'POST',
        path: '/b',
        headers: { 'content-length': '9' },
        body: Readable.from([Buffer.from('abc')]),
      }),
    ).rejects.toThrow('shorter');
    await expect(
      client.request({ method: 'POST', path: '/c', headers: {}, body: Readable.from([Buffer.from('abc')]) }),
    ).rejects.toThrow('Content-Length');
    await new Promise((r) => setTimeout(r, 50));
    expect(server.received.join('')).not.toContain('/api/admin');
    expect(server.heads.map((h) => h.head.split(' ')[1])).not.toContain('/api/admin/users');
  });

  it('reads the rest of a body to its end when the service answers before it has all gone up', async () => {
    // A service that answers on the head and reads nothing more (its own 429 before the body).
    const early = net.createServer((socket) => {
      socket.once('data', () => {
        socket.write('HTTP/1.1 429 Too Many Requests\r\ncontent-length: 0\r\n\r\n');
        socket.pause();
      });
      socket.on('error', () => {});
    });
    await new Promise<void>((resolve) => early.listen(0, '127.0.0.1', resolve));
    const { port } = early.address() as net.AddressInfo;
    try {
      client = new UpstreamClient(`http://127.0.0.1:${port}`, { ...OPTIONS, timeoutMs: 5000 });
      const size = 64 * 1024 * 1024;
      let ended = false;
      // Far more than the sockets' buffers hold: the body has to wait for the service's side to drain.
      const body = Readable.from(
        (function* () {
          for (let i = 0; i < size / 65536; i++) yield Buffer.alloc(65536, 'z');
        })(),
      ).on('end', () => (ended = true));
      const res = await client.request({
        method: 'PUT',
        path: '/cv',
        headers: { 'content-length': String(size) },
        body,
      });
      expect(res.statusCode).toBe(429);
      const deadline = Date.now() + 3000;
      while (!ended && Date.now() < deadline) await new Promise((r) => setTimeout(r, 20));
      expect(ended).toBe(true);
    } finally {
      early.close();
    }
  });

  it('gives a body that goes up slowly the time it takes, piece by piece', async () => {
    server = await service(() => ['HTTP/1.1 200 OK\r\ncontent-length: 2\r\n\r\nok']);
    client = new UpstreamClient(server.url, OPTIONS);
    // Three pieces 300 ms apart: 900 ms in all, each gap within the client's 500 ms.
    const slow = Readable.from(
      (async function* () {
        for (const piece of ['abc', 'def', 'ghi']) {
          await new Promise((r) => setTimeout(r, 300));
          yield Buffer.from(piece);
        }
      })(),
    );
    const res = await client.request({
      method: 'PUT',
      path: '/cv',
      headers: { 'content-length': '9' },
      body: slow,
    });
    expect(res.body!.toString()).toBe('ok');
    expect(server.bodies).toEqual(['abcdefghi']);
  });

  it('reads a status line of HTTP/1.1 or 1.0 with or without a reason, and nothing else', async () => {
    const lines: Record<string, string> = {
      '/bare': 'HTTP/1.1 201',
      '/old': 'HTTP/1.0 404 Not Found',
      '/short': 'HTTP/1.1 20 OK',
      '/long': 'HTTP/1.1 2000 OK',
      '/two': 'HTTP/2.0 200 OK',
      '/nine': 'HTTP/1.9 200 OK',
      '/glued': 'HTTP/1.1 200OK',
      '/lower': 'http/1.1 200 OK',
    };
    server = await service((head) => [`${lines[head.split(' ')[1]!]}\r\ncontent-length: 2\r\n\r\nok`]);
    client = new UpstreamClient(server.url, OPTIONS);
    const ask = (path: string) => client!.request({ method: 'GET', path, headers: {} });
    expect((await ask('/bare')).statusCode).toBe(201);
    const old = await ask('/old');
    expect([old.statusCode, old.body!.toString()]).toEqual([404, 'ok']);
    for (const path of ['/short', '/long', '/two', '/nine', '/glued', '/lower'])
      await expect(ask(path)).rejects.toThrow('other than HTTP/1.1');
    // An HTTP/1.0 answer is not kept alive: the bare 201 and the 404 came on one connection, the next on another.
    expect(server.heads.slice(0, 3).map((h) => h.connection)).toEqual([1, 1, 2]);
  });

  it('fails when the service does not answer in time, is not there, or sends no HTTP', async () => {
    server = await service((head) => (head.includes('/silent') ? [] : ['SSH-2.0-OpenSSH\r\n\r\n']));
    client = new UpstreamClient(server.url, OPTIONS);
    await expect(client.request({ method: 'GET', path: '/silent', headers: {} })).rejects.toThrow('in time');
    await expect(client.request({ method: 'GET', path: '/a', headers: {} })).rejects.toThrow('HTTP');
    const port = Number(new URL(server.url).port);
    await server.close();
    server = undefined;
    const nobody = new UpstreamClient(`http://127.0.0.1:${port}`, OPTIONS);
    await expect(nobody.request({ method: 'GET', path: '/a', headers: {} })).rejects.toThrow();
  });

  it('times each request from its own start, and closes a connection once idle for keepAliveMs, not while it is busy', async () => {
    const ok = 'HTTP/1.1 200 OK\r\ncontent-length: 2\r\n\r\nok';
    server = await service((head, socket) => {
      if (head.includes('/silent')) return [];
      // Answered after 300 ms: longer than the connection's first idle spell lasts after its start.
      if (head.includes('/slow')) return (void setTimeout(() => socket.write(ok), 300), null);
      return [ok];
    });
    client = new UpstreamClient(server.url, { ...OPTIONS, connections: 1, timeoutMs: 450, keepAliveMs: 400 });
    const ask = (path: string) => client!.request({ method: 'GET', path, headers: {} });
    const pause = (ms: number) => new Promise((r) => setTimeout(r, ms));
    await ask('/fast');
    await pause(250);
    // Busy when the first idle spell would end: kept, and its slow answer is not timed from the first request.
    expect((await ask('/slow')).body!.toString()).toBe('ok');
    await pause(250);
    await ask('/fast');
    expect(server.heads.map((h) => h.connection)).toEqual([1, 1, 1]);
    const startedAt = Date.now();
    await expect(ask('/silent')).rejects.toThrow('in time');
    expect(Date.now() - startedAt).toBeGreaterThanOrEqual(440);
    // The connection that timed out is gone; a new one, then idle beyond keepAliveMs: closed, a third.
    await ask('/fast');
    await pause(250);
    await ask('/fast');
    await pause(600);
    await ask('/fast');
    expect(server.heads.map((h) => h.connection)).toEqual([1, 1, 1, 1, 2, 2, 3]);
  });

  it('opens no more than its connections at once: the rest wait their turn', async () => {
    const waiting: net.Socket[] = [];
    server = await service((_head, socket) => {
      waiting.push(socket);
      return null;
    });
    client = new UpstreamClient(server.url, { ...OPTIONS, timeoutMs: 5000 });
    const answers = [1, 2, 3, 4].map((n) => client!.request({ method: 'GET', path: `/${n}`, headers: {} }));
    while (waiting.length < 2) await new Promise((r) => setTimeout(r, 10));
    await new Promise((r) => setTimeout(r, 50));
    expect(server.heads).toHaveLength(2);
    for (let i = 0; i < 4; i++) {
      while (waiting.length <= i) await new Promise((r) => setTimeout(r, 10));
      waiting[i]!.write('HTTP/1.1 200 OK\r\ncontent-length: 1\r\n\r\n' + i);
    }
    expect((await Promise.all(answers)).map((a) => a.body!.toString())).toEqual(['0', '1', '2', '3']);
    expect(new Set(server.heads.map((h) => h.connection)).size).toBe(2);
  });
});
