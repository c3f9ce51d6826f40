import { mkdtempSync, mkdirSync, writeFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { generateKeyPair } from '@platform/testing';
import type { App } from '@platform/service-kit';
import { readConfig } from '../src/config';
import { buildApp } from '../src/app';
import { remotesManifest } from '../src/remotes';
import {
  manifestStamp,
  prerenderedFile,
  sha256,
  shellStamp,
  PRERENDERED_DIR,
  PRERENDERED_INDEX,
  type PrerenderedIndex,
} from '../src/prerendered';

// A built site in a folder: the shell, mf-core, and pages prerendered from exactly these builds.
let dir: string;
let gateway: App;
const SHELL =
  '<!doctype html><html lang=en><title>AfyaHR</title><div id=root></div><script defer src=/main.js></script>';
const shellDist = () => path.join(dir, 'shell', 'dist');
const write = (file: string, text: string) => {
  mkdirSync(path.dirname(file), { recursive: true });
  writeFileSync(file, text);
};

function writePages(overrides: Partial<PrerenderedIndex> = {}) {
  const config = readConfig({ JWT_PUBLIC_KEY: 'x', SHELL_DIST: shellDist(), REMOTES_ROOT: dir });
  const index: PrerenderedIndex = {
    shell: shellStamp(shellDist()),
    manifest: manifestStamp(remotesManifest(config.modules, undefined, dir)),
    pages: {
      '/': { remote: 'mf-core', remoteEntry: sha256('var mf_core;'), languages: ['en', 'sw', 'fr'] },
      '/pricing': { remote: 'mf-core', remoteEntry: sha256('var mf_core;'), languages: ['en', 'sw', 'fr'] },
    },
    ...overrides,
  };
  write(path.join(shellDist(), PRERENDERED_DIR, PRERENDERED_INDEX), JSON.stringify(index));
  for (const page of Object.keys(index.pages))
    for (const lang of ['en', 'sw', 'fr'] as const)
      for (const consented of [false, true])
        write(
          path.join(shellDist(), prerenderedFile(page, lang, consented)),
          `<!doctype html><html lang="${lang}"><h1>${page} ${lang}${consented ? ' consented' : ''}</h1>`,
        );
}

beforeEach(async () => {
  dir = mkdtempSync(path.join(tmpdir(), 'gateway-prerendered-'));
  write(path.join(shellDist(), 'index.html'), SHELL);
  write(path.join(shellDist(), 'main.js'), 'start();');
  write(path.join(dir, 'mf-core', 'dist', 'remoteEntry.js'), 'var mf_core;');
  writePages();
  gateway = await buildApp(
    readConfig({
      JWT_PUBLIC_KEY: generateKeyPair().publicKey,
      LOG_LEVEL: 'silent',
      SHELL_DIST: shellDist(),
      REMOTES_ROOT: dir,
    }),
    { revocations: { isRevoked: () => false, isCurrent: () => true } },
  );
});

afterEach(async () => {
  await gateway?.close();
  rmSync(dir, { recursive: true, force: true });
});

const get = (url: string, headers: Record<string, string> = {}) => gateway.inject({ url, headers });

it('serves a prerendered page in English by default, saying which headers chose it', async () => {
  const res = await get('/');
  expect(res.statusCode).toBe(200);
  expect(res.headers['content-type']).toMatch(/^text\/html/);
  expect(res.body).toContain('<h1>/ en</h1>');
  expect(res.headers.vary).toMatch(/cookie/i);
  expect(res.headers['cache-control']).toBe('no-cache');
});

it('picks the language the shell remembered, else the browser’s first language', async () => {
  expect((await get('/pricing', { cookie: 'x=1; afya.lang=sw' })).body).toContain('<h1>/pricing sw</h1>');
  expect((await get('/', { 'accept-language': 'fr-FR,fr;q=0.9,en;q=0.5' })).body).toContain('<h1>/ fr</h1>');
  // The remembered choice wins over the browser's; an unknown value falls back.
  expect((await get('/', { cookie: 'afya.lang=sw', 'accept-language': 'fr' })).body).toContain(
    '<h1>/ sw</h1>',
  );
  expect((await get('/', { cookie: 'afya.lang=de', 'accept-language': 'de-DE' })).body).toContain(
    '<h1>/ en</h1>',
  );
});

it('serves the page without the cookie banner to a visitor who already answered it', async () => {
  const res = await get('/', { cookie: 'afya.consent=accepted; afya.lang=fr' });
  expect(res.body).toContain('<h1>/ fr consented</h1>');
});

it('serves the plain shell for a page nobody prerendered', async () => {
  for (const url of ['/login', '/hire/123', '/nowhere']) {
    const res = await get(url, { cookie: 'afya.lang=sw' });
    expect(res.statusCode).toBe(200);
    expect(res.body).toBe(SHELL);
  }
});

it('serves the plain shell once the owning remote is redeployed', async () => {
  write(path.join(dir, 'mf-core', 'dist', 'remoteEntry.js'), 'var mf_core; /* v2 */');
  expect((await get('/')).body).toBe(SHELL);
});

it('serves the plain shell once the shell is rebuilt, even when only its entry script changed', async () => {
  write(path.join(shellDist(), 'main.js'), 'start(); // v2');
  expect((await get('/')).body).toBe(SHELL);
  write(path.join(shellDist(), 'index.html'), SHELL.replace('AfyaHR', 'AfyaHR v2'));
  expect((await get('/')).body).toContain('AfyaHR v2');
  expect((await get('/')).body).not.toContain('<h1>');
});

it("serves the plain shell once the shell's start.js changes (the prerendered pages load it)", async () => {
  write(path.join(shellDist(), 'start.js'), 'load(); // v1');
  writePages();
  expect((await get('/')).body).toContain('<h1>/ en</h1>');
  write(path.join(shellDist(), 'start.js'), 'load(); // v2, rebuilt');
  expect((await get('/')).body).toBe(SHELL);
});

it('serves the plain shell once another remote joins the site (its links were not in the navbar)', async () => {
  write(path.join(dir, 'mf-hire', 'dist', 'remoteEntry.js'), 'var mf_hire;');
  expect((await get('/')).body).toBe(SHELL);
});

it('serves the plain shell for a language the build did not render, and for a broken index', async () => {
  writePages({
    pages: { '/': { remote: 'mf-core', remoteEntry: sha256('var mf_core;'), languages: ['en'] } },
  });
  expect((await get('/', { cookie: 'afya.lang=sw' })).body).toBe(SHELL);
  expect((await get('/')).body).toContain('<h1>/ en</h1>');
  write(path.join(shellDist(), PRERENDERED_DIR, PRERENDERED_INDEX), '{ not json');
  expect((await get('/')).body).toBe(SHELL);
});

describe('a page that loads data, and an item route', () => {
  const hire = {
    remote: 'mf-hire',
    remoteEntry: sha256('var mf_hire;'),
    languages: ['en', 'sw', 'fr'] as const,
  };
  beforeEach(() => {
    write(path.join(dir, 'mf-hire', 'dist', 'remoteEntry.js'), 'var mf_hire;');
    writePages({
      pages: {
        '/hire': { ...hire, languages: [...hire.languages] },
        '/hire/:id': { ...hire, languages: [...hire.languages] },
      },
    });
  });

  it('serves the board prerendered as it stands while its jobs load, for its bare URL only', async () => {
    expect((await get('/hire')).body).toContain('<h1>/hire en</h1>');
    // A query asks for another first screen (the board's filters): the shell renders that one.
    expect((await get('/hire?title=nurse')).body).toBe(SHELL);
  });

  it("serves an item route's page for every path it matches, and only those", async () => {
    const job = '0fa5f03a-2fe5-4a42-9187-527e86f47de5';
    expect((await get(`/hire/${job}`, { cookie: 'afya.lang=fr' })).body).toContain('<h1>/hire/:id fr</h1>');
    expect((await get(`/hire/${job}/`)).body).toContain('<h1>/hire/:id en</h1>');
    expect((await get(`/hire/${job}?apply=${job}`)).body).toBe(SHELL);
    for (const url of [`/hire/${job}/applicants`, '/hire/a~b', `/hire/${'x'.repeat(101)}`])
      expect((await get(url)).body).toBe(SHELL);
  });
});
