import type { ChildProcess } from 'node:child_process';

/** How a supervised process is restarted after it exits unasked. */
export interface SuperviseOptions {
  /** Waits before each restart in turn; the last one repeats. */
  backoffMs?: number[];
  /** This many exits within `windowMs` and the terminal is told the process keeps failing. */
  failingAfter?: number;
  windowMs?: number;
  /**
   * How to stop it for good; `stopChild` (SIGTERM, then SIGKILL) by default. Postgres stops fast on SIGINT
   * (SIGTERM waits for its clients to leave), and the embedded server has its own stop.
   */
  stop?: (child: ChildProcess) => Promise<void>;
}

export interface Supervised {
  /** The process running now (a new one after each restart). */
  current(): ChildProcess;
  /** Stops it for good (SIGTERM, then SIGKILL after 10 s); no restart follows. */
  stop(): Promise<void>;
}

const DEFAULTS: Required<Omit<SuperviseOptions, 'stop'>> = {
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
  restart: () => ChildProcess | Promise<ChildProcess>,
  log: (line: string) => void,
  options: SuperviseOptions = {},
): Supervised {
  const { backoffMs, failingAfter, windowMs } = { ...DEFAULTS, ...options };
  const stopIt = options.stop ?? stopChild;
  let child = first;
  let stopped = false;
  let timer: NodeJS.Timeout | undefined;
  let starting: Promise<void> | undefined;
  let exits: number[] = [];
  let warned = false;

  /** One more failure (an exit, or a start that failed): the next start after the backoff. */
  const failed = (how: string) => {
    const now = Date.now();
    exits = [...exits.filter((t) => now - t < windowMs), now];
    const wait = backoffMs[Math.min(exits.length - 1, backoffMs.length - 1)]!;
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
      // A restart may take a while (a database replaying its log) and may fail (its port still held by
      // what the killed one left): a failed start counts as one more exit.
      starting = Promise.resolve()
        .then(restart)
        .then(
          async (next) => {
            child = next;
            if (stopped) return stopIt(next);
            watch(next);
          },
          (err: unknown) => {
            if (!stopped) failed(`did not start (${err instanceof Error ? err.message : String(err)})`);
          },
        )
        .finally(() => (starting = undefined));
    }, wait);
  };

  const watch = (proc: ChildProcess) => {
    const onExit = (code: number | null, signal: NodeJS.Signals | null) => {
      if (stopped) return;
      // A clean exit is a stop somebody asked for (a signal to the whole process group, as Ctrl-C or a
      // test runner sends it, reaches the services before this process's own stop): not restarted.
      if (code === 0) {
        log(`[${name}] stopped (code 0); not restarted`);
        return;
      }
      failed(signal ? `was killed (${signal})` : `exited (code ${code})`);
    };
    // Already gone (it died while its start was being awaited): as if the exit came now.
    if (proc.exitCode !== null || proc.signalCode !== null) onExit(proc.exitCode, proc.signalCode);
    else proc.once('exit', onExit);
  };
  watch(first);

  return {
    current: () => child,
    async stop() {
      stopped = true;
      if (timer) clearTimeout(timer);
      await starting;
      await stopIt(child);
    },
  };
}
