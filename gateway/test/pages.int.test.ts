// How the gateway delivers pages and built files: the decorated shell, precompressed files by the
// browser's Accept-Encoding, and cache headers.
import { mkdtempSync, mkdirSync, readFileSync, writeFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import {
  constants as zlibConstants,
  brotliCompressSync,
  brotliDecompressSync,
  gunzipSync,
  gzipSync,
} from 'node:zlib';
import { generateKeyPair } from '@platform/testing';
import type { App } from '@platform/service-kit';
import { readConfig } from '../src/config';
import { buildApp } from '../src/app';

const keys = generateKeyPair();
let gateway: App;
let dir: string;

const CHUNK = `/* a hashed chunk */ ${'export const nurse = "Registered Nurse";\n'.repeat(200)}`;
const EXPOSE = '__federation_expose_routes.0123abcdef.js';

beforeAll(async () => {
  dir = mkdtempSync(path.join(tmpdir(), 'gateway-pages-'));
  const shell = path.join(dir, 'shell', 'dist');
  mkdirSync(shell, { recursive: true });
  writeFileSync(
    path.join(shell, 'index.html'),
    '<!doctype html><html><head><title>AfyaHR</title></head><body><div id="root"></div></body></html>',
  );
  // As the build writes them: the file, and beside it its Brotli and gzip forms.
  writeFileSync(path.join(shell, 'main.0123abcdef.js'), CHUNK);
  writeFileSync(
    path.join(shell, 'main.0123abcdef.js.br'),
    brotliCompressSync(CHUNK, { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 11 } }),
  );
  writeFileSync(path.join(shell, 'main.0123abcdef.js.gz'), gzipSync(CHUNK, { level: 9 }));
  writeFileSync(
    path.join(shell, 'start-assets.json'),
    JSON.stringify({
      js: ['/470.0123abcdef.js', 'javascript:alert(1)', '/a b.js'],
      css: ['/905.0123abcdef.css'],
    }),
  );
  const hire = path.join(dir, 'mf-hire', 'dist');
  mkdirSync(hire, { recursive: true });
  writeFileSync(path.join(hire, 'remoteEntry.js'), CHUNK);
  writeFileSync(path.join(hire, 'remoteEntry.js.br'), brotliCompressSync(CHUNK));
  writeFileSync(path.join(hire, EXPOSE), 'export default [];');
  writeFileSync(
    path.join(hire, 'mf-manifest.json'),
    JSON.stringify({
      exposes: [
        {
          path: './routes',
          assets: {
            js: { sync: [EXPOSE, '../../etc/passwd'], async: ['1.aaaaaaaaaa.js'] },
            css: { sync: [], async: [] },
          },
        },
      ],
    }),
  );
  gateway = await buildApp(
    readConfig({
      JWT_PUBLIC_KEY: keys.publicKey,
      LOG_LEVEL: 'silent',
      SHELL_DIST: shell,
      REMOTES_ROOT: dir,
      // Never called: a page's first data is preloaded by the browser, not fetched by the gateway.
      HIRE_URL: 'http://127.0.0.1:9',
    }),
    { revocations: { isRevoked: () => false, isCurrent: () => true } },
  );
});

afterAll(async () => {
  await gateway?.close();
  rmSync(dir, { recursive: true, force: true });
});

describe('precompressed files', () => {
  const get = (url: string, acceptEncoding?: string) =>
    gateway.inject({ url, headers: acceptEncoding ? { 'accept-encoding': acceptEncoding } : {} });

  it('sends the Brotli file to a browser that accepts it, cached for good', async () => {
    const res = await get('/main.0123abcdef.js', 'gzip, deflate, br');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers['content-type']).toMatch(/javascript/);
    expect(res.headers['vary']).toMatch(/accept-encoding/i);
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(brotliDecompressSync(res.rawPayload).toString()).toBe(CHUNK);
    // The build's file as it is, not compressed again per request.
    expect(
      res.rawPayload.equals(readFileSync(path.join(dir, 'shell', 'dist', 'main.0123abcdef.js.br'))),
    ).toBe(true);
  });

  it('sends the gzip file to a browser that accepts only gzip', async () => {
    const res = await get('/main.0123abcdef.js', 'gzip');
    expect(res.headers['content-encoding']).toBe('gzip');
    expect(res.headers['cache-control']).toContain('immutable');
    expect(gunzipSync(res.rawPayload).toString()).toBe(CHUNK);
    expect(
      res.rawPayload.equals(readFileSync(path.join(dir, 'shell', 'dist', 'main.0123abcdef.js.gz'))),
    ).toBe(true);
  });

  it('sends the plain file when no encoding is accepted', async () => {
    const res = await get('/main.0123abcdef.js');
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(res.body).toBe(CHUNK);
  });

  it('keeps a remote entry re-checked on every load, compressed or not', async () => {
    const br = await get('/mf/mf-hire/remoteEntry.js', 'br');
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['cache-control']).toBe('no-cache');
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(CHUNK);
    // No .gz beside this one: compressed on the fly instead.
    const gz = await get('/mf/mf-hire/remoteEntry.js', 'gzip');
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.rawPayload).toString()).toBe(CHUNK);
  });
});

describe('pages', () => {
  it("inlines the remotes manifest and preloads the route's remote files", async () => {
    const res = await gateway.inject('/hire/some-job');
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-cache');
    const manifest = /<script type="application\/json" id="afya-remotes">(.*?)<\/script>/.exec(res.body);
    expect(JSON.parse(manifest![1]!).remotes).toEqual([
      expect.objectContaining({ name: 'mf_hire', entry: '/mf/mf-hire/remoteEntry.js' }),
    ]);
    expect(res.body).toContain('<link rel="preload" as="script" href="/mf/mf-hire/remoteEntry.js" />');
    expect(res.body).toContain(`<link rel="preload" as="script" href="/mf/mf-hire/${EXPOSE}" />`);
    // The shell's start-up files from its build, first.
    expect(res.body).toContain(
      '<link rel="preload" as="style" href="/905.0123abcdef.css" /><link rel="preload" as="script" href="/470.0123abcdef.js" /><link rel="preload" as="script" href="/mf/mf-hire/remoteEntry.js" />',
    );
    expect(res.body).not.toContain('alert(1)');
    expect(res.body).not.toContain('a b.js');
    // Only the routes module's own files, and only plain file names from the build's manifest.
    expect(res.body).not.toContain('1.aaaaaaaaaa.js');
    expect(res.body).not.toContain('passwd');
    // The CSP stays strict: the inlined JSON is never executed, so no inline script is allowed.
    expect(res.headers['content-security-policy']).toMatch(/script-src 'self';/);
  });

  it("asks the browser for the first screen's data with the page, as the module declares it", async () => {
    const preloads = (body: string) =>
      [...body.matchAll(/<link rel="preload" as="fetch" crossorigin="anonymous" href="([^"]*)" \/>/g)].map(
        (m) => m[1],
      );
    expect(preloads((await gateway.inject('/hire')).body)).toEqual(['/api/job/get?limit=10']);
    expect(preloads((await gateway.inject('/hire/0fa5f03a-2fe5')).body)).toEqual(['/api/job/0fa5f03a-2fe5']);
    // Filters in the URL: the page asks for something else.
    expect(preloads((await gateway.inject('/hire?title=nurse')).body)).toEqual([]);
    expect(preloads((await gateway.inject('/hire/a/b')).body)).toEqual([]);
    expect(preloads((await gateway.inject('/')).body)).toEqual([]);
  });

  it("preloads only the shell's files for a page no remote serves", async () => {
    const res = await gateway.inject('/nowhere');
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('id="afya-remotes"');
    expect(res.body).not.toContain('href="/mf/mf-hire/remoteEntry.js"');
    expect(res.body).toContain('<link rel="preload" as="script" href="/470.0123abcdef.js" />');
  });
});
