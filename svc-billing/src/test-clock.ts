import { readFileSync, statSync } from 'node:fs';

/**
 * The clock of an end-to-end run (`BILLING_TEST_CLOCK_FILE`): the real time moved forward by the number of
 * milliseconds the file holds (none, or no file: not moved), so a browser journey can end a trial. Read
 * again when the file changes. Only the e2e harness sets the variable, and config.ts refuses it unless
 * every provider is the local sandbox: no real payment ever sees a moved clock.
 */
export function fileClock(file: string): () => Date {
  let seen = -1;
  let offsetMs = 0;
  return () => {
    let changed = -1;
    try {
      changed = statSync(file).mtimeMs;
    } catch {
      offsetMs = 0;
    }
    if (changed !== -1 && changed !== seen) {
      seen = changed;
      const value = Number(readFileSync(file, 'utf8').trim());
      offsetMs = Number.isSafeInteger(value) && value >= 0 ? value : 0;
    }
    return new Date(Date.now() + offsetMs);
  };
}
