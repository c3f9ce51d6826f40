import { spawnSync, type StdioOptions } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';
import type { ModuleDescriptor } from '@platform/contracts';
import { buildNeeded } from '@platform/mf-config/src/build-stamp';
import { loadModules } from '@platform/modules';
import { REPO_ROOT } from './config';
import { frontendsToBuild } from './modules';
import { prerenderedUpToDate } from './prerender/stamp';

/**
 * What `npm start` and the browser journeys serve, built when missing or stale: the shell and every
 * remote whose sources changed since its build (input stamps, packages/mf-config/src/build-stamp.ts),
 * then the prerendered pages when any build they were made from changed. A second run with nothing
 * changed builds nothing.
 *   npx tsx scripts/build-pages.ts
 */

type Log = (line: string) => void;

function run(args: string[], stdio: StdioOptions, what: string): void {
  const r = spawnSync(args[0]!, args.slice(1), { cwd: REPO_ROOT, stdio });
  if (r.status !== 0) throw new Error(`${what} failed`);
}

/** Builds each frontend of `modules` (and the shell) whose build is missing or stale; returns how many. */
export function buildStaleFrontends(log: Log, modules: ModuleDescriptor[], stdio: StdioOptions): number {
  let built = 0;
  for (const f of frontendsToBuild(modules, REPO_ROOT)) {
    const why = buildNeeded(
      REPO_ROOT,
      path.join(REPO_ROOT, f.workspace),
      f.workspace === 'shell' ? 'host' : 'remote',
    );
    if (!why) continue;
    log(`building ${f.workspace} (${why === 'missing' ? 'not built yet' : 'its sources changed'})…`);
    run(['npm', 'run', 'build', '-w', f.workspace], stdio, `building ${f.workspace}`);
    built++;
  }
  return built;
}

/** Prerenders the public pages unless the ones there were made from the same builds; returns whether it did. */
export function prerenderIfStale(log: Log, stdio: StdioOptions): boolean {
  if (!existsSync(path.join(REPO_ROOT, 'shell', 'dist', 'index.html'))) return false;
  if (prerenderedUpToDate(REPO_ROOT)) return false;
  log('prerendering the public pages…');
  // It writes its own stamp (prerender/stamp.ts), as it does when `npm run build` runs it.
  run(['npx', 'tsx', path.join('scripts', 'prerender', 'prerender.ts')], stdio, 'prerendering the pages');
  return true;
}

/** Every frontend `modules` need and the prerendered pages, built where missing or stale. */
export function buildPages(
  log: Log,
  modules: ModuleDescriptor[] = loadModules(REPO_ROOT),
  stdio: StdioOptions = 'inherit',
): void {
  const started = Date.now();
  const built = buildStaleFrontends(log, modules, stdio);
  const prerendered = prerenderIfStale(log, stdio);
  if (built > 0 || prerendered) log(`frontends ready in ${((Date.now() - started) / 1000).toFixed(0)} s`);
}

if (require.main === module) buildPages(console.log);
