import { parse } from 'csv-parse/sync';
import { Value } from '@sinclair/typebox/value';
import { Email, PROFESSIONS, registerFormats, type Profession } from '@platform/contracts';
import { parseIsoDate, daysBetween, type LocalDate } from './dates';

/**
 * The staff CSV import: a spreadsheet's rows read into staff records, each row checked on its own so the
 * preview names every bad row at once. The service imports only a file with no error at all.
 */
registerFormats();

/** A hospital of 2,000 staff imports in one file. */
export const MAX_IMPORT_ROWS = 2000;
export const EMPLOYMENT_TYPES = ['full-time', 'part-time', 'contract', 'locum', 'intern'] as const;
export type EmploymentType = (typeof EMPLOYMENT_TYPES)[number];
/** Professions a person may hold (a Clinic is an organisation, not a profession). */
export const STAFF_PROFESSIONS = PROFESSIONS.filter((p) => p !== 'Clinic') as Exclude<Profession, 'Clinic'>[];

/** The columns, by the key a header normalises to (letters and digits, lower case, "license" as "licence"). */
const COLUMNS = {
  email: ['email', 'emailaddress'],
  name: ['name', 'fullname'],
  phone: ['phone', 'phonenumber', 'mobile'],
  jobTitle: ['jobtitle', 'title', 'position'],
  profession: ['profession'],
  department: ['department', 'ward', 'unit'],
  location: ['location', 'branch'],
  startDate: ['startdate', 'start'],
  employmentType: ['employmenttype', 'employment'],
  nationalId: ['nationalid', 'idnumber'],
  kraPin: ['krapin'],
  shaNumber: ['shanumber', 'sha'],
  nssfNumber: ['nssfnumber', 'nssf'],
  emergencyContactName: ['emergencycontactname', 'emergencycontact'],
  emergencyContactPhone: ['emergencycontactphone', 'emergencyphone'],
  licenceCouncil: ['licencecouncil', 'council'],
  licenceNumber: ['licencenumber', 'registrationnumber'],
  licenceIssuedOn: ['licenceissuedon', 'issuedon'],
  licenceExpiresOn: ['licenceexpireson', 'licenceexpiry', 'expireson'],
} as const;
export type ImportColumn = keyof typeof COLUMNS;
export const IMPORT_COLUMNS = Object.keys(COLUMNS) as ImportColumn[];

const headerKey = (header: string): string =>
  header
    .toLowerCase()
    .replace(/license/g, 'licence')
    .replace(/[^a-z0-9]/g, '');
const COLUMN_OF = new Map<string, ImportColumn>(
  IMPORT_COLUMNS.flatMap((column) => COLUMNS[column].map((alias): [string, ImportColumn] => [alias, column])),
);

export interface ImportedStaff {
  /** The spreadsheet's row number (the header is row 1). */
  row: number;
  email: string;
  name: string;
  phone: string | null;
  jobTitle: string | null;
  profession: Profession | null;
  departmentId: string | null;
  locationId: string | null;
  startDate: LocalDate | null;
  employmentType: EmploymentType | null;
  nationalId: string | null;
  kraPin: string | null;
  shaNumber: string | null;
  nssfNumber: string | null;
  emergencyContact: { name: string; phone: string } | null;
  licence: { councilId: string; number: string; issuedOn: LocalDate | null; expiresOn: LocalDate } | null;
}

/** One problem: `row` null for the file as a whole; `code` is what the page translates (`message` in English). */
export interface ImportProblem {
  row: number | null;
  column: ImportColumn | null;
  code: string;
  message: string;
}

export interface ImportPreview {
  rows: ImportedStaff[];
  problems: ImportProblem[];
}

/** What the rows are checked against: the organisation's departments, locations and councils. */
export interface ImportContext {
  departments: readonly { id: string; name: string }[];
  locations: readonly { id: string; name: string }[];
  councils: readonly { id: string; code: string; abbreviation: string; country: string }[];
  /** The organisation's country, which decides a council abbreviation shared across countries. */
  country: string;
}

const PHONE = /^\+?[0-9][0-9 ()-]{5,18}[0-9]$/;
const KRA_PIN = /^[AP]\d{9}[A-Z]$/;
const REFERENCE = /^[A-Za-z0-9][A-Za-z0-9/ -]{2,29}$/;
const DAY_FIRST = /^(\d{1,2})\/(\d{1,2})\/(\d{4})$/;

/** `YYYY-MM-DD`, or day first as Kenya writes it (`31/12/2026`). */
export function parseDateCell(text: string): LocalDate | null {
  const dayFirst = DAY_FIRST.exec(text);
  if (!dayFirst) return parseIsoDate(text);
  const [, d, m, y] = dayFirst as unknown as [string, string, string, string];
  return parseIsoDate(`${y}-${m.padStart(2, '0')}-${d.padStart(2, '0')}`);
}

const byName = <T extends { name: string }>(items: readonly T[], name: string): T | undefined =>
  items.find((item) => item.name.trim().toLowerCase() === name.toLowerCase());

/** Reads the file's text: a preview of every row, and every problem found. Nothing here writes anything. */
export function previewImport(csv: string, context: ImportContext): ImportPreview {
  const problems: ImportProblem[] = [];
  const fileProblem = (code: string, message: string): ImportPreview => ({
    rows: [],
    problems: [{ row: null, column: null, code, message }],
  });

  let records: string[][];
  try {
    const firstLine = csv.split('\n', 1)[0] ?? '';
    const delimiter = !firstLine.includes(',') && firstLine.includes(';') ? ';' : ',';
    records = parse(csv, {
      bom: true,
      delimiter,
      trim: true,
      skip_empty_lines: true,
      relax_column_count: true,
    });
  } catch (error) {
    const line = (error as { lines?: number }).lines;
    return fileProblem(
      'core.import.unreadable',
      `The file is not readable CSV${line ? ` (near line ${line})` : ''}.`,
    );
  }

  const [header, ...body] = records;
  if (!header || body.length === 0) return fileProblem('core.import.empty', 'The file has no staff rows.');
  if (body.length > MAX_IMPORT_ROWS)
    return fileProblem('core.import.too_many_rows', `A file may hold at most ${MAX_IMPORT_ROWS} staff rows.`);

  const columns = header.map((name) => COLUMN_OF.get(headerKey(name)) ?? null);
  header.forEach((name, i) => {
    if (columns[i] === null)
      problems.push({
        row: 1,
        column: null,
        code: 'core.import.unknown_column',
        message: `Column "${name}" is not one of ${IMPORT_COLUMNS.join(', ')}.`,
      });
  });
  for (const required of ['email', 'name'] as const)
    if (!columns.includes(required))
      problems.push({
        row: 1,
        column: required,
        code: 'core.import.missing_column',
        message: `The file needs a "${required}" column.`,
      });
  if (problems.length > 0) return { rows: [], problems };

  const firstRowOf = new Map<string, number>();
  const rows: ImportedStaff[] = [];
  body.forEach((cells, index) => {
    const row = index + 2;
    if (cells.length !== header.length) {
      problems.push({
        row,
        column: null,
        code: 'core.import.cell_count',
        message: `Row ${row} has ${cells.length} cells where the header has ${header.length}.`,
      });
      return;
    }
    const cell = Object.fromEntries(columns.map((column, i) => [column, cells[i] ?? ''])) as Partial<
      Record<ImportColumn, string>
    >;
    const read = readRow(row, cell, context);
    problems.push(...read.problems);
    if (!read.staff) return;
    const first = firstRowOf.get(read.staff.email);
    if (first !== undefined) {
      problems.push({
        row,
        column: 'email',
        code: 'core.import.duplicate_email',
        message: `Row ${row}: ${read.staff.email} is already on row ${first}.`,
      });
      return;
    }
    firstRowOf.set(read.staff.email, row);
    rows.push(read.staff);
  });
  return { rows, problems };
}

function readRow(
  row: number,
  cell: Partial<Record<ImportColumn, string>>,
  context: ImportContext,
): { staff: ImportedStaff | null; problems: ImportProblem[] } {
  const problems: ImportProblem[] = [];
  const problem = (column: ImportColumn, code: string, message: string) => {
    problems.push({ row, column, code: `core.import.${code}`, message: `Row ${row}: ${message}` });
    return null;
  };
  const text = (column: ImportColumn, max: number): string | null => {
    const value = cell[column] ?? '';
    if (value === '') return null;
    return value.length > max
      ? problem(column, 'too_long', `${column} is longer than ${max} characters.`)
      : value;
  };
  const matching = (column: ImportColumn, pattern: RegExp, what: string): string | null => {
    const value = text(column, 40);
    return value === null || pattern.test(value)
      ? value
      : problem(column, 'invalid', `${column} is not ${what}.`);
  };
  const date = (column: ImportColumn): LocalDate | null => {
    const value = text(column, 20);
    if (value === null) return null;
    return (
      parseDateCell(value) ??
      problem(column, 'invalid_date', `${column} "${value}" is not a date (YYYY-MM-DD).`)
    );
  };

  const email = (cell.email ?? '').toLowerCase();
  if (email === '') problem('email', 'required', 'email is empty.');
  else if (!Value.Check(Email, email)) problem('email', 'invalid', `"${email}" is not an e-mail address.`);
  const name = cell.name ? text('name', 120) : problem('name', 'required', 'name is empty.');
  const phone = matching('phone', PHONE, 'a phone number');
  const jobTitle = text('jobTitle', 120);

  const professionText = text('profession', 40);
  const profession =
    professionText === null
      ? null
      : (STAFF_PROFESSIONS.find((p) => p.toLowerCase() === professionText.toLowerCase()) ??
        problem(
          'profession',
          'invalid',
          `profession "${professionText}" is not one of ${STAFF_PROFESSIONS.join(', ')}.`,
        ));

  const departmentName = text('department', 120);
  const department = departmentName === null ? null : byName(context.departments, departmentName);
  if (departmentName !== null && !department)
    problem(
      'department',
      'unknown_department',
      `department "${departmentName}" does not exist; add it first.`,
    );
  const locationName = text('location', 120);
  const location = locationName === null ? null : byName(context.locations, locationName);
  if (locationName !== null && !location)
    problem('location', 'unknown_location', `location "${locationName}" does not exist; add it first.`);

  const startDate = date('startDate');
  const employmentText = text('employmentType', 20)?.toLowerCase() ?? null;
  const employmentType =
    employmentText === null
      ? null
      : (EMPLOYMENT_TYPES.find((t) => t === employmentText.replace(/\s+/g, '-')) ??
        problem('employmentType', 'invalid', `employmentType is not one of ${EMPLOYMENT_TYPES.join(', ')}.`));

  const nationalId = matching('nationalId', REFERENCE, 'an ID number');
  const kraPinText = cell.kraPin?.toUpperCase() ?? '';
  const kraPin =
    kraPinText === ''
      ? null
      : KRA_PIN.test(kraPinText)
        ? kraPinText
        : problem('kraPin', 'invalid', 'kraPin is not a KRA PIN (a letter, nine digits, a letter).');
  const shaNumber = matching('shaNumber', REFERENCE, 'an SHA number');
  const nssfNumber = matching('nssfNumber', REFERENCE, 'an NSSF number');

  const contactName = text('emergencyContactName', 120);
  const contactPhone = matching('emergencyContactPhone', PHONE, 'a phone number');
  if (!cell.emergencyContactName !== !cell.emergencyContactPhone)
    problem(
      cell.emergencyContactName ? 'emergencyContactPhone' : 'emergencyContactName',
      'incomplete_contact',
      'an emergency contact needs both a name and a phone number.',
    );

  const licence = readLicence(cell, context, problem, text, date);

  if (problems.length > 0 || name === null) return { staff: null, problems };
  return {
    staff: {
      row,
      email,
      name,
      phone,
      jobTitle,
      profession,
      departmentId: department?.id ?? null,
      locationId: location?.id ?? null,
      startDate,
      employmentType,
      nationalId,
      kraPin,
      shaNumber,
      nssfNumber,
      emergencyContact: contactName && contactPhone ? { name: contactName, phone: contactPhone } : null,
      licence,
    },
    problems,
  };
}

function readLicence(
  cell: Partial<Record<ImportColumn, string>>,
  context: ImportContext,
  problem: (column: ImportColumn, code: string, message: string) => null,
  text: (column: ImportColumn, max: number) => string | null,
  date: (column: ImportColumn) => LocalDate | null,
): ImportedStaff['licence'] {
  const given = (['licenceCouncil', 'licenceNumber', 'licenceIssuedOn', 'licenceExpiresOn'] as const).some(
    (column) => (cell[column] ?? '') !== '',
  );
  if (!given) return null;
  const councilText = text('licenceCouncil', 40);
  const number = text('licenceNumber', 40);
  const issuedOn = date('licenceIssuedOn');
  const expiresOn = date('licenceExpiresOn');
  const council = councilText === null ? undefined : findCouncil(context, councilText);
  if (councilText === null) problem('licenceCouncil', 'required', 'a licence needs its council.');
  else if (!council) problem('licenceCouncil', 'unknown_council', `council "${councilText}" is not known.`);
  if (number === null) problem('licenceNumber', 'required', 'a licence needs its number.');
  if (expiresOn === null && !cell.licenceExpiresOn)
    problem('licenceExpiresOn', 'required', 'a licence needs its expiry date.');
  if (issuedOn !== null && expiresOn !== null && daysBetween(issuedOn, expiresOn) < 0)
    problem('licenceExpiresOn', 'expires_before_issue', 'the licence expires before it was issued.');
  if (!council || number === null || expiresOn === null) return null;
  return { councilId: council.id, number, issuedOn, expiresOn };
}

/** A council by its code (`ke-nck`) or abbreviation (`NCK`), the organisation's own country first. */
function findCouncil(context: ImportContext, text: string) {
  const wanted = text.toLowerCase();
  const matches = context.councils.filter(
    (c) => c.code.toLowerCase() === wanted || c.abbreviation.toLowerCase() === wanted,
  );
  return matches.find((c) => c.country === context.country) ?? matches[0];
}
