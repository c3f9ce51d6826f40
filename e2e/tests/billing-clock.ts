import { writeFileSync } from 'node:fs';

const DAY_MS = 86_400_000;

/**
 * Moves svc-billing's clock `days` forward from real time (0: back to it), through the file the e2e harness
 * gave it (playwright.config.ts, start-platform.ts). Every clinic of the run shares the clock: a journey that
 * moves it puts it back when it ends.
 */
export function moveBillingClock(days: number): void {
  const file = process.env.E2E_BILLING_CLOCK;
  if (!file) throw new Error('E2E_BILLING_CLOCK is not set (playwright.config.ts sets it)');
  writeFileSync(file, String(Math.round(days * DAY_MS)));
}
