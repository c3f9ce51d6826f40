import type { Profession } from '@platform/contracts';
import { addMonths, type LocalDate } from './dates';
import { documentStatusOn } from './compliance';
import type { OrgRole } from './roles';

/** A training as an organisation starts with it: HR may then rename it, change its validity or who needs it. */
export interface DefaultTraining {
  name: string;
  validityMonths: number | null;
  everyone: boolean;
  professions: Profession[];
}

/** Those who treat patients: Basic Life Support is theirs to renew. */
export const CLINICAL_PROFESSIONS: Profession[] = ['Doctor', 'Nurse', 'Clinical Officer'];

/** Seeded once per organisation, the first time any of its members reads or records a training. */
export const DEFAULT_TRAININGS: readonly DefaultTraining[] = [
  {
    name: 'Basic Life Support (BLS)',
    validityMonths: 24,
    everyone: false,
    professions: CLINICAL_PROFESSIONS,
  },
  { name: 'Infection prevention and control', validityMonths: 12, everyone: true, professions: [] },
  { name: 'Fire safety', validityMonths: 12, everyone: true, professions: [] },
];

/** Who a training is required of: everyone, or anyone with one of its professions or org roles. */
export interface TrainingRequirement {
  everyone: boolean;
  professions: readonly Profession[];
  roles: readonly OrgRole[];
}

export const isRequiredOf = (
  training: TrainingRequirement,
  member: { profession: Profession | null; role: OrgRole },
): boolean =>
  training.everyone ||
  (member.profession !== null && training.professions.includes(member.profession)) ||
  training.roles.includes(member.role);

/** The day a completion stops counting: its day plus the validity; null when the training never expires. */
export const trainingExpiry = (completedOn: LocalDate, validityMonths: number | null): LocalDate | null =>
  validityMonths === null ? null : addMonths(completedOn, validityMonths);

/**
 * A required training's status for one person: `missing` with no completion; otherwise as documents are
 * (`expiring` in the 90 days before the expiry date, through that day); valid for good when it never expires.
 */
export function trainingStatusOn(
  latest: { expiresOn: LocalDate | null } | null,
  today: LocalDate,
): 'valid' | 'expiring' | 'expired' | 'missing' {
  if (!latest) return 'missing';
  return latest.expiresOn === null ? 'valid' : documentStatusOn(latest.expiresOn, today);
}

/** Where a completion came from: recorded by hand (HR or the member), or an Events check-in. */
export const TRAINING_SOURCES = ['manual', 'events'] as const;
export type TrainingSource = (typeof TRAINING_SOURCES)[number];

const normalised = (text: string): string => text.trim().replace(/\s+/g, ' ').toLowerCase();

/**
 * Whether an Events tag names a training: the training's whole name, or the abbreviation in brackets at its
 * end ("BLS" for "Basic Life Support (BLS)"), ignoring case and extra spaces. No partial matches: a tag
 * "Fire" records nothing, so an event is only counted for the training its organiser named.
 */
export function tagNamesTraining(tag: string, trainingName: string): boolean {
  const name = normalised(trainingName);
  const abbreviation = /\(([^()]+)\)$/.exec(name)?.[1]?.trim();
  const wanted = normalised(tag);
  return wanted.length > 0 && (wanted === name || wanted === abbreviation);
}
