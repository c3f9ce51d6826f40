import { readFileSync } from 'node:fs';

/**
 * The browser journeys' clock: the day written in `file` (`2026-12-01`, or a full ISO time) is "now" for
 * this instance, moving on in real time from there; each change of the file runs `onMove` (the credential
 * sweep), as midnight would. Only `CORE_TEST_CLOCK_FILE` turns it on, which the e2e platform sets and the
 * configuration refuses in production; an empty or missing file is the system's clock.
 */
export function fileClock(file: string, pollMs = 100) {
  let text = '';
  let offsetMs = 0;
  /** True when the file's text changed since the last read. */
  const read = (): boolean => {
    let now = '';
    try {
      now = readFileSync(file, 'utf8').trim();
    } catch {
      // No file (yet): the system's clock.
    }
    if (now === text) return false;
    text = now;
    const at = text ? Date.parse(text) : NaN;
    offsetMs = Number.isNaN(at) ? 0 : at - Date.now();
    return true;
  };
  read();
  let timer: NodeJS.Timeout | undefined;
  return {
    now: () => new Date(Date.now() + offsetMs),
    /** Calls `onMove` after each change of the file, the new time already in effect. */
    watch(onMove: () => void) {
      timer = setInterval(() => {
        if (read()) onMove();
      }, pollMs);
      timer.unref();
    },
    stop: () => clearInterval(timer),
  };
}
