/**
 * The build's last step (root `npm run build`): the HTML of every page a remote lists in
 * `remote.prerender`, for a visitor who is not signed in, in each language, with and without the cookie
 * banner, written to shell/dist/prerendered/ with the stamps of the builds it was made from
 * (gateway/src/prerendered.ts serves it while they still match).
 *
 * The pages are rendered by the built site itself, served by the real gateway, in headless Chromium:
 * the shell's prerender mode renders the page with React's server renderer (the markup `hydrateRoot`
 * expects) once every lazy page and translation has arrived, then renders it normally, which sets the
 * page's title and description. Without a browser (CHROMIUM_PATH) the step logs why and skips: the
 * gateway then serves the plain shell.
 *   npm run build   (or, after it: npx tsx scripts/prerender.ts)
 */
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { chromium, type Browser, type Page } from '@playwright/test';
import { PAGE_COOKIES } from '@platform/contracts/values';
import { InMemoryEventBus } from '@platform/event-bus';
import { loadModules } from '@platform/modules';
import { FollowedRevocations } from '@platform/service-kit';
import { CHROMIUM_ARGS, chromiumPath, generateKeyPair } from '@platform/testing';
import { buildApp } from '../gateway/src/app';
import { readConfig } from '../gateway/src/config';
import { remotesManifest } from '../gateway/src/remotes';
import {
  isPattern,
  manifestStamp,
  PATTERN_PLACEHOLDER,
  prerenderedFile,
  sha256,
  shellStamp,
  PRERENDERED_DIR,
  PRERENDERED_INDEX,
  type PrerenderedIndex,
} from '../gateway/src/prerendered';
import { pageHtml } from './prerender-html';

const LANGUAGES = ['en', 'sw', 'fr'] as const;
type Language = (typeof LANGUAGES)[number];
const root = path.resolve(__dirname, '..');
const shellDist = path.join(root, 'shell', 'dist');
const outDir = path.join(shellDist, PRERENDERED_DIR);
const log = (text: string) => console.log(`prerender: ${text}`);
/** The shell's prerender mode (shell/src/bootstrap.tsx). */
type PrerenderWindow = Window & { __AFYA_PRERENDER__?: boolean; __AFYA_PRERENDERED__?: string };

/**
 * A tab as a visitor who is not signed in: in `language`, with the cookie banner answered or not. The
 * prerender flag makes the shell render the page's HTML (React's server renderer) and nothing else.
 */
async function visit<T>(
  browser: Browser,
  url: string,
  visitor: { language: Language; consented: boolean; prerender: boolean },
  read: (tab: Page) => Promise<T>,
): Promise<T> {
  const context = await browser.newContext({
    locale: visitor.language,
    viewport: { width: 360, height: 800 },
  });
  try {
    await context.addInitScript((v) => {
      if (v.prerender) (window as PrerenderWindow).__AFYA_PRERENDER__ = true;
      localStorage.setItem('afya.language', JSON.stringify({ state: { language: v.language }, version: 0 }));
      if (v.consented) localStorage.setItem('afya.cookieConsent', 'accepted');
    }, visitor);
    if (visitor.consented) await context.addCookies([{ name: PAGE_COOKIES.consent, value: 'accepted', url }]);
    const tab = await context.newPage();
    const errors: string[] = [];
    // No service runs while pages are prerendered: a page's own data call failing (the landing page asks for
    // the admin's content blocks once it is on screen) is expected and changes no markup. Any other error fails.
    const apiCall = (m: { location(): { url: string } }) =>
      new URL(m.location().url || 'about:blank').pathname.startsWith('/api/');
    tab.on('console', (m) => m.type() === 'error' && !apiCall(m) && errors.push(m.text()));
    tab.on('pageerror', (e) => errors.push(e.message));
    const what = `${new URL(url).pathname} (${visitor.language})`;
    const result = await (async () => {
      await tab.goto(url);
      return read(tab);
    })().catch((err: Error) => {
      throw new Error(`${what}: ${err.message}\n  ${errors.join('\n  ')}`);
    });
    if (errors.length > 0) throw new Error(`${what} logged errors:\n  ${errors.join('\n  ')}`);
    return result;
  } finally {
    await context.close();
  }
}

/** The page's markup, as the shell's prerender mode leaves it. */
async function markupOf(tab: Page, item: boolean): Promise<string> {
  const handle = await tab.waitForFunction(
    () => (window as PrerenderWindow).__AFYA_PRERENDERED__,
    undefined,
    {
      timeout: 30_000,
    },
  );
  const body = (await handle.jsonValue()) as string;
  // An item's page shows its heading once the item has loaded: the layout's main region, then.
  if (!body.includes(item ? 'id="main"' : '<h1')) throw new Error('rendered no heading');
  return body;
}

/**
 * The page's title and description, which its effects set once it has rendered normally, and the
 * stylesheets it then uses (the shell's and the remote's CSS are loaded by their scripts, so without
 * them in the head the HTML would paint unstyled and jump when they arrive).
 */
async function metaOf(
  tab: Page,
  item: boolean,
): Promise<{ title: string; description: string; styles: string[] }> {
  // An item's page never loads its item here (no service runs): it has settled once nothing more arrives.
  if (item) await tab.waitForLoadState('networkidle', { timeout: 30_000 });
  else await tab.locator('#main h1').first().waitFor({ timeout: 30_000 });
  await tab.evaluate(() => new Promise((done) => requestAnimationFrame(() => setTimeout(done, 0))));
  return tab.evaluate(() => ({
    title: document.title,
    description: document.querySelector<HTMLMetaElement>('meta[name="description"]')?.content ?? '',
    styles: [...document.querySelectorAll<HTMLLinkElement>('link[rel="stylesheet"]')]
      .map((link) => new URL(link.href))
      .filter((url) => url.origin === location.origin)
      .map((url) => url.pathname),
  }));
}

/** Runs `work` over `items`, `width` at a time (the build machine may have two cores). */
async function inParallel<T>(items: T[], width: number, work: (item: T) => Promise<void>) {
  const queue = [...items];
  await Promise.all(
    Array.from({ length: width }, async () => {
      for (let item = queue.shift(); item; item = queue.shift()) await work(item);
    }),
  );
}

async function main() {
  // Whatever happens next, no page from an earlier build is left to be served.
  rmSync(outDir, { recursive: true, force: true });
  const templateFile = path.join(shellDist, 'index.html');
  if (!existsSync(templateFile)) return log('skipped: the shell is not built');
  if (!existsSync(chromiumPath()))
    return log(`skipped: no Chromium at ${chromiumPath()} (set CHROMIUM_PATH); the plain shell is served`);

  const config = readConfig({
    JWT_PUBLIC_KEY: generateKeyPair().publicKey,
    LOG_LEVEL: 'silent',
    RATE_LIMIT_PER_MINUTE: '100000',
    SHELL_DIST: shellDist,
    REMOTES_ROOT: root,
    MODULES_ROOT: root,
  });
  const jobs = loadModules(root).flatMap((m) => {
    const remote = m.remote;
    if (!remote?.prerender) return [];
    const entry = path.join(root, remote.folder, 'dist', 'remoteEntry.js');
    if (!existsSync(entry)) {
      log(`skipped ${remote.folder}: not built`);
      return [];
    }
    return remote.prerender.map((page) => ({ page, folder: remote.folder, entry }));
  });
  if (jobs.length === 0) return log('nothing to prerender');

  // Static files only: no token is checked, so an empty in-memory bus stands in for NATS.
  const revocations = new FollowedRevocations(new InMemoryEventBus());
  await revocations.start();
  const gateway = await buildApp(config, { revocations });
  const base = await gateway.listen({ port: 0, host: '127.0.0.1' });
  const browser = await chromium.launch({
    executablePath: chromiumPath(),
    headless: true,
    args: CHROMIUM_ARGS,
  });
  const started = Date.now();
  try {
    const template = readFileSync(templateFile, 'utf8');
    const index: PrerenderedIndex = {
      shell: shellStamp(shellDist),
      manifest: manifestStamp(remotesManifest(config.modules, config.REMOTES_MANIFEST, config.REMOTES_ROOT)),
      pages: {},
    };
    mkdirSync(outDir, { recursive: true });
    const variants = jobs.flatMap((job) => LANGUAGES.map((language) => ({ ...job, language })));
    await inParallel(variants, 2, async ({ page, language }) => {
      const item = isPattern(page);
      const url = `${base}${page.replace(/:[a-zA-Z]+/g, PATTERN_PLACEHOLDER)}`;
      const meta = await visit(browser, url, { language, consented: false, prerender: false }, (tab) =>
        metaOf(tab, item),
      );
      for (const consented of [false, true]) {
        const body = await visit(browser, url, { language, consented, prerender: true }, (tab) =>
          markupOf(tab, item),
        );
        const file = path.join(shellDist, prerenderedFile(page, language, consented));
        writeFileSync(file, pageHtml(template, page, language, { body, ...meta }));
      }
    });
    for (const { page, folder, entry } of jobs)
      index.pages[page] = {
        remote: folder,
        remoteEntry: sha256(readFileSync(entry)),
        languages: [...LANGUAGES],
      };
    // Written last: the gateway serves no page before all of them are there.
    writeFileSync(path.join(outDir, PRERENDERED_INDEX), JSON.stringify(index, null, 2));
    log(
      `${variants.length * 2} pages in ${((Date.now() - started) / 1000).toFixed(1)} s: ${jobs.map((j) => j.page).join(' ')}`,
    );
  } finally {
    await browser.close();
    await gateway.close();
  }
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
