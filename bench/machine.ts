import { execFileSync } from 'node:child_process';
import { loadavg } from 'node:os';

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

/** One line on the machine's state for a bench's output: its load and what fresh memory costs. */
export const machineLine = (): string =>
  `1-minute load average ${loadavg()[0]!.toFixed(2)}; 256 MB of fresh memory written in ${freshMemoryMs().toFixed(0)} ms`;
