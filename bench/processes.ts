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

/** Every such process, first the one started first: a gateway's cluster workers share its PORT. */
export function processesOf(folder: string, port: string): number[] {
  const found: number[] = [];
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      if (readlinkSync(`/proc/${entry}/cwd`) !== path.join(ROOT, folder)) continue;
      if (readFileSync(`/proc/${entry}/environ`, 'utf8').split('\0').includes(`PORT=${port}`))
        found.push(Number(entry));
    } catch {
      // A process that ended, or one we may not read.
    }
  }
  return found.sort((a, b) => a - b);
}
