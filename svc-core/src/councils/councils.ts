import type { Profession } from '@platform/contracts';

/** The countries Core ships councils for (ISO 3166-1 alpha-2). */
export const COUNCIL_COUNTRIES = ['KE', 'UG', 'TZ', 'RW'] as const;
export type CouncilCountry = (typeof COUNCIL_COUNTRIES)[number];

/**
 * How long a practising licence lasts. `months: null` means the council sets it licence by licence (we found
 * no cycle we could state with confidence); `endsOn` is the fixed day every licence of the cycle ends on,
 * where there is one (KMPDC's end every 31 December).
 */
export interface RenewalCycle {
  months: number | null;
  endsOn: { month: number; day: number } | null;
}

/** A health professions council: data, not code. Seeded from this list; an admin can add more. */
export interface CouncilSeed {
  /** Stable key, `<country>-<abbreviation>` in lower case. */
  code: string;
  name: string;
  abbreviation: string;
  country: CouncilCountry;
  /** The platform's professions it licenses (a dentist is a `Doctor`, a midwife a `Nurse` there). */
  professions: Profession[];
  renewal: RenewalCycle;
  /** Where HR checks a licence by hand (the council's public register or its site's register search). */
  registerUrl: string;
}

const DECEMBER_31 = { month: 12, day: 31 };

/**
 * Sources, read when this list was written (2026): each council's own site where it states the cycle —
 * NCK "renew your license ... every 3 years"; the Clinical Officers Council "the professional practice
 * license is now annual"; UMDPC's renewal period "ends on 31st December of each year"; UNMC "renewed every
 * 3 years"; AHPC Uganda's "Annual Practicing Licence"; RMDC "licensing is done every year". KMPDC licences
 * are issued for a calendar year; the Pharmacy and Poisons Board's practice licences expire on 31 December
 * of the year they are issued. Rwanda's NCNM renews every three years (its chair, reported by the press).
 * KMLTTB, the Medical Council of Tanganyika and the Tanzania Nursing and Midwifery Council: set by the council.
 */
export const COUNCILS: readonly CouncilSeed[] = [
  {
    code: 'ke-kmpdc',
    name: 'Kenya Medical Practitioners and Dentists Council',
    abbreviation: 'KMPDC',
    country: 'KE',
    professions: ['Doctor'],
    renewal: { months: 12, endsOn: DECEMBER_31 },
    registerUrl: 'https://kmpdc.go.ke/',
  },
  {
    code: 'ke-nck',
    name: 'Nursing Council of Kenya',
    abbreviation: 'NCK',
    country: 'KE',
    professions: ['Nurse'],
    renewal: { months: 36, endsOn: null },
    registerUrl: 'https://nckenya.com/',
  },
  {
    code: 'ke-coc',
    name: 'Clinical Officers Council',
    abbreviation: 'COC',
    country: 'KE',
    professions: ['Clinical Officer'],
    renewal: { months: 12, endsOn: null },
    registerUrl: 'https://clinicalofficerscouncil.org/',
  },
  {
    code: 'ke-ppb',
    name: 'Pharmacy and Poisons Board',
    abbreviation: 'PPB',
    country: 'KE',
    professions: ['Pharmacist'],
    renewal: { months: 12, endsOn: DECEMBER_31 },
    registerUrl: 'https://web.pharmacyboardkenya.org/',
  },
  {
    code: 'ke-kmlttb',
    name: 'Kenya Medical Laboratory Technicians and Technologists Board',
    abbreviation: 'KMLTTB',
    country: 'KE',
    professions: ['Laboratory Technologist'],
    renewal: { months: null, endsOn: null },
    registerUrl: 'https://kmlttb.org/',
  },
  {
    code: 'ug-umdpc',
    name: 'Uganda Medical and Dental Practitioners Council',
    abbreviation: 'UMDPC',
    country: 'UG',
    professions: ['Doctor'],
    renewal: { months: 12, endsOn: DECEMBER_31 },
    registerUrl: 'https://umdpc.go.ug/',
  },
  {
    code: 'ug-unmc',
    name: 'Uganda Nurses and Midwives Council',
    abbreviation: 'UNMC',
    country: 'UG',
    professions: ['Nurse'],
    renewal: { months: 36, endsOn: null },
    registerUrl: 'https://unmc.ug/',
  },
  {
    code: 'ug-ahpc',
    name: 'Allied Health Professionals Council',
    abbreviation: 'AHPC',
    country: 'UG',
    professions: ['Clinical Officer', 'Laboratory Technologist'],
    renewal: { months: 12, endsOn: null },
    registerUrl: 'https://ahpc.ug/',
  },
  {
    code: 'tz-mct',
    name: 'Medical Council of Tanganyika',
    abbreviation: 'MCT',
    country: 'TZ',
    // Its register covers medical and dental practitioners; its rolls, clinical officers.
    professions: ['Doctor', 'Clinical Officer'],
    renewal: { months: null, endsOn: null },
    registerUrl: 'https://www.mct.go.tz/',
  },
  {
    code: 'tz-tnmc',
    name: 'Tanzania Nursing and Midwifery Council',
    abbreviation: 'TNMC',
    country: 'TZ',
    professions: ['Nurse'],
    renewal: { months: null, endsOn: null },
    registerUrl: 'https://www.tnmc.go.tz/',
  },
  {
    code: 'rw-rmdc',
    name: 'Rwanda Medical and Dental Council',
    abbreviation: 'RMDC',
    country: 'RW',
    professions: ['Doctor'],
    renewal: { months: 12, endsOn: null },
    registerUrl: 'https://rmdc.rw/',
  },
  {
    code: 'rw-ncnm',
    name: 'National Council of Nurses and Midwives',
    abbreviation: 'NCNM',
    country: 'RW',
    professions: ['Nurse'],
    renewal: { months: 36, endsOn: null },
    registerUrl: 'https://ncnm.rw/',
  },
];
