import type { App } from '@platform/service-kit';

/** One sweep of a transport, one run at a time in this instance. */
export interface SerialSweep {
  /** Starts a run now (a notice was stored); during a run, another right after it. */
  kick(): void;
  /** A run, awaited (the schedule's: its job completes when the run does). */
  run(): Promise<void>;
}

/**
 * Runs `work` one run at a time: a kick during a run gets another right after it, not at the next tick.
 * Its schedule is a scheduled job's (once across instances); kicks are this instance's. A failed run is
 * logged and left to the next. Awaited when the app closes, then `close` (the transport's).
 */
export function serialSweep(
  app: App,
  what: string,
  work: () => Promise<unknown>,
  close?: () => void,
): SerialSweep {
  let running: Promise<void> | undefined;
  let again = false;
  let closed = false;
  const loop = async () => {
    do {
      again = false;
      await work().catch((err: unknown) =>
        app.log.warn({ err }, `sending ${what} failed; the next sweep retries`),
      );
    } while (again && !closed);
  };
  const kick = (): void => {
    if (closed) return;
    if (running) {
      again = true;
      return;
    }
    running = loop().finally(() => {
      running = undefined;
    });
  };
  app.addHook('onClose', async () => {
    closed = true;
    await running;
    close?.();
  });
  return {
    kick,
    async run() {
      kick();
      await running;
    },
  };
}
