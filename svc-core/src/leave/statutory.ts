/**
 * The leave types every organisation starts with: Kenya's Employment Act 2007 (sections 28 to 30 and
 * 29(8) as amended) and common practice, which HR then edits freely. Names are kept in English on the
 * type; a preset's name reads in the member's language until HR renames it (`presetName`).
 */
import type { Translated } from '@platform/contracts';
import type { LeavePolicy } from '../domain/leave';

export const LEAVE_PRESET_CODES = [
  'annual',
  'sick',
  'maternity',
  'paternity',
  'compassionate',
  'study',
  'unpaid',
] as const;
export type LeavePresetCode = (typeof LEAVE_PRESET_CODES)[number];

export interface LeavePreset extends LeavePolicy {
  code: LeavePresetCode;
  name: Translated;
  paid: boolean;
  documentsRequired: string | null;
}

const base = {
  carryOverCap: 0,
  countsWeekends: false,
  countsHolidays: false,
  allowNegative: false,
  minServiceMonths: 0,
  halfPayAfterDays: null,
  documentsAfterDays: null,
  documentsRequired: null,
  paid: true,
} as const;

export const LEAVE_PRESETS: readonly LeavePreset[] = [
  {
    ...base,
    code: 'annual',
    name: { en: 'Annual leave', sw: 'Likizo ya mwaka', fr: 'Congé annuel' },
    // s.28(1)(a): 21 working days a year; (b): 1.75 days for each completed month, from the first.
    accrual: 'monthly',
    daysPerYear: 21,
    // The Act fixes no figure (the rest is taken within 18 months, s.28(4)): a default HR changes.
    carryOverCap: 7,
  },
  {
    ...base,
    code: 'sick',
    name: { en: 'Sick leave', sw: 'Likizo ya ugonjwa', fr: 'Congé de maladie' },
    // s.30: after two consecutive months of service, 7 days on full pay and 7 on half pay a year,
    // on a medical certificate (asked here beyond 2 days, a common rule HR may change).
    accrual: 'yearly',
    daysPerYear: 14,
    minServiceMonths: 2,
    halfPayAfterDays: 7,
    documentsAfterDays: 2,
    documentsRequired: 'Medical certificate',
  },
  {
    ...base,
    code: 'maternity',
    name: { en: 'Maternity leave', sw: 'Likizo ya uzazi', fr: 'Congé de maternité' },
    // s.29(1): three months on full pay: calendar days.
    accrual: 'yearly',
    daysPerYear: 90,
    countsWeekends: true,
    countsHolidays: true,
    documentsAfterDays: 0,
    documentsRequired: 'Medical certificate of the expected date of delivery',
  },
  {
    ...base,
    code: 'paternity',
    name: { en: 'Paternity leave', sw: 'Likizo ya baba', fr: 'Congé de paternité' },
    // s.29(8): two weeks on full pay: calendar days.
    accrual: 'yearly',
    daysPerYear: 14,
    countsWeekends: true,
    countsHolidays: true,
  },
  {
    ...base,
    code: 'compassionate',
    name: { en: 'Compassionate leave', sw: 'Likizo ya msiba', fr: 'Congé pour deuil' },
    accrual: 'yearly',
    daysPerYear: 5,
  },
  {
    ...base,
    code: 'study',
    name: { en: 'Study leave', sw: 'Likizo ya masomo', fr: "Congé d'études" },
    accrual: 'yearly',
    daysPerYear: 10,
    documentsAfterDays: 0,
    documentsRequired: 'Admission or examination letter',
  },
  {
    ...base,
    code: 'unpaid',
    name: { en: 'Unpaid leave', sw: 'Likizo bila malipo', fr: 'Congé sans solde' },
    accrual: 'none',
    daysPerYear: 0,
    paid: false,
  },
];

/** A preset's name in every language while HR has kept its English name; else the name as HR wrote it. */
export function leaveTypeName(type: { code: string | null; name: string }): Translated {
  const preset = LEAVE_PRESETS.find((p) => p.code === type.code);
  return preset && preset.name.en === type.name
    ? preset.name
    : { en: type.name, sw: type.name, fr: type.name };
}
