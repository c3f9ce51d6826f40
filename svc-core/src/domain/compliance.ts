import { windowOn } from './alert-schedule';
import type { LocalDate } from './dates';

/**
 * What a compliance document's list shows: `valid`; `expiring` from 90 days before its expiry date through
 * that day (the alerts' windows); `expired` from the day after.
 */
export const DOCUMENT_STATUSES = ['valid', 'expiring', 'expired'] as const;
export type DocumentStatus = (typeof DOCUMENT_STATUSES)[number];

export function documentStatusOn(expiresOn: LocalDate, today: LocalDate): DocumentStatus {
  const window = windowOn(expiresOn, today);
  if (window === null) return 'valid';
  return window === 'expired' ? 'expired' : 'expiring';
}
