import { execFileSync } from 'node:child_process';
import { copyFileSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { ModuleDescriptor } from '@platform/contracts';
import { loadModules } from '@platform/modules';
import { remoteNginxConf } from './remote-nginx';

/**
 * The build context of one image: a module's service (`svc-hire`), a module's remote (`mf-hire`) or the
 * gateway. Docker sends a build one folder, and a `.dockerignore` cannot say "this service and the workspaces
 * it depends on", so the context is prepared here, from the workspaces' package.json `dependencies`, and one
 * Dockerfile builds every service's and the gateway's image from it (docker/module.Dockerfile), another
 * every remote's (docker/remote.Dockerfile). What enters an image is then exactly what `imageContext` lists,
 * which scripts/image-context.test.ts checks holds nothing of another module.
 *
 * - the target's folder and every shared package it needs (its `dependencies`, transitively), without tests;
 * - of another module's service it needs (svc-hire imports `@platform/svc-core/contract`), that module's
 *   published contract alone: its package.json and `contract/`;
 * - the gateway: also every module's descriptor (its route table) and the script making the streams and
 *   buckets (the `nats-streams` Job runs in the gateway's image); the shell's build is added by
 *   `prepareImageContext` (built first by `npm run build`), never its sources; each remote has an image of
 *   its own, which the gateway proxies /mf/<folder>/ to (MF_<NAME>_URL);
 * - a remote: its sources (it is built in the image, `npm run build -w mf-hire`) with its devDependencies
 *   (the build's tools, @platform/mf-config), the shared packages it imports, and of its own service and
 *   any other, the published contract alone (the types its pages use); served by nginx (remote-nginx.ts);
 * - the root package.json and package-lock.json, cut down to those workspaces, with tsx (which runs the
 *   TypeScript) as the only root dependency.
 */
export interface ImageContext {
  /** `svc-hire`, `mf-hire` or `gateway`. */
  target: string;
  /** What the image runs: a module's service, a module's remote (its static build), or the gateway. */
  kind: 'service' | 'remote' | 'gateway';
  /** Workspace folders installed in the image, the target first. */
  workspaces: string[];
  /** Of those, other modules' services present by their contract alone. */
  contractsOnly: string[];
  /** Checkout files copied as they are (package.json files and the lockfile are rewritten). */
  files: string[];
}

export const GATEWAY = 'gateway';

/** The scripts the gateway's image carries for the `nats-streams` Job (scripts/nats-streams.ts and its imports). */
const STREAMS_SCRIPTS = [
  'scripts/nats-streams.ts',
  'scripts/nats-accounts.ts',
  'scripts/config.ts',
  'scripts/secret-file.ts',
  'scripts/generated-banner.ts',
];

interface Workspace {
  folder: string;
  name: string;
  dependencies: Record<string, string>;
  devDependencies: Record<string, string>;
}

function readJson<T>(file: string): T {
  return JSON.parse(readFileSync(file, 'utf8')) as T;
}

/** Every workspace of the checkout (from the lockfile's view of the root's `workspaces`), by package name. */
function workspaces(root: string): Map<string, Workspace> {
  const lock = readJson<{ packages: Record<string, { name?: string; link?: boolean }> }>(
    path.join(root, 'package-lock.json'),
  );
  const byName = new Map<string, Workspace>();
  for (const folder of Object.keys(lock.packages)) {
    if (!folder || folder.includes('node_modules')) continue;
    let pkg: {
      name: string;
      dependencies?: Record<string, string>;
      devDependencies?: Record<string, string>;
    };
    try {
      pkg = readJson(path.join(root, folder, 'package.json'));
    } catch {
      continue;
    }
    byName.set(pkg.name, {
      folder,
      name: pkg.name,
      dependencies: pkg.dependencies ?? {},
      devDependencies: pkg.devDependencies ?? {},
    });
  }
  return byName;
}

const isTest = (file: string) =>
  /(^|\/)(test|tests|__tests__)\//.test(file) || /\.(test|spec)\.(ts|tsx|js|mjs)$/.test(file);

function trackedFiles(root: string): string[] {
  return execFileSync('git', ['ls-files', '-z'], { cwd: root, encoding: 'utf8', maxBuffer: 64 << 20 })
    .split('\0')
    .filter(Boolean);
}

/** What the image of `target` (a module's service or remote folder, or `gateway`) is built from. */
export function imageContext(
  root: string,
  target: string,
  modules: ModuleDescriptor[] = loadModules(root),
): ImageContext {
  const all = workspaces(root);
  const moduleFolders = new Set(
    modules.flatMap((m) => [m.service?.folder, m.remote?.folder].filter((f): f is string => !!f)),
  );
  const start = [...all.values()].find((w) => w.folder === target);
  if (!start) throw new Error(`${target} is not a workspace of this checkout`);
  const kind: ImageContext['kind'] =
    target === GATEWAY ? 'gateway' : modules.some((m) => m.remote?.folder === target) ? 'remote' : 'service';
  if (kind === 'service' && !modules.some((m) => m.service?.folder === target))
    throw new Error(`${target} is neither a module's service or remote nor the gateway`);

  const full: string[] = [];
  const contractsOnly: string[] = [];
  const queue = [start];
  while (queue.length) {
    const w = queue.shift()!;
    if (full.includes(w.folder) || contractsOnly.includes(w.folder)) continue;
    if (w !== start && moduleFolders.has(w.folder)) {
      contractsOnly.push(w.folder);
      continue;
    }
    full.push(w.folder);
    // A remote is built in its image: its own build tools too (not its packages' test helpers).
    const needed =
      kind === 'remote' && w === start ? { ...w.dependencies, ...w.devDependencies } : w.dependencies;
    for (const dep of Object.keys(needed)) {
      const next = all.get(dep);
      if (next) queue.push(next);
    }
  }

  const under = (folder: string, file: string) => file.startsWith(`${folder}/`);
  const files = trackedFiles(root).filter((file) => {
    if (file === 'tsconfig.base.json') return true;
    if (file.endsWith('/package.json') || file === 'package.json' || file === 'package-lock.json')
      return false;
    if (isTest(file)) return false;
    if (full.some((folder) => under(folder, file))) return true;
    if (contractsOnly.some((folder) => under(`${folder}/contract`, file))) return true;
    if (target === GATEWAY)
      return (
        STREAMS_SCRIPTS.includes(file) || modules.some((m) => file === `${m.service?.folder}/module.json`)
      );
    return false;
  });
  return { target, kind, workspaces: [...full, ...contractsOnly], contractsOnly, files };
}

interface Lock {
  name: string;
  lockfileVersion: number;
  packages: Record<string, Record<string, unknown>>;
  [key: string]: unknown;
}

/**
 * The root package.json and lockfile of an image: the workspaces it holds, and tsx (runs the TypeScript
 * sources) as the root's one dependency; devDependencies of the workspaces are dropped, so `npm ci
 * --omit=dev` never looks for a test helper the image does not hold. A module present by its contract
 * alone keeps only the dependencies the image holds: the others are its service's (svc-hire's on svc-core,
 * in svc-billing's image), and npm would look for a missing workspace on the registry. A remote keeps its
 * own devDependencies and scripts: its image builds it (`npm ci`, then `npm run build -w mf-hire`).
 */
export function contextManifests(root: string, context: ImageContext): Record<string, string> {
  const rootPkg = readJson<{ name: string; engines?: unknown; devDependencies: Record<string, string> }>(
    path.join(root, 'package.json'),
  );
  const tsx = { tsx: rootPkg.devDependencies.tsx! };
  const lock = readJson<Lock>(path.join(root, 'package-lock.json'));
  const all = workspaces(root);
  const kept = new Set(context.workspaces);
  const held = (deps: Record<string, string> = {}) =>
    Object.fromEntries(
      Object.entries(deps).filter(([name]) => {
        const w = all.get(name);
        return !w || kept.has(w.folder);
      }),
    );
  // The one workspace whose build tools and scripts the image needs: a remote, built in its image.
  const builtHere = (folder: string) => context.kind === 'remote' && folder === context.target;
  const out: Record<string, string> = {};
  const packages: Lock['packages'] = {};
  for (const [key, entry] of Object.entries(lock.packages)) {
    if (key === '') {
      packages[''] = { name: rootPkg.name, workspaces: context.workspaces, dependencies: tsx };
      if (rootPkg.engines) packages['']!.engines = rootPkg.engines;
      continue;
    }
    const workspace = [...all.values()].find((w) => w.folder === key || `node_modules/${w.name}` === key);
    if (workspace && !kept.has(workspace.folder)) continue;
    if (workspace && workspace.folder === key) {
      if (builtHere(key)) {
        packages[key] = entry;
        continue;
      }
      const { devDependencies: _dropped, ...rest } = entry;
      packages[key] = context.contractsOnly.includes(key)
        ? { ...rest, dependencies: held(rest.dependencies as Record<string, string>) }
        : rest;
      continue;
    }
    packages[key] = entry;
  }
  out['package-lock.json'] = `${JSON.stringify({ ...lock, packages }, null, 2)}\n`;
  out['package.json'] = `${JSON.stringify(
    {
      name: rootPkg.name,
      private: true,
      engines: rootPkg.engines,
      workspaces: context.workspaces,
      dependencies: tsx,
    },
    null,
    2,
  )}\n`;
  for (const folder of context.workspaces) {
    const whole = readJson<Record<string, unknown>>(path.join(root, folder, 'package.json'));
    if (builtHere(folder)) {
      out[`${folder}/package.json`] = `${JSON.stringify(whole, null, 2)}\n`;
      continue;
    }
    const { devDependencies: _dropped, scripts: _scripts, ...pkg } = whole;
    if (context.contractsOnly.includes(folder))
      pkg.dependencies = held(pkg.dependencies as Record<string, string>);
    out[`${folder}/package.json`] = `${JSON.stringify(pkg, null, 2)}\n`;
  }
  return out;
}

/**
 * The frontend build the gateway's image serves (made by `npm run build`): the shell's, with the pages
 * prerendered from every remote. The remotes' own builds are in their images, never in the gateway's.
 */
const SHELL_BUILD = 'shell/dist';

/** Writes the build context of `target` into `outDir` (emptied first): the files, manifests and Dockerfile. */
export function prepareImageContext(root: string, target: string, outDir: string): ImageContext {
  const modules = loadModules(root);
  const context = imageContext(root, target, modules);
  rmSync(outDir, { recursive: true, force: true });
  mkdirSync(outDir, { recursive: true });
  for (const file of context.files) {
    mkdirSync(path.dirname(path.join(outDir, file)), { recursive: true });
    copyFileSync(path.join(root, file), path.join(outDir, file));
  }
  for (const [file, text] of Object.entries(contextManifests(root, context))) {
    mkdirSync(path.dirname(path.join(outDir, file)), { recursive: true });
    writeFileSync(path.join(outDir, file), text);
  }
  if (context.kind === 'gateway') {
    try {
      mkdirSync(path.join(outDir, 'shell'), { recursive: true });
      execFileSync('cp', ['-r', path.join(root, SHELL_BUILD), path.join(outDir, SHELL_BUILD)]);
    } catch {
      throw new Error(
        `${SHELL_BUILD} is missing: run \`npm run build\` before preparing the gateway's image`,
      );
    }
  }
  if (context.kind === 'remote') {
    // Built in the image from its sources; its nginx configuration beside the Dockerfile.
    copyFileSync(path.join(root, 'docker', 'remote.Dockerfile'), path.join(outDir, 'Dockerfile'));
    writeFileSync(path.join(outDir, 'nginx.conf'), remoteNginxConf(target));
  } else copyFileSync(path.join(root, 'docker', 'module.Dockerfile'), path.join(outDir, 'Dockerfile'));
  // A remote's image makes its own build: none made elsewhere enters it.
  const ignored = ['**/node_modules', ...(context.kind === 'remote' ? ['**/dist', '**/dist-server'] : [])];
  writeFileSync(path.join(outDir, '.dockerignore'), `${ignored.join('\n')}\n`);
  return context;
}
