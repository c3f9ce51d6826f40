/**
 * The build's last step (root `npm run build`; `npm start` and `npm test` run it when its inputs changed,
 * scripts/build-pages.ts): the HTML of every page a remote lists in `remote.prerender`, for a visitor who
 * is not signed in, in each language, with and without the cookie banner, written to
 * shell/dist/prerendered/ with the stamps of the builds it was made from (gateway/src/prerendered.ts
 * serves it while they still match).
 *
 * Rendered in Node with React's server renderer, no browser: the shell's `dist-server/pages.js` renders
 * the site around each remote's page module (its `dist-server/pages.js`, the same code as its `./routes`),
 * with the markup `hydrateRoot` expects. Run under tsx: those files leave React, the router and the
 * platform's packages to Node, which loads the packages' TypeScript through tsx.
 *   npx tsx scripts/prerender/prerender.ts
 */
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { RemotesManifest } from '@platform/contracts';
import { loadModules } from '@platform/modules';
import { remotesManifest } from '../../gateway/src/remotes';
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
} from '../../gateway/src/prerendered';
import { pageHtml, templateMeta } from './prerender-html';
import { pageStyles } from './page-styles';
import { prerenderInputs, writePrerenderedStamp } from './stamp';

const LANGUAGES = ['en', 'sw', 'fr'] as const;
type Language = (typeof LANGUAGES)[number];
const root = path.resolve(__dirname, '..', '..');
const shellDist = path.join(root, 'shell', 'dist');
const outDir = path.join(shellDist, PRERENDERED_DIR);
const SERVER_PAGES = path.join('dist-server', 'pages.js');
const log = (text: string) => console.log(`prerender: ${text}`);

/** shell/src/server-page.tsx */
interface ShellRenderer {
  renderPage(request: {
    path: string;
    language: Language;
    consented: boolean;
    manifest: RemotesManifest;
    routes: Record<string, unknown>;
  }): Promise<{ body: string; title?: string; description?: string }>;
}

async function main() {
  // Whatever happens next, no page from an earlier build is left to be served.
  rmSync(outDir, { recursive: true, force: true });
  const templateFile = path.join(shellDist, 'index.html');
  const shellRenderer = path.join(root, 'shell', SERVER_PAGES);
  if (!existsSync(templateFile) || !existsSync(shellRenderer)) return log('skipped: the shell is not built');

  const modules = loadModules(root);
  const manifest = remotesManifest(modules, undefined, root);
  const jobs = modules.flatMap((m) => {
    const remote = m.remote;
    if (!remote?.prerender) return [];
    const entry = path.join(root, remote.folder, 'dist', 'remoteEntry.js');
    const pages = path.join(root, remote.folder, SERVER_PAGES);
    if (!existsSync(entry)) {
      log(`skipped ${remote.folder}: not built`);
      return [];
    }
    if (!existsSync(pages)) {
      log(
        `skipped ${remote.folder}: its build writes no ${SERVER_PAGES} (\`pages\` in its federation.config.ts)`,
      );
      return [];
    }
    return remote.prerender.map((page) => ({ page, remote, entry, pages }));
  });
  if (jobs.length === 0) return log('nothing to prerender');
  // Taken before anything is read: a build replaced meanwhile leaves the pages stale.
  const inputs = prerenderInputs(root)!;

  // React's production build, as the browser runs it (set before anything loads React).
  process.env.NODE_ENV = 'production';
  const started = Date.now();
  /* eslint-disable @typescript-eslint/no-require-imports -- built files, loaded once they are known to exist */
  const shell = require(shellRenderer) as ShellRenderer;
  const routes = Object.fromEntries(
    jobs.map((job) => [job.remote.name, (require(job.pages) as { default: unknown }).default]),
  );
  /* eslint-enable @typescript-eslint/no-require-imports */
  const template = readFileSync(templateFile, 'utf8');
  const fallback = templateMeta(template);
  const index: PrerenderedIndex = {
    shell: shellStamp(shellDist),
    manifest: manifestStamp(manifest),
    pages: {},
  };
  mkdirSync(outDir, { recursive: true });
  let count = 0;
  for (const { page, remote } of jobs) {
    const item = isPattern(page);
    const address = page.replace(/:[a-zA-Z]+/g, PATTERN_PLACEHOLDER);
    const styles = pageStyles(root, remote.folder);
    for (const language of LANGUAGES)
      for (const consented of [false, true]) {
        const what = `${address} (${language}${consented ? ', banner answered' : ''})`;
        const rendered = await shell
          .renderPage({ path: address, language, consented, manifest, routes })
          .catch((err: Error) => {
            throw new Error(`${what}: ${err.stack ?? err.message}`);
          });
        // An item's page shows its heading once the item has loaded: the layout's main region, then.
        if (!rendered.body.includes(item ? 'id="main"' : '<h1'))
          throw new Error(`${what}: rendered no heading`);
        // An item's page names itself once its item has loaded: until then, the site's own title.
        const title = rendered.title ?? fallback.title;
        const description = rendered.description ?? fallback.description;
        const file = path.join(shellDist, prerenderedFile(page, language, consented));
        writeFileSync(
          file,
          pageHtml(template, page, language, { body: rendered.body, title, description, styles }),
        );
        count++;
      }
  }
  for (const { page, remote, entry } of jobs)
    index.pages[page] = {
      remote: remote.folder,
      remoteEntry: sha256(readFileSync(entry)),
      languages: [...LANGUAGES],
    };
  // Written last: the gateway serves no page before all of them are there.
  writeFileSync(path.join(outDir, PRERENDERED_INDEX), JSON.stringify(index, null, 2));
  writePrerenderedStamp(root, inputs);
  log(
    `${count} pages in ${((Date.now() - started) / 1000).toFixed(1)} s: ${jobs.map((j) => j.page).join(' ')}`,
  );
}

main().then(
  // The renderers' modules (a query client, stores) may keep timers: the work is done.
  () => process.exit(0),
  (err: unknown) => {
    console.error(err);
    process.exit(1);
  },
);
