import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';

/**
 * Input stamps of frontend builds: what `npm start` and `npm test` compare to tell a build that is
 * missing or stale (its sources changed since) from one they may serve as it is. A stamp is the hash of
 * every file a build reads from this repository: the package's own folder, the shared `packages/` and
 * the lockfile (tests, build output and installed modules left out). The CLI writes it after each
 * successful production build, with the hash of the file that build made last (its entry), so a build
 * folder replaced or removed by hand is not taken for the stamped one.
 */

/** Folders and files no build reads. */
const SKIPPED_DIRS = new Set(['node_modules', 'dist', 'dist-server', 'coverage', 'test-results']);
const SKIPPED_FILE = /\.test\.tsx?$|\.md$/;

const sha256 = (data: string | Buffer) => createHash('sha256').update(data).digest('hex');

function filesUnder(dir: string, into: string[]): string[] {
  if (!existsSync(dir)) return into;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (entry.name.startsWith('.')) continue;
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) {
      if (!SKIPPED_DIRS.has(entry.name)) filesUnder(full, into);
    } else if (entry.isFile() && !SKIPPED_FILE.test(entry.name)) into.push(full);
  }
  return into;
}

/** The stamp of the sources `dir` (a workspace of `root`: `shell`, `mf-hire`) is built from. */
export function inputsStamp(root: string, dir: string): string {
  const files = [
    ...filesUnder(dir, []),
    ...filesUnder(path.join(root, 'packages'), []),
    path.join(root, 'package-lock.json'),
  ].filter((f) => existsSync(f));
  const hash = createHash('sha256');
  for (const file of [...new Set(files)].sort()) {
    hash.update(path.relative(root, file));
    hash.update('\0');
    hash.update(sha256(readFileSync(file)));
    hash.update('\n');
  }
  return hash.digest('hex');
}

/** The file a workspace's production build writes that tells it is there: the shell's page, a remote's entry. */
export const builtMarker = (dir: string, kind: 'host' | 'remote') =>
  path.join(dir, 'dist', kind === 'host' ? 'index.html' : 'remoteEntry.js');

interface Stamp {
  inputs: string;
  marker: string;
}

/** Kept with the installed modules (never committed, never served), one file per workspace. */
const stampFile = (root: string, dir: string) =>
  path.join(root, 'node_modules', '.cache', 'afya-builds', `${path.basename(dir)}.json`);

/** Records that the build now in `dir/dist` was made from `inputs` (a stamp taken before it started). */
export function writeBuildStamp(root: string, dir: string, kind: 'host' | 'remote', inputs: string): void {
  const file = stampFile(root, dir);
  mkdirSync(path.dirname(file), { recursive: true });
  const stamp: Stamp = { inputs, marker: sha256(readFileSync(builtMarker(dir, kind))) };
  writeFileSync(file, JSON.stringify(stamp));
}

/** Why `dir` needs a build (`missing`, `stale`), or undefined when its build matches its sources. */
export function buildNeeded(
  root: string,
  dir: string,
  kind: 'host' | 'remote',
): 'missing' | 'stale' | undefined {
  const marker = builtMarker(dir, kind);
  if (!existsSync(marker)) return 'missing';
  let stamp: Stamp;
  try {
    stamp = JSON.parse(readFileSync(stampFile(root, dir), 'utf8')) as Stamp;
  } catch {
    return 'stale';
  }
  if (stamp.marker !== sha256(readFileSync(marker))) return 'stale';
  return stamp.inputs === inputsStamp(root, dir) ? undefined : 'stale';
}
