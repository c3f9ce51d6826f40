import { daysBetween, type LocalDate } from './dates';

/** The spec's constants: credential expiry alerts 90, 60 and 30 days before expiry. */
export const ALERT_DAYS_BEFORE = [90, 60, 30] as const;

/**
 * The moments a credential is alerted for, in order: 90, 60 and 30 days before its expiry date, on that
 * date ("expires today": it is still valid that day), and from the day after, when it has expired and its
 * holder is no longer cleared to practise.
 */
export const MILESTONES = ['days-90', 'days-60', 'days-30', 'expires-today', 'expired'] as const;
export type Milestone = (typeof MILESTONES)[number];

/**
 * What an expiry alert is for: a member's licence, one of the organisation's own documents, a training, a
 * fixed-term contract's end (its "expiry" is its last day).
 */
export const ALERT_KINDS = ['credential', 'compliance-document', 'training', 'contract'] as const;
export type AlertKind = (typeof ALERT_KINDS)[number];

/** How far ahead of expiry the first alert falls: the sweep looks at credentials expiring within this. */
export const ALERT_HORIZON_DAYS = ALERT_DAYS_BEFORE[0];

/**
 * The window `today` is in for a credential valid through `expiresOn`, or null before the first one. Each
 * window lasts until the next begins, so a credential saved 45 days before expiry is in `days-60`.
 */
export function windowOn(expiresOn: LocalDate, today: LocalDate): Milestone | null {
  const daysLeft = daysBetween(today, expiresOn);
  if (daysLeft < 0) return 'expired';
  if (daysLeft === 0) return 'expires-today';
  if (daysLeft <= 30) return 'days-30';
  if (daysLeft <= 60) return 'days-60';
  if (daysLeft <= 90) return 'days-90';
  return null;
}

export interface AlertableCredential {
  expiresOn: LocalDate;
  status: 'unverified' | 'verified' | 'expired' | 'revoked';
  /** Set when a renewal (a newer credential of the same person and council) replaced this one. */
  renewedBy: string | null;
}

/** A revoked or renewed credential is alerted for nothing more. */
export const stillAlerted = (credential: AlertableCredential): boolean =>
  credential.status !== 'revoked' && credential.renewedBy === null;

/**
 * The alert to send now, if any: the window `today` is in, unless it (or a later one) was already sent for
 * this expiry date. Windows passed unsent (the credential was saved late, or no sweep ran) are not sent
 * after the fact: only the current one is, at once. `sent` holds the milestones already sent for
 * `credential.expiresOn`; a corrected expiry date starts a schedule of its own.
 */
export function alertDue(
  credential: AlertableCredential,
  today: LocalDate,
  sent: ReadonlySet<Milestone>,
): Milestone | null {
  if (!stillAlerted(credential)) return null;
  const current = windowOn(credential.expiresOn, today);
  if (current === null) return null;
  const position = MILESTONES.indexOf(current);
  return MILESTONES.slice(position).some((later) => sent.has(later)) ? null : current;
}

/** Days left before expiry that an alert states (0 on the day; negative once expired). */
export const daysLeft = (expiresOn: LocalDate, today: LocalDate): number => daysBetween(today, expiresOn);
