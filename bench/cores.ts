import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { cpus } from 'node:os';

/**
 * CPU affinity for a bench that gives one process a core of its own, as a deployment does (Linux,
 * util-linux's taskset). Every thread of each process is pinned (`-a`): libuv's pool and V8's helpers too.
 */
export function pin(pids: number[], cpuList: string): void {
  for (const pid of pids) {
    try {
      execFileSync('taskset', ['-a', '-cp', cpuList, String(pid)], { stdio: 'ignore' });
    } catch (err) {
      // A process that ended meanwhile (a Postgres backend closing) needs no pinning.
      if (existsSync(`/proc/${pid}`)) throw err;
    }
  }
}

/** Every process of this machine whose command name is `name` (/proc/<pid>/comm). */
export function processesNamed(name: string): number[] {
  const found: number[] = [];
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      if (readFileSync(`/proc/${entry}/comm`, 'utf8').trim() === name) found.push(Number(entry));
    } catch {
      // Gone meanwhile.
    }
  }
  return found;
}

/** Every CPU of the machine, as taskset writes a list. */
export const allCpus = (): string => `0-${cpus().length - 1}`;

/**
 * Pins the machine's Postgres (the postmaster and every backend: new backends inherit the postmaster's
 * affinity) to `cpuList`, and returns what gives it every CPU back. Postgres is shared with whatever else
 * runs here, so the caller restores it in a `finally`.
 */
export function pinPostgres(cpuList: string): () => void {
  pin(processesNamed('postgres'), cpuList);
  return () => pin(processesNamed('postgres'), allCpus());
}
