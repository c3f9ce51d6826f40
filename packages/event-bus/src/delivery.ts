/** How often a failing handler is tried before its event goes to the dead-letter stream. */
export const DEFAULT_MAX_DELIVER = 10;
export const DEFAULT_RETRY_DELAY_MS = 1000;
const MAX_RETRY_DELAY_MS = 60_000;

/** Delay before delivery n+1 after delivery n failed: doubling, so a dependency that is down gets room. */
export function retryDelayMs(deliveries: number, firstDelayMs = DEFAULT_RETRY_DELAY_MS): number {
  return Math.min(firstDelayMs * 2 ** Math.max(0, deliveries - 1), MAX_RETRY_DELAY_MS);
}
