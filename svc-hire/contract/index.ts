/**
 * svc-hire's contracts: the TypeBox schemas of its HTTP payloads (jobs, applications, CVs, saved jobs,
 * alerts), its events and its error codes. The service validates with them; mf-hire imports their types
 * (`import type ... from '@platform/svc-hire/contract'`), so no schema code reaches the browser. The plain
 * lists the forms check too (job types, statuses, salary) stay in `@platform/contracts/values`, which the
 * shared UI package reads as well.
 */
import { Type, type Static } from '@sinclair/typebox';
import {
  CappedPageInfo,
  NullableStringEnum,
  Ok,
  PageInfo,
  PageQuery,
  Paged,
  StringEnum,
} from '@platform/contracts';
import {
  APPLICATION_STATUSES,
  PROFESSIONS,
  CURRENCIES,
  EXPERIENCE_LEVELS,
  CV_MAX_BYTES,
  DECISION_MESSAGE_MAX,
  JOB_SORTS,
  JOB_TYPES,
  SALARY_MAX,
  SALARY_PERIODS,
  MAX_JOB_ALERTS,
  PHONE_MAX_LENGTH,
  PHONE_MIN_LENGTH,
  PHONE_PATTERN,
} from '@platform/contracts/values';

export {
  APPLICATION_STATUSES,
  JOB_TYPES,
  CURRENCIES,
  SALARY_PERIODS,
  EXPERIENCE_LEVELS,
  JOB_SORTS,
  CV_MAX_BYTES,
  DECISION_MESSAGE_MAX,
  MAX_JOB_ALERTS,
};
export { BOARD_TIME_ZONE, SALARY_MAX, parseSalaryText, salaryText } from '@platform/contracts/values';
export type {
  ApplicationStatus,
  JobType,
  ExperienceLevel,
  SalaryPeriod,
  Currency,
  JobSort,
} from '@platform/contracts/values';

const Uuid = Type.String({ format: 'uuid' });
const required = (maxLength: number) => Type.String({ minLength: 1, maxLength, pattern: '\\S' });
const optional = (maxLength: number) => Type.Optional(Type.String({ maxLength }));
/** Resume or professional-profile link: http(s) only (no javascript: or data: links reach a clinic). */
export const ResumeUrl = Type.String({ maxLength: 2048, pattern: '^https?://[^\\s]+$' });

const Amount = Type.Union([Type.Integer({ minimum: 0, maximum: SALARY_MAX }), Type.Null()]);

/** A job's pay in whole currency units; no figures (or none at all) reads "Negotiable". */
export const Salary = Type.Object(
  {
    min: Amount,
    max: Amount,
    currency: StringEnum(CURRENCIES),
    period: StringEnum(SALARY_PERIODS),
  },
  { additionalProperties: false },
);
export type Salary = Static<typeof Salary>;

/** A calendar day, YYYY-MM-DD. */
const Day = Type.String({ format: 'date' });

const jobFields = {
  title: required(160),
  organization: required(160),
  department: optional(120),
  location: required(160),
  type: Type.Optional(StringEnum(JOB_TYPES)),
  description: required(10_000),
  /**
   * The original client's free text ("Ksh 80,000 - 120,000"), kept as written and read into figures
   * where it parses; `salary` wins when both are sent.
   */
  salaryRange: optional(120),
  /** Figures, null (Negotiable), or the spec's text, read as `salaryRange` is. */
  salary: Type.Optional(Type.Union([Salary, Type.Null(), Type.String({ maxLength: 120 })])),
  experienceLevel: Type.Optional(NullableStringEnum(EXPERIENCE_LEVELS)),
  /** The last day to apply (East African date), today or later; null: open until removed. */
  closesAt: Type.Optional(Type.Union([Day, Type.Null()])),
};

export const JobBody = Type.Object(
  {
    ...jobFields,
    /** The spec's other name for `type`; refused when both are sent and differ. */
    jobType: Type.Optional(StringEnum(JOB_TYPES)),
    /** Sent by the original client; ignored: the poster is always the token's account. */
    postedBy: Type.Optional(Type.String({ maxLength: 254 })),
  },
  { additionalProperties: false },
);
export type JobBody = Static<typeof JobBody>;

/** Any subset of a job's fields; the poster never changes. */
export const JobPatch = Type.Object(
  {
    title: Type.Optional(jobFields.title),
    organization: Type.Optional(jobFields.organization),
    department: jobFields.department,
    location: Type.Optional(jobFields.location),
    type: jobFields.type,
    description: Type.Optional(jobFields.description),
    salaryRange: jobFields.salaryRange,
    salary: jobFields.salary,
    experienceLevel: jobFields.experienceLevel,
    closesAt: jobFields.closesAt,
  },
  { additionalProperties: false, minProperties: 1 },
);
export type JobPatch = Static<typeof JobPatch>;

export const Job = Type.Object({
  id: Type.String(),
  _id: Type.String({ description: 'Same as id; kept for clients of the original API' }),
  title: Type.String(),
  organization: Type.String(),
  department: Type.String(),
  location: Type.String(),
  type: StringEnum(JOB_TYPES),
  description: Type.String(),
  /** For clients of the original API: the salary in English ("Ksh 80,000 - 120,000"), '' when negotiable. */
  salaryRange: Type.String(),
  salary: Type.Union([Salary, Type.Null()]),
  experienceLevel: NullableStringEnum(EXPERIENCE_LEVELS),
  closesAt: Type.Union([Day, Type.Null()]),
  /** Its closing date has passed: off the board, its page says Closed, applying is refused. */
  closed: Type.Boolean(),
  /**
   * Who posted it, as the public may see it: the poster's account name, else the organisation.
   * Never an e-mail (the original put the poster's login e-mail here, on a public page).
   */
  postedBy: Type.String(),
  /** The poster's account name, from svc-hire's projection of identity's users ('' until known). */
  posterName: Type.String(),
  postedAt: Type.String({ format: 'date-time' }),
});
export type Job = Static<typeof Job>;

/**
 * A clinic's own job, with how many people applied (withdrawn ones included) and which of its
 * accounts posted it (that account's current e-mail): only the posting organisation sees this shape.
 */
export const PostedJob = Type.Composite([
  Job,
  Type.Object({ applicantCount: Type.Integer(), posterEmail: Type.String() }),
]);
export type PostedJob = Static<typeof PostedJob>;

export const JobQuery = Type.Composite([
  PageQuery,
  Type.Object({
    department: Type.Optional(Type.String({ maxLength: 120 })),
    title: Type.Optional(Type.String({ maxLength: 160 })),
    type: Type.Optional(Type.Union([StringEnum(JOB_TYPES), Type.Literal('')])),
    /** Case-insensitive substring of the location ("Nairobi" finds "Westlands, Nairobi"). */
    location: Type.Optional(Type.String({ maxLength: 160 })),
    /** Jobs paying at least this much per month (a year's pay counted a twelfth, a day 22, an hour 176). */
    minSalary: Type.Optional(Type.Integer({ minimum: 0, maximum: SALARY_MAX })),
    experience: Type.Optional(Type.Union([StringEnum(EXPERIENCE_LEVELS), Type.Literal('')])),
    sort: Type.Optional(StringEnum(JOB_SORTS)),
  }),
]);
export type JobQuery = Static<typeof JobQuery>;

/** Location suggestions for the board's filter: live jobs' locations starting with `q`. */
export const LocationQuery = Type.Object({ q: Type.String({ minLength: 1, maxLength: 60 }) });
export const LocationListResponse = Ok({ data: Type.Array(Type.String()) });
export type LocationListResponse = Static<typeof LocationListResponse>;

/** At most one board page of job ids, comma-separated. */
export const VIEWER_STATE_MAX_IDS = 100;
export const ViewerStateQuery = Type.Object({
  ids: Type.String({
    minLength: 36,
    maxLength: VIEWER_STATE_MAX_IDS * 37,
    pattern: `^[0-9a-fA-F-]{36}(,[0-9a-fA-F-]{36}){0,${VIEWER_STATE_MAX_IDS - 1}}$`,
  }),
});
/** Which of the asked jobs the signed-in professional applied to and saved. */
export const ViewerStateResponse = Ok({
  data: Type.Object({ applied: Type.Array(Type.String()), saved: Type.Array(Type.String()) }),
});
export type ViewerStateResponse = Static<typeof ViewerStateResponse>;

export const SavedJob = Type.Composite([Job, Type.Object({ savedAt: Type.String({ format: 'date-time' }) })]);
export type SavedJob = Static<typeof SavedJob>;
export const SavedJobListResponse = Paged(SavedJob);
export type SavedJobListResponse = Static<typeof SavedJobListResponse>;

/** A saved search: the board's query without paging (each board filter applies to alerts as well). */
export type AlertQuery = Omit<JobQuery, 'page' | 'limit'>;

export const JobAlertBody = Type.Object({ query: JobQuery }, { additionalProperties: false });
export type JobAlertBody = Static<typeof JobAlertBody>;

export const JobAlert = Type.Object({
  id: Type.String(),
  /** The saved board query, as the board reads it from its address. */
  query: Type.Record(Type.String(), Type.Unknown()),
  createdAt: Type.String({ format: 'date-time' }),
});
export type JobAlert = Omit<Static<typeof JobAlert>, 'query'> & { query: AlertQuery };

export const JobAlertListResponse = Ok({ data: Type.Array(JobAlert) });
export type JobAlertListResponse = Omit<Static<typeof JobAlertListResponse>, 'data'> & { data: JobAlert[] };
export const JobAlertResponse = Ok({ data: JobAlert });
export type JobAlertResponse = Omit<Static<typeof JobAlertResponse>, 'data'> & { data: JobAlert };

/** The board says "more than {total}" when `totalCapped` (CappedPageInfo). */
export const JobListResponse = Ok({ data: Type.Array(Job), pageInfo: CappedPageInfo });
export type JobListResponse = Static<typeof JobListResponse>;
/** `GET /api/job/mine`: the clinic's postings, newest first; `open=true`: only those open (what standalone Hire counts). */
export const MyJobsQuery = Type.Composite([PageQuery, Type.Object({ open: Type.Optional(Type.Boolean()) })]);
export type MyJobsQuery = Static<typeof MyJobsQuery>;
export const PostedJobListResponse = Paged(PostedJob);
export type PostedJobListResponse = Static<typeof PostedJobListResponse>;
export const JobResponse = Ok({ data: Job });
export type JobResponse = Static<typeof JobResponse>;

export const ApplyBody = Type.Object(
  {
    jobId: Uuid,
    fullName: required(120),
    email: Type.String({ format: 'email', maxLength: 254 }),
    phoneNumber: Type.String({
      minLength: PHONE_MIN_LENGTH,
      maxLength: PHONE_MAX_LENGTH,
      pattern: PHONE_PATTERN,
    }),
    coverLetter: optional(5000),
    /** A CV link (the original client always sends one); or `useStoredCv` instead: exactly one of the two. */
    resumeUrl: Type.Optional(ResumeUrl),
    /** Send the applicant's stored CV (`PUT /api/cv`); the application keeps that very file. */
    useStoredCv: Type.Optional(Type.Boolean()),
    /** Sent by the original client; ignored: the applicant is the token's account, the time the server's. */
    userId: Type.Optional(Type.String({ maxLength: 64 })),
    appliedAt: Type.Optional(Type.String({ maxLength: 64 })),
  },
  { additionalProperties: false },
);
export type ApplyBody = Static<typeof ApplyBody>;

/** The job as an application carries it (the original populated `jobId`). Kept after the job is removed. */
export const ApplicationJob = Type.Object({
  id: Type.String(),
  _id: Type.String(),
  title: Type.String(),
  organization: Type.String(),
  location: Type.String(),
  /** The clinic removed the job; the application stays in the applicant's history. */
  removed: Type.Boolean(),
});

/** A stored CV as its owner and the clinics it was sent to see it (the bytes come from its download route). */
export const CvInfo = Type.Object({
  id: Type.String(),
  fileName: Type.String(),
  size: Type.Integer(),
  uploadedAt: Type.String({ format: 'date-time' }),
});
export type CvInfo = Static<typeof CvInfo>;

/** `PUT /api/cv?name=<file name>`: the body is the PDF's raw bytes. */
export const CvUploadQuery = Type.Object(
  { name: Type.Optional(Type.String({ maxLength: 255 })) },
  { additionalProperties: false },
);
export type CvUploadQuery = Static<typeof CvUploadQuery>;

/** The caller's current CV, or null when none is stored. */
export const CvResponse = Ok({ data: Type.Union([CvInfo, Type.Null()]) });
export type CvResponse = Static<typeof CvResponse>;

export const Application = Type.Object({
  id: Type.String(),
  _id: Type.String(),
  userId: Type.String(),
  /** The applicant's account name, from svc-hire's projection ('' until known); fullName is what they typed. */
  applicantName: Type.String(),
  jobId: ApplicationJob,
  fullName: Type.String(),
  email: Type.String(),
  phoneNumber: Type.String(),
  coverLetter: Type.String(),
  /** The CV link, or '' when the stored CV in `cv` was sent. */
  resumeUrl: Type.String(),
  /** The stored CV the application was sent with (download: `GET /api/application/:id/cv`). */
  cv: Type.Union([CvInfo, Type.Null()]),
  /** The applicant's profile from svc-hire's projection of identity's users, for the clinic beside the application. */
  applicantDesignation: Type.String(),
  applicantSkills: Type.Array(Type.String()),
  /**
   * The professions of the applicant's licences an employer's HR verified against the council's register
   * and that have not expired (svc-core's credential events), sorted; [] when none.
   */
  applicantVerifiedProfessions: Type.Array(StringEnum(PROFESSIONS)),
  appliedAt: Type.String({ format: 'date-time' }),
  status: StringEnum(APPLICATION_STATUSES),
  statusChangedAt: Type.Union([Type.String({ format: 'date-time' }), Type.Null()]),
  /** The clinic's short message to the applicant with its decision ('' without one). */
  decisionMessage: Type.String(),
});
export type Application = Static<typeof Application>;

export const ApplicationQuery = Type.Composite([
  PageQuery,
  Type.Object({
    jobId: Type.Optional(Uuid),
    /** One status, or `active`: every one but withdrawn (the dashboard's main list). */
    status: Type.Optional(StringEnum([...APPLICATION_STATUSES, 'active'] as const)),
  }),
]);
export type ApplicationQuery = Static<typeof ApplicationQuery>;

/** Counts over everything the caller may see (before the status filter), for dashboard tiles. */
export const ApplicationCounts = Type.Object({
  total: Type.Integer(),
  pending: Type.Integer(),
  shortlisted: Type.Integer(),
  accepted: Type.Integer(),
  rejected: Type.Integer(),
  withdrawn: Type.Integer(),
});
export type ApplicationCounts = Static<typeof ApplicationCounts>;

export const ApplicationListResponse = Ok({
  data: Type.Array(Application),
  pageInfo: PageInfo,
  counts: ApplicationCounts,
});
export type ApplicationListResponse = Static<typeof ApplicationListResponse>;
export const ApplicationResponse = Ok({ data: Application });
export type ApplicationResponse = Static<typeof ApplicationResponse>;

/**
 * Clinic (the job's poster): shortlisted, accepted or rejected, perhaps with a short message to the
 * applicant. Applicant: withdrawn (without a message).
 */
export const StatusBody = Type.Object(
  {
    status: StringEnum(['shortlisted', 'accepted', 'rejected', 'withdrawn'] as const),
    message: Type.Optional(Type.String({ maxLength: DECISION_MESSAGE_MAX })),
  },
  { additionalProperties: false },
);
export type StatusBody = Static<typeof StatusBody>;

export const ApplicationSubmittedData = Type.Object({
  applicationId: Type.String(),
  jobId: Type.String(),
  jobTitle: Type.String(),
  applicantId: Type.String(),
  /** Who manages the job: the poster's organisation, or the poster's account when it has none. */
  ownerId: Type.String(),
  appliedAt: Type.String({ format: 'date-time' }),
});
export type ApplicationSubmittedData = Static<typeof ApplicationSubmittedData>;

export const ApplicationStatusChangedData = Type.Object({
  applicationId: Type.String(),
  jobId: Type.String(),
  applicantId: Type.String(),
  ownerId: Type.String(),
  from: StringEnum(APPLICATION_STATUSES),
  to: StringEnum(APPLICATION_STATUSES),
  changedBy: Type.String(),
  changedAt: Type.String({ format: 'date-time' }),
});
export type ApplicationStatusChangedData = Static<typeof ApplicationStatusChangedData>;

/** A job went on the board: svc-hire matches it against the saved searches, off the request's path. */
export const JobPostedData = Type.Object({
  jobId: Type.String(),
  posterId: Type.String(),
  postedAt: Type.String({ format: 'date-time' }),
});
export type JobPostedData = Static<typeof JobPostedData>;

/**
 * A paid single job listing (billing's listing credit) posted a job: svc-billing marks it used (job and
 * time), for the clinic's usage and the admins' history. Hire's primary key already makes a listing post
 * one job only; billing keeps the first use it hears of.
 */
export const ListingUsedData = Type.Object({
  /** Billing's id of the listing (`entitlements.listingCredits[].id`). */
  creditId: Type.String(),
  /** The organisation that bought it and posted the job. */
  ownerId: Type.String(),
  jobId: Type.String({ format: 'uuid' }),
  usedAt: Type.String({ format: 'date-time' }),
});
export type ListingUsedData = Static<typeof ListingUsedData>;

export const HireEvents = {
  jobPosted: 'hire.job.posted.v1',
  listingUsed: 'hire.listing.used.v1',
  notificationRequested: 'hire.notification.requested.v1',
  applicationSubmitted: 'hire.application.submitted.v1',
  applicationStatusChanged: 'hire.application.status-changed.v1',
} as const;

/**
 * The error codes svc-hire answers with (`code` beside the English `message`): each has its text in its
 * remote's locales (`serverErrors.hire.<name>`, en/sw/fr), checked by security/error-codes.test.ts.
 */
export const HireErrors = {
  alertLimit: 'hire.alert_limit',
  alertNeedsFilter: 'hire.alert_needs_filter',
  alertNotFound: 'hire.alert_not_found',
  alreadyApplied: 'hire.already_applied',
  applicationAccepted: 'hire.application_accepted',
  applicationDeclined: 'hire.application_declined',
  applicationNotFound: 'hire.application_not_found',
  applicationWithdrawn: 'hire.application_withdrawn',
  closingDatePast: 'hire.closing_date_past',
  cvChoiceRequired: 'hire.cv_choice_required',
  cvConflict: 'hire.cv_conflict',
  cvMissing: 'hire.cv_missing',
  cvNotFound: 'hire.cv_not_found',
  cvNotPdf: 'hire.cv_not_pdf',
  cvTooLarge: 'hire.cv_too_large',
  jobClosed: 'hire.job_closed',
  jobRemoved: 'hire.job_removed',
  jobTypeConflict: 'hire.job_type_conflict',
  jobUnavailable: 'hire.job_unavailable',
  listingEnds: 'hire.listing_ends',
  messageNotAllowed: 'hire.message_not_allowed',
  notApplicant: 'hire.not_applicant',
  notJobOwner: 'hire.not_job_owner',
  salaryRangeInvalid: 'hire.salary_range_invalid',
} as const;
