import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { loadavg } from 'node:os';

/** The machine's CPU time so far from /proc/stat's first line: all of it, and what the host took (steal). */
function cpuTimes(): { total: number; steal: number } | undefined {
  try {
    const fields = readFileSync('/proc/stat', 'utf8').split('\n', 1)[0]!.trim().split(/\s+/).slice(1, 9);
    const ticks = fields.map(Number);
    return { total: ticks.reduce((sum, t) => sum + t, 0), steal: ticks[7] ?? 0 };
  } catch {
    return undefined; // not Linux
  }
}

/** Read when a bench starts, so its output can say how much of the run the host took for other guests. */
const atStart = cpuTimes();

/**
 * The share of the machine's CPU time since this bench started that the hypervisor gave to someone else
 * ("steal"). On a virtual machine a neighbour's load shows here, not in the load average: 2026-11-27, a run
 * whose direct rate fell to half the run before it (1,523 -> 646 req/s, the same code) on an otherwise idle
 * machine.
 */
export function stolenShare(): number | undefined {
  const now = cpuTimes();
  if (!atStart || !now || now.total === atStart.total) return undefined;
  return (now.steal - atStart.steal) / (now.total - atStart.total);
}

/**
 * Milliseconds a new process takes to write to 256 MB of fresh memory (one byte a page), median of three.
 * On a virtual machine whose host hands out memory lazily a page fault can cost tens of times what it does on
 * hardware; a browser's new renderer process pays it on every page load, so Lighthouse's main-thread
 * figures (TBT above all: observed tasks x4) move with it. Printed beside the figures so two runs can be told
 * apart by their machine, not by the code (2026-11-25: ~1,000 ms, 15 us a page, on a machine where one
 * build's TBT was 5-10 times what it had been the day before).
 */
export function freshMemoryMs(): number {
  const script =
    'const t=process.hrtime.bigint();const b=Buffer.alloc(256<<20);' +
    'for(let i=0;i<b.length;i+=4096)b[i]=1;' +
    'process.stdout.write(String(Number(process.hrtime.bigint()-t)/1e6))';
  const runs = [0, 1, 2].map(() =>
    Number(execFileSync(process.execPath, ['-e', script], { encoding: 'utf8' })),
  );
  return runs.sort((a, b) => a - b)[1]!;
}

/** One line on the machine's state for a bench's output: its load, what fresh memory costs, what the host took. */
export function machineLine(): string {
  const stolen = stolenShare();
  return (
    `1-minute load average ${loadavg()[0]!.toFixed(2)}; 256 MB of fresh memory written in ${freshMemoryMs().toFixed(0)} ms` +
    (stolen === undefined
      ? ''
      : `; CPU time taken by the host during the run (steal) ${(stolen * 100).toFixed(1)} %`)
  );
}
