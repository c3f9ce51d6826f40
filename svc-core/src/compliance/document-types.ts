import type { Translated } from '@platform/contracts';
import type { FacilityType } from '@platform/contracts/values';
import type { CouncilCountry } from '../councils/councils';

/**
 * A paper the organisation itself must hold (not a member's licence): data, not code. `requiredFor` lists
 * the facility types that must hold it (`all`: every one); a type not required for a facility may still be
 * recorded there.
 */
export interface ComplianceDocumentType {
  /** Stable key, `<country>-<name>` in lower case: what a document row stores. */
  code: string;
  country: CouncilCountry;
  name: Translated;
  /** Who issues it, as its holder knows them. */
  issuer: string;
  requiredFor: readonly FacilityType[] | 'all';
}

/**
 * Sources, read when this list was written (2026): Kenya's Health Act 2017 and the KMPDC's inspection and
 * licensing of health facilities (annual, ending 31 December); the Social Health Authority's contracting of
 * facilities (SHA replaced NHIF); NEMA's waste licences under the Waste Management Regulations; county fire
 * and public health certificates; the Kenya Nuclear Regulatory Authority's licence for X-ray equipment;
 * NACADA's accreditation of addiction treatment and rehabilitation centres. Uganda's UMDPC licenses private
 * health units; Tanzania's Private Health Facilities Advisory Board registers private facilities; Rwanda's
 * Ministry of Health licenses private ones. Where we could not state a requirement with confidence, the
 * type is offered but not required.
 */
export const COMPLIANCE_DOCUMENT_TYPES: readonly ComplianceDocumentType[] = [
  {
    code: 'ke-facility-licence',
    country: 'KE',
    name: {
      en: 'Facility registration and licence',
      sw: 'Usajili na leseni ya kituo',
      fr: "Enregistrement et licence de l'établissement",
    },
    issuer: 'KMPDC',
    requiredFor: 'all',
  },
  {
    code: 'ke-sha-accreditation',
    country: 'KE',
    name: { en: 'SHA accreditation', sw: 'Idhini ya SHA', fr: 'Accréditation SHA' },
    issuer: 'Social Health Authority',
    requiredFor: 'all',
  },
  {
    code: 'ke-indemnity-insurance',
    country: 'KE',
    name: {
      en: 'Professional indemnity insurance',
      sw: 'Bima ya dhima ya kitaaluma',
      fr: 'Assurance responsabilité civile professionnelle',
    },
    issuer: 'Insurer',
    requiredFor: 'all',
  },
  {
    code: 'ke-fire-safety',
    country: 'KE',
    name: {
      en: 'Fire safety certificate',
      sw: 'Cheti cha usalama wa moto',
      fr: 'Certificat de sécurité incendie',
    },
    issuer: 'County fire department',
    requiredFor: 'all',
  },
  {
    code: 'ke-nema-waste',
    country: 'KE',
    name: {
      en: 'Waste management licence (NEMA)',
      sw: 'Leseni ya usimamizi wa taka (NEMA)',
      fr: 'Licence de gestion des déchets (NEMA)',
    },
    issuer: 'NEMA',
    requiredFor: 'all',
  },
  {
    code: 'ke-public-health',
    country: 'KE',
    name: {
      en: 'Public health certificate',
      sw: 'Cheti cha afya ya umma',
      fr: 'Certificat de santé publique',
    },
    issuer: 'County public health office',
    requiredFor: 'all',
  },
  {
    code: 'ke-knra-radiation',
    country: 'KE',
    name: {
      en: 'Radiation licence (KNRA)',
      sw: 'Leseni ya mionzi (KNRA)',
      fr: 'Licence de radioprotection (KNRA)',
    },
    issuer: 'Kenya Nuclear Regulatory Authority',
    requiredFor: ['Hospital', 'Diagnostic Center'],
  },
  {
    code: 'ke-nacada-accreditation',
    country: 'KE',
    name: { en: 'NACADA accreditation', sw: 'Idhini ya NACADA', fr: 'Accréditation NACADA' },
    issuer: 'NACADA',
    requiredFor: ['Rehab Center'],
  },
  {
    code: 'ug-facility-licence',
    country: 'UG',
    name: {
      en: 'Health unit licence (UMDPC)',
      sw: 'Leseni ya kituo cha afya (UMDPC)',
      fr: "Licence d'unité de santé (UMDPC)",
    },
    issuer: 'UMDPC',
    requiredFor: 'all',
  },
  {
    code: 'ug-indemnity-insurance',
    country: 'UG',
    name: {
      en: 'Professional indemnity insurance',
      sw: 'Bima ya dhima ya kitaaluma',
      fr: 'Assurance responsabilité civile professionnelle',
    },
    issuer: 'Insurer',
    requiredFor: [],
  },
  {
    code: 'tz-facility-registration',
    country: 'TZ',
    name: {
      en: 'Private health facility registration',
      sw: 'Usajili wa kituo binafsi cha afya',
      fr: "Enregistrement de l'établissement de santé privé",
    },
    issuer: 'Private Health Facilities Advisory Board',
    requiredFor: 'all',
  },
  {
    code: 'tz-fire-safety',
    country: 'TZ',
    name: {
      en: 'Fire safety certificate',
      sw: 'Cheti cha usalama wa moto',
      fr: 'Certificat de sécurité incendie',
    },
    issuer: 'Tanzania Fire and Rescue Force',
    requiredFor: [],
  },
  {
    code: 'rw-facility-licence',
    country: 'RW',
    name: {
      en: 'Health facility licence',
      sw: 'Leseni ya kituo cha afya',
      fr: "Licence d'exploitation de l'établissement de santé",
    },
    issuer: 'Ministry of Health',
    requiredFor: 'all',
  },
  {
    code: 'rw-indemnity-insurance',
    country: 'RW',
    name: {
      en: 'Professional indemnity insurance',
      sw: 'Bima ya dhima ya kitaaluma',
      fr: 'Assurance responsabilité civile professionnelle',
    },
    issuer: 'Insurer',
    requiredFor: [],
  },
];

export const documentTypeOf = (code: string): ComplianceDocumentType | undefined =>
  COMPLIANCE_DOCUMENT_TYPES.find((t) => t.code === code);

/** The types an organisation in `country` may record, in the list's order. */
export const documentTypesIn = (country: string): ComplianceDocumentType[] =>
  COMPLIANCE_DOCUMENT_TYPES.filter((t) => t.country === country);

export const isRequired = (type: ComplianceDocumentType, facilityType: FacilityType): boolean =>
  type.requiredFor === 'all' || type.requiredFor.includes(facilityType);
