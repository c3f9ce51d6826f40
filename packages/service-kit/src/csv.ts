/**
 * CSV for spreadsheets. A cell starting with =, +, -, @, tab or carriage return would be read by Excel
 * or LibreOffice as a formula (CSV injection: a registrant named `=HYPERLINK(...)`), so it is prefixed
 * with an apostrophe and shows as typed. Every cell is quoted; the BOM makes Excel read UTF-8.
 */
const FORMULA_START = /^[=+\-@\t\r]/;

export function csvCell(value: string | number | null): string {
  const text = value === null ? '' : String(value);
  const safe = FORMULA_START.test(text) ? `'${text}` : text;
  return `"${safe.replace(/"/g, '""')}"`;
}

/** One line of cells, with its line end. */
export const csvLine = (row: (string | number | null)[]): string => `${row.map(csvCell).join(',')}\r\n`;

/** The byte-order mark that starts every file, so Excel reads it as UTF-8. */
export const CSV_BOM = '\uFEFF';

export function toCsv(rows: (string | number | null)[][]): string {
  return CSV_BOM + rows.map(csvLine).join('');
}
