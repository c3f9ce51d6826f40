import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readlinkSync, rmSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

const ROOT = path.resolve(__dirname, '..');

/** Folders of the workspace that may hold a node_modules of their own (npm puts a clashing version there). */
const WORKSPACE_FOLDERS = (root: string) =>
  readdirSync(root, { withFileTypes: true })
    .filter((d) => d.isDirectory() && !d.name.startsWith('.') && d.name !== 'node_modules')
    .flatMap((d) =>
      d.name === 'packages'
        ? readdirSync(path.join(root, 'packages')).map((p) => path.join('packages', p))
        : [d.name],
    );

function git(args: string[]): string {
  const run = spawnSync('git', args, { cwd: ROOT, encoding: 'utf8' });
  if (run.status !== 0) throw new Error(`git ${args.join(' ')}: ${run.stderr.trim()}`);
  return run.stdout.trim();
}

/**
 * Another checkout of this repository to measure against (GATEWAY_BASELINE): a folder as it is, or a git
 * ref, checked out in a temporary worktree removed by `remove()`. A ref's checkout borrows this one's
 * installed packages (each of node_modules linked, the workspace's own `@platform/*` pointed at the
 * baseline's folders), so it needs no `npm ci`: it must use the same third-party packages, as a commit or
 * two before this one does.
 */
export function baselineCheckout(refOrFolder: string): { root: string; name: string; remove: () => void } {
  if (existsSync(refOrFolder)) {
    const root = path.resolve(refOrFolder);
    const commit = spawnSync('git', ['rev-parse', '--short', 'HEAD'], { cwd: root, encoding: 'utf8' });
    return { root, name: commit.stdout.trim() || root, remove: () => {} };
  }
  const commit = git(['rev-parse', '--short', `${refOrFolder}^{commit}`]);
  const root = mkdtempSync(path.join(tmpdir(), 'afya-gateway-baseline-'));
  git(['worktree', 'add', '--detach', root, commit]);
  const modules = path.join(root, 'node_modules');
  mkdirSync(modules);
  for (const entry of readdirSync(path.join(ROOT, 'node_modules'))) {
    if (entry === '@platform') continue;
    symlinkSync(path.join(ROOT, 'node_modules', entry), path.join(modules, entry));
  }
  // The workspace's packages as links relative to the checkout (../../packages/service-kit), so the
  // baseline's gateway runs with the baseline's own packages.
  mkdirSync(path.join(modules, '@platform'));
  for (const entry of readdirSync(path.join(ROOT, 'node_modules', '@platform')))
    symlinkSync(
      readlinkSync(path.join(ROOT, 'node_modules', '@platform', entry)),
      path.join(modules, '@platform', entry),
    );
  for (const folder of WORKSPACE_FOLDERS(ROOT)) {
    const own = path.join(ROOT, folder, 'node_modules');
    if (existsSync(own) && existsSync(path.join(root, folder)))
      symlinkSync(own, path.join(root, folder, 'node_modules'));
  }
  return {
    root,
    name: commit,
    remove: () => {
      spawnSync('git', ['worktree', 'remove', '--force', root], { cwd: ROOT });
      rmSync(root, { recursive: true, force: true });
    },
  };
}
