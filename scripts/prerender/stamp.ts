import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { inputsStamp } from '@platform/mf-config/src/build-stamp';
import { loadModules } from '@platform/modules';
import { remotesManifest } from '../../gateway/src/remotes';
import {
  manifestStamp,
  PRERENDERED_DIR,
  PRERENDERED_INDEX,
  sha256,
  shellStamp,
  type PrerenderedIndex,
} from '../../gateway/src/prerendered';

/**
 * The input stamp of the prerendered pages: the prerender step writes it with the pages, and
 * `scripts/build-pages.ts` (npm start, npm test) prerenders again only when it no longer matches, so a
 * build made by `npm run build` is not made twice. Kept with the frontends' stamps, never committed.
 */
const stampFile = (root: string) =>
  path.join(root, 'node_modules', '.cache', 'afya-builds', 'prerendered.json');
const shellDist = (root: string) => path.join(root, 'shell', 'dist');

/**
 * What the pages are made from: the shell build, the remotes manifest, each prerenderable remote's entry,
 * the shell's and those remotes' renderers (dist-server/pages.js) and the prerender step's own sources.
 * Undefined while the shell is not built.
 */
export function prerenderInputs(root: string): string | undefined {
  if (!existsSync(path.join(shellDist(root), 'index.html'))) return undefined;
  const modules = loadModules(root);
  const files = [
    path.join(root, 'shell', 'dist-server', 'pages.js'),
    ...modules.flatMap((m) =>
      m.remote?.prerender
        ? ['dist/remoteEntry.js', 'dist-server/pages.js'].map((f) => path.join(root, m.remote!.folder, f))
        : [],
    ),
  ];
  const entries = files
    .filter((f) => existsSync(f))
    .map((f) => `${path.relative(root, f)}:${sha256(readFileSync(f))}`);
  return sha256(
    [
      shellStamp(shellDist(root)),
      manifestStamp(remotesManifest(modules, undefined, root)),
      ...entries,
      inputsStamp(root, __dirname),
    ].join('\n'),
  );
}

/** The pages' index the gateway serves them by, hashed (undefined when there is none, or no page). */
function indexHash(root: string): string | undefined {
  const file = path.join(shellDist(root), PRERENDERED_DIR, PRERENDERED_INDEX);
  if (!existsSync(file)) return undefined;
  const index = JSON.parse(readFileSync(file, 'utf8')) as PrerenderedIndex;
  return Object.keys(index.pages).length > 0 ? sha256(readFileSync(file)) : undefined;
}

/** Whether the pages there were made from the builds there now. */
export function prerenderedUpToDate(root: string): boolean {
  const inputs = prerenderInputs(root);
  const index = indexHash(root);
  if (!inputs || !index) return false;
  try {
    const stamp = JSON.parse(readFileSync(stampFile(root), 'utf8')) as { inputs: string; index: string };
    return stamp.index === index && stamp.inputs === inputs;
  } catch {
    return false;
  }
}

/** Records that the pages now there were made from `inputs` (taken before they were rendered). */
export function writePrerenderedStamp(root: string, inputs: string): void {
  const index = indexHash(root);
  if (!index) return;
  mkdirSync(path.dirname(stampFile(root)), { recursive: true });
  writeFileSync(stampFile(root), JSON.stringify({ inputs, index }));
}
