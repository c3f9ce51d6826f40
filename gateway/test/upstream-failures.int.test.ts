import net from 'node:net';
import http from 'node:http';
import { generateKeyPair } from '@platform/testing';
import type { App } from '@platform/service-kit';
import { readConfig } from '../src/config';
import { buildApp } from '../src/app';

/**
 * What the gateway does with a service that answers what HTTP does not allow: a stand-in service on a
 * bare TCP server writes each answer byte for byte. Every malformed answer is a 502 to its client alone
 * (none of its bytes reach the client) and the gateway goes on serving everyone else.
 */
const GOOD = 'HTTP/1.1 200 OK\r\ncontent-type: application/json\r\ncontent-length: 11\r\n\r\n{"ok":true}';
const chunked = (head: string, body: string) =>
  `HTTP/1.1 200 OK\r\ncontent-type: application/json\r\n${head}\r\n${body}`;
const ANSWERS: Record<string, string> = {
  '/api/job/good': GOOD,
  '/api/job/leading-zeros': chunked('transfer-encoding: chunked\r\n', '000000002\r\n{}\r\n0\r\n\r\n'),
  '/api/job/negative': chunked('transfer-encoding: chunked\r\n', '-2\r\n{}\r\n0\r\n\r\n'),
  '/api/job/huge-size': chunked('transfer-encoding: chunked\r\n', '10000000000000000\r\n{}\r\n0\r\n\r\n'),
  '/api/job/bare-lf': chunked('transfer-encoding: chunked\r\n', '2\n{}\r\n0\r\n\r\n'),
  '/api/job/no-crlf-after-data': chunked('transfer-encoding: chunked\r\n', '2\r\n{}XX0\r\n\r\n'),
  '/api/job/length-and-chunked': chunked(
    'content-length: 7\r\ntransfer-encoding: chunked\r\n',
    '2\r\n{}\r\n0\r\n\r\n',
  ),
  '/api/job/spaced-name': chunked('transfer-encoding : chunked\r\n', '2\r\n{}\r\n0\r\n\r\n'),
  '/api/job/switching':
    'HTTP/1.1 101 Switching Protocols\r\nconnection: upgrade\r\nupgrade: evil\r\n\r\n' + GOOD,
  '/api/job/cut-short': 'HTTP/1.1 200 OK\r\ncontent-length: 100\r\n\r\n{"ok":',
};

let service: net.Server;
let gateway: App;
let url: string;

beforeAll(async () => {
  service = net.createServer((socket) => {
    socket.on('error', () => {});
    socket.once('data', (data) => {
      const path = data.toString('latin1').split(' ')[1] ?? '';
      const answer = ANSWERS[path] ?? GOOD;
      // Each answer closes its connection, so the next request starts clean.
      socket.end(answer);
    });
  });
  await new Promise<void>((resolve) => service.listen(0, '127.0.0.1', resolve));
  const { port } = service.address() as net.AddressInfo;
  gateway = await buildApp(
    readConfig({
      JWT_PUBLIC_KEY: generateKeyPair().publicKey,
      LOG_LEVEL: 'silent',
      HIRE_URL: `http://127.0.0.1:${port}`,
    }),
    { revocations: { isRevoked: () => false, isCurrent: () => true } },
  );
  url = await gateway.listen({ port: 0, host: '127.0.0.1' });
});

afterAll(async () => {
  await gateway?.close();
  service?.close();
});

/** A GET over a real connection: status and body as the client reads them. */
function get(path: string): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    http
      .get(`${url}${path}`, { agent: false }, (res) => {
        let body = '';
        res.setEncoding('utf8');
        res.on('data', (c: string) => (body += c));
        res.on('end', () => resolve({ status: res.statusCode!, body }));
        res.on('error', reject);
      })
      .on('error', reject);
  });
}

describe('a service answering what HTTP does not allow', () => {
  it.each(Object.keys(ANSWERS).filter((p) => p !== '/api/job/good' && p !== '/api/job/leading-zeros'))(
    '%s: 502 to that client, nothing of the answer passed on, and the gateway serves the next',
    async (path) => {
      const res = await get(path);
      expect(res.status).toBe(502);
      expect(JSON.parse(res.body)).toMatchObject({ success: false, code: 'server.unavailable' });
      expect(res.body).not.toContain('{}');
      expect(await get('/api/job/good')).toEqual({ status: 200, body: '{"ok":true}' });
    },
  );

  it('reads a chunk size spelt with leading zeros as its value (RFC 9112 allows them), nothing more', async () => {
    expect(await get('/api/job/leading-zeros')).toEqual({ status: 200, body: '{}' });
  });

  it('serves others while malformed answers come in at once', async () => {
    const paths = Object.keys(ANSWERS);
    const answers = await Promise.all([...paths, ...paths].map((p) => get(p)));
    expect(answers.filter((a) => a.status === 200)).toHaveLength(4);
    expect(answers.every((a) => a.status === 200 || a.status === 502)).toBe(true);
    expect(await get('/api/job/good')).toEqual({ status: 200, body: '{"ok":true}' });
  });
});
