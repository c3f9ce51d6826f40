import { CONTRACT_MERGE_FIELDS } from '../../contract';

export type MergeField = (typeof CONTRACT_MERGE_FIELDS)[number];
export type MergeValues = Record<MergeField, string>;

/** `{{ field }}`: a merge field as a template writes it (spaces inside allowed). */
const FIELD = /\{\{\s*([A-Za-z]+)\s*\}\}/g;

/** The merge fields a template's text uses, and the names it uses that are no field (to refuse). */
export function fieldsOf(body: string): { fields: MergeField[]; unknown: string[] } {
  const fields = new Set<MergeField>();
  const unknown = new Set<string>();
  for (const [, name] of body.matchAll(FIELD))
    if ((CONTRACT_MERGE_FIELDS as readonly string[]).includes(name!)) fields.add(name as MergeField);
    else unknown.add(name!);
  return { fields: [...fields], unknown: [...unknown] };
}

/**
 * The template's text with each merge field replaced by its value, in one pass: a value is inserted as it is
 * and never read again as a template (a salary written as `{{name}}` stays that text). Values carry no
 * control characters (the schema's), so they cannot add lines or break the page.
 */
export function merge(body: string, values: MergeValues): string {
  return body.replace(FIELD, (whole, name: string) =>
    Object.hasOwn(values, name) ? values[name as MergeField] : whole,
  );
}

const GROUPED = new Intl.NumberFormat('en-KE', { maximumFractionDigits: 0 });

/** `KES 85,000 per month`. */
export const salaryText = (s: { amount: number; currency: string; period: 'month' | 'year' }) =>
  `${s.currency} ${GROUPED.format(s.amount)} per ${s.period}`;

export const probationText = (months: number) =>
  months === 0 ? 'none' : `${months} ${months === 1 ? 'month' : 'months'}`;
