import type { App } from '@platform/service-kit';

/**
 * Runs `work` every `everySeconds` and whenever the returned function is called, one run at a time: a call
 * during a run gets another right after it, not at the next tick. Stopped (and awaited) when the app closes,
 * then `close` (the transport's).
 */
export function serialSweep(
  app: App,
  what: string,
  work: () => Promise<unknown>,
  everySeconds: number,
  close?: () => void,
): () => void {
  let running: Promise<void> | undefined;
  let again = false;
  let closed = false;
  const sweep = (): void => {
    if (closed) return;
    if (running) {
      again = true;
      return;
    }
    again = false;
    running = work()
      .then(() => undefined)
      .catch((err: unknown) => app.log.warn({ err }, `sending ${what} failed; the next sweep retries`))
      .finally(() => {
        running = undefined;
        if (again) sweep();
      });
  };
  const timer = setInterval(sweep, everySeconds * 1000);
  timer.unref();
  app.addHook('onClose', async () => {
    closed = true;
    clearInterval(timer);
    await running;
    close?.();
  });
  return sweep;
}
