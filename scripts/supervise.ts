import type { ChildProcess } from 'node:child_process';

/** How a supervised process is restarted after it exits unasked. */
export interface SuperviseOptions {
  /** Waits before each restart in turn; the last one repeats. */
  backoffMs?: number[];
  /** This many exits within `windowMs` and the terminal is told the process keeps failing. */
  failingAfter?: number;
  windowMs?: number;
}

export interface Supervised {
  /** The process running now (a new one after each restart). */
  current(): ChildProcess;
  /** Stops it for good (SIGTERM, then SIGKILL after 10 s); no restart follows. */
  stop(): Promise<void>;
}

const DEFAULTS: Required<SuperviseOptions> = {
  backoffMs: [500, 1000, 2000, 5000, 10_000, 30_000],
  failingAfter: 5,
  windowMs: 60_000,
};

export function stopChild(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    const kill = setTimeout(() => child.kill('SIGKILL'), 10_000);
    child.once('exit', () => {
      clearTimeout(kill);
      resolve();
    });
    child.kill('SIGTERM');
  });
}

/**
 * Keeps a started process running, as a process manager would on one machine: when it fails without
 * being stopped (a crash, a SIGKILL, the OOM killer; not a clean exit with code 0) it is started again with `restart()`, after a backoff
 * that grows while it keeps exiting, with a line in the terminal each time. Its state is in Postgres and
 * NATS (the outbox and durable consumers), so a restarted service catches up on what it missed.
 */
export function supervise(
  name: string,
  first: ChildProcess,
  restart: () => ChildProcess,
  log: (line: string) => void,
  options: SuperviseOptions = {},
): Supervised {
  const { backoffMs, failingAfter, windowMs } = { ...DEFAULTS, ...options };
  let child = first;
  let stopped = false;
  let timer: NodeJS.Timeout | undefined;
  let exits: number[] = [];
  let warned = false;

  const watch = (proc: ChildProcess) => {
    proc.once('exit', (code, signal) => {
      if (stopped) return;
      // A clean exit is a stop somebody asked for (a signal to the whole process group, as Ctrl-C or a
      // test runner sends it, reaches the services before this process's own stop): not restarted.
      if (code === 0) {
        log(`[${name}] stopped (code 0); not restarted`);
        return;
      }
      const now = Date.now();
      exits = [...exits.filter((t) => now - t < windowMs), now];
      const wait = backoffMs[Math.min(exits.length - 1, backoffMs.length - 1)]!;
      const how = signal ? `was killed (${signal})` : `exited (code ${code})`;
      log(`[${name}] ${how}; restarting in ${wait / 1000} s`);
      if (exits.length >= failingAfter && !warned) {
        warned = true;
        log(
          `[${name}] keeps failing: ${exits.length} exits within ${windowMs / 1000} s. It is started again ` +
            `every ${backoffMs.at(-1)! / 1000} s from now on; its own lines above say why it stops.`,
        );
      }
      if (exits.length === 1) warned = false;
      timer = setTimeout(() => {
        timer = undefined;
        if (stopped) return;
        child = restart();
        watch(child);
      }, wait);
    });
  };
  watch(first);

  return {
    current: () => child,
    async stop() {
      stopped = true;
      if (timer) clearTimeout(timer);
      await stopChild(child);
    },
  };
}
