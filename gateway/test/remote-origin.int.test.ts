import { createServer, type Server } from 'node:http';
import { mkdtempSync, mkdirSync, writeFileSync, rmSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync } from 'node:zlib';
import { eventually, generateKeyPair } from '@platform/testing';
import type { App } from '@platform/service-kit';
import { readConfig } from '../src/config';
import { buildApp } from '../src/app';

/**
 * A remote served by a static origin of its own (its image, MF_HIRE_URL), the others from the gateway's disk:
 * the browser asks the gateway for /mf/mf-hire/... as before, and gets the same caching and security headers.
 */
const keys = generateKeyPair();
const ENTRY = 'var mf_hire = "from its own origin";';
const CHUNK = `export const rows = "${'job '.repeat(400)}";`;
const HASHED = '/routes.0123abcdef.js';

/** The remote's build as nginx serves it (docker/remote.nginx.conf): .br beside a file, an ETag, its own headers. */
const files: Record<string, string> = {
  '/remoteEntry.js': ENTRY,
  [HASHED]: CHUNK,
  '/mf-manifest.json': JSON.stringify({
    exposes: [{ path: './routes', assets: { js: { sync: [HASHED.slice(1)] }, css: { sync: [] } } }],
  }),
};
const asked: { url: string; headers: Record<string, unknown> }[] = [];
let origin: Server;
let originUrl: string;
let dir: string;
let gateway: App;

function startOrigin(port = 0): Promise<Server> {
  const server = createServer((req, res) => {
    asked.push({ url: req.url!, headers: req.headers });
    const body = files[req.url!];
    // What the gateway must not pass on: the origin's own caching, and headers of its own.
    res.setHeader('cache-control', 'max-age=5');
    res.setHeader('x-powered-by', 'static-origin');
    res.setHeader('content-security-policy', 'default-src *');
    res.setHeader('set-cookie', 'origin=1');
    if (body === undefined) {
      res.writeHead(404, { 'content-type': 'text/html' }).end('<h1>404</h1>');
      return;
    }
    const etag = `"${body.length}"`;
    if (req.headers['if-none-match'] === etag) {
      res.writeHead(304, { etag }).end();
      return;
    }
    const type = req.url!.endsWith('.json') ? 'application/json' : 'application/javascript';
    const br = /\bbr\b/.test(String(req.headers['accept-encoding'] ?? '')) && req.url === HASHED;
    const sent = br ? brotliCompressSync(body) : Buffer.from(body);
    res.writeHead(200, {
      'content-type': type,
      'content-length': sent.length,
      etag,
      vary: 'Accept-Encoding',
      ...(br ? { 'content-encoding': 'br' } : {}),
    });
    res.end(req.method === 'HEAD' ? undefined : sent);
  });
  return new Promise((resolve) => server.listen(port, '127.0.0.1', () => resolve(server)));
}

beforeAll(async () => {
  origin = await startOrigin();
  originUrl = `http://127.0.0.1:${(origin.address() as AddressInfo).port}`;
  dir = mkdtempSync(path.join(tmpdir(), 'gateway-remote-origin-'));
  const shell = path.join(dir, 'shell', 'dist');
  mkdirSync(shell, { recursive: true });
  writeFileSync(path.join(shell, 'index.html'), '<!doctype html><html><head></head><body></body></html>');
  // mf-core's build on the gateway's disk; mf-hire's nowhere but its origin.
  mkdirSync(path.join(dir, 'mf-core', 'dist'), { recursive: true });
  writeFileSync(path.join(dir, 'mf-core', 'dist', 'remoteEntry.js'), 'var mf_core;');
  gateway = await buildApp(
    readConfig({
      JWT_PUBLIC_KEY: keys.publicKey,
      LOG_LEVEL: 'silent',
      SHELL_DIST: shell,
      REMOTES_ROOT: dir,
      MF_HIRE_URL: originUrl,
      UPSTREAM_TIMEOUT_MS: '2000',
    }),
    { revocations: { isRevoked: () => false, isCurrent: () => true } },
  );
});

afterAll(async () => {
  await gateway?.close();
  origin?.close();
  rmSync(dir, { recursive: true, force: true });
});

const get = (url: string, headers: Record<string, string> = {}) => gateway.inject({ url, headers });

it('lists the remote at the same address, as if its build were on the gateway', async () => {
  const manifest = (await get('/mf/remotes.json')).json() as { remotes: { name: string; entry: string }[] };
  expect(manifest.remotes.map((r) => [r.name, r.entry])).toEqual(
    expect.arrayContaining([
      ['mf_core', '/mf/mf-core/remoteEntry.js'],
      ['mf_hire', '/mf/mf-hire/remoteEntry.js'],
    ]),
  );
});

it("serves the origin's files with the gateway's caching and security headers, never the origin's own", async () => {
  const fromDisk = await get('/mf/mf-core/remoteEntry.js');
  const res = await get('/mf/mf-hire/remoteEntry.js');
  expect(res.statusCode).toBe(200);
  expect(res.body).toBe(ENTRY);
  expect(res.headers['content-type']).toMatch(/javascript/);
  expect(res.headers['cache-control']).toBe('no-cache');
  expect(res.headers['content-security-policy']).toBe(fromDisk.headers['content-security-policy']);
  expect(res.headers['x-content-type-options']).toBe('nosniff');
  expect(res.headers['x-powered-by']).toBeUndefined();
  expect(res.headers['set-cookie']).toBeUndefined();
  // The origin is asked for the file of its build, at its own root.
  expect(asked.some((a) => a.url === '/remoteEntry.js')).toBe(true);
});

it('passes the Brotli file on as the origin sent it, a hashed file cached for good', async () => {
  const res = await get(`/mf/mf-hire${HASHED}`, { 'accept-encoding': 'gzip, br' });
  expect(res.statusCode).toBe(200);
  expect(res.headers['content-encoding']).toBe('br');
  expect(res.headers['vary']).toMatch(/accept-encoding/i);
  expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
  expect(brotliDecompressSync(res.rawPayload).toString()).toBe(CHUNK);
});

it('revalidates through the origin (304), and a missing file is the same 404 as from the disk', async () => {
  const first = await get('/mf/mf-hire/remoteEntry.js');
  const again = await get('/mf/mf-hire/remoteEntry.js', { 'if-none-match': first.headers.etag as string });
  expect(again.statusCode).toBe(304);
  expect(again.body).toBe('');
  const missing = await get('/mf/mf-hire/nothing.js');
  const missingOnDisk = await get('/mf/mf-core/nothing.js');
  expect([missing.statusCode, missingOnDisk.statusCode]).toEqual([404, 404]);
  expect(missing.json()).toEqual({
    success: false,
    message: 'No route for GET /mf/mf-hire/nothing.js.',
    error: 'No route for GET /mf/mf-hire/nothing.js.',
    code: 'request.not_found',
  });
  expect(missingOnDisk.json()).toEqual({
    success: false,
    message: 'No route for GET /mf/mf-core/nothing.js.',
    error: 'No route for GET /mf/mf-core/nothing.js.',
    code: 'request.not_found',
  });
});

it("hints the remote's start files in pages, from the federation manifest its origin serves", async () => {
  const html = await eventually(async () => {
    const page = (await get('/hire')).body;
    return page.includes(`/mf/mf-hire${HASHED}`) ? page : undefined;
  });
  expect(html).toContain('/mf/mf-hire/remoteEntry.js');
});

it("the origin down: a clear 503 for that remote's files alone", async () => {
  await new Promise((resolve) => origin.close(resolve));
  origin.closeAllConnections();
  const res = await get('/mf/mf-hire/remoteEntry.js');
  expect(res.statusCode).toBe(503);
  expect(res.headers['cache-control']).toBe('no-store');
  expect(res.json()).toMatchObject({
    success: false,
    message: 'The Hire pages are temporarily unavailable. Please try again shortly.',
  });
  expect(res.headers['content-security-policy']).toBeDefined();
  // Everything else is served as before.
  expect((await get('/mf/mf-core/remoteEntry.js')).statusCode).toBe(200);
  expect((await get('/hire')).statusCode).toBe(200);
  expect((await get('/mf/remotes.json')).json().remotes).toHaveLength(2);

  // Back up at the same address: served again, without restarting the gateway.
  origin = await startOrigin(Number(new URL(originUrl).port));
  const back = await eventually(async () => {
    const r = await get('/mf/mf-hire/remoteEntry.js');
    return r.statusCode === 200 ? r : undefined;
  });
  expect(back.body).toBe(ENTRY);
});
