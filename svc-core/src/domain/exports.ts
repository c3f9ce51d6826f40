/**
 * The staff and credentials lists as spreadsheet rows (the CSV itself, with its formula guard and BOM, is
 * service-kit's `toCsv`). Days are calendar days as the organisation lives them (its time zone).
 */
import type { Credential, LeaveRequest, PersonBalances, StaffMember, Timesheet } from '../../contract';
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

export function credentialsSheet(rows: Credential[], timeZone: string): Cell[][] {
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
      c.verifiedBy ? localDateOf(new Date(c.verifiedBy.at), timeZone) : null,
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

/**
 * One row per leave request (English type names): who, the days, the status, who decided and on which day
 * (in the organisation's time zone), the person's note and the decision's reason.
 */
export function leaveRequestsSheet(
  rows: { request: LeaveRequest; decidedBy: string | null }[],
  departmentName: (id: string | null) => string | null,
  timeZone: string,
): Cell[][] {
  return [
    [
      'Name',
      'Department',
      'Leave type',
      'From',
      'To',
      'Half day',
      'Days',
      'Status',
      'Decided by',
      'Decided on',
      'Note',
      'Decision reason',
    ],
    ...rows.map(({ request: r, decidedBy }) => [
      r.personName,
      departmentName(r.departmentId),
      r.typeName.en,
      r.from,
      r.to,
      r.halfDay ? 'Yes' : 'No',
      r.days,
      r.status,
      decidedBy,
      r.decidedAt ? localDateOf(new Date(r.decidedAt), timeZone) : null,
      r.note,
      r.decisionReason,
    ]),
  ];
}

/**
 * Payroll's file: one row per person and period with the hours by kind (regular + night + overtime =
 * total) and the counts a payroll clerk asks about. National ID, KRA PIN and NSSF number in HR's file only
 * (`rows` come without them for anyone else).
 */
export function timesheetsSheet(
  rows: {
    sheet: Timesheet;
    email: string;
    nationalId: string | null;
    kraPin: string | null;
    nssfNumber: string | null;
  }[],
  withSensitive: boolean,
  timeZone: string,
): Cell[][] {
  const head = ['Name', 'Email', 'Department', 'From', 'To'];
  const hours = [
    'Regular hours',
    'Night hours',
    'Overtime hours',
    'Total hours',
    'Shifts',
    'Late',
    'Missed',
    'Unscheduled',
    'Open',
    'Approved on',
    'Approved by',
  ];
  return [
    withSensitive ? [...head, 'National ID', 'KRA PIN', 'NSSF number', ...hours] : [...head, ...hours],
    ...rows.map(({ sheet: s, ...who }) => {
      const t = s.totals;
      return [
        s.name,
        who.email,
        s.departmentName,
        s.from,
        s.to,
        ...(withSensitive ? [who.nationalId, who.kraPin, who.nssfNumber] : []),
        t.regular,
        t.night,
        t.overtime,
        t.total,
        t.shifts,
        t.late,
        t.missed,
        t.unscheduled,
        t.open,
        s.approval ? localDateOf(new Date(s.approval.approvedAt), timeZone) : null,
        s.approval?.approvedBy ?? null,
      ];
    }),
  ];
}
