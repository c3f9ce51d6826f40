/**
 * svc-core's HTTP payloads and events: councils, staff records, credentials, the organisation's compliance
 * documents, trainings, the dashboard. mf-core imports
 * their types only.
 */
import { Type, type Static } from '@sinclair/typebox';
import {
  NullableStringEnum,
  Ok,
  PROFESSIONS,
  PageInfo,
  PageQuery,
  Paged,
  SearchTerm,
  StringEnum,
  Translated,
} from '@platform/contracts';
import { FACILITY_TYPES } from '@platform/contracts/values';

const Uuid = Type.String({ format: 'uuid' });
/** A calendar day, as licences print them. */
const Day = Type.String({ pattern: '^\\d{4}-\\d{2}-\\d{2}$' });
const NullableString = Type.Union([Type.String(), Type.Null()]);

export const ORG_ROLES = ['owner', 'hr-admin', 'manager', 'staff'] as const;
export const CREDENTIAL_STATUSES = ['unverified', 'verified', 'expired', 'revoked'] as const;
export const CLEARANCE_REASONS = [
  'valid',
  'unverified',
  'not-regulated',
  'missing',
  'expired',
  'revoked',
] as const;

export const Council = Type.Object({
  id: Uuid,
  /** The organisation whose HR added it, seen only by its members; null: the platform's, seen by all. */
  organisationId: Type.Union([Uuid, Type.Null()]),
  code: Type.String(),
  name: Type.String(),
  abbreviation: Type.String(),
  country: Type.String(),
  professions: Type.Array(StringEnum(PROFESSIONS)),
  /** Months a licence lasts; null: set by the council. */
  renewalMonths: Type.Union([Type.Integer(), Type.Null()]),
  /** The fixed day every licence ends (`12-31`), where there is one. */
  endsOn: NullableString,
  registerUrl: Type.String(),
});
export type Council = Static<typeof Council>;
export const CouncilQuery = Type.Composite([
  PageQuery,
  Type.Object({ country: Type.Optional(Type.String({ pattern: '^[A-Z]{2}$' })) }),
]);
export type CouncilQuery = Static<typeof CouncilQuery>;
export const CouncilListResponse = Paged(Council);

/**
 * POST /api/core/councils: an organisation's HR adds a council the list lacks (every organisation then
 * sees it); `endsOn` is the fixed day (`12-31`) every licence ends, where there is one.
 */
export const CouncilBody = Type.Object(
  {
    code: Type.String({ pattern: '^[a-z]{2}-[a-z0-9-]{2,30}$' }),
    name: Type.String({ minLength: 3, maxLength: 160 }),
    abbreviation: Type.String({ minLength: 2, maxLength: 20, pattern: '^[A-Za-z0-9&-]+$' }),
    country: Type.String({ pattern: '^[A-Z]{2}$' }),
    professions: Type.Array(StringEnum(PROFESSIONS), {
      minItems: 1,
      maxItems: PROFESSIONS.length,
      uniqueItems: true,
    }),
    renewalMonths: Type.Union([Type.Integer({ minimum: 1, maximum: 120 }), Type.Null()]),
    endsOn: Type.Optional(Type.String({ pattern: '^(0[1-9]|1[0-2])-(0[1-9]|[12][0-9]|3[01])$' })),
    registerUrl: Type.String({ format: 'uri', pattern: '^https://', maxLength: 300 }),
  },
  { additionalProperties: false },
);
export type CouncilBody = Static<typeof CouncilBody>;
export const CouncilResponse = Ok({ data: Council });

export const Clearance = Type.Object({ cleared: Type.Boolean(), reason: StringEnum(CLEARANCE_REASONS) });

/** A staff record as the caller may read it: the sensitive fields are null unless HR or the person. */
export const StaffMember = Type.Object({
  id: Uuid,
  personId: Type.Union([Uuid, Type.Null()]),
  email: Type.String(),
  name: Type.String(),
  phone: NullableString,
  jobTitle: NullableString,
  profession: NullableStringEnum(PROFESSIONS),
  departmentId: Type.Union([Uuid, Type.Null()]),
  locationId: Type.Union([Uuid, Type.Null()]),
  startDate: NullableString,
  employmentType: NullableString,
  role: StringEnum(ORG_ROLES),
  clearance: Clearance,
  nationalId: NullableString,
  kraPin: NullableString,
  shaNumber: NullableString,
  nssfNumber: NullableString,
  emergencyContact: Type.Union([Type.Object({ name: Type.String(), phone: Type.String() }), Type.Null()]),
});
export type StaffMember = Static<typeof StaffMember>;

/**
 * GET /api/core/hires: an applicant the organisation accepted in Hire, not yet on its team: HR may invite
 * them (their record then gets the job's title and this profession) or dismiss the suggestion.
 */
export const HireSuggestion = Type.Object({
  id: Uuid,
  applicantId: Type.String(),
  name: Type.String(),
  email: Type.String(),
  phone: NullableString,
  /** The title of the job they were accepted for. */
  jobTitle: NullableString,
  /** Their current verified licence's profession, else their designation's. */
  profession: NullableStringEnum(PROFESSIONS),
  acceptedAt: Type.String({ format: 'date-time' }),
});
export type HireSuggestion = Static<typeof HireSuggestion>;
export const HireListResponse = Paged(HireSuggestion);
export type HireListResponse = Static<typeof HireListResponse>;

/** The staff list's filters, as the page and its CSV export take them. */
export const StaffFilters = Type.Object({
  search: Type.Optional(SearchTerm),
  departmentId: Type.Optional(Uuid),
  locationId: Type.Optional(Uuid),
  cleared: Type.Optional(Type.Boolean()),
});
export type StaffFilters = Static<typeof StaffFilters>;
export const StaffQuery = Type.Composite([PageQuery, StaffFilters]);
export type StaffQuery = Static<typeof StaffQuery>;
export const StaffListResponse = Paged(StaffMember);
export type StaffListResponse = Static<typeof StaffListResponse>;
export const IdParams = Type.Object({ id: Uuid });

/** A stored scan or photo's description (never its bytes): a credential's, a compliance document's. */
export const StoredFile = Type.Object({
  name: Type.String(),
  contentType: Type.String(),
  size: Type.Integer(),
  uploadedAt: Type.String(),
});
export type StoredFile = Static<typeof StoredFile>;

export const Credential = Type.Object({
  id: Uuid,
  personId: Type.Union([Uuid, Type.Null()]),
  staffId: Type.Union([Uuid, Type.Null()]),
  holderName: Type.String(),
  councilId: Uuid,
  councilAbbreviation: Type.String(),
  number: Type.String(),
  issuedOn: NullableString,
  expiresOn: Type.String(),
  status: StringEnum(CREDENTIAL_STATUSES),
  /** "verified by <clinic>": the organisation whose HR checked the register, and when. */
  verifiedBy: Type.Union([Type.Object({ organisation: Type.String(), at: Type.String() }), Type.Null()]),
  renewed: Type.Boolean(),
  /** The scanned licence, if one was uploaded (`GET /api/core/credentials/:id/file`: HR and the holder). */
  file: Type.Union([StoredFile, Type.Null()]),
});
export type Credential = Static<typeof Credential>;

const Optional = <T extends Parameters<typeof Type.Optional>[0]>(schema: T) =>
  Type.Optional(Type.Union([schema, Type.Null()]));
const Reference = Type.String({ minLength: 3, maxLength: 30, pattern: '^[A-Za-z0-9][A-Za-z0-9/ -]*$' });
const Phone = Type.String({ minLength: 7, maxLength: 20, pattern: '^\\+?[0-9][0-9 ()-]*[0-9]$' });

/**
 * PATCH /api/core/staff/:id: HR changes any of these; a person corrects their own phone and emergency
 * contact. A field sent as null is cleared; a field left out is kept.
 */
export const StaffChangeBody = Type.Object(
  {
    phone: Optional(Phone),
    emergencyContact: Optional(
      Type.Object(
        { name: Type.String({ minLength: 1, maxLength: 120 }), phone: Phone },
        { additionalProperties: false },
      ),
    ),
    jobTitle: Optional(Type.String({ minLength: 1, maxLength: 120 })),
    profession: Optional(StringEnum(PROFESSIONS)),
    departmentId: Optional(Uuid),
    locationId: Optional(Uuid),
    startDate: Optional(Day),
    employmentType: Optional(StringEnum(['full-time', 'part-time', 'contract', 'locum', 'intern'] as const)),
    nationalId: Optional(Reference),
    kraPin: Optional(Type.String({ pattern: '^[AP][0-9]{9}[A-Z]$' })),
    shaNumber: Optional(Reference),
    nssfNumber: Optional(Reference),
  },
  { additionalProperties: false, minProperties: 1 },
);
export type StaffChangeBody = Static<typeof StaffChangeBody>;

export const StaffDetailResponse = Ok({
  data: Type.Composite([
    StaffMember,
    Type.Object({
      credentials: Type.Array(Credential),
      /** The person's CPD points from Events check-ins, wherever they attended (0 without an account). */
      cpdPoints: Type.Integer({ minimum: 0 }),
    }),
  ]),
});

export const CredentialBody = Type.Object(
  {
    /** Whose credential; omitted: the caller's own. */
    personId: Type.Optional(Uuid),
    councilId: Uuid,
    number: Type.String({ minLength: 2, maxLength: 40, pattern: '^[A-Za-z0-9][A-Za-z0-9/ -]*$' }),
    issuedOn: Type.Optional(Day),
    expiresOn: Day,
  },
  { additionalProperties: false },
);
export type CredentialBody = Static<typeof CredentialBody>;

/** POST /api/core/credentials/:id/revoke: why (what the register showed), kept in the audit log. */
export const RevokeBody = Type.Object(
  { reason: Type.String({ minLength: 3, maxLength: 500 }) },
  { additionalProperties: false },
);
export type RevokeBody = Static<typeof RevokeBody>;
export const CredentialResponse = Ok({ data: Credential });

/** The credentials list's filters, as the page and its CSV export take them. */
export const CredentialFilters = Type.Object({
  expiringWithin: Type.Optional(Type.Integer({ minimum: 0, maximum: 365 })),
});
export type CredentialFilters = Static<typeof CredentialFilters>;
export const CredentialQuery = Type.Composite([PageQuery, CredentialFilters]);
export type CredentialQuery = Static<typeof CredentialQuery>;
export const CredentialListResponse = Paged(Credential);
export type CredentialListResponse = Static<typeof CredentialListResponse>;

/** `?dryRun=1` (or `true`): the preview, nothing written. */
export const ImportQuery = Type.Object({
  dryRun: Type.Optional(StringEnum(['1', '0', 'true', 'false'] as const)),
});
export const ImportProblem = Type.Object({
  row: Type.Union([Type.Integer(), Type.Null()]),
  column: NullableString,
  code: Type.String(),
  message: Type.String(),
});
export const ImportResult = Type.Object({
  dryRun: Type.Boolean(),
  rows: Type.Integer(),
  problems: Type.Array(ImportProblem),
  created: Type.Integer(),
  updated: Type.Integer(),
});
export type ImportResult = Static<typeof ImportResult>;
export const ImportResponse = Ok({ data: ImportResult });
/** A file with problems imports nothing: 422 with every problem. */
export const ImportRefused = Type.Object({
  success: Type.Literal(false),
  message: Type.String(),
  /** The same text as `message` (every refusal carries both: ErrorResponse). */
  error: Type.Optional(Type.String()),
  code: Type.String(),
  data: ImportResult,
});

/** POST /api/core/locations and /api/core/departments. */
export const PlaceBody = Type.Object(
  { name: Type.String({ minLength: 1, maxLength: 120, pattern: '\\S' }) },
  { additionalProperties: false },
);
const Place = Type.Object({ id: Uuid, name: Type.String() });
export const PlaceResponse = Ok({ data: Place });
export type PlaceResponse = Static<typeof PlaceResponse>;
/** GET /api/core/places: the organisation's locations and departments. */
export const PlacesResponse = Ok({
  data: Type.Object({ locations: Type.Array(Place), departments: Type.Array(Place) }),
});
export type PlacesResponse = Static<typeof PlacesResponse>;

/**
 * GET /api/core/licence-alerts/roles: the staff roles (professions) whose licences alert HR. `limit`: how
 * many the plan allows (null: every role alerts, chosen or not); `roles`: those HR chose, oldest first, each
 * `alerted` unless past a limit lowered since; `professions`: the roles the organisation's councils license,
 * which HR may choose from.
 */
export const LicenceAlertRoles = Type.Object({
  limit: Type.Union([Type.Integer({ minimum: 0 }), Type.Null()]),
  roles: Type.Array(
    Type.Object({
      profession: StringEnum(PROFESSIONS),
      since: Type.String({ format: 'date-time' }),
      alerted: Type.Boolean(),
    }),
  ),
  professions: Type.Array(StringEnum(PROFESSIONS)),
});
export type LicenceAlertRoles = Static<typeof LicenceAlertRoles>;
export const LicenceAlertRolesResponse = Ok({ data: LicenceAlertRoles });
export type LicenceAlertRolesResponse = Static<typeof LicenceAlertRolesResponse>;
/** POST /api/core/licence-alerts/roles: one more role whose licences alert HR. */
export const LicenceAlertRoleBody = Type.Object(
  { profession: StringEnum(PROFESSIONS) },
  { additionalProperties: false },
);
export type LicenceAlertRoleBody = Static<typeof LicenceAlertRoleBody>;
/** DELETE /api/core/licence-alerts/roles/:profession. */
export const LicenceAlertRoleParams = LicenceAlertRoleBody;

/** PUT /api/core/staff/:id/role: a manager's departments and locations come with the role. */
export const RoleBody = Type.Object(
  {
    role: StringEnum(['hr-admin', 'manager', 'staff'] as const),
    departmentIds: Type.Optional(Type.Array(Uuid, { maxItems: 100 })),
    locationIds: Type.Optional(Type.Array(Uuid, { maxItems: 100 })),
  },
  { additionalProperties: false },
);
export type RoleBody = Static<typeof RoleBody>;
export const StaffMemberResponse = Ok({ data: StaffMember });
export type StaffMemberResponse = Static<typeof StaffMemberResponse>;
export type StaffDetailResponse = Static<typeof StaffDetailResponse>;
export type StaffDetail = StaffDetailResponse['data'];
export type CredentialResponse = Static<typeof CredentialResponse>;
export type CouncilListResponse = Static<typeof CouncilListResponse>;
export type ImportResponse = Static<typeof ImportResponse>;
export type ImportProblem = Static<typeof ImportProblem>;

export const DOCUMENT_STATUSES = ['valid', 'expiring', 'expired'] as const;
export type DocumentStatus = (typeof DOCUMENT_STATUSES)[number];
const DocumentNumber = Type.String({ minLength: 2, maxLength: 40, pattern: '^[A-Za-z0-9][A-Za-z0-9/ .-]*$' });

/** A kind of paper an organisation holds; `required` for its country and facility type, `recorded` once it has one. */
export const ComplianceDocumentType = Type.Object({
  code: Type.String(),
  name: Translated,
  issuer: Type.String(),
  required: Type.Boolean(),
  recorded: Type.Boolean(),
});
export type ComplianceDocumentType = Static<typeof ComplianceDocumentType>;
/** GET /api/core/compliance/types: the organisation's country's types (a short fixed list, not paged). */
export const ComplianceTypesResponse = Ok({
  data: Type.Object({
    country: Type.String(),
    facilityType: StringEnum(FACILITY_TYPES),
    types: Type.Array(ComplianceDocumentType),
  }),
});
export type ComplianceTypesResponse = Static<typeof ComplianceTypesResponse>;

/** One of the organisation's own documents (facility licence, insurance, fire certificate…). */
export const ComplianceDocument = Type.Object({
  id: Uuid,
  typeCode: Type.String(),
  typeName: Translated,
  number: Type.String(),
  issuedOn: NullableString,
  expiresOn: Type.String(),
  /** 0 on the expiry day, negative once expired. */
  daysLeft: Type.Integer(),
  status: StringEnum(DOCUMENT_STATUSES),
  /** The branch it covers; null: the whole organisation. */
  locationId: Type.Union([Uuid, Type.Null()]),
  /** Its scan or photo, if one was uploaded (`GET /api/core/compliance/:id/file`). */
  file: Type.Union([StoredFile, Type.Null()]),
});
export type ComplianceDocument = Static<typeof ComplianceDocument>;
export const ComplianceQuery = Type.Composite([
  PageQuery,
  Type.Object({ expiringWithin: Type.Optional(Type.Integer({ minimum: 0, maximum: 365 })) }),
]);
export type ComplianceQuery = Static<typeof ComplianceQuery>;
export const ComplianceListResponse = Paged(ComplianceDocument);
export type ComplianceListResponse = Static<typeof ComplianceListResponse>;
export const ComplianceResponse = Ok({ data: ComplianceDocument });
export type ComplianceResponse = Static<typeof ComplianceResponse>;

/** POST /api/core/compliance: HR records a document of one of its country's types. */
export const ComplianceBody = Type.Object(
  {
    typeCode: Type.String({ pattern: '^[a-z]{2}-[a-z0-9-]{2,40}$' }),
    number: DocumentNumber,
    issuedOn: Type.Optional(Day),
    expiresOn: Day,
    locationId: Type.Optional(Uuid),
  },
  { additionalProperties: false },
);
export type ComplianceBody = Static<typeof ComplianceBody>;
/**
 * PATCH /api/core/compliance/:id: a renewal (a new expiry date: the old date's remaining alerts stop, the
 * new one's begin) or a correction. A field sent as null is cleared; a field left out is kept.
 */
export const ComplianceChangeBody = Type.Object(
  {
    number: Type.Optional(DocumentNumber),
    issuedOn: Optional(Day),
    expiresOn: Type.Optional(Day),
    locationId: Optional(Uuid),
  },
  { additionalProperties: false, minProperties: 1 },
);
export type ComplianceChangeBody = Static<typeof ComplianceChangeBody>;

/**
 * A scanned document (a compliance document's, a credential's): a PDF or an image (JPEG, PNG, WebP), by its
 * content, of at most this.
 */
export const DOCUMENT_FILE_MAX_BYTES = 5 * 1024 * 1024;
export const COMPLIANCE_FILE_MAX_BYTES = DOCUMENT_FILE_MAX_BYTES;
/**
 * PUT /api/core/compliance/:id/file?name= and /api/core/credentials/:id/file?name=: the file's raw bytes;
 * `name` the chosen file's, made safe.
 */
export const DocumentFileQuery = Type.Object(
  { name: Type.Optional(Type.String({ maxLength: 255 })) },
  { additionalProperties: false },
);
export type DocumentFileQuery = Static<typeof DocumentFileQuery>;
export const ComplianceFileQuery = DocumentFileQuery;
export type ComplianceFileQuery = DocumentFileQuery;

/**
 * PATCH /api/core/organisation: HR states its facility type (which decides the documents it must hold)
 * and its time zone (an IANA name from Intl's list, else 422 `core.time_zone_unknown`); a field left out is
 * kept.
 */
export const OrganisationBody = Type.Object(
  {
    facilityType: Type.Optional(StringEnum(FACILITY_TYPES)),
    timeZone: Type.Optional(
      Type.String({ minLength: 1, maxLength: 64, pattern: '^[A-Za-z][A-Za-z0-9_/+-]*$' }),
    ),
    /** The roster fatigue flag's limits (either or both). */
    fatigue: Type.Optional(
      Type.Object(
        {
          maxConsecutiveNights: Type.Optional(Type.Integer({ minimum: 1, maximum: 7 })),
          minRestDays: Type.Optional(Type.Integer({ minimum: 1, maximum: 3 })),
        },
        { additionalProperties: false, minProperties: 1 },
      ),
    ),
  },
  { additionalProperties: false, minProperties: 1 },
);
export type OrganisationBody = Static<typeof OrganisationBody>;
/**
 * The roster fatigue flag's limits: a person is flagged beyond `maxConsecutiveNights` nights in a row, or
 * below `minRestDays` days without work in any 7 days in a row (defaults 3 and 1: svc-core's README).
 */
export const FatigueLimits = Type.Object({
  maxConsecutiveNights: Type.Integer(),
  minRestDays: Type.Integer(),
});
export type FatigueLimits = Static<typeof FatigueLimits>;
/** The organisation's settings: `GET /api/core/organisation` (members), and what the PATCH answers. */
export const OrganisationSettings = Type.Object({
  id: Uuid,
  name: Type.String(),
  country: Type.String(),
  facilityType: StringEnum(FACILITY_TYPES),
  /** Its "today", its shift times, the time clock and timesheets are read in it (default Africa/Nairobi). */
  timeZone: Type.String(),
  fatigue: FatigueLimits,
});
export type OrganisationSettings = Static<typeof OrganisationSettings>;
export const OrganisationResponse = Ok({ data: OrganisationSettings });
export type OrganisationResponse = Static<typeof OrganisationResponse>;

const Count = Type.Object({
  id: Type.Union([Uuid, Type.Null()]),
  name: Type.String(),
  count: Type.Integer(),
});
export const DashboardResponse = Ok({
  data: Type.Object({
    headcount: Type.Integer(),
    byLocation: Type.Array(Count),
    byDepartment: Type.Array(Count),
    cleared: Type.Integer(),
    notCleared: Type.Integer(),
    expiring: Type.Object({ within30: Type.Integer(), within60: Type.Integer(), within90: Type.Integer() }),
    /** The organisation's own documents: HR's alone (null for a manager). */
    compliance: Type.Union([
      Type.Object({
        expiring: Type.Object({
          within30: Type.Integer(),
          within60: Type.Integer(),
          within90: Type.Integer(),
        }),
        expired: Type.Integer(),
        missing: Type.Integer(),
      }),
      Type.Null(),
    ]),
    /**
     * Required trainings of the members in the caller's scope (one per person and training required of
     * them): how many are valid (not expired; `expiring` included), expiring within 30/60/90 days, expired,
     * missing.
     */
    trainings: Type.Object({
      required: Type.Integer(),
      valid: Type.Integer(),
      expiring: Type.Object({ within30: Type.Integer(), within60: Type.Integer(), within90: Type.Integer() }),
      expired: Type.Integer(),
      missing: Type.Integer(),
    }),
  }),
});
export type DashboardResponse = Static<typeof DashboardResponse>;
export type DashboardData = DashboardResponse['data'];

/** Who a policy is for: everyone, or anyone who has one of the roles or is in one of the departments or locations. */
export const PolicyAssignment = Type.Object({
  everyone: Type.Boolean(),
  roles: Type.Array(StringEnum(['hr-admin', 'manager', 'staff'] as const)),
  departmentIds: Type.Array(Uuid),
  locationIds: Type.Array(Uuid),
});
export type PolicyAssignment = Static<typeof PolicyAssignment>;
/** The same, as HR sends it: a list left out is empty; one that is not `everyone` names someone. */
export const PolicyAssignmentBody = Type.Object(
  {
    everyone: Type.Boolean(),
    roles: Type.Optional(
      Type.Array(StringEnum(['hr-admin', 'manager', 'staff'] as const), { maxItems: 3, uniqueItems: true }),
    ),
    departmentIds: Type.Optional(Type.Array(Uuid, { maxItems: 100, uniqueItems: true })),
    locationIds: Type.Optional(Type.Array(Uuid, { maxItems: 100, uniqueItems: true })),
  },
  { additionalProperties: false },
);
export type PolicyAssignmentBody = Static<typeof PolicyAssignmentBody>;

const PolicyTitle = Type.String({ minLength: 1, maxLength: 200, pattern: '\\S' });
/** The policy's text: HTML, sanitised on save to the admin allow-list (structure, emphasis, links). */
const PolicyText = Type.String({ minLength: 1, maxLength: 100_000, pattern: '\\S' });

/** POST /api/core/policies: HR writes a policy; it is published as version 1 to those it is assigned to. */
export const PolicyBody = Type.Object(
  { title: PolicyTitle, body: PolicyText, assignment: PolicyAssignmentBody },
  { additionalProperties: false },
);
export type PolicyBody = Static<typeof PolicyBody>;
/** POST /api/core/policies/:id/versions: a new text (and title, and assignment); everyone is asked again. */
export const PolicyVersionBody = Type.Object(
  {
    title: Type.Optional(PolicyTitle),
    body: PolicyText,
    assignment: Type.Optional(PolicyAssignmentBody),
  },
  { additionalProperties: false },
);
export type PolicyVersionBody = Static<typeof PolicyVersionBody>;
/** POST /api/core/policies/:id/acknowledge: the version read, which must be the current one. */
export const AcknowledgeBody = Type.Object(
  { version: Type.Integer({ minimum: 1, maximum: 100_000 }) },
  { additionalProperties: false },
);
export type AcknowledgeBody = Static<typeof AcknowledgeBody>;

/** `mine`: only the policies assigned to the caller (staff see no others whatever they ask). */
export const PolicyQuery = Type.Composite([PageQuery, Type.Object({ mine: Type.Optional(Type.Boolean()) })]);
export type PolicyQuery = Static<typeof PolicyQuery>;
/** The detail's people: all, or those who have (not) acknowledged the current version. */
export const PolicyPeopleQuery = Type.Composite([
  PageQuery,
  Type.Object({ status: Type.Optional(StringEnum(['pending', 'acknowledged'] as const)) }),
]);
export type PolicyPeopleQuery = Static<typeof PolicyPeopleQuery>;

/**
 * A policy as the caller sees it: `completion` (of the current version, within the caller's scope) for HR
 * and managers, null for staff; `acknowledgedAt` the caller's own acknowledgement of the current version.
 */
export const PolicySummary = Type.Object({
  id: Uuid,
  title: Type.String(),
  version: Type.Integer(),
  assignment: PolicyAssignment,
  publishedAt: Type.String(),
  completion: Type.Union([
    Type.Object({ acknowledged: Type.Integer(), assigned: Type.Integer() }),
    Type.Null(),
  ]),
  assignedToMe: Type.Boolean(),
  acknowledgedAt: NullableString,
  /** The current version's PDF, if it was published as one (`GET /api/core/policies/:id/file`). */
  file: Type.Union([StoredFile, Type.Null()]),
  /** The caller opened the current version's PDF: acknowledging a PDF version needs it. */
  read: Type.Boolean(),
});
export type PolicySummary = Static<typeof PolicySummary>;
export const PolicyListResponse = Paged(PolicySummary);
export type PolicyListResponse = Static<typeof PolicyListResponse>;

/** One person a policy is assigned to, and whether they acknowledged its current version. */
export const PolicyPerson = Type.Object({
  personId: Uuid,
  staffId: Uuid,
  name: Type.String(),
  departmentId: Type.Union([Uuid, Type.Null()]),
  locationId: Type.Union([Uuid, Type.Null()]),
  acknowledgedAt: NullableString,
});
export type PolicyPerson = Static<typeof PolicyPerson>;
export const PolicyDetail = Type.Composite([
  PolicySummary,
  Type.Object({
    body: Type.String(),
    /** HR and managers: the people it is assigned to (within their scope), a page at a time; staff: null. */
    people: Type.Union([Type.Array(PolicyPerson), Type.Null()]),
  }),
]);
export type PolicyDetail = Static<typeof PolicyDetail>;
export const PolicyResponse = Ok({ data: PolicyDetail, pageInfo: Type.Optional(PageInfo) });
export type PolicyResponse = Static<typeof PolicyResponse>;
export const PolicySummaryResponse = Ok({ data: PolicySummary });
export type PolicySummaryResponse = Static<typeof PolicySummaryResponse>;
/** POST /api/core/policies/:id/remind: how many were sent a reminder. */
export const RemindResponse = Ok({ data: Type.Object({ reminded: Type.Integer() }) });
export type RemindResponse = Static<typeof RemindResponse>;

/**
 * A training an organisation tracks (BLS, infection prevention…): `validityMonths` how long a completion
 * counts (null: it never expires); required of `everyone`, or of anyone with one of the professions or org
 * roles. Each organisation starts with BLS, infection prevention and control, and fire safety.
 */
export const TrainingType = Type.Object({
  id: Uuid,
  name: Type.String(),
  validityMonths: Type.Union([Type.Integer(), Type.Null()]),
  everyone: Type.Boolean(),
  professions: Type.Array(StringEnum(PROFESSIONS)),
  roles: Type.Array(StringEnum(ORG_ROLES)),
});
export type TrainingType = Static<typeof TrainingType>;
export const TrainingTypeListResponse = Paged(TrainingType);
export type TrainingTypeListResponse = Static<typeof TrainingTypeListResponse>;
export const TrainingTypeResponse = Ok({ data: TrainingType });
export type TrainingTypeResponse = Static<typeof TrainingTypeResponse>;
const TrainingName = Type.String({ minLength: 2, maxLength: 120, pattern: '\\S' });
const ValidityMonths = Type.Union([Type.Integer({ minimum: 1, maximum: 120 }), Type.Null()]);
const RequiredProfessions = Type.Array(StringEnum(PROFESSIONS), {
  maxItems: PROFESSIONS.length,
  uniqueItems: true,
});
const RequiredRoles = Type.Array(StringEnum(ORG_ROLES), { maxItems: ORG_ROLES.length, uniqueItems: true });
/** POST /api/core/trainings/types: HR adds a training; lists left out are empty. */
export const TrainingTypeBody = Type.Object(
  {
    name: TrainingName,
    validityMonths: ValidityMonths,
    everyone: Type.Boolean(),
    professions: Type.Optional(RequiredProfessions),
    roles: Type.Optional(RequiredRoles),
  },
  { additionalProperties: false },
);
export type TrainingTypeBody = Static<typeof TrainingTypeBody>;
/**
 * PATCH /api/core/trainings/types/:id: a field left out is kept. A new validity applies to completions
 * recorded from then on; those already recorded keep the expiry they were given.
 */
export const TrainingTypeChangeBody = Type.Object(
  {
    name: Type.Optional(TrainingName),
    validityMonths: Type.Optional(ValidityMonths),
    everyone: Type.Optional(Type.Boolean()),
    professions: Type.Optional(RequiredProfessions),
    roles: Type.Optional(RequiredRoles),
  },
  { additionalProperties: false, minProperties: 1 },
);
export type TrainingTypeChangeBody = Static<typeof TrainingTypeChangeBody>;

export const TRAINING_SOURCES = ['manual', 'events'] as const;
/**
 * A completed training: `expiresOn` its completion plus the type's validity (null: never expires);
 * `verified` unless the person recorded it themselves; `renewed` once a newer completion of the same type
 * replaced it (its alerts stop).
 */
export const TrainingRecord = Type.Object({
  id: Uuid,
  staffId: Uuid,
  personName: Type.String(),
  typeId: Uuid,
  typeName: Type.String(),
  completedOn: Type.String(),
  expiresOn: NullableString,
  status: StringEnum(DOCUMENT_STATUSES),
  source: StringEnum(TRAINING_SOURCES),
  certificateRef: NullableString,
  eventId: Type.Union([Uuid, Type.Null()]),
  verified: Type.Boolean(),
  renewed: Type.Boolean(),
});
export type TrainingRecord = Static<typeof TrainingRecord>;
/** Records by person, type, or current ones expiring within some days (not yet expired). */
export const TrainingRecordQuery = Type.Composite([
  PageQuery,
  Type.Object({
    staffId: Type.Optional(Uuid),
    typeId: Type.Optional(Uuid),
    expiringWithin: Type.Optional(Type.Integer({ minimum: 0, maximum: 365 })),
  }),
]);
export type TrainingRecordQuery = Static<typeof TrainingRecordQuery>;
export const TrainingRecordListResponse = Paged(TrainingRecord);
export type TrainingRecordListResponse = Static<typeof TrainingRecordListResponse>;
export const TrainingRecordResponse = Ok({ data: TrainingRecord });
export type TrainingRecordResponse = Static<typeof TrainingRecordResponse>;
/**
 * POST /api/core/trainings: a completion with its certificate's reference. HR records it for any member
 * (`staffId`); anyone records their own (no `staffId`, or their own), unverified until HR checks it.
 */
export const TrainingRecordBody = Type.Object(
  {
    staffId: Type.Optional(Uuid),
    typeId: Uuid,
    completedOn: Day,
    certificateRef: Type.Optional(
      Type.String({ minLength: 2, maxLength: 80, pattern: '^[A-Za-z0-9][A-Za-z0-9/ .:_-]*$' }),
    ),
  },
  { additionalProperties: false },
);
export type TrainingRecordBody = Static<typeof TrainingRecordBody>;

export const TRAINING_STATUSES = ['valid', 'expiring', 'expired', 'missing'] as const;
export type TrainingStatus = (typeof TRAINING_STATUSES)[number];
/** One training required of the caller, with their latest completion's dates (null: none recorded). */
export const MyTraining = Type.Object({
  typeId: Uuid,
  name: Type.String(),
  validityMonths: Type.Union([Type.Integer(), Type.Null()]),
  status: StringEnum(TRAINING_STATUSES),
  completedOn: NullableString,
  expiresOn: NullableString,
});
export type MyTraining = Static<typeof MyTraining>;
/** GET /api/core/trainings/me: the trainings required of the caller (a short list, not paged). */
export const MyTrainingsResponse = Ok({ data: Type.Array(MyTraining) });
export type MyTrainingsResponse = Static<typeof MyTrainingsResponse>;

export const LEAVE_ACCRUALS = ['monthly', 'yearly', 'none'] as const;
export const LEAVE_STATUSES = ['pending', 'approved', 'declined', 'cancelled'] as const;
export type LeaveStatus = (typeof LEAVE_STATUSES)[number];
/** Days, in halves at the finest where a person asks; HR's figures to two decimals. */
const Days = Type.Number({ minimum: 0, maximum: 366, multipleOf: 0.01 });
const NullableDays = Type.Union([Days, Type.Null()]);

/**
 * A kind of leave (Kenya's statutory ones preset, `code` naming the preset): how it accrues (`monthly`: a
 * twelfth of `daysPerYear` per completed month of service; `yearly`: all at once after `minServiceMonths`;
 * `none`: no balance kept), what carries into the next year (`carryOverCap`, null: all), whether weekends
 * and public holidays count as leave days, whether the balance may go below zero, which days are on half
 * pay (`halfPayAfterDays`), and a document asked beyond `documentsAfterDays` days (0: always).
 */
export const LeaveType = Type.Object({
  id: Uuid,
  code: NullableString,
  name: Type.String(),
  /** The preset's name in each language while HR kept it; else HR's name thrice. */
  names: Translated,
  accrual: StringEnum(LEAVE_ACCRUALS),
  daysPerYear: Type.Number(),
  carryOverCap: Type.Union([Type.Number(), Type.Null()]),
  countsWeekends: Type.Boolean(),
  countsHolidays: Type.Boolean(),
  allowNegative: Type.Boolean(),
  minServiceMonths: Type.Integer(),
  halfPayAfterDays: Type.Union([Type.Number(), Type.Null()]),
  documentsRequired: NullableString,
  documentsAfterDays: Type.Union([Type.Integer(), Type.Null()]),
  paid: Type.Boolean(),
  active: Type.Boolean(),
});
export type LeaveType = Static<typeof LeaveType>;
export const LeaveTypeListResponse = Paged(LeaveType);
export type LeaveTypeListResponse = Static<typeof LeaveTypeListResponse>;
export const LeaveTypeResponse = Ok({ data: LeaveType });
export type LeaveTypeResponse = Static<typeof LeaveTypeResponse>;
const LeaveTypeFields = {
  name: Type.String({ minLength: 2, maxLength: 80, pattern: '\\S' }),
  accrual: StringEnum(LEAVE_ACCRUALS),
  daysPerYear: Days,
  carryOverCap: NullableDays,
  countsWeekends: Type.Boolean(),
  countsHolidays: Type.Boolean(),
  allowNegative: Type.Boolean(),
  minServiceMonths: Type.Integer({ minimum: 0, maximum: 24 }),
  halfPayAfterDays: NullableDays,
  documentsRequired: Type.Union([Type.String({ minLength: 2, maxLength: 160, pattern: '\\S' }), Type.Null()]),
  documentsAfterDays: Type.Union([Type.Integer({ minimum: 0, maximum: 366 }), Type.Null()]),
  paid: Type.Boolean(),
  active: Type.Boolean(),
};
/** POST /api/core/leave/types: HR adds a kind of leave; left out: no carry-over, half pay, document. */
export const LeaveTypeBody = Type.Object(
  {
    name: LeaveTypeFields.name,
    accrual: LeaveTypeFields.accrual,
    daysPerYear: LeaveTypeFields.daysPerYear,
    carryOverCap: Type.Optional(LeaveTypeFields.carryOverCap),
    countsWeekends: LeaveTypeFields.countsWeekends,
    countsHolidays: LeaveTypeFields.countsHolidays,
    allowNegative: Type.Optional(LeaveTypeFields.allowNegative),
    minServiceMonths: Type.Optional(LeaveTypeFields.minServiceMonths),
    halfPayAfterDays: Type.Optional(LeaveTypeFields.halfPayAfterDays),
    documentsRequired: Type.Optional(LeaveTypeFields.documentsRequired),
    documentsAfterDays: Type.Optional(LeaveTypeFields.documentsAfterDays),
    paid: Type.Optional(LeaveTypeFields.paid),
  },
  { additionalProperties: false },
);
export type LeaveTypeBody = Static<typeof LeaveTypeBody>;
/** PATCH /api/core/leave/types/:id: a field left out is kept; requests already made keep their days. */
export const LeaveTypeChangeBody = Type.Partial(Type.Object(LeaveTypeFields), {
  additionalProperties: false,
  minProperties: 1,
});
export type LeaveTypeChangeBody = Static<typeof LeaveTypeChangeBody>;

/** A public holiday the organisation keeps: its country's preset, or one HR added. */
export const PublicHoliday = Type.Object({
  id: Uuid,
  country: Type.String(),
  date: Type.String(),
  name: Translated,
});
export type PublicHoliday = Static<typeof PublicHoliday>;
export const HolidayQuery = Type.Composite([
  PageQuery,
  Type.Object({
    /** Default: the organisation's country. */
    country: Type.Optional(Type.String({ pattern: '^[A-Z]{2}$' })),
    year: Type.Optional(Type.Integer({ minimum: 2000, maximum: 2100 })),
  }),
]);
export type HolidayQuery = Static<typeof HolidayQuery>;
export const HolidayListResponse = Paged(PublicHoliday);
export type HolidayListResponse = Static<typeof HolidayListResponse>;
export const HolidayResponse = Ok({ data: PublicHoliday });
export type HolidayResponse = Static<typeof HolidayResponse>;
const HolidayName = Type.String({ minLength: 2, maxLength: 80, pattern: '\\S' });
/** POST /api/core/holidays: HR adds a day (the name as written, in every language), for its country. */
export const HolidayBody = Type.Object(
  { date: Day, name: HolidayName, country: Type.Optional(Type.String({ pattern: '^[A-Z]{2}$' })) },
  { additionalProperties: false },
);
export type HolidayBody = Static<typeof HolidayBody>;
export const HolidayChangeBody = Type.Object(
  { date: Type.Optional(Day), name: Type.Optional(HolidayName) },
  { additionalProperties: false, minProperties: 1 },
);
export type HolidayChangeBody = Static<typeof HolidayChangeBody>;

/**
 * What HR entered for a person, type and year from before the organisation kept their leave here: days
 * carried in (standing for that year's carry-over) and days already taken (counted as used).
 */
export const LeaveOpening = Type.Object({
  broughtForward: Type.Number(),
  taken: Type.Number(),
  note: NullableString,
});
export type LeaveOpening = Static<typeof LeaveOpening>;
/**
 * One kind of leave's balance in a leave year (the calendar year) as of a day: accrued, carried from the
 * year before, used (approved, and any days taken before, `opening`), pending, and what is left (null where
 * no balance is kept: unpaid leave).
 */
export const LeaveBalance = Type.Object({
  typeId: Uuid,
  typeName: Translated,
  year: Type.Integer(),
  entitled: Type.Union([Type.Number(), Type.Null()]),
  carriedOver: Type.Number(),
  used: Type.Number(),
  pending: Type.Number(),
  available: Type.Union([Type.Number(), Type.Null()]),
  /** Left by the year's end, once the whole year has accrued. */
  availableAtYearEnd: Type.Union([Type.Number(), Type.Null()]),
  /** HR's opening figures for this year, when entered. */
  opening: Type.Union([LeaveOpening, Type.Null()]),
});
export type LeaveBalance = Static<typeof LeaveBalance>;
export const YearQuery = Type.Object({ year: Type.Optional(Type.Integer({ minimum: 2000, maximum: 2100 })) });
export const MyBalancesResponse = Ok({ data: Type.Array(LeaveBalance) });
export type MyBalancesResponse = Static<typeof MyBalancesResponse>;
/** A person's balances, for HR and managers (their scope). */
export const PersonBalances = Type.Object({
  staffId: Uuid,
  name: Type.String(),
  departmentId: Type.Union([Uuid, Type.Null()]),
  balances: Type.Array(LeaveBalance),
});
export type PersonBalances = Static<typeof PersonBalances>;
export const BalancesQuery = Type.Composite([
  PageQuery,
  YearQuery,
  Type.Object({ departmentId: Type.Optional(Uuid), search: Type.Optional(SearchTerm) }),
]);
export type BalancesQuery = Static<typeof BalancesQuery>;
export const BalancesListResponse = Paged(PersonBalances);
export type BalancesListResponse = Static<typeof BalancesListResponse>;

export const StaffIdParams = Type.Object({ staffId: Uuid });
/**
 * PUT /api/core/leave/balances/:staffId/opening: HR sets what a person brought into a leave year from
 * before (replacing what was entered for that type and year).
 */
export const LeaveOpeningBody = Type.Object(
  {
    typeId: Uuid,
    year: Type.Integer({ minimum: 2000, maximum: 2100 }),
    broughtForward: Days,
    taken: Days,
    note: Type.Optional(Type.Union([Type.String({ maxLength: 300 }), Type.Null()])),
  },
  { additionalProperties: false },
);
export type LeaveOpeningBody = Static<typeof LeaveOpeningBody>;
/** The person's balance of that type and year, the opening counted. */
export const LeaveOpeningResponse = Ok({ data: LeaveBalance });
export type LeaveOpeningResponse = Static<typeof LeaveOpeningResponse>;

/** What a request would count and leave: the screen shows it before the person sends. */
export const LeaveQuote = Type.Object({
  days: Type.Number(),
  halfPayDays: Type.Number(),
  documentRequired: Type.Boolean(),
  /** Null where no balance is kept. */
  balanceBefore: Type.Union([Type.Number(), Type.Null()]),
  balanceAfter: Type.Union([Type.Number(), Type.Null()]),
});
export type LeaveQuote = Static<typeof LeaveQuote>;
const LeaveAsk = {
  typeId: Uuid,
  from: Day,
  to: Day,
  /** Half of the one day `from` = `to`. */
  halfDay: Type.Optional(Type.Boolean()),
};
export const LeaveQuoteQuery = Type.Object(LeaveAsk, { additionalProperties: false });
export type LeaveQuoteQuery = Static<typeof LeaveQuoteQuery>;
export const LeaveQuoteResponse = Ok({ data: LeaveQuote });
export type LeaveQuoteResponse = Static<typeof LeaveQuoteResponse>;
/** POST /api/core/leave/requests: the caller asks for leave for themselves. */
export const LeaveRequestBody = Type.Object(
  { ...LeaveAsk, note: Type.Optional(Type.String({ maxLength: 500 })) },
  { additionalProperties: false },
);
export type LeaveRequestBody = Static<typeof LeaveRequestBody>;

export const LeaveRequest = Type.Object({
  id: Uuid,
  staffId: Uuid,
  personName: Type.String(),
  departmentId: Type.Union([Uuid, Type.Null()]),
  typeId: Uuid,
  typeName: Translated,
  from: Type.String(),
  to: Type.String(),
  halfDay: Type.Boolean(),
  days: Type.Number(),
  halfPayDays: Type.Number(),
  documentRequired: Type.Boolean(),
  /**
   * The document attached (a sick note; `GET /api/core/leave/requests/:id/file`: the person, their managers,
   * HR), or null. A request whose `documentRequired` is approved only with one, or by HR with `documentWaived`.
   */
  document: Type.Union([StoredFile, Type.Null()]),
  documentWaived: Type.Boolean(),
  note: NullableString,
  status: StringEnum(LEAVE_STATUSES),
  decisionReason: NullableString,
  decidedAt: NullableString,
  createdAt: Type.String(),
});
export type LeaveRequest = Static<typeof LeaveRequest>;
/** The request with the balance of its type before and after it (as the quote computed them). */
export const LeaveRequestResponse = Ok({
  data: LeaveRequest,
  balance: Type.Optional(
    Type.Object({
      before: Type.Union([Type.Number(), Type.Null()]),
      after: Type.Union([Type.Number(), Type.Null()]),
    }),
  ),
});
export type LeaveRequestResponse = Static<typeof LeaveRequestResponse>;
export const LeaveRequestQuery = Type.Composite([
  PageQuery,
  Type.Object({
    status: Type.Optional(StringEnum(LEAVE_STATUSES)),
    staffId: Type.Optional(Uuid),
    /** Only the caller's own. */
    mine: Type.Optional(Type.Boolean()),
  }),
]);
export type LeaveRequestQuery = Static<typeof LeaveRequestQuery>;
/**
 * GET /api/core/leave/requests.csv: the requests in the caller's scope touching `from`..`to` (either may be
 * left out), of a status and a department.
 */
export const LeaveRequestsCsvQuery = Type.Object(
  {
    from: Type.Optional(Day),
    to: Type.Optional(Day),
    status: Type.Optional(StringEnum(LEAVE_STATUSES)),
    departmentId: Type.Optional(Uuid),
  },
  { additionalProperties: false },
);
export type LeaveRequestsCsvQuery = Static<typeof LeaveRequestsCsvQuery>;
export const LeaveRequestListResponse = Paged(LeaveRequest);
export type LeaveRequestListResponse = Static<typeof LeaveRequestListResponse>;
/**
 * PATCH /api/core/leave/requests/:id: the manager's or HR's decision; a decline says why. A request that needs
 * a document and has none is approved only by HR with `withoutDocument` and a reason (409 otherwise).
 */
export const LeaveDecisionBody = Type.Object(
  {
    status: StringEnum(['approved', 'declined'] as const),
    reason: Type.Optional(Type.String({ minLength: 2, maxLength: 500, pattern: '\\S' })),
    withoutDocument: Type.Optional(Type.Boolean()),
  },
  { additionalProperties: false },
);
export type LeaveDecisionBody = Static<typeof LeaveDecisionBody>;
/** Approved leave overlapping `from`..`to` (default: today), within the caller's scope. */
export const AwayQuery = Type.Composite([
  PageQuery,
  Type.Object({ from: Type.Optional(Day), to: Type.Optional(Day), departmentId: Type.Optional(Uuid) }),
]);
export type AwayQuery = Static<typeof AwayQuery>;

/** A local time of day, `HH:MM` (24 hours). */
const TimeOfDay = Type.String({ pattern: '^([01][0-9]|2[0-3]):[0-5][0-9]$' });
export const ROSTER_RULES = ['on-leave', 'overlap', 'short-rest', 'too-many-nights', 'not-cleared'] as const;
export const FATIGUE_REASONS = ['many-nights', 'few-rest-days'] as const;
const MinimumStaffing = Type.Array(
  Type.Object(
    { profession: StringEnum(PROFESSIONS), count: Type.Integer({ minimum: 1, maximum: 50 }) },
    { additionalProperties: false },
  ),
  { maxItems: PROFESSIONS.length },
);

/**
 * A department's shift (Day 07:00–19:00; Night 19:00–07:00, ending the next day), whether it is clinical
 * (only people cleared to practise) and the fewest people of each profession it needs.
 */
export const ShiftTemplate = Type.Object({
  id: Uuid,
  departmentId: Uuid,
  name: Type.String(),
  startsAt: Type.String(),
  endsAt: Type.String(),
  clinical: Type.Boolean(),
  night: Type.Boolean(),
  hours: Type.Number(),
  minimumStaffing: Type.Array(Type.Object({ profession: StringEnum(PROFESSIONS), count: Type.Integer() })),
  active: Type.Boolean(),
});
export type ShiftTemplate = Static<typeof ShiftTemplate>;
export const ShiftTemplateResponse = Ok({ data: ShiftTemplate });
export type ShiftTemplateResponse = Static<typeof ShiftTemplateResponse>;
export const ShiftTemplateListResponse = Paged(ShiftTemplate);
export type ShiftTemplateListResponse = Static<typeof ShiftTemplateListResponse>;
export const ShiftTemplateQuery = Type.Composite([
  PageQuery,
  Type.Object({ departmentId: Type.Optional(Uuid) }),
]);
export type ShiftTemplateQuery = Static<typeof ShiftTemplateQuery>;
const ShiftTemplateFields = {
  name: Type.String({ minLength: 1, maxLength: 60, pattern: '\\S' }),
  startsAt: TimeOfDay,
  endsAt: TimeOfDay,
  clinical: Type.Boolean(),
  minimumStaffing: MinimumStaffing,
  active: Type.Boolean(),
};
/** POST /api/core/shift-templates: HR, or the department's manager. */
export const ShiftTemplateBody = Type.Object(
  {
    departmentId: Uuid,
    name: ShiftTemplateFields.name,
    startsAt: TimeOfDay,
    endsAt: TimeOfDay,
    clinical: Type.Optional(Type.Boolean()),
    minimumStaffing: Type.Optional(MinimumStaffing),
  },
  { additionalProperties: false },
);
export type ShiftTemplateBody = Static<typeof ShiftTemplateBody>;
/** PATCH /api/core/shift-templates/:id: a field left out is kept. */
export const ShiftTemplateChangeBody = Type.Partial(Type.Object(ShiftTemplateFields), {
  additionalProperties: false,
  minProperties: 1,
});
export type ShiftTemplateChangeBody = Static<typeof ShiftTemplateChangeBody>;

/** POST /api/core/rosters: a department's roster for 1 to 6 weeks from a day. */
export const RosterBody = Type.Object(
  {
    departmentId: Uuid,
    startsOn: Day,
    weeks: Type.Integer({ minimum: 1, maximum: 6 }),
    maxConsecutiveNights: Type.Optional(Type.Integer({ minimum: 1, maximum: 7 })),
  },
  { additionalProperties: false },
);
export type RosterBody = Static<typeof RosterBody>;
export const RosterQuery = Type.Composite([PageQuery, Type.Object({ departmentId: Type.Optional(Uuid) })]);
export type RosterQuery = Static<typeof RosterQuery>;
export const RosterSummary = Type.Object({
  id: Uuid,
  departmentId: Uuid,
  departmentName: Type.String(),
  startsOn: Type.String(),
  endsOn: Type.String(),
  weeks: Type.Integer(),
  maxConsecutiveNights: Type.Integer(),
  status: StringEnum(['draft', 'published'] as const),
  publishedAt: NullableString,
});
export type RosterSummary = Static<typeof RosterSummary>;
export const RosterListResponse = Paged(RosterSummary);
export type RosterListResponse = Static<typeof RosterListResponse>;
export const RosterAssignment = Type.Object({
  id: Uuid,
  staffId: Uuid,
  templateId: Uuid,
  day: Type.String(),
  /** The rules it breaks now, computed on every read. */
  violations: Type.Array(StringEnum(ROSTER_RULES)),
  /** Why the manager keeps it though it broke `keptRules` when made. */
  keptReason: NullableString,
  suggested: Type.Boolean(),
});
export type RosterAssignment = Static<typeof RosterAssignment>;
/** A department's roster: its shifts, its people (with their fatigue), its assignments and its gaps. */
export const Roster = Type.Composite([
  RosterSummary,
  Type.Object({
    templates: Type.Array(ShiftTemplate),
    people: Type.Array(
      Type.Object({
        staffId: Uuid,
        name: Type.String(),
        profession: NullableStringEnum(PROFESSIONS),
        cleared: Type.Boolean(),
        hours: Type.Number(),
        /** The fatigue flags against the organisation's limits (`fatigueLimits`). */
        fatigue: Type.Array(StringEnum(FATIGUE_REASONS)),
        /** Their longest run of nights in a row touching the roster (shifts on other rosters count). */
        nightsInARow: Type.Integer(),
        /** The fewest days without work in any 7 days in a row within the roster. */
        fewestRestDays: Type.Integer(),
      }),
    ),
    fatigueLimits: FatigueLimits,
    assignments: Type.Array(RosterAssignment),
    /** Each shift and day lacking its minimum of a profession. */
    gaps: Type.Array(
      Type.Object({
        day: Type.String(),
        templateId: Uuid,
        profession: StringEnum(PROFESSIONS),
        needed: Type.Integer(),
        assigned: Type.Integer(),
      }),
    ),
    /** The rule summary: assignments breaking each rule, shifts short of people, people flagged for each fatigue. */
    summary: Type.Object({
      rules: Type.Object(
        Object.fromEntries(ROSTER_RULES.map((r) => [r, Type.Integer()])) as Record<
          (typeof ROSTER_RULES)[number],
          ReturnType<typeof Type.Integer>
        >,
      ),
      gaps: Type.Integer(),
      fatigue: Type.Object(
        Object.fromEntries(FATIGUE_REASONS.map((r) => [r, Type.Integer()])) as Record<
          (typeof FATIGUE_REASONS)[number],
          ReturnType<typeof Type.Integer>
        >,
      ),
    }),
  }),
]);
export type Roster = Static<typeof Roster>;
export const RosterResponse = Ok({ data: Roster });
export type RosterResponse = Static<typeof RosterResponse>;
/**
 * POST /api/core/rosters/:id/assignments: a person on a shift on a day, by hand; one that breaks a rule
 * is refused (422 `core.roster_rule_broken`, the rules in `hints`) unless a reason keeps it.
 */
export const AssignmentBody = Type.Object(
  {
    staffId: Uuid,
    templateId: Uuid,
    day: Day,
    reason: Type.Optional(Type.String({ minLength: 3, maxLength: 300, pattern: '\\S' })),
  },
  { additionalProperties: false },
);
export type AssignmentBody = Static<typeof AssignmentBody>;
export const AssignmentParams = Type.Object({ id: Uuid, assignmentId: Uuid });
/** GET /api/core/shifts/mine: the caller's shifts on published rosters from `from` (default: today). */
export const MyShiftsQuery = Type.Composite([
  PageQuery,
  Type.Object({ from: Type.Optional(Day), to: Type.Optional(Day) }),
]);
export type MyShiftsQuery = Static<typeof MyShiftsQuery>;
export const MyShift = Type.Object({
  id: Uuid,
  rosterId: Uuid,
  day: Type.String(),
  departmentName: Type.String(),
  shiftName: Type.String(),
  startsAt: Type.String(),
  endsAt: Type.String(),
  /** Its live swap offer (open, or taken and waiting for the manager), if the person offered it. */
  swap: Type.Union([
    Type.Object({ id: Uuid, status: StringEnum(['open', 'taken'] as const), takenBy: NullableString }),
    Type.Null(),
  ]),
});
export type MyShift = Static<typeof MyShift>;
export const MyShiftListResponse = Paged(MyShift);
export type MyShiftListResponse = Static<typeof MyShiftListResponse>;

/** A roster published: each person on it is told their shifts. */
export const RosterPublishedData = Type.Object({
  organisationId: Uuid,
  rosterId: Uuid,
  departmentId: Uuid,
  startsOn: Type.String(),
  endsOn: Type.String(),
  people: Type.Integer(),
  shifts: Type.Integer(),
});
export type RosterPublishedData = Static<typeof RosterPublishedData>;

// ---- The team calendar -------------------------------------------------------------------------

/** The most days one calendar read spans: a month view with the days around it (six weeks). */
export const CALENDAR_MAX_DAYS = 42;
/**
 * GET /api/core/calendar: each person in the caller's scope (HR: everyone; a manager: their departments
 * and locations), by name, a page at a time, with their shifts and approved leave from `from` to `to`.
 */
export const CalendarQuery = Type.Composite([
  PageQuery,
  Type.Object({ from: Day, to: Day, departmentId: Type.Optional(Uuid) }),
]);
export type CalendarQuery = Static<typeof CalendarQuery>;
export const CalendarShift = Type.Object({
  id: Uuid,
  day: Type.String(),
  shiftName: Type.String(),
  startsAt: Type.String(),
  endsAt: Type.String(),
  night: Type.Boolean(),
  departmentName: Type.String(),
  /** On a published roster; false: a draft's, still being planned. */
  published: Type.Boolean(),
});
export type CalendarShift = Static<typeof CalendarShift>;
export const CalendarLeave = Type.Object({
  id: Uuid,
  from: Type.String(),
  to: Type.String(),
  halfDay: Type.Boolean(),
  typeName: Translated,
});
export type CalendarLeave = Static<typeof CalendarLeave>;
export const CalendarPerson = Type.Object({
  staffId: Uuid,
  name: Type.String(),
  profession: NullableStringEnum(PROFESSIONS),
  departmentId: Type.Union([Uuid, Type.Null()]),
  departmentName: NullableString,
  shifts: Type.Array(CalendarShift),
  leave: Type.Array(CalendarLeave),
});
export type CalendarPerson = Static<typeof CalendarPerson>;
export const CalendarResponse = Paged(CalendarPerson);
export type CalendarResponse = Static<typeof CalendarResponse>;

// ---- Shift swaps -------------------------------------------------------------------------------

export const SWAP_STATUSES = ['open', 'taken', 'approved', 'declined', 'withdrawn'] as const;
/** POST /api/core/rosters/assignments/:id/swap-offers: the person offers one of their published, future shifts. */
export const SwapOfferBody = Type.Object(
  { note: Type.Optional(Type.String({ maxLength: 300 })) },
  { additionalProperties: false },
);
export type SwapOfferBody = Static<typeof SwapOfferBody>;
/**
 * GET /api/core/swap-offers: `open` the offers the caller may take (their profession's, not their own, from
 * today); `mine` those they offered or took; `decide` those taken and waiting for them (HR; a department's
 * managers).
 */
export const SWAP_VIEWS = ['open', 'mine', 'decide'] as const;
export const SwapQuery = Type.Composite([
  PageQuery,
  Type.Object({ view: Type.Optional(StringEnum(SWAP_VIEWS)) }),
]);
export type SwapQuery = Static<typeof SwapQuery>;
/** PATCH /api/core/swap-offers/:id: the manager or HR decides; a decline says why, a rule kept says why. */
export const SwapDecisionBody = Type.Object(
  {
    status: StringEnum(['approved', 'declined'] as const),
    reason: Type.Optional(Type.String({ minLength: 3, maxLength: 300, pattern: '\\S' })),
  },
  { additionalProperties: false },
);
export type SwapDecisionBody = Static<typeof SwapDecisionBody>;
const SwapParty = Type.Object({ staffId: Uuid, name: Type.String() });
export const Swap = Type.Object({
  id: Uuid,
  assignmentId: Uuid,
  rosterId: Uuid,
  departmentId: Uuid,
  departmentName: Type.String(),
  day: Type.String(),
  shiftName: Type.String(),
  startsAt: Type.String(),
  endsAt: Type.String(),
  clinical: Type.Boolean(),
  profession: StringEnum(PROFESSIONS),
  offeredBy: SwapParty,
  takenBy: Type.Union([SwapParty, Type.Null()]),
  status: StringEnum(SWAP_STATUSES),
  note: NullableString,
  /** The decider's reason (a decline's, or why a rule broken was kept). */
  reason: NullableString,
  /** What the shift would break for the taker now (taken offers; computed on every read). */
  violations: Type.Array(StringEnum(ROSTER_RULES)),
  /** The rules the manager kept with their reason on approval. */
  keptRules: Type.Array(StringEnum(ROSTER_RULES)),
  createdAt: Type.String(),
  takenAt: NullableString,
  decidedAt: NullableString,
});
export type Swap = Static<typeof Swap>;
export const SwapResponse = Ok({ data: Swap });
export type SwapResponse = Static<typeof SwapResponse>;
export const SwapListResponse = Paged(Swap);
export type SwapListResponse = Static<typeof SwapListResponse>;
/** A swap offered, taken, approved, declined or withdrawn. */
export const SwapEventData = Type.Object({
  organisationId: Uuid,
  swapId: Uuid,
  assignmentId: Uuid,
  rosterId: Uuid,
  departmentId: Uuid,
  day: Type.String(),
  templateId: Uuid,
  offeredBy: Uuid,
  takenBy: Type.Union([Uuid, Type.Null()]),
  status: StringEnum(SWAP_STATUSES),
});
export type SwapEventData = Static<typeof SwapEventData>;

// ---- The time clock and timesheets -------------------------------------------------------------

export const CLOCK_ACTIONS = ['in', 'out'] as const;
/**
 * POST /api/core/clock: the person clocks in or out from their phone. `qr` is the ward's code, typed
 * (`K7M2-Q9PX`) or as its QR code reads (the clock page's address with `?code=`), where the ward asks it.
 */
export const ClockBody = Type.Object(
  {
    action: StringEnum(CLOCK_ACTIONS),
    qr: Type.Optional(Type.String({ minLength: 1, maxLength: 300 })),
  },
  { additionalProperties: false },
);
export type ClockBody = Static<typeof ClockBody>;
/** A published shift as the clock sees it: its wall times and the instants they are in the organisation's zone. */
export const ClockShift = Type.Object({
  assignmentId: Uuid,
  day: Type.String(),
  name: Type.String(),
  departmentId: Uuid,
  departmentName: Type.String(),
  startsAt: Type.String(),
  endsAt: Type.String(),
  start: Type.String({ format: 'date-time' }),
  end: Type.String({ format: 'date-time' }),
  /** Its ward asks for its code at clock-in. */
  codeRequired: Type.Boolean(),
});
export type ClockShift = Static<typeof ClockShift>;
export const ClockEntry = Type.Object({
  id: Uuid,
  clockIn: Type.String({ format: 'date-time' }),
  clockOut: Type.Union([Type.String({ format: 'date-time' }), Type.Null()]),
  /** Minutes after the shift's start (0 on time, or without a shift). */
  minutesLate: Type.Integer(),
  /** More than the grace (10 minutes) after the shift's start. */
  late: Type.Boolean(),
  shift: Type.Union([ClockShift, Type.Null()]),
  /** Corrected by a manager or HR, and why. */
  correctionReason: NullableString,
});
export type ClockEntry = Static<typeof ClockEntry>;
/** GET /api/core/clock/me, and what POST /api/core/clock answers: the person's state now. */
export const MyClock = Type.Object({
  state: StringEnum(['in', 'out'] as const),
  /** The organisation's zone, in which `today` and the shift times are read. */
  timeZone: Type.String(),
  today: Type.String(),
  open: Type.Union([ClockEntry, Type.Null()]),
  /** The shift a clock-in now would be matched to, else their next one within a day; null: none. */
  shift: Type.Union([ClockShift, Type.Null()]),
  /** A clock-in now needs the ward's code. */
  codeRequired: Type.Boolean(),
  /** The entries of the last 24 hours (a night shift's too, the morning after), the latest first. */
  entries: Type.Array(ClockEntry),
});
export type MyClock = Static<typeof MyClock>;
export const MyClockResponse = Ok({ data: MyClock });
export type MyClockResponse = Static<typeof MyClockResponse>;

/** PUT /api/core/departments/:id/clock-code: whether the ward asks for its code; `rotate` makes a new one. */
export const ClockCodeBody = Type.Object(
  { required: Type.Boolean(), rotate: Type.Optional(Type.Boolean()) },
  { additionalProperties: false },
);
export type ClockCodeBody = Static<typeof ClockCodeBody>;
/** A ward's time-clock code, to print (as text and as a QR code) for the ward. */
export const ClockCode = Type.Object({
  departmentId: Uuid,
  departmentName: Type.String(),
  /** `K7M2-Q9PX`; null until one is made. */
  code: NullableString,
  required: Type.Boolean(),
});
export type ClockCode = Static<typeof ClockCode>;
export const ClockCodeResponse = Ok({ data: ClockCode });
export type ClockCodeResponse = Static<typeof ClockCodeResponse>;

/** PATCH /api/core/clock/entries/:id: a manager or HR corrects an entry (a forgotten clock-out), saying why. */
export const ClockCorrectionBody = Type.Object(
  {
    clockIn: Type.Optional(Type.String({ format: 'date-time' })),
    clockOut: Type.Optional(Type.String({ format: 'date-time' })),
    reason: Type.String({ minLength: 3, maxLength: 300, pattern: '\\S' }),
  },
  { additionalProperties: false, minProperties: 2 },
);
export type ClockCorrectionBody = Static<typeof ClockCorrectionBody>;
export const ClockEntryResponse = Ok({ data: ClockEntry });
export type ClockEntryResponse = Static<typeof ClockEntryResponse>;

/** A period of days (at most 31) and, for HR and managers, a department or a name. */
export const TimesheetFilter = Type.Object({
  from: Day,
  to: Day,
  departmentId: Type.Optional(Uuid),
  search: Type.Optional(SearchTerm),
});
export const TimesheetQuery = Type.Composite([PageQuery, TimesheetFilter]);
export type TimesheetQuery = Static<typeof TimesheetQuery>;
export type TimesheetFilter = Static<typeof TimesheetFilter>;
/** Hours to the hundredth (regular + night + overtime = total) and counts. */
export const TimesheetTotals = Type.Object({
  regular: Type.Number(),
  night: Type.Number(),
  overtime: Type.Number(),
  total: Type.Number(),
  shifts: Type.Integer(),
  late: Type.Integer(),
  missed: Type.Integer(),
  unscheduled: Type.Integer(),
  open: Type.Integer(),
});
export type TimesheetTotals = Static<typeof TimesheetTotals>;
export const TimesheetApproval = Type.Object({
  id: Uuid,
  staffId: Uuid,
  from: Type.String(),
  to: Type.String(),
  approvedAt: Type.String({ format: 'date-time' }),
  approvedBy: Type.String(),
  /** The totals approved. */
  totals: TimesheetTotals,
  reopenedAt: NullableString,
  reopenReason: NullableString,
});
export type TimesheetApproval = Static<typeof TimesheetApproval>;
/** One person's timesheet for the period asked. */
export const Timesheet = Type.Object({
  staffId: Uuid,
  name: Type.String(),
  departmentId: Type.Union([Uuid, Type.Null()]),
  departmentName: NullableString,
  from: Type.String(),
  to: Type.String(),
  totals: TimesheetTotals,
  /** The approval in force over (some of) the period; null: not approved. */
  approval: Type.Union([TimesheetApproval, Type.Null()]),
  /** The caller may approve it (their manager or HR, not their own). */
  approvable: Type.Boolean(),
  /** Entries of the period not clocked out yet: corrected (`PATCH /api/core/clock/entries/:id`) before approval. */
  openEntries: Type.Array(Type.Object({ id: Uuid, clockIn: Type.String({ format: 'date-time' }) })),
});
export type Timesheet = Static<typeof Timesheet>;
export const TimesheetListResponse = Paged(Timesheet);
export type TimesheetListResponse = Static<typeof TimesheetListResponse>;

/** GET /api/core/clock/entries: one person's entries (the caller's own without `staffId`) over a period. */
export const ClockEntryQuery = Type.Composite([
  PageQuery,
  Type.Object({ staffId: Type.Optional(Uuid), from: Day, to: Day }),
]);
export type ClockEntryQuery = Static<typeof ClockEntryQuery>;
/** An instant on the organisation's wall clock: its day and `HH:MM`. */
export const WallClockTime = Type.Object({ day: Type.String(), time: Type.String() });
export type WallClockTime = Static<typeof WallClockTime>;
/** An entry as the correction list shows it: its times on the organisation's clock, who corrected it. */
export const ClockEntryLine = Type.Composite([
  ClockEntry,
  Type.Object({
    clockInLocal: WallClockTime,
    clockOutLocal: Type.Union([WallClockTime, Type.Null()]),
    /** Not clocked out though its shift is over (or, without one, a day on): a forgotten clock-out. */
    missedClockOut: Type.Boolean(),
    /** The manager or HR member who corrected it (with `correctionReason`), else null. */
    correctedBy: NullableString,
    /** Its day is in an approved period: it changes no more until that is reopened. */
    locked: Type.Boolean(),
  }),
]);
export type ClockEntryLine = Static<typeof ClockEntryLine>;
/** A page of the person's entries, by clock-in, with their timesheet for the period and whether the caller may correct them. */
export const ClockEntryListResponse = Ok({
  data: Type.Array(ClockEntryLine),
  pageInfo: PageInfo,
  timeZone: Type.String(),
  timesheet: Timesheet,
  /** The caller may correct these entries (the person's manager or HR, not their own). */
  canCorrect: Type.Boolean(),
});
export type ClockEntryListResponse = Static<typeof ClockEntryListResponse>;
/** POST /api/core/timesheets/approve: a person's timesheet for a period, once (their manager or HR). */
export const TimesheetApproveBody = Type.Object(
  { staffId: Uuid, from: Day, to: Day },
  { additionalProperties: false },
);
export type TimesheetApproveBody = Static<typeof TimesheetApproveBody>;
/** POST /api/core/timesheets/approvals/:id/reopen: its entries may change again; why is kept. */
export const TimesheetReopenBody = Type.Object(
  { reason: Type.String({ minLength: 3, maxLength: 300, pattern: '\\S' }) },
  { additionalProperties: false },
);
export type TimesheetReopenBody = Static<typeof TimesheetReopenBody>;
export const TimesheetApprovalResponse = Ok({ data: TimesheetApproval });
export type TimesheetApprovalResponse = Static<typeof TimesheetApprovalResponse>;

/** A clock-in or clock-out recorded (payroll and attendance follow it). */
export const ClockRecordedData = Type.Object({
  organisationId: Uuid,
  staffId: Uuid,
  entryId: Uuid,
  action: StringEnum(CLOCK_ACTIONS),
  at: Type.String(),
  assignmentId: Type.Union([Uuid, Type.Null()]),
  late: Type.Boolean(),
});
export type ClockRecordedData = Static<typeof ClockRecordedData>;
export const TimesheetApprovedData = Type.Object({
  organisationId: Uuid,
  staffId: Uuid,
  approvalId: Uuid,
  from: Type.String(),
  to: Type.String(),
  totals: TimesheetTotals,
});
export type TimesheetApprovedData = Static<typeof TimesheetApprovedData>;

// ---- Contracts: templates with merge fields, a person's contract, signing by one-time code, checks ----

/** The merge fields a template may use, as `{{name}}`: each filled from the contract when it is made. */
export const CONTRACT_MERGE_FIELDS = [
  'name',
  'jobTitle',
  'salary',
  'startDate',
  'endDate',
  'probation',
  'location',
  'organisation',
] as const;
export const CONTRACT_STATUSES = ['draft', 'sent', 'signed', 'active', 'ended'] as const;
export const CONTRACT_PARTIES = ['employee', 'employer'] as const;
export const CONTRACT_CURRENCIES = ['KES', 'UGX', 'TZS', 'RWF', 'USD'] as const;
/** One line of plain text: no control characters, not blank. */
const Line = (maxLength: number) =>
  Type.String({
    minLength: 1,
    maxLength,
    pattern: '^[^\\u0000-\\u001f\\u007f]*\\S[^\\u0000-\\u001f\\u007f]*$',
  });

/** POST /api/core/contract-templates: its text is plain text (line breaks kept), merge fields as `{{name}}`. */
export const ContractTemplateBody = Type.Object(
  {
    name: Line(120),
    body: Type.String({
      minLength: 1,
      maxLength: 20_000,
      pattern: '^[^\\u0000-\\u0008\\u000b\\u000c\\u000e-\\u001f\\u007f]*$',
    }),
  },
  { additionalProperties: false },
);
export type ContractTemplateBody = Static<typeof ContractTemplateBody>;
export const ContractTemplatePatch = Type.Partial(ContractTemplateBody, {
  additionalProperties: false,
  minProperties: 1,
});
export type ContractTemplatePatch = Static<typeof ContractTemplatePatch>;
export const ContractTemplate = Type.Object({
  id: Uuid,
  name: Type.String(),
  body: Type.String(),
  /** The merge fields its text uses. */
  fields: Type.Array(StringEnum(CONTRACT_MERGE_FIELDS)),
  createdAt: Type.String(),
  updatedAt: Type.String(),
});
export type ContractTemplate = Static<typeof ContractTemplate>;
export const ContractTemplateResponse = Ok({ data: ContractTemplate });
export type ContractTemplateResponse = Static<typeof ContractTemplateResponse>;
export const ContractTemplateListResponse = Paged(ContractTemplate);
export type ContractTemplateListResponse = Static<typeof ContractTemplateListResponse>;

/**
 * POST /api/core/contracts: a contract for a member from a template (a draft). Name, job title, location and
 * start date come from the staff record unless given; `endDate` makes it fixed-term.
 */
export const ContractBody = Type.Object(
  {
    templateId: Uuid,
    staffId: Uuid,
    salary: Type.Object(
      {
        amount: Type.Integer({ minimum: 1, maximum: 1_000_000_000 }),
        currency: StringEnum(CONTRACT_CURRENCIES),
        period: StringEnum(['month', 'year'] as const),
      },
      { additionalProperties: false },
    ),
    probationMonths: Type.Integer({ minimum: 0, maximum: 12 }),
    jobTitle: Type.Optional(Line(120)),
    location: Type.Optional(Line(120)),
    startDate: Type.Optional(Day),
    endDate: Type.Optional(Type.Union([Day, Type.Null()])),
    title: Type.Optional(Line(160)),
  },
  { additionalProperties: false },
);
export type ContractBody = Static<typeof ContractBody>;
export const ContractQuery = Type.Composite([
  PageQuery,
  Type.Object({
    status: Type.Optional(StringEnum(CONTRACT_STATUSES)),
    /** Only the caller's own contracts (HR's own too). */
    mine: Type.Optional(Type.Boolean()),
  }),
]);
export type ContractQuery = Static<typeof ContractQuery>;
export const ContractSignature = Type.Object({
  party: StringEnum(CONTRACT_PARTIES),
  name: Type.String(),
  signedAt: Type.String(),
  /** The SHA-256 of the document signed (hex). */
  documentSha256: Type.String(),
});
export type ContractSignature = Static<typeof ContractSignature>;
export const Contract = Type.Object({
  id: Uuid,
  title: Type.String(),
  templateId: Uuid,
  staffId: Uuid,
  personName: Type.String(),
  status: StringEnum(CONTRACT_STATUSES),
  startDate: Type.String(),
  endDate: NullableString,
  fields: Type.Record(Type.String(), Type.Union([Type.String(), Type.Null()])),
  body: Type.String(),
  createdAt: Type.String(),
  sentAt: NullableString,
  signedAt: NullableString,
  /** The document sent to sign, and the signed one (with its signature page), by SHA-256 (hex). */
  pdfSha256: NullableString,
  signedPdfSha256: NullableString,
  signatures: Type.Array(ContractSignature),
  /** The side the caller may sign for now (a code first), if any. */
  canSignAs: NullableStringEnum(CONTRACT_PARTIES),
});
export type Contract = Static<typeof Contract>;
export const ContractResponse = Ok({ data: Contract });
export type ContractResponse = Static<typeof ContractResponse>;
export const ContractListResponse = Paged(Contract);
export type ContractListResponse = Static<typeof ContractListResponse>;
/** POST /api/core/contracts/:id/code: where the code went and until when it is good. */
export const ContractCodeResponse = Ok({
  data: Type.Object({
    party: StringEnum(CONTRACT_PARTIES),
    expiresAt: Type.String(),
    attempts: Type.Integer(),
  }),
});
export type ContractCodeResponse = Static<typeof ContractCodeResponse>;
export const ContractSignBody = Type.Object(
  { code: Type.String({ pattern: '^[0-9]{6}$' }) },
  { additionalProperties: false },
);
export type ContractSignBody = Static<typeof ContractSignBody>;
/** GET /api/core/contracts/:id/verify: the record, with each signature's address and agent. */
export const ContractRecord = Type.Object({
  id: Uuid,
  title: Type.String(),
  organisation: Type.String(),
  personName: Type.String(),
  status: StringEnum(CONTRACT_STATUSES),
  startDate: Type.String(),
  endDate: NullableString,
  pdfSha256: NullableString,
  signedPdfSha256: NullableString,
  signatures: Type.Array(
    Type.Composite([
      ContractSignature,
      Type.Object({ ip: Type.Optional(Type.String()), userAgent: Type.Optional(Type.String()) }),
    ]),
  ),
});
export type ContractRecord = Static<typeof ContractRecord>;
export const ContractRecordResponse = Ok({ data: ContractRecord });
export type ContractRecordResponse = Static<typeof ContractRecordResponse>;
/** POST /api/core/contracts/verify (public, the PDF's bytes): genuine or not, and what the record says. */
export const ContractCheck = Type.Object({
  genuine: Type.Boolean(),
  sha256: Type.String(),
  /** Which document of the record it is: the one sent to sign, or the signed one. */
  document: NullableStringEnum(['sent', 'signed'] as const),
  contract: Type.Union([ContractRecord, Type.Null()]),
});
export type ContractCheck = Static<typeof ContractCheck>;
export const ContractCheckResponse = Ok({ data: ContractCheck });
export type ContractCheckResponse = Static<typeof ContractCheckResponse>;
/** Both parties signed: the contract's document and its signatures. */
export const ContractSignedData = Type.Object({
  organisationId: Uuid,
  contractId: Uuid,
  staffId: Uuid,
  personId: Type.Union([Uuid, Type.Null()]),
  startDate: Type.String(),
  endDate: NullableString,
  pdfSha256: Type.String(),
  signedPdfSha256: Type.String(),
  signatures: Type.Array(ContractSignature),
});
export type ContractSignedData = Static<typeof ContractSignedData>;

// ---- Wellness: anonymous pulse surveys ---------------------------------------------------------

/** The ready questions, each answered on a 1–5 scale (1 the worst, 5 the best); one optional comment. */
export const PULSE_QUESTIONS = ['workload', 'burnout', 'safety'] as const;
export type PulseQuestion = (typeof PULSE_QUESTIONS)[number];
/** Results are shown only where at least this many answered, and never per person. */
export const PULSE_THRESHOLD = 5;
export const SURVEY_STATUSES = ['draft', 'open', 'closed'] as const;
/**
 * Why results are withheld: `open` (shown only once the survey is closed, so two reads never differ by one
 * answer), `too-few` (fewer than 5 answered), `complement` (a department with enough answers, held back
 * because with the survey's results it would give away a smaller department's).
 */
export const PULSE_WITHHELD = ['open', 'too-few', 'complement'] as const;

/** POST /api/core/wellness/surveys: HR makes a survey (a draft) of some ready questions for departments. */
export const SurveyBody = Type.Object(
  {
    title: Type.String({ minLength: 3, maxLength: 120, pattern: '\\S' }),
    questions: Type.Array(StringEnum(PULSE_QUESTIONS), {
      minItems: 1,
      maxItems: PULSE_QUESTIONS.length,
      uniqueItems: true,
    }),
    departmentIds: Type.Array(Uuid, { minItems: 1, maxItems: 50, uniqueItems: true }),
    /** The last day answers are taken (the organisation's calendar). */
    closesOn: Day,
  },
  { additionalProperties: false },
);
export type SurveyBody = Static<typeof SurveyBody>;
export const SurveyQuery = Type.Composite([
  PageQuery,
  /** `open`: only those still taking answers (a member's: those they have not answered). */
  Type.Object({ open: Type.Optional(Type.Boolean()) }),
]);
export type SurveyQuery = Static<typeof SurveyQuery>;
export const Survey = Type.Object({
  id: Uuid,
  title: Type.String(),
  questions: Type.Array(StringEnum(PULSE_QUESTIONS)),
  departments: Type.Array(Type.Object({ id: Uuid, name: Type.String() })),
  closesOn: Type.String(),
  status: StringEnum(SURVEY_STATUSES),
  sentAt: NullableString,
  /** Members of its departments when it was sent (0 for a draft). */
  invited: Type.Integer(),
  /** How many answered so far: HR's only (null for others). */
  answered: Type.Union([Type.Integer(), Type.Null()]),
  /** Whether the caller has answered (false for HR who were not asked). */
  answeredByMe: Type.Boolean(),
  /** Whether the caller may answer it now. */
  canAnswer: Type.Boolean(),
});
export type Survey = Static<typeof Survey>;
export const SurveyResponse = Ok({ data: Survey });
export type SurveyResponse = Static<typeof SurveyResponse>;
export const SurveyListResponse = Paged(Survey);
export type SurveyListResponse = Static<typeof SurveyListResponse>;
/**
 * POST /api/core/wellness/surveys/:id/answers: a member's answer, once. Every question of the survey is
 * rated; the comment is optional plain text.
 */
export const SurveyAnswerBody = Type.Object(
  {
    ratings: Type.Object(
      {
        workload: Type.Optional(Type.Integer({ minimum: 1, maximum: 5 })),
        burnout: Type.Optional(Type.Integer({ minimum: 1, maximum: 5 })),
        safety: Type.Optional(Type.Integer({ minimum: 1, maximum: 5 })),
      },
      { additionalProperties: false, minProperties: 1 },
    ),
    comment: Type.Optional(Type.String({ maxLength: 500 })),
  },
  { additionalProperties: false },
);
export type SurveyAnswerBody = Static<typeof SurveyAnswerBody>;
/** What an answer returns: nothing of the answer, only that the caller has answered and how many have. */
export const SurveyAnsweredResponse = Ok({ data: Type.Object({ answeredByMe: Type.Literal(true) }) });
export type SurveyAnsweredResponse = Static<typeof SurveyAnsweredResponse>;
/** GET …/results takes no filter: any is refused (400), so no query narrows the answers to a person. */
export const SurveyResultsQuery = Type.Object({}, { additionalProperties: false });
export const PulseQuestionResult = Type.Object({
  question: StringEnum(PULSE_QUESTIONS),
  count: Type.Integer(),
  /** To the hundredth. */
  mean: Type.Number(),
  /** How many chose 1, 2, 3, 4 and 5. */
  distribution: Type.Array(Type.Integer(), { minItems: 5, maxItems: 5 }),
});
export type PulseQuestionResult = Static<typeof PulseQuestionResult>;
const PulseGroup = {
  answered: Type.Integer(),
  /** Null when shown; else why not (then `questions` is null). */
  withheld: NullableStringEnum(PULSE_WITHHELD),
  questions: Type.Union([Type.Array(PulseQuestionResult), Type.Null()]),
};
export const SurveyResults = Type.Object({
  surveyId: Uuid,
  status: StringEnum(SURVEY_STATUSES),
  invited: Type.Integer(),
  threshold: Type.Integer(),
  overall: Type.Object({
    ...PulseGroup,
    /** The comments in alphabetical order (never the order given), with the results only. */
    comments: Type.Union([Type.Array(Type.String()), Type.Null()]),
  }),
  departments: Type.Array(Type.Object({ id: Uuid, name: Type.String(), ...PulseGroup })),
});
export type SurveyResults = Static<typeof SurveyResults>;
export const SurveyResultsResponse = Ok({ data: SurveyResults });
export type SurveyResultsResponse = Static<typeof SurveyResultsResponse>;
/** A survey sent (`core.wellness.survey-sent.v1`) or closed early by HR (`…survey-closed.v1`). */
export const SurveyEventData = Type.Object({
  organisationId: Uuid,
  surveyId: Uuid,
  departmentIds: Type.Array(Uuid),
  closesOn: Type.String(),
  invited: Type.Integer(),
});
export type SurveyEventData = Static<typeof SurveyEventData>;

// ---- HR workflows ----

/** What starts a workflow's run: an event of the organisation, or a day coming near. */
export const WORKFLOW_TRIGGERS = [
  'person-joined',
  'credential-expiring',
  'leave-approved',
  'contract-signed',
  'probation-ending',
] as const;
export type WorkflowTrigger = (typeof WORKFLOW_TRIGGERS)[number];
/** Whom an action reaches: HR (owner and HR admins), the person's managers, the person. */
export const WORKFLOW_AUDIENCES = ['hr', 'manager', 'person'] as const;

export const WorkflowConditions = Type.Object(
  {
    /** The person's department is one of these (none: any). */
    departmentIds: Type.Optional(Type.Array(Uuid, { maxItems: 20, uniqueItems: true })),
    /** The person's profession is one of these (none: any). */
    professions: Type.Optional(Type.Array(StringEnum(PROFESSIONS), { maxItems: 20, uniqueItems: true })),
  },
  { additionalProperties: false },
);
export type WorkflowConditions = Static<typeof WorkflowConditions>;

export const WorkflowAction = Type.Union([
  Type.Object(
    {
      kind: Type.Literal('checklist'),
      assignee: StringEnum(WORKFLOW_AUDIENCES),
      tasks: Type.Array(
        Type.Object(
          { title: Line(160), dueInDays: Type.Integer({ minimum: 0, maximum: 365 }) },
          { additionalProperties: false },
        ),
        { minItems: 1, maxItems: 20 },
      ),
    },
    { additionalProperties: false },
  ),
  Type.Object({ kind: Type.Literal('policy'), policyId: Uuid }, { additionalProperties: false }),
  Type.Object(
    {
      kind: Type.Literal('contract'),
      templateId: Uuid,
      salary: Type.Object(
        {
          amount: Type.Integer({ minimum: 1, maximum: 1_000_000_000 }),
          currency: StringEnum(CONTRACT_CURRENCIES),
          period: StringEnum(['month', 'year'] as const),
        },
        { additionalProperties: false },
      ),
      probationMonths: Type.Integer({ minimum: 0, maximum: 12 }),
    },
    { additionalProperties: false },
  ),
  Type.Object(
    { kind: Type.Literal('notify'), to: StringEnum(WORKFLOW_AUDIENCES) },
    { additionalProperties: false },
  ),
]);
export type WorkflowAction = Static<typeof WorkflowAction>;

/** POST /api/core/workflows: a workflow, made inactive. */
export const WorkflowBody = Type.Object(
  {
    name: Line(120),
    trigger: StringEnum(WORKFLOW_TRIGGERS),
    conditions: Type.Optional(WorkflowConditions),
    actions: Type.Array(WorkflowAction, { minItems: 1, maxItems: 10 }),
  },
  { additionalProperties: false },
);
export type WorkflowBody = Static<typeof WorkflowBody>;
/** PATCH /api/core/workflows/:id: any of its parts, and `active` (turning one on counts against the plan). */
export const WorkflowPatch = Type.Object(
  {
    name: Type.Optional(Line(120)),
    trigger: Type.Optional(StringEnum(WORKFLOW_TRIGGERS)),
    conditions: Type.Optional(WorkflowConditions),
    actions: Type.Optional(Type.Array(WorkflowAction, { minItems: 1, maxItems: 10 })),
    active: Type.Optional(Type.Boolean()),
  },
  { additionalProperties: false, minProperties: 1 },
);
export type WorkflowPatch = Static<typeof WorkflowPatch>;

export const Workflow = Type.Object({
  id: Uuid,
  name: Type.String(),
  /** `onboarding`: the ready one every organisation gets; null: HR's own. */
  preset: Type.Union([Type.Literal('onboarding'), Type.Null()]),
  trigger: StringEnum(WORKFLOW_TRIGGERS),
  conditions: WorkflowConditions,
  actions: Type.Array(WorkflowAction),
  active: Type.Boolean(),
  /** Since when it fires (events before it do not); null while off. */
  activatedAt: NullableString,
  createdAt: Type.String(),
  updatedAt: Type.String(),
});
export type Workflow = Static<typeof Workflow>;
export const WorkflowResponse = Ok({ data: Workflow });
export type WorkflowResponse = Static<typeof WorkflowResponse>;
export const WorkflowListResponse = Ok({
  data: Type.Array(Workflow),
  pageInfo: PageInfo,
  /** The plan's limit of active workflows (null: unlimited) and how many are on. */
  limit: Type.Union([Type.Integer(), Type.Null()]),
  active: Type.Integer(),
});
export type WorkflowListResponse = Static<typeof WorkflowListResponse>;
/**
 * What an action did (`tasks-assigned` { tasks, people }, `notified` { people }, `policy-sent` { title },
 * `contract-sent` { contractId }) or why it failed (`nobody-in-role` { role }, `no-account`,
 * `policy-unavailable`, `template-missing`, `person-missing`, `contract-no-account` { contractId }: the draft is
 * kept for HR to send once they join, `unexpected`: `detail` says what), for the run log to say in the reader's
 * language.
 */
export const WORKFLOW_RESULT_CODES = [
  'tasks-assigned',
  'notified',
  'policy-sent',
  'contract-sent',
  'nobody-in-role',
  'no-account',
  'policy-unavailable',
  'template-missing',
  'person-missing',
  'contract-no-account',
  'unexpected',
] as const;
export type WorkflowResultCode = (typeof WORKFLOW_RESULT_CODES)[number];
export const WorkflowActionResult = Type.Object({
  kind: Type.String(),
  status: StringEnum(['ok', 'failed'] as const),
  /** What it did, or why it failed, in English (runs logged before `code` have only this). */
  detail: Type.String(),
  code: Type.Optional(StringEnum(WORKFLOW_RESULT_CODES)),
  params: Type.Optional(Type.Record(Type.String(), Type.Union([Type.String(), Type.Integer()]))),
});
export type WorkflowActionResult = Static<typeof WorkflowActionResult>;
export const WorkflowRun = Type.Object({
  id: Uuid,
  workflowId: Uuid,
  trigger: StringEnum(WORKFLOW_TRIGGERS),
  /** What fired it: the staff record, leave request, credential or contract. */
  subjectId: Uuid,
  /** The occurrence (a credential's expiry day, a probation's end); '' for an event. */
  occurrence: Type.String(),
  staffId: Uuid,
  staffName: Type.String(),
  ranAt: Type.String(),
  results: Type.Array(WorkflowActionResult),
});
export type WorkflowRun = Static<typeof WorkflowRun>;
export const WorkflowRunListResponse = Paged(WorkflowRun);
export type WorkflowRunListResponse = Static<typeof WorkflowRunListResponse>;
export const WorkflowTask = Type.Object({
  id: Uuid,
  title: Type.String(),
  dueOn: Type.String(),
  doneAt: NullableString,
  workflowName: Type.String(),
  /** The person the checklist is about. */
  staffId: Uuid,
  staffName: Type.String(),
});
export type WorkflowTask = Static<typeof WorkflowTask>;
export const WorkflowTaskQuery = Type.Composite([
  PageQuery,
  Type.Object({ done: Type.Optional(Type.Boolean()) }),
]);
export type WorkflowTaskQuery = Static<typeof WorkflowTaskQuery>;
export const WorkflowTaskListResponse = Paged(WorkflowTask);
export type WorkflowTaskListResponse = Static<typeof WorkflowTaskListResponse>;
export const WorkflowTaskResponse = Ok({ data: WorkflowTask });
export type WorkflowTaskResponse = Static<typeof WorkflowTaskResponse>;
/** `core.workflow.changed.v1` (made, edited, on, off) and `core.workflow.ran.v1`. */
export const WorkflowEventData = Type.Object({
  organisationId: Uuid,
  workflowId: Uuid,
  trigger: StringEnum(WORKFLOW_TRIGGERS),
  active: Type.Boolean(),
  runId: Type.Optional(Uuid),
  subjectId: Type.Optional(Uuid),
  failed: Type.Optional(Type.Integer()),
});
export type WorkflowEventData = Static<typeof WorkflowEventData>;
export const WorkflowTaskDoneData = Type.Object({ organisationId: Uuid, taskId: Uuid, runId: Uuid });
export type WorkflowTaskDoneData = Static<typeof WorkflowTaskDoneData>;

export const CoreEvents = {
  credentialVerified: 'core.credential.verified.v1',
  credentialExpiring: 'core.credential.expiring.v1',
  credentialExpired: 'core.credential.expired.v1',
  /** HR found the licence void on the council's register: its professions go at once. */
  credentialRevoked: 'core.credential.revoked.v1',
  memberChanged: 'core.member.changed.v1',
  policyPublished: 'core.policy.published.v1',
  leaveRequested: 'core.leave.requested.v1',
  leaveApproved: 'core.leave.approved.v1',
  leaveDeclined: 'core.leave.declined.v1',
  leaveCancelled: 'core.leave.cancelled.v1',
  rosterPublished: 'core.roster.published.v1',
  swapOffered: 'core.swap.offered.v1',
  swapTaken: 'core.swap.taken.v1',
  swapApproved: 'core.swap.approved.v1',
  swapDeclined: 'core.swap.declined.v1',
  swapWithdrawn: 'core.swap.withdrawn.v1',
  contractSigned: 'core.contract.signed.v1',
  clockRecorded: 'core.clock.recorded.v1',
  timesheetApproved: 'core.timesheet.approved.v1',
  surveySent: 'core.wellness.survey-sent.v1',
  surveyClosed: 'core.wellness.survey-closed.v1',
  workflowChanged: 'core.workflow.changed.v1',
  workflowRan: 'core.workflow.ran.v1',
  workflowTaskDone: 'core.workflow.task-done.v1',
} as const;

export const CredentialEventData = Type.Object({
  credentialId: Uuid,
  personId: Type.Union([Uuid, Type.Null()]),
  councilCode: Type.String(),
  /** The professions the council licenses: a verified licence is the holder's verified profession. */
  professions: Type.Array(StringEnum(PROFESSIONS)),
  expiresOn: Type.String(),
  /** Days left (0 on the expiry day, negative once expired). */
  daysLeft: Type.Integer(),
  organisationId: Type.Union([Uuid, Type.Null()]),
});
export type CredentialEventData = Static<typeof CredentialEventData>;

export const MemberChangedData = Type.Object({
  organisationId: Uuid,
  staffId: Uuid,
  personId: Type.Union([Uuid, Type.Null()]),
  cleared: Type.Boolean(),
  profession: NullableStringEnum(PROFESSIONS),
});
export type MemberChangedData = Static<typeof MemberChangedData>;

/** A policy's version was published (1 when written): those assigned are asked to acknowledge it. */
export const PolicyPublishedData = Type.Object({
  organisationId: Uuid,
  policyId: Uuid,
  version: Type.Integer(),
  title: Type.String(),
});
export type PolicyPublishedData = Static<typeof PolicyPublishedData>;

/** A leave request made, decided or cancelled: what rosters and calendars follow. */
export const LeaveEventData = Type.Object({
  organisationId: Uuid,
  requestId: Uuid,
  staffId: Uuid,
  personId: Type.Union([Uuid, Type.Null()]),
  typeId: Uuid,
  typeCode: NullableString,
  from: Type.String(),
  to: Type.String(),
  halfDay: Type.Boolean(),
  days: Type.Number(),
  status: StringEnum(LEAVE_STATUSES),
});
export type LeaveEventData = Static<typeof LeaveEventData>;

export const CoreEventSchemas = {
  [CoreEvents.credentialVerified]: CredentialEventData,
  [CoreEvents.credentialExpiring]: CredentialEventData,
  [CoreEvents.credentialExpired]: CredentialEventData,
  [CoreEvents.memberChanged]: MemberChangedData,
  [CoreEvents.policyPublished]: PolicyPublishedData,
  [CoreEvents.leaveRequested]: LeaveEventData,
  [CoreEvents.leaveApproved]: LeaveEventData,
  [CoreEvents.leaveDeclined]: LeaveEventData,
  [CoreEvents.leaveCancelled]: LeaveEventData,
  [CoreEvents.rosterPublished]: RosterPublishedData,
  [CoreEvents.swapOffered]: SwapEventData,
  [CoreEvents.swapTaken]: SwapEventData,
  [CoreEvents.swapApproved]: SwapEventData,
  [CoreEvents.swapDeclined]: SwapEventData,
  [CoreEvents.swapWithdrawn]: SwapEventData,
  [CoreEvents.contractSigned]: ContractSignedData,
  [CoreEvents.clockRecorded]: ClockRecordedData,
  [CoreEvents.timesheetApproved]: TimesheetApprovedData,
  [CoreEvents.surveySent]: SurveyEventData,
  [CoreEvents.surveyClosed]: SurveyEventData,
  [CoreEvents.workflowChanged]: WorkflowEventData,
  [CoreEvents.workflowRan]: WorkflowEventData,
  [CoreEvents.workflowTaskDone]: WorkflowTaskDoneData,
};

export const CoreErrors = {
  workflowNotFound: 'core.workflow_not_found',
  workflowTaskNotFound: 'core.workflow_task_not_found',
  workflowTargetNotFound: 'core.workflow_target_not_found',
  noOrganisation: 'core.no_organisation',
  staffNotFound: 'core.staff_not_found',
  credentialNotFound: 'core.credential_not_found',
  credentialRevoked: 'core.credential_revoked',
  councilNotFound: 'core.council_not_found',
  duplicateCredential: 'core.credential_exists',
  expiresBeforeIssue: 'core.expires_before_issue',
  importInvalid: 'core.import_invalid',
  locationExists: 'core.location_exists',
  departmentExists: 'core.department_exists',
  placeNotFound: 'core.place_not_found',
  councilExists: 'core.council_exists',
  policyNotFound: 'core.policy_not_found',
  policyVersionOutdated: 'core.policy_version_outdated',
  policyAssignmentEmpty: 'core.policy_assignment_empty',
  complianceNotFound: 'core.compliance_not_found',
  complianceTypeUnknown: 'core.compliance_type_unknown',
  duplicateCompliance: 'core.compliance_exists',
  documentExpiresBeforeIssue: 'core.document_expires_before_issue',
  /** Any stored document's (a credential's scan too): not a PDF or an image; too large (below). */
  complianceFileType: 'core.compliance_file_type',
  complianceFileTooLarge: 'core.compliance_file_too_large',
  complianceFileNotFound: 'core.compliance_file_not_found',
  credentialFileNotFound: 'core.credential_file_not_found',
  policyFileType: 'core.policy_file_type',
  policyFileNotFound: 'core.policy_file_not_found',
  policyUnread: 'core.policy_unread',
  trainingTypeNotFound: 'core.training_type_not_found',
  trainingTypeExists: 'core.training_type_exists',
  trainingInFuture: 'core.training_in_future',
  trainingExists: 'core.training_exists',
  trainingNotFound: 'core.training_not_found',
  exportTooLarge: 'core.export_too_large',
  hireNotFound: 'core.hire_not_found',
  leaveTypeNotFound: 'core.leave_type_not_found',
  leaveTypeExists: 'core.leave_type_exists',
  leaveTypeInactive: 'core.leave_type_inactive',
  holidayNotFound: 'core.holiday_not_found',
  holidayExists: 'core.holiday_exists',
  leaveRequestNotFound: 'core.leave_request_not_found',
  leaveDatesInvalid: 'core.leave_dates_invalid',
  leaveNoDays: 'core.leave_no_days',
  leaveOverlap: 'core.leave_overlap',
  leaveBalanceInsufficient: 'core.leave_balance_insufficient',
  leaveNotEligible: 'core.leave_not_eligible',
  leaveNotPending: 'core.leave_not_pending',
  leaveOwnDecision: 'core.leave_own_decision',
  leaveReasonRequired: 'core.leave_reason_required',
  leaveDocumentMissing: 'core.leave_document_missing',
  leaveDocumentWaiverHr: 'core.leave_document_waiver_hr',
  leaveDocumentWaiverReason: 'core.leave_document_waiver_reason',
  leaveDocumentNotFound: 'core.leave_document_not_found',
  leaveNoBalanceKept: 'core.leave_no_balance_kept',
  licenceRoleNotLicensed: 'core.licence_role_not_licensed',
  shiftTemplateNotFound: 'core.shift_template_not_found',
  shiftTemplateExists: 'core.shift_template_exists',
  rosterNotFound: 'core.roster_not_found',
  rosterOverlap: 'core.roster_overlap',
  rosterPublished: 'core.roster_published',
  rosterRuleBroken: 'core.roster_rule_broken',
  rosterShiftInvalid: 'core.roster_shift_invalid',
  assignmentNotFound: 'core.assignment_not_found',
  calendarRange: 'core.calendar_range',
  swapNotFound: 'core.swap_not_found',
  swapNotYours: 'core.swap_not_yours',
  swapNotPublished: 'core.swap_not_published',
  swapShiftStarted: 'core.swap_shift_started',
  swapNoProfession: 'core.swap_no_profession',
  swapExists: 'core.swap_exists',
  swapOwn: 'core.swap_own',
  swapProfession: 'core.swap_profession',
  swapNotCleared: 'core.swap_not_cleared',
  swapNotOpen: 'core.swap_not_open',
  swapNotTaken: 'core.swap_not_taken',
  swapOwnDecision: 'core.swap_own_decision',
  swapReasonRequired: 'core.swap_reason_required',
  swapTakerLeft: 'core.swap_taker_left',
  contractTemplateNotFound: 'core.contract_template_not_found',
  contractTemplateExists: 'core.contract_template_exists',
  contractFieldUnknown: 'core.contract_field_unknown',
  contractNotFound: 'core.contract_not_found',
  contractDates: 'core.contract_dates',
  contractNotDraft: 'core.contract_not_draft',
  contractNotSent: 'core.contract_not_sent',
  contractNoAccount: 'core.contract_no_account',
  contractNotSignatory: 'core.contract_not_signatory',
  contractAlreadySigned: 'core.contract_already_signed',
  contractCodeMissing: 'core.contract_code_missing',
  contractCodeExpired: 'core.contract_code_expired',
  contractCodeWrong: 'core.contract_code_wrong',
  contractCodeLocked: 'core.contract_code_locked',
  contractCodeTooSoon: 'core.contract_code_too_soon',
  contractCodeTooMany: 'core.contract_code_too_many',
  contractNotActive: 'core.contract_not_active',
  contractFileType: 'core.contract_file_type',
  timeZoneUnknown: 'core.time_zone_unknown',
  clockAlreadyIn: 'core.clock_already_in',
  clockNotIn: 'core.clock_not_in',
  clockCodeRequired: 'core.clock_code_required',
  clockCodeWrong: 'core.clock_code_wrong',
  clockEntryNotFound: 'core.clock_entry_not_found',
  clockTimesInvalid: 'core.clock_times_invalid',
  timesheetPeriod: 'core.timesheet_period',
  timesheetApproved: 'core.timesheet_approved',
  timesheetAlreadyApproved: 'core.timesheet_already_approved',
  timesheetOpenEntry: 'core.timesheet_open_entry',
  timesheetOwn: 'core.timesheet_own',
  timesheetApprovalNotFound: 'core.timesheet_approval_not_found',
  timesheetReopened: 'core.timesheet_reopened',
  surveyNotFound: 'core.survey_not_found',
  surveyNotDraft: 'core.survey_not_draft',
  surveyNotOpen: 'core.survey_not_open',
  surveyAnswered: 'core.survey_answered',
  surveyAnswerInvalid: 'core.survey_answer_invalid',
  surveyClosesInPast: 'core.survey_closes_in_past',
} as const;
