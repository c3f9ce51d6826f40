import { readFileSync, readdirSync, readlinkSync } from 'node:fs';
import path from 'node:path';

const ROOT = path.resolve(__dirname, '..');

/**
 * The platform process started from `folder` (its working directory) listening on `port` (the platform
 * gives each its PORT): for a bench that reads a service's memory or CPU time from /proc (Linux only).
 */
export function processOf(folder: string, port: string): number {
  const [first] = processesOf(folder, port);
  if (first === undefined) throw new Error(`no ${folder} on port ${port}`);
  return first;
}

/**
 * Every such process, first the one started first: a gateway's cluster workers share its PORT. `root`: the
 * checkout it was started from, when not this one (a baseline gateway, gateway-ratio.ts).
 */
export function processesOf(folder: string, port: string, root = ROOT): number[] {
  const found: number[] = [];
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      if (readlinkSync(`/proc/${entry}/cwd`) !== path.join(root, folder)) continue;
      if (readFileSync(`/proc/${entry}/environ`, 'utf8').split('\0').includes(`PORT=${port}`))
        found.push(Number(entry));
    } catch {
      // A process that ended, or one we may not read.
    }
  }
  return found.sort((a, b) => a - b);
}

/** User plus system CPU time of one process, in ticks (/proc/<pid>/stat; 0 once it is gone). */
function cpuTicks(pid: string): number {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return Number(fields[11]) + Number(fields[12]);
  } catch {
    return 0; // Gone meanwhile.
  }
}

/**
 * User plus system CPU time, in milliseconds, of the processes `match` picks (by their /proc/<pid>/stat
 * line; Linux, 100 ticks a second). Time the kernel spends delivering their loopback writes to the
 * reader is not in it: compare processes that write the same bytes.
 */
export function cpuMs(match: (stat: string) => boolean): number {
  let ticks = 0;
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      if (match(readFileSync(`/proc/${entry}/stat`, 'utf8'))) ticks += cpuTicks(entry);
    } catch {
      // Gone meanwhile.
    }
  }
  return ticks * 10;
}

/** The same for these processes, read directly (no walk over every process). */
export const cpuMsOf = (pids: number[]): number =>
  pids.reduce((sum, pid) => sum + cpuTicks(String(pid)), 0) * 10;
