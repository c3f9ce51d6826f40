import { once } from 'node:events';
import { mkdtempSync, openSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import Fastify from 'fastify';
import pino, { type Logger } from 'pino';
import { createLogger, OneLineAccessLog } from '../src/logger';

let dir: string;
let file: string;
let fd: number;
let logger: Logger | undefined;

/** A logger writing to this test's file; ended (its file closed with it) after the test. */
const fileLogger = () => (logger = createLogger({ name: 'svc-test', level: 'info', fd }));

beforeEach(() => {
  dir = mkdtempSync(path.join(tmpdir(), 'logger-test-'));
  file = path.join(dir, 'log');
  fd = openSync(file, 'a');
});
afterEach(async () => {
  const stream = (logger as unknown as Record<symbol, NodeJS.WritableStream> | undefined)?.[
    pino.symbols.streamSym
  ];
  if (stream) {
    stream.end();
    await once(stream, 'close');
  }
  logger = undefined;
  rmSync(dir, { recursive: true, force: true });
});

const lines = () =>
  readFileSync(file, 'utf8')
    .split('\n')
    .filter(Boolean)
    .map((l) => JSON.parse(l) as Record<string, unknown>);
const until = async (check: () => boolean, ms: number) => {
  const end = Date.now() + ms;
  while (!check() && Date.now() < end) await new Promise((r) => setTimeout(r, 20));
};

describe('createLogger', () => {
  it('writes a lone line within about a second, not only once 4 KB have gathered', async () => {
    const log = fileLogger();
    log.info('quiet');
    const written = Date.now();
    await until(() => lines().length > 0, 3000);
    expect(lines()).toEqual([expect.objectContaining({ service: 'svc-test', msg: 'quiet' })]);
    expect(Date.now() - written).toBeLessThan(1600);
  });

  it('writes busy lines in batches, every one of them, in order', async () => {
    const log = fileLogger();
    for (let i = 0; i < 500; i++) log.info({ i }, 'busy');
    await until(() => lines().length === 500, 3000);
    expect(lines().map((l) => l.i)).toEqual(Array.from({ length: 500 }, (_, i) => i));
  });
});

describe('OneLineAccessLog', () => {
  it('writes one line a request, with the request, its status and its time', async () => {
    const app = Fastify({
      loggerInstance: fileLogger(),
      logController: new OneLineAccessLog(),
    });
    app.get('/api/thing/get', async () => ({ ok: true }));
    app.get('/api/thing/fail', async () => {
      throw new Error('broken');
    });
    await app.inject('/api/thing/get?page=2');
    await app.inject('/api/thing/fail');
    await until(() => lines().length >= 3, 3000);
    const access = lines().filter((l) => l.msg === 'request completed');
    expect(access).toEqual([
      expect.objectContaining({
        req: expect.objectContaining({ method: 'GET', url: '/api/thing/get?page=2' }),
        res: { statusCode: 200 },
        responseTime: expect.any(Number),
        reqId: expect.any(String),
      }),
      expect.objectContaining({ res: { statusCode: 500 } }),
    ]);
    expect(lines().filter((l) => l.msg === 'incoming request')).toEqual([]);
    // The error is still logged as it was.
    expect(lines().some((l) => l.level === 50 && (l.err as { message?: string })?.message === 'broken')).toBe(
      true,
    );
    await app.close();
  });
});
