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

export function toCsv(rows: (string | number | null)[][]): string {
  return `\uFEFF${rows.map((row) => row.map(csvCell).join(',')).join('\r\n')}\r\n`;
}
