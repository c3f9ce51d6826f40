import type { BusLog } from '../src';

/** A bus log that keeps the lines written, by level, for a test to read. */
export function recordingLog() {
  const lines: Array<{ level: string; msg: string; obj: object }> = [];
  const at =
    (level: string) =>
    (obj: object, msg: string): void =>
      void lines.push({ level, msg, obj });
  const log: BusLog = { debug: at('debug'), info: at('info'), warn: at('warn'), error: at('error') };
  return { log, lines };
}
