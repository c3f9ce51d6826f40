/**
 * The staff and credentials lists as spreadsheet rows (the CSV itself, with its formula guard and BOM, is
 * service-kit's `toCsv`). Days are calendar days as the organisation lives them (East Africa Time).
 */
import type { Credential, PersonBalances, StaffMember } from '../../contract';
import { localDateOf } from './dates';

type Cell = string | number | null;

/** More rows than one download carries; past this the caller narrows the filters. */
export const EXPORT_MAX_ROWS = 10_000;

const STAFF_COLUMNS = [
  'Name',
  'Email',
  'Phone',
  'Job title',
  'Profession',
  'Department',
  'Location',
  'Start date',
  'Employment type',
  'Role',
  'Cleared',
];
const SENSITIVE_COLUMNS = ['National ID', 'KRA PIN', 'SHA number', 'NSSF number'];

/**
 * The staff list's rows. The sensitive columns are in HR's file only; `rows` come redacted as the JSON
 * list is, so no other file could carry them anyway.
 */
export function staffSheet(
  rows: StaffMember[],
  placeName: (id: string | null) => string | null,
  withSensitive: boolean,
): Cell[][] {
  return [
    withSensitive ? [...STAFF_COLUMNS, ...SENSITIVE_COLUMNS] : STAFF_COLUMNS,
    ...rows.map((r) => {
      const row: Cell[] = [
        r.name,
        r.email,
        r.phone,
        r.jobTitle,
        r.profession,
        placeName(r.departmentId),
        placeName(r.locationId),
        r.startDate,
        r.employmentType,
        r.role,
        r.clearance.cleared ? 'Yes' : 'No',
      ];
      return withSensitive ? [...row, r.nationalId, r.kraPin, r.shaNumber, r.nssfNumber] : row;
    }),
  ];
}

export function credentialsSheet(rows: Credential[]): Cell[][] {
  return [
    ['Holder', 'Council', 'Number', 'Issued on', 'Expires on', 'Status', 'Verified by', 'Verified on'],
    ...rows.map((c) => [
      c.holderName,
      c.councilAbbreviation,
      c.number,
      c.issuedOn,
      c.expiresOn,
      c.status,
      c.verifiedBy?.organisation ?? null,
      c.verifiedBy ? localDateOf(new Date(c.verifiedBy.at)) : null,
    ]),
  ];
}

/** One row per person and leave type: the year's balance as of the day (English type names). */
export function leaveBalancesSheet(
  rows: PersonBalances[],
  departmentName: (id: string | null) => string | null,
): Cell[][] {
  return [
    ['Name', 'Department', 'Leave type', 'Year', 'Entitled', 'Carried over', 'Used', 'Pending', 'Available'],
    ...rows.flatMap((p) =>
      p.balances.map((b) => [
        p.name,
        departmentName(p.departmentId),
        b.typeName.en,
        b.year,
        b.entitled,
        b.carriedOver,
        b.used,
        b.pending,
        b.available,
      ]),
    ),
  ];
}
