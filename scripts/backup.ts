import {
  cpSync,
  existsSync,
  lchownSync,
  lstatSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  renameSync,
  writeFileSync,
} from 'node:fs';
import path from 'node:path';

/**
 * Backups of what `npm start` keeps under DATA_DIR: the embedded Postgres (every module's schema, the outboxes
 * included), the NATS store (streams and key-value buckets), and the secrets without which they are no use (the
 * Postgres and NATS passwords, the JWT keys). Taken while the platform is stopped: a copy of the files of a
 * stopped Postgres and nats-server is consistent, with no tool beyond the platform's own (the embedded Postgres
 * ships no pg_dump). A stop costs a laptop a few seconds; a cluster backs up continuously instead
 * (docs/deploy.md, Backups).
 */

/** What a backup holds, each a file or folder of DATA_DIR. The mail sandbox's copies are not kept. */
export const BACKED_UP = ['postgres', 'postgres-password', 'nats', 'nats-passwords', 'keys'] as const;
const MANIFEST = 'afyahr-backup.json';

interface Manifest {
  createdAt: string;
  parts: string[];
}

/** Why a backup or restore cannot run now, or undefined. */
export function refusalWhileRunning(dataDir: string): string | undefined {
  const pidFile = path.join(dataDir, 'postgres', 'postmaster.pid');
  if (!existsSync(pidFile)) return undefined;
  const pid = Number(readFileSync(pidFile, 'utf8').split('\n')[0]);
  try {
    process.kill(pid, 0);
  } catch {
    return undefined; // a pid file left by a crash: nothing runs on the data
  }
  return `The platform is running on ${dataDir} (its Postgres is process ${pid}): stop npm start first, then try again.`;
}

/** Copies a tree keeping each entry's owner and mode (the embedded Postgres runs as its own user under root). */
function copyKeepingOwners(from: string, to: string): void {
  cpSync(from, to, { recursive: true, preserveTimestamps: true, verbatimSymlinks: true });
  if (process.getuid?.() !== 0) return; // not root: everything is ours already
  const walk = (src: string, dest: string) => {
    const s = lstatSync(src);
    lchownSync(dest, s.uid, s.gid);
    if (s.isDirectory()) for (const e of readdirSync(src)) walk(path.join(src, e), path.join(dest, e));
  };
  walk(from, to);
}

/** Backs DATA_DIR up into `dest` (a new folder); returns the parts it holds. */
export function backup(dataDir: string, dest: string): string[] {
  const refusal = refusalWhileRunning(dataDir);
  if (refusal) throw new Error(refusal);
  if (!existsSync(path.join(dataDir, 'postgres')))
    throw new Error(`Nothing to back up: ${dataDir} holds no embedded Postgres (has npm start run here?).`);
  if (existsSync(dest)) throw new Error(`${dest} already exists: name a new folder.`);
  mkdirSync(dest, { recursive: true, mode: 0o700 });
  const parts = BACKED_UP.filter((p) => existsSync(path.join(dataDir, p)));
  for (const part of parts) copyKeepingOwners(path.join(dataDir, part), path.join(dest, part));
  const manifest: Manifest = { createdAt: new Date().toISOString(), parts };
  writeFileSync(path.join(dest, MANIFEST), `${JSON.stringify(manifest, null, 2)}\n`);
  return parts;
}

/**
 * Puts a backup back as DATA_DIR. What DATA_DIR held is moved aside (`<DATA_DIR>.before-restore-<time>`), never
 * deleted, and only with `replace`: a restore never silently throws a database away.
 */
export function restore(
  source: string,
  dataDir: string,
  opts: { replace?: boolean } = {},
): { parts: string[]; movedAside?: string } {
  const manifestFile = path.join(source, MANIFEST);
  if (!existsSync(manifestFile)) throw new Error(`${source} is not a backup of AfyaHR (no ${MANIFEST}).`);
  const manifest = JSON.parse(readFileSync(manifestFile, 'utf8')) as Manifest;
  const refusal = refusalWhileRunning(dataDir);
  if (refusal) throw new Error(refusal);
  let movedAside: string | undefined;
  const holds = existsSync(dataDir) && BACKED_UP.some((p) => existsSync(path.join(dataDir, p)));
  if (holds) {
    if (!opts.replace)
      throw new Error(
        `${dataDir} already holds a platform's data. Add --replace to restore over it (it is moved aside, not deleted).`,
      );
    movedAside = `${dataDir}.before-restore-${new Date().toISOString().replace(/[:.]/g, '-')}`;
    renameSync(dataDir, movedAside);
  }
  mkdirSync(dataDir, { recursive: true });
  for (const part of manifest.parts) copyKeepingOwners(path.join(source, part), path.join(dataDir, part));
  return { parts: manifest.parts, movedAside };
}

/** Where `npm run backup` writes without a folder named: beside DATA_DIR, by time. */
export function defaultBackupDir(dataDir: string, now = new Date()): string {
  return path.join(`${dataDir}-backups`, now.toISOString().replace(/[:.]/g, '-'));
}
