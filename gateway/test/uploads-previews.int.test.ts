import { mkdtempSync, mkdirSync, writeFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import Fastify, { type FastifyInstance } from 'fastify';
import { generateKeyPair } from '@platform/testing';
import type { App } from '@platform/service-kit';
import { readConfig } from '../src/config';
import { buildApp } from '../src/app';

/**
 * The module descriptors' seams at the edge, with the real descriptors: svc-hire's upload route takes
 * a 5 MB body while everything else keeps the default limit, and its job pages get link previews.
 */
const keys = generateKeyPair();
const EVIL = '"><script>alert(1)</script>';
const JOB = '3f1c2a9e-1111-4a2b-8c3d-000000000001';
const SLOW = '3f1c2a9e-1111-4a2b-8c3d-000000000002';
const BROKEN = '3f1c2a9e-1111-4a2b-8c3d-000000000003';
const INDEX =
  '<!doctype html><html><head><meta name="description" content="AfyaHR default" /><title>AfyaHR</title></head><body><div id="root"></div></body></html>';

let hire: FastifyInstance;
let gateway: App;
let dir: string;
const received: { url: string; bytes: number }[] = [];
let previewCalls = 0;

beforeAll(async () => {
  hire = Fastify({ bodyLimit: 10 * 1024 * 1024, forceCloseConnections: true });
  hire.removeAllContentTypeParsers();
  hire.addContentTypeParser('*', { parseAs: 'buffer' }, (_req, body, done) => done(null, body));
  hire.all('/*', async (req) => {
    received.push({ url: req.url, bytes: (req.body as Buffer | undefined)?.length ?? 0 });
    return { success: true };
  });
  hire.get('/api/job/:id/preview', async (req, reply) => {
    previewCalls++;
    const { id } = req.params as { id: string };
    if (id === JOB)
      return {
        success: true,
        data: { title: `Nurse ${EVIL} & $& co`, description: `Nakuru ${EVIL}` },
      };
    if (id === SLOW) {
      await new Promise((r) => setTimeout(r, 3000));
      return { success: true, data: { title: 'late', description: 'late' } };
    }
    if (id === BROKEN) return reply.status(500).send('oops');
    return reply.status(404).send({ success: false, message: 'gone' });
  });
  const hireUrl = await hire.listen({ port: 0, host: '127.0.0.1' });

  dir = mkdtempSync(path.join(tmpdir(), 'gateway-previews-'));
  mkdirSync(path.join(dir, 'shell', 'dist'), { recursive: true });
  writeFileSync(path.join(dir, 'shell', 'dist', 'index.html'), INDEX);
  gateway = await buildApp(
    readConfig({
      JWT_PUBLIC_KEY: keys.publicKey,
      LOG_LEVEL: 'silent',
      HIRE_URL: hireUrl,
      IDENTITY_URL: hireUrl,
      SHELL_DIST: path.join(dir, 'shell', 'dist'),
      REMOTES_ROOT: dir,
      PUBLIC_URL: 'https://afyahr.example',
    }),
    { revocations: { isRevoked: () => false, isCurrent: () => true } },
  );
});

afterAll(async () => {
  await gateway?.close();
  await hire?.close();
  rmSync(dir, { recursive: true, force: true });
});

describe('body limits per route', () => {
  const body = (bytes: number) => Buffer.alloc(bytes, 0x25);
  const put = (url: string, bytes: number, method: 'PUT' | 'POST' = 'PUT') =>
    gateway.inject({ method, url, headers: { 'content-type': 'application/pdf' }, payload: body(bytes) });

  it('lets a 5 MB body through to the declared upload route only', async () => {
    received.length = 0;
    const ok = await put('/api/cv?name=cv.pdf', 5 * 1024 * 1024);
    expect(ok.statusCode).toBe(200);
    expect(received).toEqual([{ url: '/api/cv?name=cv.pdf', bytes: 5 * 1024 * 1024 }]);
    const over = await put('/api/cv', 5 * 1024 * 1024 + 1);
    expect(over.statusCode).toBe(413);
    expect(over.json().code).toBe('request.too_large');
  });

  it.each([
    ['another route of the same service', '/api/cv/file'],
    ['the upload path with another method', '/api/cv'],
    ['a job', '/api/job/add'],
    ['another service', '/api/user/register'],
  ])('keeps the 1 MB default on %s', async (_name, url) => {
    received.length = 0;
    const res = await put(url, 1024 * 1024 + 1, 'POST');
    expect(res.statusCode).toBe(413);
    expect(received).toEqual([]);
    expect((await put(url, 1024, 'POST')).statusCode).toBe(200);
  });

  it('gives oddly spelt paths to the upload route no larger limit', async () => {
    for (const url of ['/api/%63v', '/api//cv', '/API/cv']) {
      received.length = 0;
      const res = await put(url, 2 * 1024 * 1024);
      expect([url, res.statusCode >= 400]).toEqual([url, true]);
      expect(received).toEqual([]);
    }
  });
});

describe('link previews of page routes', () => {
  it('puts the job, escaped, into the HTML a crawler gets', async () => {
    const res = await gateway.inject(`/hire/${JOB}`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/html/);
    const html = res.body;
    const title = 'Nurse &quot;&gt;&lt;script&gt;alert(1)&lt;/script&gt; &amp; $&amp; co';
    expect(html).toContain(`<meta property="og:title" content="${title}" />`);
    expect(html).toContain(`<title>${title} | AfyaHR</title>`);
    expect(html).toContain(
      '<meta property="og:description" content="Nakuru &quot;&gt;&lt;script&gt;alert(1)&lt;/script&gt;" />',
    );
    expect(html).toContain(`<meta property="og:url" content="https://afyahr.example/hire/${JOB}" />`);
    expect(html).toContain('<meta property="og:type" content="website" />');
    expect(html).toContain('<meta property="og:site_name" content="AfyaHR" />');
    expect(html).toContain('<meta name="twitter:card" content="summary" />');
    expect(html).not.toContain('<script>');
    // One title and one description: the defaults were replaced, not doubled.
    expect(html.match(/<title>/g)).toHaveLength(1);
    expect(html).not.toContain('AfyaHR default');
    expect(html).toContain('<div id="root"></div>');
  });

  it('asks the service once within the cache time', async () => {
    const before = previewCalls;
    await gateway.inject(`/hire/${JOB}`);
    await gateway.inject(`/hire/${JOB}`);
    expect(previewCalls - before).toBeLessThanOrEqual(1);
  });

  it.each([
    ['an unknown job', '/hire/3f1c2a9e-1111-4a2b-8c3d-0000000000ff'],
    ['a service error', `/hire/${BROKEN}`],
    ['a slow service', `/hire/${SLOW}`],
    ['a page without previews', '/hire'],
    ['a path the pattern refuses', '/hire/a%22b'],
  ])('serves the plain shell for %s', async (_name, url) => {
    const started = Date.now();
    const res = await gateway.inject(url);
    expect(res.statusCode).toBe(200);
    // The shell's own title and description, no preview tags (the page's other decoration aside).
    expect(res.body).toContain('<title>AfyaHR</title>');
    expect(res.body).toContain('<meta name="description" content="AfyaHR default" />');
    expect(res.body).not.toContain('og:');
    expect(Date.now() - started).toBeLessThan(2500);
  });
});
