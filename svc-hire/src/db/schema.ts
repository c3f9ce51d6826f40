import { sql } from 'drizzle-orm';
import {
  bigint,
  check,
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
import { outboxTable, processedEventsTable } from '@platform/event-bus';
import { orgEntitlementsTable, verifiedProfessionsTable } from '@platform/service-kit';
import {
  APPLICATION_STATUSES,
  CURRENCIES,
  EXPERIENCE_LEVELS,
  JOB_TYPES,
  SALARY_PERIODS,
} from '@platform/contracts/values';
import type { AlertQuery } from '../../contract';

const listed = (column: string, values: readonly string[]) =>
  `${column} in (${values.map((v) => `'${v}'`).join(', ')})`;

export const hire = pgSchema('hire');

/** Raw bytes (a stored CV's PDF). */
const bytea = customType<{ data: Buffer; driverData: Buffer }>({ dataType: () => 'bytea' });

export const jobs = hire.table(
  'jobs',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    title: text('title').notNull(),
    organization: text('organization').notNull(),
    department: text('department').notNull().default(''),
    location: text('location').notNull(),
    type: text('type', { enum: JOB_TYPES }).notNull().default('Full-time'),
    description: text('description').notNull(),
    /** The original free text, kept only where it did not parse into figures (old clients read it). */
    salaryRange: text('salary_range').notNull().default(''),
    /** Whole currency units; both null: Negotiable. */
    salaryMin: integer('salary_min'),
    salaryMax: integer('salary_max'),
    salaryCurrency: text('salary_currency', { enum: CURRENCIES }).notNull().default('KES'),
    salaryPeriod: text('salary_period', { enum: SALARY_PERIODS }).notNull().default('month'),
    /**
     * The most the job pays, per month (a day counts 22 working days, an hour 176): what the board's
     * "at least Ksh X per month" filter compares, from one index.
     */
    salaryMonthlyTop: bigint('salary_monthly_top', { mode: 'number' }).generatedAlwaysAs(
      sql`(coalesce(salary_max, salary_min) * case salary_period when 'year' then 1.0 / 12 when 'day' then 22 when 'hour' then 176 else 1 end)::bigint`,
    ),
    experienceLevel: text('experience_level', { enum: EXPERIENCE_LEVELS }),
    /** Last day to apply (East African date); the board hides the job after it. */
    closesAt: date('closes_at', { mode: 'string' }),
    /** The poster, from the verified token: never from the request body. */
    posterId: uuid('poster_id').notNull(),
    /** Who manages the job: the poster's organisation, or the poster's own account when it has none. */
    ownerId: uuid('owner_id').notNull(),
    /** The poster's e-mail when posting; the users projection has the current one. */
    posterEmail: text('poster_email').notNull(),
    /** Applications ever received (withdrawn included), kept in the apply transaction: no count per list row. */
    applicantCount: integer('applicant_count').notNull().default(0),
    postedAt: timestamp('posted_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    /** Removed by its clinic: hidden from the board, kept for the applicants' history. */
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
  },
  (t) => [
    // The public board: newest first, optionally by type; only live jobs.
    index('jobs_live_posted_idx')
      .on(t.postedAt.desc(), t.id.desc())
      .where(sql`deleted_at is null`),
    index('jobs_live_type_posted_idx')
      .on(t.type, t.postedAt.desc(), t.id.desc())
      .where(sql`deleted_at is null`),
    // Substring filters (ILIKE '%x%') on title and department use trigram indexes.
    index('jobs_title_trgm_idx')
      .using('gin', sql`${t.title} gin_trgm_ops`)
      .where(sql`deleted_at is null`),
    index('jobs_department_trgm_idx')
      .using('gin', sql`${t.department} gin_trgm_ops`)
      .where(sql`deleted_at is null`),
    // A clinic's own jobs.
    index('jobs_owner_posted_idx').on(t.ownerId, t.postedAt.desc(), t.id.desc()),
    index('jobs_poster_idx').on(t.posterId),
    check('jobs_type_check', sql.raw(`type in (${JOB_TYPES.map((v) => `'${v}'`).join(', ')})`)),
    // The board's newer filters and the closing-date order.
    index('jobs_location_trgm_idx')
      .using('gin', sql`${t.location} gin_trgm_ops`)
      .where(sql`deleted_at is null`),
    // Location suggestions: a prefix of the lower-cased location.
    index('jobs_location_prefix_idx')
      .on(sql`lower(${t.location}) text_pattern_ops`)
      .where(sql`deleted_at is null`),
    index('jobs_live_salary_idx')
      .on(t.salaryMonthlyTop)
      .where(sql`deleted_at is null`),
    index('jobs_live_experience_posted_idx')
      .on(t.experienceLevel, t.postedAt.desc(), t.id.desc())
      .where(sql`deleted_at is null`),
    index('jobs_live_closes_idx')
      .on(t.closesAt, t.id)
      .where(sql`deleted_at is null`),
    check('jobs_salary_currency_check', sql.raw(listed('salary_currency', CURRENCIES))),
    check('jobs_salary_period_check', sql.raw(listed('salary_period', SALARY_PERIODS))),
    check(
      'jobs_experience_level_check',
      sql.raw(`experience_level is null or ${listed('experience_level', EXPERIENCE_LEVELS)}`),
    ),
    check(
      'jobs_salary_range_check',
      sql`(salary_min is null or salary_min >= 0) and (salary_max is null or salary_max >= 0) and (salary_min is null or salary_max is null or salary_min <= salary_max)`,
    ),
  ],
);

/**
 * Stored CVs (PDF bytes in Postgres). A person has at most one current CV; a replaced or deleted one
 * stays while an application was sent with it (the clinic still reads what it received), else it goes.
 */
export const cvs = hire.table(
  'cvs',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id').notNull(),
    /** Sanitised on upload: never the raw name a client sent. */
    fileName: text('file_name').notNull(),
    size: integer('size').notNull(),
    content: bytea('content').notNull(),
    uploadedAt: timestamp('uploaded_at', { withTimezone: true }).notNull().defaultNow(),
    /** Replaced or deleted by its owner: kept only for the applications sent with it. */
    retiredAt: timestamp('retired_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('cvs_current_user_key')
      .on(t.userId)
      .where(sql`retired_at is null`),
  ],
);

export const applications = hire.table(
  'applications',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    jobId: uuid('job_id')
      .notNull()
      .references(() => jobs.id),
    /** The job's owner, copied at apply time (it never changes) so a clinic's list is one index scan. */
    jobOwnerId: uuid('job_owner_id').notNull(),
    /** The applicant, from the verified token. */
    userId: uuid('user_id').notNull(),
    fullName: text('full_name').notNull(),
    email: text('email').notNull(),
    phoneNumber: text('phone_number').notNull(),
    coverLetter: text('cover_letter').notNull().default(''),
    resumeUrl: text('resume_url').notNull(),
    /** The stored CV it was sent with (then resumeUrl is ''). */
    cvId: uuid('cv_id').references(() => cvs.id),
    status: text('status', { enum: APPLICATION_STATUSES }).notNull().default('pending'),
    appliedAt: timestamp('applied_at', { withTimezone: true }).notNull().defaultNow(),
    statusChangedAt: timestamp('status_changed_at', { withTimezone: true }),
    /** The clinic's short message to the applicant with its decision ('' without one). */
    decisionMessage: text('decision_message').notNull().default(''),
  },
  (t) => [
    // One application per person per job.
    uniqueIndex('applications_job_user_key').on(t.jobId, t.userId),
    // Each scope's first page is one index range scan, newest first.
    index('applications_user_applied_idx').on(t.userId, t.appliedAt.desc(), t.id.desc()),
    index('applications_job_applied_idx').on(t.jobId, t.appliedAt.desc(), t.id.desc()),
    index('applications_owner_applied_idx').on(t.jobOwnerId, t.appliedAt.desc(), t.id.desc()),
    index('applications_applied_idx').on(t.appliedAt.desc(), t.id.desc()),
    // Whether a retired CV is still referenced.
    index('applications_cv_idx')
      .on(t.cvId)
      .where(sql`cv_id is not null`),
    check(
      'applications_status_check',
      sql.raw(`status in (${APPLICATION_STATUSES.map((v) => `'${v}'`).join(', ')})`),
    ),
  ],
);

/** Jobs a professional saved to come back to. */
export const savedJobs = hire.table(
  'saved_jobs',
  {
    userId: uuid('user_id').notNull(),
    jobId: uuid('job_id')
      .notNull()
      .references(() => jobs.id),
    savedAt: timestamp('saved_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.jobId] }),
    // A person's saved jobs, newest first, in one index range scan.
    index('saved_jobs_user_saved_idx').on(t.userId, t.savedAt.desc(), t.jobId.desc()),
  ],
);

/**
 * Applications per job owner and status, kept in the same transaction as every apply and status
 * change: a clinic's dashboard tiles and page total never count its whole history.
 */
export const ownerCounts = hire.table('owner_counts', {
  ownerId: uuid('owner_id').primaryKey(),
  pending: integer('pending').notNull().default(0),
  shortlisted: integer('shortlisted').notNull().default(0),
  accepted: integer('accepted').notNull().default(0),
  rejected: integer('rejected').notNull().default(0),
  withdrawn: integer('withdrawn').notNull().default(0),
});

/**
 * A professional's saved board search ("Nurse, Nairobi"): new jobs matching it notify its owner. The query
 * is the board's own (JobQuery without paging), so every board filter applies to alerts too.
 */
export const jobAlerts = hire.table(
  'job_alerts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id').notNull(),
    query: jsonb('query').$type<AlertQuery>().notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('job_alerts_user_created_idx').on(t.userId, t.createdAt.desc(), t.id.desc())],
);

/** This service's copy of the accounts it needs (from identity.user.* events). */
export const users = hire.table('users', {
  id: uuid('id').primaryKey(),
  name: text('name').notNull(),
  email: text('email').notNull(),
  role: text('role').notNull(),
  orgId: uuid('org_id'),
  designation: text('designation').notNull().default(''),
  /** Shown to the clinics the person applies to, beside the application. */
  skills: text('skills')
    .array()
    .notNull()
    .default(sql`'{}'::text[]`),
  /** identity's version: an older event never overwrites a newer one. */
  version: integer('version').notNull(),
});

/** What each organisation bought (billing.subscription.changed.v1): posting is checked against it. */
export const orgEntitlements = orgEntitlementsTable(hire);

/**
 * The single job listings used here, one row each: the primary key makes a listing post one job only,
 * whatever billing's copy of it still says.
 */
export const listingUses = hire.table('listing_uses', {
  creditId: text('credit_id').primaryKey(),
  ownerId: text('owner_id').notNull(),
  jobId: uuid('job_id').notNull(),
  usedAt: timestamp('used_at', { withTimezone: true }).notNull().defaultNow(),
  /** The listing's last day (Nairobi): its job closes then at the latest, and cannot be moved later. */
  endsOn: date('ends_on', { mode: 'string' }),
});

/**
 * Verified professions (svc-core's core.credential.* events): shown to a clinic beside each application, so
 * it sees which licence an employer checked against the council's register, not only the typed designation.
 */
export const verifiedProfessions = verifiedProfessionsTable(hire);

export const outbox = outboxTable(hire);
export const processed = processedEventsTable(hire);

export type JobRow = typeof jobs.$inferSelect;
export type SavedJobRow = typeof savedJobs.$inferSelect;
export type ApplicationRow = typeof applications.$inferSelect;
export type CvRow = typeof cvs.$inferSelect;
export type JobAlertRow = typeof jobAlerts.$inferSelect;
