import { execFileSync } from 'node:child_process';
import { copyFileSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { ModuleDescriptor } from '@platform/contracts';
import { loadModules } from '@platform/modules';

/**
 * The build context of one image: a module's service (`svc-hire`) or the gateway. Docker sends a build one
 * folder, and a `.dockerignore` cannot say "this service and the workspaces it depends on", so the context is
 * prepared here, from the workspaces' package.json `dependencies`, and one Dockerfile
 * (docker/module.Dockerfile) builds every image from it. What enters an image is then exactly what
 * `imageContext` lists, which scripts/image-context.test.ts checks holds nothing of another module.
 *
 * - the target's folder and every shared package it needs (its `dependencies`, transitively), without tests;
 * - of another module's service it needs (svc-hire imports `@platform/svc-core/contract`), that module's
 *   published contract alone: its package.json and `contract/`;
 * - the gateway: also every module's descriptor (its route table) and the script making the streams and
 *   buckets (the `nats-streams` Job runs in the gateway's image); its frontends' builds are added by
 *   `prepareImageContext` (built first by `npm run build`), never their sources;
 * - the root package.json and package-lock.json, cut down to those workspaces, with tsx (which runs the
 *   TypeScript) as the only root dependency.
 */
export interface ImageContext {
  /** `svc-hire` or `gateway`. */
  target: string;
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
    let pkg: { name: string; dependencies?: Record<string, string> };
    try {
      pkg = readJson(path.join(root, folder, 'package.json'));
    } catch {
      continue;
    }
    byName.set(pkg.name, { folder, name: pkg.name, dependencies: pkg.dependencies ?? {} });
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

/** What the image of `target` (a module's service folder, or `gateway`) is built from. */
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
  if (target !== GATEWAY && !modules.some((m) => m.service?.folder === target))
    throw new Error(`${target} is neither a module's service nor the gateway`);

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
    for (const dep of Object.keys(w.dependencies)) {
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
  return { target, workspaces: [...full, ...contractsOnly], contractsOnly, files };
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
 * in svc-billing's image), and npm would look for a missing workspace on the registry.
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
    const {
      devDependencies: _dropped,
      scripts: _scripts,
      ...pkg
    } = readJson<Record<string, unknown>>(path.join(root, folder, 'package.json'));
    if (context.contractsOnly.includes(folder))
      pkg.dependencies = held(pkg.dependencies as Record<string, string>);
    out[`${folder}/package.json`] = `${JSON.stringify(pkg, null, 2)}\n`;
  }
  return out;
}

/** Frontend builds the gateway's image serves (made by `npm run build`): the shell's and every remote's. */
function builtFrontends(root: string, modules: ModuleDescriptor[]): string[] {
  const folders = ['shell', ...modules.flatMap((m) => (m.remote ? [m.remote.folder] : []))];
  return folders.map((folder) => `${folder}/dist`);
}

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
  if (target === GATEWAY)
    for (const dist of builtFrontends(root, modules)) {
      try {
        mkdirSync(path.dirname(path.join(outDir, dist)), { recursive: true });
        execFileSync('cp', ['-r', path.join(root, dist), path.join(outDir, dist)]);
      } catch {
        throw new Error(`${dist} is missing: run \`npm run build\` before preparing the gateway's image`);
      }
    }
  copyFileSync(path.join(root, 'docker', 'module.Dockerfile'), path.join(outDir, 'Dockerfile'));
  writeFileSync(path.join(outDir, '.dockerignore'), '**/node_modules\n');
  return context;
}
