import { spawn } from 'node:child_process';
import { readdirSync, readFileSync, readlinkSync } from 'node:fs';
import path from 'node:path';
import { REPO_ROOT } from './config';

/** For tests that run `npm start` as a newcomer would (start-stop, the backup drill). */

/** Processes (other than this one) whose command line names the directory. */
export function processesUsing(dir: string): string[] {
  const found: string[] = [];
  for (const pid of readdirSync('/proc').filter((p) => /^\d+$/.test(p))) {
    try {
      const cmd = readFileSync(`/proc/${pid}/cmdline`, 'utf8').replace(/\0/g, ' ');
      if (cmd.includes(dir) && Number(pid) !== process.pid) found.push(`${pid}: ${cmd.trim()}`);
    } catch {
      // gone meanwhile
    }
  }
  return found;
}

/** The child processes of `parent` running in `cwd` (a service's folder: one per instance). */
export function childrenOf(parent: number, cwd: string): number[] {
  const found = readdirSync('/proc').filter((pid) => {
    try {
      const ppid = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ')[1];
      return Number(ppid) === parent && readlinkSync(`/proc/${pid}/cwd`) === cwd;
    } catch {
      return false;
    }
  });
  return found.map(Number).sort();
}

/** The command lines of the processes in process group `group` (a run started `detached` is one). */
export function groupMembers(group: number): string[] {
  const found: string[] = [];
  for (const pid of readdirSync('/proc').filter((p) => /^\d+$/.test(p))) {
    try {
      const pgrp = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ')[2];
      if (Number(pgrp) === group)
        found.push(readFileSync(`/proc/${pid}/cmdline`, 'utf8').replace(/\0/g, ' ').trim());
    } catch {
      // gone meanwhile
    }
  }
  return found;
}

export async function until(check: () => Promise<boolean>, ms = 60_000) {
  const end = Date.now() + ms;
  while (!(await check().catch(() => false))) {
    if (Date.now() > end) throw new Error('timed out');
    await new Promise((r) => setTimeout(r, 250));
  }
}

/**
 * `npm start` (without building: the tests need no pages) on its own data folder and ports, with nothing else
 * set, as on a fresh clone: its own Postgres and, on a NATS that lets anyone in, its own bus. Its own process
 * group, so whatever happens the test can end everything it started.
 */
export function startNpmStart(
  dataDir: string,
  port: number,
  pgPort: number,
  env: Record<string, string> = {},
) {
  const childEnv: NodeJS.ProcessEnv = {
    ...process.env,
    DATA_DIR: dataDir,
    PORT: String(port),
    EMBEDDED_PG_PORT: String(pgPort),
    LOG_LEVEL: 'warn',
    ...env,
  };
  delete childEnv.DATABASE_URL;
  delete childEnv.NATS_URL;
  // package.json's own `start` command, as npm runs it (node_modules/.bin on the PATH), so the process the
  // test signals is the one a terminal's Ctrl-C or a supervisor's SIGTERM reaches.
  const [command, ...args] = startCommand();
  const child = spawn(command === 'node' ? process.execPath : command!, [...args, '--no-build'], {
    cwd: REPO_ROOT,
    env: { ...childEnv, PATH: `${path.join(REPO_ROOT, 'node_modules', '.bin')}:${process.env.PATH}` },
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: true,
  });
  let output = '';
  child.stdout!.on('data', (c: Buffer) => void (output += c.toString()));
  child.stderr!.on('data', (c: Buffer) => void (output += c.toString()));
  const running = new Promise<void>((resolve, reject) => {
    const check = setInterval(() => {
      if (output.includes('AfyaHR is running at')) resolve(clearInterval(check));
    }, 200);
    child.once('exit', (code) => {
      clearInterval(check);
      reject(new Error(`npm start exited (${code}) before it was running:\n${output}`));
    });
  });
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  return { child, running, exited, output: () => output };
}

/** `npm start`'s command line, from the root package.json. */
export function startCommand(): string[] {
  const pkg = JSON.parse(readFileSync(path.join(REPO_ROOT, 'package.json'), 'utf8'));
  return String(pkg.scripts.start).split(/\s+/);
}

/** Ends a run's whole process group, then anything still on its data folder (a failed test's leftovers). */
export function killEverything(pid: number | undefined, dataDir: string): void {
  try {
    if (pid) process.kill(-pid, 'SIGKILL');
  } catch {
    // already gone
  }
  for (const p of processesUsing(dataDir)) process.kill(Number(p.split(':')[0]), 'SIGKILL');
}
