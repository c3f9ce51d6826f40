/**
 * Invoice and receipt numbers: one series per kind and calendar year in Nairobi's time, numbered from 1
 * without gaps (`INV-2026-000001`, `RCT-2026-000001`). The store allocates the next number in the same
 * transaction that records the paid period, so a rolled-back payment never consumes a number.
 */
export type DocumentKind = 'invoice' | 'receipt';

const PREFIX: Record<DocumentKind, string> = { invoice: 'INV', receipt: 'RCT' };
const NAIROBI_OFFSET_MS = 3 * 60 * 60 * 1000; // East Africa Time, UTC+3 all year (no daylight saving)
const PATTERN = /^(INV|RCT)-(\d{4})-(\d{6,})$/;

export interface DocumentSeries {
  kind: DocumentKind;
  year: number;
}

export function documentSeries(kind: DocumentKind, issuedAt: Date): DocumentSeries {
  return { kind, year: new Date(issuedAt.getTime() + NAIROBI_OFFSET_MS).getUTCFullYear() };
}

export function formatDocumentNumber(series: DocumentSeries, sequence: number): string {
  if (!Number.isSafeInteger(sequence) || sequence < 1) throw new RangeError(`bad sequence ${sequence}`);
  return `${PREFIX[series.kind]}-${series.year}-${String(sequence).padStart(6, '0')}`;
}

export function parseDocumentNumber(value: string): (DocumentSeries & { sequence: number }) | null {
  const match = PATTERN.exec(value);
  if (!match) return null;
  const kind = match[1] === 'INV' ? 'invoice' : 'receipt';
  return { kind, year: Number(match[2]), sequence: Number(match[3]) };
}

/**
 * The first number missing from one series, or null when the numbers run 1, 2, 3 … without a gap
 * or repeat (what an auditor checks).
 */
export function firstGap(numbers: string[]): number | null {
  const sequences = numbers.map((n) => parseDocumentNumber(n)?.sequence ?? Number.NaN).sort((a, b) => a - b);
  for (let i = 0; i < sequences.length; i++) {
    if (sequences[i] !== i + 1) return i + 1;
  }
  return null;
}
