import { sql } from 'drizzle-orm';
import {
  boolean,
  customType,
  date,
  index,
  integer,
  jsonb,
  pgSchema,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { PROFESSIONS } from '@platform/contracts';
import { FACILITY_TYPES } from '@platform/contracts/values';
import { DOCUMENT_FORMATS, type DocumentFormat } from '@platform/service-kit';
import { ORG_ROLES } from '../domain/roles';
import { CLEARANCE_REASONS } from '../domain/clearance';
import { ALERT_KINDS, MILESTONES } from '../domain/alert-schedule';
import { EMPLOYMENT_TYPES } from '../domain/staff-import';
import { TRAINING_SOURCES } from '../domain/trainings';
import { LEAVE_ACCRUALS, LEAVE_STATUSES } from '../domain/leave';
import { SWAP_STATUSES } from '../rosters/swaps';
import { DEFAULT_FATIGUE_LIMITS } from '../rosters/roster-rules';
import {
  WORKFLOW_TRIGGERS,
  type WorkflowAction,
  type WorkflowActionResult,
  type WorkflowConditions,
} from '../../contract';

/** svc-core's own Postgres schema: no other service reads or writes it. */
export const core = pgSchema('core');

const bytea = customType<{ data: Buffer; driverData: Buffer }>({ dataType: () => 'bytea' });

/** The accounts, as identity's user events tell them (version-guarded): names, e-mails, organisations. */
export const people = core.table(
  'people',
  {
    id: uuid('id').primaryKey(),
    name: text('name').notNull(),
    email: text('email').notNull(),
    role: text('role').notNull(),
    orgId: uuid('org_id'),
    country: text('country').notNull().default(''),
    /** For a hire's invitation (`hireApplications`); empty until the account's next event carries them. */
    phone: text('phone').notNull().default(''),
    designation: text('designation').notNull().default(''),
    version: integer('version').notNull(),
  },
  (t) => [index('people_org_idx').on(t.orgId), index('people_email_idx').on(t.email)],
);

/** An organisation: its owner is the Clinic account it was made with (identity), its country decides councils. */
export const organisations = core.table('organisations', {
  id: uuid('id').primaryKey(),
  ownerId: uuid('owner_id').notNull(),
  name: text('name').notNull(),
  /** ISO code (KE, UG, TZ, RW), read from the owner's country; Kenya when it names none we know. */
  country: text('country').notNull().default('KE'),
  /** With the country, decides which compliance documents it must hold (`compliance/document-types.ts`). */
  facilityType: text('facility_type', { enum: FACILITY_TYPES }).notNull().default('Clinic'),
  /** Set once its default trainings were added (`domain/trainings.ts`): HR's later edits are never redone. */
  trainingsSeeded: boolean('trainings_seeded').notNull().default(false),
  /** Set once its leave types and its country's public holidays were added (`leave/`): HR's edits stay. */
  leaveSeeded: boolean('leave_seeded').notNull().default(false),
  /** IANA name (Intl's list): its "today", shift times, the time clock and timesheets are read in it. */
  timeZone: text('time_zone').notNull().default('Africa/Nairobi'),
  /** The roster fatigue flag's limits (`rosters/roster-rules.ts`: `DEFAULT_FATIGUE_LIMITS`, and why). */
  fatigueMaxConsecutiveNights: integer('fatigue_max_consecutive_nights')
    .notNull()
    .default(DEFAULT_FATIGUE_LIMITS.maxConsecutiveNights),
  fatigueMinRestDays: integer('fatigue_min_rest_days').notNull().default(DEFAULT_FATIGUE_LIMITS.minRestDays),
});

export const locations = core.table(
  'locations',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    orgId: uuid('org_id').notNull(),
    name: text('name').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('locations_org_name_idx').on(t.orgId, sql`lower(${t.name})`)],
);

export const departments = core.table(
  'departments',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    orgId: uuid('org_id').notNull(),
    name: text('name').notNull(),
    /** The ward's time-clock code (printed as a QR code on the ward): random, rotated by HR or its manager. */
    clockCode: text('clock_code'),
    /** When set, a clock-in for this ward's shifts needs `clock_code`. */
    clockCodeRequired: boolean('clock_code_required').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('departments_org_name_idx').on(t.orgId, sql`lower(${t.name})`)],
);

/**
 * A staff record: one per member of the organisation (made when they join through /team) and per person HR
 * imported before they have an account (`person_id` null until they join with that e-mail). Its `role` is
 * the person's role in the organisation; `cleared` is kept current by every credential change and the sweep.
 */
export const staffRecords = core.table(
  'staff_records',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    orgId: uuid('org_id').notNull(),
    personId: uuid('person_id'),
    email: text('email').notNull(),
    name: text('name').notNull(),
    phone: text('phone'),
    jobTitle: text('job_title'),
    profession: text('profession', { enum: PROFESSIONS }),
    departmentId: uuid('department_id'),
    locationId: uuid('location_id'),
    startDate: date('start_date'),
    employmentType: text('employment_type', { enum: EMPLOYMENT_TYPES }),
    nationalId: text('national_id'),
    kraPin: text('kra_pin'),
    shaNumber: text('sha_number'),
    nssfNumber: text('nssf_number'),
    emergencyContactName: text('emergency_contact_name'),
    emergencyContactPhone: text('emergency_contact_phone'),
    role: text('role', { enum: ORG_ROLES }).notNull().default('staff'),
    managedDepartmentIds: uuid('managed_department_ids')
      .array()
      .notNull()
      .default(sql`'{}'::uuid[]`),
    managedLocationIds: uuid('managed_location_ids')
      .array()
      .notNull()
      .default(sql`'{}'::uuid[]`),
    cleared: boolean('cleared').notNull().default(true),
    clearance: text('clearance', { enum: CLEARANCE_REASONS }).notNull().default('not-regulated'),
    /** Set when the person left the organisation: the record stays for HR, out of the lists. */
    leftAt: timestamp('left_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('staff_org_email_idx').on(t.orgId, t.email),
    uniqueIndex('staff_org_person_idx')
      .on(t.orgId, t.personId)
      .where(sql`person_id is not null`),
    index('staff_person_idx').on(t.personId),
    // The list's order and its filters, each served by an index.
    index('staff_org_name_idx').on(t.orgId, t.name, t.id),
    index('staff_org_department_idx').on(t.orgId, t.departmentId, t.name),
    index('staff_org_location_idx').on(t.orgId, t.locationId, t.name),
    index('staff_org_cleared_idx').on(t.orgId, t.cleared, t.name),
    index('staff_name_trgm_idx').using('gin', sql`${t.name} gin_trgm_ops`),
  ],
);

/**
 * The councils: the platform's (seeded from `councils/councils.ts`, or added by a platform admin) have no
 * organisation and everyone sees them; one an organisation's HR adds is that organisation's alone.
 */
export const councils = core.table(
  'councils',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    organisationId: uuid('organisation_id'),
    code: text('code').notNull().unique(),
    name: text('name').notNull(),
    abbreviation: text('abbreviation').notNull(),
    country: text('country').notNull(),
    professions: text('professions', { enum: PROFESSIONS }).array().notNull(),
    renewalMonths: integer('renewal_months'),
    endsOnMonth: integer('ends_on_month'),
    endsOnDay: integer('ends_on_day'),
    registerUrl: text('register_url').notNull(),
  },
  (t) => [index('councils_organisation_idx').on(t.organisationId)],
);

/**
 * A licence or registration. Its holder is a person (carried from clinic to clinic) or, for someone HR
 * imported who has no account yet, a staff record (`person_id` is set when they join).
 */
export const credentials = core.table(
  'credentials',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    personId: uuid('person_id'),
    staffRecordId: uuid('staff_record_id'),
    councilId: uuid('council_id').notNull(),
    number: text('number').notNull(),
    issuedOn: date('issued_on'),
    expiresOn: date('expires_on').notNull(),
    verifiedAt: timestamp('verified_at', { withTimezone: true }),
    verifiedBy: uuid('verified_by'),
    verifiedByOrgId: uuid('verified_by_org_id'),
    verifiedByOrgName: text('verified_by_org_name'),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    /** The newer credential of the same holder and council that renewed this one: its alerts stop. */
    renewedBy: uuid('renewed_by'),
    createdBy: uuid('created_by').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('credentials_council_number_expiry_idx').on(t.councilId, t.number, t.expiresOn),
    index('credentials_person_idx').on(t.personId),
    index('credentials_staff_idx').on(t.staffRecordId),
    // The sweep's and the expiring list's read: live credentials by expiry date.
    index('credentials_live_expiry_idx')
      .on(t.expiresOn, t.id)
      .where(sql`renewed_by is null and revoked_at is null`),
    // The dashboard's expiring counts: each in-scope holder's live credentials by expiry date, read from the
    // index alone (the holder's renewed ones are not in it).
    index('credentials_live_person_expiry_idx')
      .on(t.personId, t.expiresOn)
      .where(sql`renewed_by is null and revoked_at is null`),
    index('credentials_live_staff_expiry_idx')
      .on(t.staffRecordId, t.expiresOn)
      .where(sql`renewed_by is null and revoked_at is null`),
  ],
);

/**
 * One row per expiry alert sent, for a credential or a compliance document (`kind`): the subject, the expiry
 * date it was for, the milestone. Written in the same transaction as the alert's notices, so an alert goes
 * out exactly once whoever sends it; a new expiry date (a renewal) starts a schedule of its own.
 */
export const expiryAlerts = core.table(
  'expiry_alerts',
  {
    kind: text('kind', { enum: ALERT_KINDS }).notNull(),
    subjectId: uuid('subject_id').notNull(),
    expiresOn: date('expires_on').notNull(),
    milestone: text('milestone', { enum: MILESTONES }).notNull(),
    sentAt: timestamp('sent_at', { withTimezone: true }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.kind, t.subjectId, t.expiresOn, t.milestone] })],
);

/**
 * The staff roles (professions) whose licences alert the organisation's HR, as HR chose them: what a plan
 * limiting `licenceAlertRoles` (Essential: 3) counts. On a plan without that limit every role alerts.
 */
export const licenceAlertRoles = core.table(
  'licence_alert_roles',
  {
    orgId: uuid('org_id').notNull(),
    profession: text('profession', { enum: PROFESSIONS }).notNull(),
    createdBy: uuid('created_by').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.orgId, t.profession] })],
);

/**
 * A paper the organisation itself holds (facility licence, insurance, fire certificate…): its type is a code
 * of `compliance/document-types.ts`; renewing it moves `expires_on`, which stops the old date's alerts.
 */
export const complianceDocuments = core.table(
  'compliance_documents',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    orgId: uuid('org_id').notNull(),
    typeCode: text('type_code').notNull(),
    number: text('number').notNull(),
    issuedOn: date('issued_on'),
    expiresOn: date('expires_on').notNull(),
    /** The branch it covers, where it is one branch's; null: the whole organisation. */
    locationId: uuid('location_id'),
    createdBy: uuid('created_by').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('compliance_documents_org_type_number_idx').on(t.orgId, t.typeCode, t.number),
    // The list's order and the expiring filter; the sweep's read by expiry date.
    index('compliance_documents_org_expiry_idx').on(t.orgId, t.expiresOn, t.id),
    index('compliance_documents_expiry_idx').on(t.expiresOn, t.id),
  ],
);

/**
 * An HR policy: its current version's number and who it is assigned to: everyone in the organisation, or
 * anyone who has one of the roles or is in one of the departments or locations.
 */
export const policies = core.table(
  'policies',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    orgId: uuid('org_id').notNull(),
    title: text('title').notNull(),
    version: integer('version').notNull().default(1),
    everyone: boolean('everyone').notNull().default(false),
    roles: text('roles', { enum: ORG_ROLES })
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    departmentIds: uuid('department_ids')
      .array()
      .notNull()
      .default(sql`'{}'::uuid[]`),
    locationIds: uuid('location_ids')
      .array()
      .notNull()
      .default(sql`'{}'::uuid[]`),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('policies_org_updated_idx').on(t.orgId, t.updatedAt, t.id)],
);

/** Each version's text as HR published it (sanitised HTML); the policy's `version` names the current one. */
export const policyVersions = core.table(
  'policy_versions',
  {
    policyId: uuid('policy_id').notNull(),
    version: integer('version').notNull(),
    title: text('title').notNull(),
    body: text('body').notNull(),
    publishedBy: uuid('published_by').notNull(),
    publishedAt: timestamp('published_at', { withTimezone: true }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.policyId, t.version] })],
);

/**
 * A policy version published as a PDF (checked by its content): its text is then the summary beside it.
 * Each reader's opening of it is kept in policy_reads: acknowledging such a version needs one.
 */
export const policyFiles = core.table(
  'policy_files',
  {
    policyId: uuid('policy_id').notNull(),
    version: integer('version').notNull(),
    fileName: text('file_name').notNull(),
    size: integer('size').notNull(),
    content: bytea('content').notNull(),
    uploadedBy: uuid('uploaded_by').notNull(),
    uploadedAt: timestamp('uploaded_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.policyId, t.version] })],
);

/** Who opened which version's PDF, first when. */
export const policyReads = core.table(
  'policy_reads',
  {
    policyId: uuid('policy_id').notNull(),
    version: integer('version').notNull(),
    personId: uuid('person_id').notNull(),
    readAt: timestamp('read_at', { withTimezone: true }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.policyId, t.version, t.personId] })],
);

/** Who acknowledged which version, when: a new version has none until each reads it again. */
export const policyAcknowledgements = core.table(
  'policy_acknowledgements',
  {
    policyId: uuid('policy_id').notNull(),
    version: integer('version').notNull(),
    personId: uuid('person_id').notNull(),
    acknowledgedAt: timestamp('acknowledged_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.policyId, t.version, t.personId] }),
    index('policy_acknowledgements_person_idx').on(t.personId),
  ],
);

/**
 * A compliance document's scan or photo (a PDF or an image, checked by its content): one per document, a
 * new upload (the renewed certificate) replacing it. Kept apart so the list never reads the bytes.
 */
export const complianceFiles = core.table('compliance_files', {
  documentId: uuid('document_id').primaryKey(),
  fileName: text('file_name').notNull(),
  contentType: text('content_type', {
    enum: Object.keys(DOCUMENT_FORMATS) as [DocumentFormat, ...DocumentFormat[]],
  }).notNull(),
  size: integer('size').notNull(),
  content: bytea('content').notNull(),
  uploadedBy: uuid('uploaded_by').notNull(),
  uploadedAt: timestamp('uploaded_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * A credential's scanned licence (a PDF or an image, checked by its content): one per credential, a new
 * upload replacing it; HR of the holder's organisation and the holder read it. Apart, as compliance_files.
 */
export const credentialFiles = core.table('credential_files', {
  credentialId: uuid('credential_id').primaryKey(),
  fileName: text('file_name').notNull(),
  contentType: text('content_type', {
    enum: Object.keys(DOCUMENT_FORMATS) as [DocumentFormat, ...DocumentFormat[]],
  }).notNull(),
  size: integer('size').notNull(),
  content: bytea('content').notNull(),
  uploadedBy: uuid('uploaded_by').notNull(),
  uploadedAt: timestamp('uploaded_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * A training the organisation tracks: how long a completion counts (`validity_months`, null: for good) and
 * who must have it (everyone, or anyone with one of the professions or org roles).
 */
export const trainingTypes = core.table(
  'training_types',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    orgId: uuid('org_id').notNull(),
    name: text('name').notNull(),
    validityMonths: integer('validity_months'),
    everyone: boolean('everyone').notNull().default(false),
    professions: text('professions', { enum: PROFESSIONS })
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    roles: text('roles', { enum: ORG_ROLES })
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('training_types_org_name_idx').on(t.orgId, sql`lower(${t.name})`)],
);

/**
 * A member's completed training: recorded by HR or the member (`manual`, with a certificate's reference)
 * or from an Events check-in (`events`). `expires_on` is fixed when recorded from the type's validity; a
 * newer completion of the same type sets `renewed_by`, which stops this one's alerts.
 */
export const trainingRecords = core.table(
  'training_records',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    orgId: uuid('org_id').notNull(),
    staffRecordId: uuid('staff_record_id').notNull(),
    typeId: uuid('type_id').notNull(),
    completedOn: date('completed_on').notNull(),
    expiresOn: date('expires_on'),
    source: text('source', { enum: TRAINING_SOURCES }).notNull(),
    certificateRef: text('certificate_ref'),
    eventId: uuid('event_id'),
    /** False when the member recorded it themselves: HR has not seen the certificate. */
    verified: boolean('verified').notNull(),
    renewedBy: uuid('renewed_by'),
    createdBy: uuid('created_by').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('training_records_staff_type_day_idx').on(t.staffRecordId, t.typeId, t.completedOn),
    // The list's order and its filters; the sweep's read of current completions by expiry date.
    index('training_records_org_completed_idx').on(t.orgId, t.completedOn, t.id),
    index('training_records_type_idx').on(t.typeId, t.completedOn),
    index('training_records_live_expiry_idx')
      .on(t.expiresOn, t.id)
      .where(sql`renewed_by is null and expires_on is not null`),
  ],
);

/**
 * CPD points a person earned at an Events check-in (one row per registration): theirs wherever they work,
 * shown on their staff record in every organisation they belong to.
 */
export const cpdPoints = core.table(
  'cpd_points',
  {
    registrationId: uuid('registration_id').primaryKey(),
    personId: uuid('person_id').notNull(),
    eventId: uuid('event_id').notNull(),
    eventTitle: text('event_title').notNull().default(''),
    points: integer('points').notNull(),
    earnedOn: date('earned_on').notNull(),
  },
  (t) => [index('cpd_points_person_idx').on(t.personId)],
);

/**
 * svc-hire's applications to a clinic's jobs, as its events tell them: the job's title from the submission;
 * once accepted, a "hire suggestion" for the organisation's HR (invite them to the team), holding the
 * applicant's name, contacts and profession as they were then. Dismissed by HR, or done when they join.
 */
export const hireApplications = core.table(
  'hire_applications',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    applicationId: text('application_id').notNull().unique(),
    /** The job's owner: its clinic's organisation (or the poster's account when it had none). */
    ownerId: text('owner_id').notNull(),
    applicantId: text('applicant_id').notNull(),
    jobTitle: text('job_title'),
    acceptedAt: timestamp('accepted_at', { withTimezone: true }),
    name: text('name'),
    email: text('email'),
    phone: text('phone'),
    profession: text('profession', { enum: PROFESSIONS }),
    dismissedAt: timestamp('dismissed_at', { withTimezone: true }),
    joinedAt: timestamp('joined_at', { withTimezone: true }),
  },
  (t) => [
    // The pending suggestions of one organisation, newest first.
    index('hire_applications_pending_idx')
      .on(t.ownerId, t.acceptedAt)
      .where(sql`accepted_at is not null and dismissed_at is null and joined_at is null`),
    index('hire_applications_applicant_idx').on(t.applicantId),
  ],
);

/** Days and halves: a numeric read back as a number (postgres.js gives numerics as text). */
const days = customType<{ data: number; driverData: string }>({
  dataType: () => 'numeric(6,2)',
  fromDriver: (value) => Number(value),
  toDriver: (value) => String(value),
});

/**
 * A kind of leave an organisation gives (`leave/statutory.ts` presets Kenya's, `code` naming the preset);
 * the fields are `domain/leave.ts`'s `LeavePolicy`. Never deleted: HR sets `active` false.
 */
export const leaveTypes = core.table(
  'leave_types',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    orgId: uuid('org_id').notNull(),
    code: text('code'),
    name: text('name').notNull(),
    accrual: text('accrual', { enum: LEAVE_ACCRUALS }).notNull(),
    daysPerYear: days('days_per_year').notNull(),
    carryOverCap: days('carry_over_cap'),
    countsWeekends: boolean('counts_weekends').notNull(),
    countsHolidays: boolean('counts_holidays').notNull(),
    allowNegative: boolean('allow_negative').notNull(),
    minServiceMonths: integer('min_service_months').notNull(),
    halfPayAfterDays: days('half_pay_after_days'),
    documentsRequired: text('documents_required'),
    documentsAfterDays: integer('documents_after_days'),
    paid: boolean('paid').notNull(),
    active: boolean('active').notNull().default(true),
    /** Balances are kept from this day's year: nothing carries into it. */
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('leave_types_org_name_idx').on(t.orgId, sql`lower(${t.name})`)],
);

/** An organisation's public holidays (its country's preset copied at first use, then HR's to edit). */
export const publicHolidays = core.table(
  'public_holidays',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    orgId: uuid('org_id').notNull(),
    country: text('country').notNull(),
    day: date('day').notNull(),
    name: jsonb('name').$type<{ en: string; sw: string; fr: string }>().notNull(),
  },
  (t) => [uniqueIndex('public_holidays_org_country_day_idx').on(t.orgId, t.country, t.day)],
);

/**
 * A request for leave: its days counted when made (`days`, and per leave year in `days_by_year`, by the
 * type's rules and the holidays then); pending until the person's manager or HR decides, or they cancel.
 */
export const leaveRequests = core.table(
  'leave_requests',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    orgId: uuid('org_id').notNull(),
    staffRecordId: uuid('staff_record_id').notNull(),
    typeId: uuid('type_id').notNull(),
    fromDay: date('from_day').notNull(),
    toDay: date('to_day').notNull(),
    halfDay: boolean('half_day').notNull().default(false),
    days: days('days').notNull(),
    daysByYear: jsonb('days_by_year').$type<Record<string, number>>().notNull(),
    halfPayDays: days('half_pay_days').notNull().default(0),
    documentRequired: boolean('document_required').notNull().default(false),
    /** HR approved it without the document it needed (the reason is `decision_reason`). */
    documentWaived: boolean('document_waived').notNull().default(false),
    note: text('note'),
    status: text('status', { enum: LEAVE_STATUSES }).notNull().default('pending'),
    decisionReason: text('decision_reason'),
    decidedBy: uuid('decided_by'),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
    createdBy: uuid('created_by').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    // One person's requests by day (overlaps, balances); the organisation's by status and by day (who is away).
    index('leave_requests_staff_from_idx').on(t.staffRecordId, t.fromDay),
    index('leave_requests_org_status_idx').on(t.orgId, t.status, t.createdAt),
    index('leave_requests_org_days_idx')
      .on(t.orgId, t.fromDay, t.toDay)
      .where(sql`status = 'approved'`),
  ],
);

/**
 * The document a leave request carries (a sick note: a PDF or an image, checked by its content): one per
 * request, replaced or removed by the person or HR while it is pending; the person, their managers and HR
 * read it. Apart from the requests, as credential_files, so the lists never read the bytes.
 */
export const leaveRequestFiles = core.table('leave_request_files', {
  requestId: uuid('request_id').primaryKey(),
  fileName: text('file_name').notNull(),
  contentType: text('content_type', {
    enum: Object.keys(DOCUMENT_FORMATS) as [DocumentFormat, ...DocumentFormat[]],
  }).notNull(),
  size: integer('size').notNull(),
  content: bytea('content').notNull(),
  uploadedBy: uuid('uploaded_by').notNull(),
  uploadedAt: timestamp('uploaded_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * What a person brought into a leave year from before the organisation kept their leave here (a clinic
 * adopting the system mid-year): days carried in, which stand for that year's carry-over, and days already
 * taken, which count as used. HR's figures, one row per person, type and year.
 */
export const leaveOpeningBalances = core.table(
  'leave_opening_balances',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    orgId: uuid('org_id').notNull(),
    staffRecordId: uuid('staff_record_id').notNull(),
    typeId: uuid('type_id').notNull(),
    year: integer('year').notNull(),
    broughtForward: days('brought_forward').notNull(),
    taken: days('taken').notNull(),
    note: text('note'),
    setBy: uuid('set_by').notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    // One per person, type and year; the balances read them by person.
    uniqueIndex('leave_opening_balances_staff_type_year_idx').on(t.orgId, t.staffRecordId, t.typeId, t.year),
    index('leave_opening_balances_staff_idx').on(t.staffRecordId),
  ],
);

/**
 * A department's shift (Day 07:00–19:00, Night 19:00–07:00: local times, the end at or before the start
 * ending the next day) and its minimum staffing per profession. Never deleted: set `active` false.
 */
export const shiftTemplates = core.table(
  'shift_templates',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    orgId: uuid('org_id').notNull(),
    departmentId: uuid('department_id').notNull(),
    name: text('name').notNull(),
    startsAt: text('starts_at').notNull(),
    endsAt: text('ends_at').notNull(),
    /** Only people cleared to practise may work it. */
    clinical: boolean('clinical').notNull().default(true),
    minimumStaffing: jsonb('minimum_staffing')
      .$type<{ profession: (typeof PROFESSIONS)[number]; count: number }[]>()
      .notNull()
      .default(sql`'[]'::jsonb`),
    active: boolean('active').notNull().default(true),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('shift_templates_department_name_idx').on(t.departmentId, sql`lower(${t.name})`),
    index('shift_templates_org_department_idx').on(t.orgId, t.departmentId, t.startsAt),
  ],
);

/** A department's roster for `weeks` weeks from `starts_on`: a draft until its manager publishes it. */
export const rosters = core.table(
  'rosters',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    orgId: uuid('org_id').notNull(),
    departmentId: uuid('department_id').notNull(),
    startsOn: date('starts_on').notNull(),
    weeks: integer('weeks').notNull(),
    maxConsecutiveNights: integer('max_consecutive_nights').notNull(),
    status: text('status', { enum: ['draft', 'published'] })
      .notNull()
      .default('draft'),
    publishedAt: timestamp('published_at', { withTimezone: true }),
    createdBy: uuid('created_by').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('rosters_org_department_start_idx').on(t.orgId, t.departmentId, t.startsOn)],
);

/**
 * One person on one shift on one day of a roster; `kept_reason` is the manager's reason for keeping it
 * though it breaks `kept_rules` (the rules are computed again on every read).
 */
export const rosterAssignments = core.table(
  'roster_assignments',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    rosterId: uuid('roster_id').notNull(),
    orgId: uuid('org_id').notNull(),
    staffRecordId: uuid('staff_record_id').notNull(),
    templateId: uuid('template_id').notNull(),
    day: date('day').notNull(),
    keptRules: text('kept_rules')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    keptReason: text('kept_reason'),
    /** Made by the suggestion rather than by hand. */
    suggested: boolean('suggested').notNull().default(false),
    createdBy: uuid('created_by').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('roster_assignments_shift_person_idx').on(t.rosterId, t.day, t.templateId, t.staffRecordId),
    // A person's shifts by day: their own list and the rules across rosters.
    index('roster_assignments_staff_day_idx').on(t.staffRecordId, t.day),
  ],
);

/**
 * A published shift its person offers for swap: `open` until a colleague of the same profession takes it
 * (`taken`), then the department's manager or HR approves (the assignment moves to the taker) or declines;
 * the person may withdraw it until then. One live offer (open or taken) per assignment.
 */
export const shiftSwaps = core.table(
  'shift_swaps',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    orgId: uuid('org_id').notNull(),
    assignmentId: uuid('assignment_id').notNull(),
    rosterId: uuid('roster_id').notNull(),
    departmentId: uuid('department_id').notNull(),
    templateId: uuid('template_id').notNull(),
    day: date('day').notNull(),
    /** The offerer's profession when offered: only colleagues of it see and take the offer. */
    profession: text('profession', { enum: PROFESSIONS }).notNull(),
    offeredBy: uuid('offered_by').notNull(),
    note: text('note'),
    status: text('status', { enum: SWAP_STATUSES }).notNull().default('open'),
    takenBy: uuid('taken_by'),
    takenAt: timestamp('taken_at', { withTimezone: true }),
    decidedBy: uuid('decided_by'),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
    reason: text('reason'),
    /** The rules the taker broke that the manager kept with `reason` on approval. */
    keptRules: text('kept_rules')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('shift_swaps_live_idx')
      .on(t.assignmentId)
      .where(sql`status in ('open', 'taken')`),
    // Open offers by profession and day (colleagues'), those waiting by department (managers'), one's own.
    index('shift_swaps_org_open_idx')
      .on(t.orgId, t.profession, t.day)
      .where(sql`status = 'open'`),
    index('shift_swaps_org_status_idx').on(t.orgId, t.status, t.departmentId, t.day),
    index('shift_swaps_offered_by_idx').on(t.offeredBy, t.createdAt),
    index('shift_swaps_taken_by_idx').on(t.takenBy, t.createdAt),
  ],
);

/** An organisation's contract template: plain text with merge fields (`{{name}}`, `{{salary}}`…). */
export const contractTemplates = core.table(
  'contract_templates',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    orgId: uuid('org_id').notNull(),
    name: text('name').notNull(),
    body: text('body').notNull(),
    createdBy: uuid('created_by').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('contract_templates_org_name_idx').on(t.orgId, sql`lower(${t.name})`)],
);

/**
 * A person's contract made from a template: its merge fields filled, its text fixed when made. `pdf` and
 * `pdf_sha256` are the document rendered when it is sent (what each party signs); `signed_pdf` is it with the
 * signature page, once both signed. `status` is what was done; `active` and `ended` follow from the days.
 */
export const contracts = core.table(
  'contracts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    orgId: uuid('org_id').notNull(),
    templateId: uuid('template_id').notNull(),
    staffRecordId: uuid('staff_record_id').notNull(),
    title: text('title').notNull(),
    body: text('body').notNull(),
    fields: jsonb('fields').$type<Record<string, string | number | null>>().notNull(),
    startDate: date('start_date').notNull(),
    endDate: date('end_date'),
    status: text('status', { enum: ['draft', 'sent', 'signed', 'ended'] })
      .notNull()
      .default('draft'),
    pdf: bytea('pdf'),
    pdfSha256: text('pdf_sha256'),
    signedPdf: bytea('signed_pdf'),
    signedPdfSha256: text('signed_pdf_sha256'),
    createdBy: uuid('created_by').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    signedAt: timestamp('signed_at', { withTimezone: true }),
    endedAt: timestamp('ended_at', { withTimezone: true }),
  },
  (t) => [
    index('contracts_org_created_idx').on(t.orgId, t.createdAt, t.id),
    index('contracts_staff_idx').on(t.staffRecordId, t.createdAt),
    index('contracts_pdf_sha_idx').on(t.pdfSha256),
    index('contracts_signed_pdf_sha_idx').on(t.signedPdfSha256),
  ],
);

/** A party's signature: who, when, from which address and agent, over which document (its SHA-256). */
export const contractSignatures = core.table(
  'contract_signatures',
  {
    contractId: uuid('contract_id').notNull(),
    party: text('party', { enum: ['employee', 'employer'] }).notNull(),
    personId: uuid('person_id').notNull(),
    name: text('name').notNull(),
    documentSha256: text('document_sha256').notNull(),
    ip: text('ip').notNull(),
    userAgent: text('user_agent').notNull(),
    signedAt: timestamp('signed_at', { withTimezone: true }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.contractId, t.party] })],
);

/** The one-time code a party asked for to sign: only its hash, until it expires or is used up. */
export const contractCodes = core.table(
  'contract_codes',
  {
    contractId: uuid('contract_id').notNull(),
    party: text('party', { enum: ['employee', 'employer'] }).notNull(),
    personId: uuid('person_id').notNull(),
    codeHash: text('code_hash').notNull(),
    attempts: integer('attempts').notNull().default(0),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.contractId, t.party] })],
);

/** When a person asked for a signing code for a contract: the last hour's, to limit how often they may ask. */
export const contractCodeRequests = core.table(
  'contract_code_requests',
  {
    contractId: uuid('contract_id').notNull(),
    personId: uuid('person_id').notNull(),
    requestedAt: timestamp('requested_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('contract_code_requests_idx').on(t.contractId, t.personId, t.requestedAt)],
);

/**
 * One clock-in (and its clock-out) of a person: matched to their published shift when one was near
 * (`assignment_id`), late when more than the grace after its start. At most one open entry a person.
 */
export const clockEntries = core.table(
  'clock_entries',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    orgId: uuid('org_id').notNull(),
    staffRecordId: uuid('staff_record_id').notNull(),
    /** The shift's roster's department, else the person's: whose code it needed and who approves. */
    departmentId: uuid('department_id'),
    assignmentId: uuid('assignment_id'),
    clockIn: timestamp('clock_in', { withTimezone: true }).notNull(),
    clockOut: timestamp('clock_out', { withTimezone: true }),
    minutesLate: integer('minutes_late').notNull().default(0),
    late: boolean('late').notNull().default(false),
    /** Clocked in with the ward's code. */
    withCode: boolean('with_code').notNull().default(false),
    /** A manager's or HR's correction, and why (audited). */
    correctedBy: uuid('corrected_by'),
    correctionReason: text('correction_reason'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('clock_entries_open_idx')
      .on(t.staffRecordId)
      .where(sql`clock_out is null`),
    index('clock_entries_staff_in_idx').on(t.staffRecordId, t.clockIn),
    index('clock_entries_org_in_idx').on(t.orgId, t.clockIn),
  ],
);

/**
 * A manager's (or HR's) approval of a person's timesheet for a period, with the totals approved; entries
 * of an approved period change no more until it is reopened (`reopened_at`, with who and why).
 */
export const timesheetApprovals = core.table(
  'timesheet_approvals',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    orgId: uuid('org_id').notNull(),
    staffRecordId: uuid('staff_record_id').notNull(),
    fromDay: date('from_day').notNull(),
    toDay: date('to_day').notNull(),
    totals: jsonb('totals').$type<Record<string, number>>().notNull(),
    approvedBy: uuid('approved_by').notNull(),
    approvedByName: text('approved_by_name').notNull(),
    approvedAt: timestamp('approved_at', { withTimezone: true }).notNull(),
    reopenedBy: uuid('reopened_by'),
    reopenedAt: timestamp('reopened_at', { withTimezone: true }),
    reopenReason: text('reopen_reason'),
  },
  (t) => [index('timesheet_approvals_staff_idx').on(t.staffRecordId, t.fromDay)],
);

/**
 * HR's pulse survey: some ready questions (`PULSE_QUESTIONS`) for some departments until `closes_on` (the
 * organisation's day). `status`: a draft, sent, or closed early by HR (a sent one past its day is closed
 * too, computed on reading). `invited`: the members of its departments when it was sent.
 */
export const pulseSurveys = core.table(
  'pulse_surveys',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    orgId: uuid('org_id').notNull(),
    title: text('title').notNull(),
    questions: text('questions').array().notNull(),
    departmentIds: uuid('department_ids').array().notNull(),
    closesOn: date('closes_on').notNull(),
    status: text('status', { enum: ['draft', 'sent', 'closed'] })
      .notNull()
      .default('draft'),
    invited: integer('invited').notNull().default(0),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    closedAt: timestamp('closed_at', { withTimezone: true }),
    createdBy: uuid('created_by').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('pulse_surveys_org_created_idx').on(t.orgId, t.createdAt, t.id),
    index('pulse_surveys_departments_idx').using('gin', t.departmentIds),
  ],
);

/**
 * One answer to a pulse survey, anonymous: no person, no time, a random id (v4, not ordered by time)
 * shared with nothing; the department it came from (results per department need it, shown only from 5
 * answers). Who answered is `pulse_respondents`, with no way from one table to the other (README: Wellness).
 */
export const pulseAnswers = core.table(
  'pulse_answers',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    surveyId: uuid('survey_id').notNull(),
    departmentId: uuid('department_id').notNull(),
    workload: integer('workload'),
    burnout: integer('burnout'),
    safety: integer('safety'),
    comment: text('comment'),
  },
  (t) => [index('pulse_answers_survey_idx').on(t.surveyId, t.departmentId)],
);

/** Who has answered a pulse survey (one answer each: the key), with no time and nothing of the answer. */
export const pulseRespondents = core.table(
  'pulse_respondents',
  {
    surveyId: uuid('survey_id').notNull(),
    personId: uuid('person_id').notNull(),
  },
  (t) => [primaryKey({ columns: [t.surveyId, t.personId] })],
);

/**
 * HR's workflows: a trigger, conditions on the person and ordered actions (the contract's `WorkflowAction`).
 * `preset` names the ready ones (one each per organisation); `activated_at` is when it was last turned on:
 * events before it do not fire it.
 */
export const workflows = core.table(
  'workflows',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    orgId: uuid('org_id').notNull(),
    name: text('name').notNull(),
    preset: text('preset', { enum: ['onboarding'] }),
    trigger: text('trigger', { enum: WORKFLOW_TRIGGERS }).notNull(),
    conditions: jsonb('conditions').$type<WorkflowConditions>().notNull(),
    actions: jsonb('actions').$type<WorkflowAction[]>().notNull(),
    active: boolean('active').notNull().default(false),
    activatedAt: timestamp('activated_at', { withTimezone: true }),
    /**
     * The database's clock when it was turned on: staff records made after it fire `person-joined` (their
     * `created_at` is the database's, while a leave decision's or a signature's time is the service's, read
     * against `activated_at`).
     */
    recordsSince: timestamp('records_since', { withTimezone: true }),
    /** Who turned it on: the HR member its contract actions are made in the name of. */
    activatedBy: uuid('activated_by'),
    createdBy: uuid('created_by').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('workflows_org_created_idx').on(t.orgId, t.createdAt, t.id),
    uniqueIndex('workflows_org_preset_idx')
      .on(t.orgId, t.preset)
      .where(sql`preset is not null`),
    // The sweep reads the active ones.
    index('workflows_active_idx')
      .on(t.id)
      .where(sql`active`),
  ],
);

/**
 * One run of a workflow: its claim. (workflow, subject, occurrence) is unique, and the row is written in the
 * transaction that does the run's actions, so a run happens once whoever sweeps and however often.
 */
export const workflowRuns = core.table(
  'workflow_runs',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    workflowId: uuid('workflow_id').notNull(),
    orgId: uuid('org_id').notNull(),
    subjectId: uuid('subject_id').notNull(),
    /** A credential's expiry day, a probation's last day; '' for an event (it happens once). */
    occurrence: text('occurrence').notNull().default(''),
    staffRecordId: uuid('staff_record_id').notNull(),
    ranAt: timestamp('ran_at', { withTimezone: true }).notNull(),
    results: jsonb('results').$type<WorkflowActionResult[]>().notNull(),
  },
  (t) => [
    uniqueIndex('workflow_runs_claim_idx').on(t.workflowId, t.subjectId, t.occurrence),
    index('workflow_runs_workflow_ran_idx').on(t.workflowId, t.ranAt, t.id),
  ],
);

/** A checklist's task for one person holding the role it was assigned to; done by them. */
export const workflowTasks = core.table(
  'workflow_tasks',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    orgId: uuid('org_id').notNull(),
    runId: uuid('run_id').notNull(),
    assigneeId: uuid('assignee_id').notNull(),
    /** The person the checklist is about. */
    staffRecordId: uuid('staff_record_id').notNull(),
    title: text('title').notNull(),
    /** Its place in the checklist: tasks due the same day keep the checklist's order. */
    position: integer('position').notNull(),
    dueOn: date('due_on').notNull(),
    doneAt: timestamp('done_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('workflow_tasks_assignee_idx').on(t.assigneeId, t.orgId, t.dueOn, t.position, t.id)],
);
