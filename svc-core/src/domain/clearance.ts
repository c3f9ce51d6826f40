import type { Profession } from '@platform/contracts';
import { daysBetween, type LocalDate } from './dates';

export const CREDENTIAL_STATUSES = ['unverified', 'verified', 'expired', 'revoked'] as const;
export type CredentialStatus = (typeof CREDENTIAL_STATUSES)[number];

/** What clearance reads of a credential: the stored facts, never a status computed on another day. */
export interface HeldCredential {
  councilId: string;
  expiresOn: LocalDate;
  verified: boolean;
  revoked: boolean;
  renewedBy: string | null;
}

/** Revoked wins; then a date past its expiry; then whether HR checked the register. */
export function statusOn(credential: HeldCredential, today: LocalDate): CredentialStatus {
  if (credential.revoked) return 'revoked';
  if (daysBetween(today, credential.expiresOn) < 0) return 'expired';
  return credential.verified ? 'verified' : 'unverified';
}

export interface LicensingCouncil {
  id: string;
  country: string;
  professions: readonly Profession[];
}

/**
 * Why a person is or is not cleared to practise. Cleared: `valid` (a verified licence in date),
 * `unverified` (in date, register not yet checked by HR: cleared, and shown so), `not-regulated` (no
 * council of the country licenses their profession, or they have none). Not cleared: `missing`, `expired`,
 * `revoked`.
 */
export const CLEARANCE_REASONS = [
  'valid',
  'unverified',
  'not-regulated',
  'missing',
  'expired',
  'revoked',
] as const;
export type ClearanceReason = (typeof CLEARANCE_REASONS)[number];

export interface Clearance {
  cleared: boolean;
  reason: ClearanceReason;
}

/** The councils of `country` that license `profession`: a licence from any one of them is required. */
export const requiredCouncils = (
  councils: readonly LicensingCouncil[],
  country: string,
  profession: Profession | null,
): LicensingCouncil[] =>
  profession === null
    ? []
    : councils.filter((c) => c.country === country && c.professions.includes(profession));

/**
 * Cleared to practise: a person whose profession is licensed where they work needs an in-date, unrevoked
 * licence from one of that country's councils for it. The best licence they hold decides (a renewal in date
 * clears them even while the old one reads expired).
 */
export function clearanceOf(
  person: { profession: Profession | null; country: string },
  held: readonly HeldCredential[],
  councils: readonly LicensingCouncil[],
  today: LocalDate,
): Clearance {
  const required = new Set(requiredCouncils(councils, person.country, person.profession).map((c) => c.id));
  if (required.size === 0) return { cleared: true, reason: 'not-regulated' };
  const statuses = held.filter((c) => required.has(c.councilId)).map((c) => statusOn(c, today));
  if (statuses.includes('verified')) return { cleared: true, reason: 'valid' };
  if (statuses.includes('unverified')) return { cleared: true, reason: 'unverified' };
  if (statuses.includes('expired')) return { cleared: false, reason: 'expired' };
  if (statuses.includes('revoked')) return { cleared: false, reason: 'revoked' };
  return { cleared: false, reason: 'missing' };
}
