import { and, eq, isNull, ne, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { enqueue, makeEnvelope } from '@platform/event-bus';
import { type Profession } from '@platform/contracts';
import {
  HireEvents,
  type Application,
  type ApplicationCounts,
  type ApplicationQuery,
  type ApplicationStatus,
  type ApplicationStatusChangedData,
  type ApplicationSubmittedData,
  type ApplyBody,
  type StatusBody,
  HireErrors,
} from '../../contract';
import {
  badRequest,
  conflict,
  currentProfessions,
  forbidden,
  isUniqueViolation,
  newestFirst,
  notFound,
  pageOf,
} from '@platform/service-kit';
import {
  applications,
  cvs,
  jobs,
  outbox,
  ownerCounts,
  users,
  verifiedProfessions,
  type ApplicationRow,
  type JobRow,
} from '../db/schema';
import { today, type Actor, type Db } from './job-store';
import { toCvInfo } from './cv-store';
import { decisionNotice } from '../notices';

/** What an actor may see: their own applications, their organisation's jobs' applications, or all. */
export type Scope = { kind: 'user'; userId: string } | { kind: 'owner'; ownerId: string } | { kind: 'all' };

export function scopeOf(actor: Actor): Scope {
  if (actor.role === 'admin') return { kind: 'all' };
  if (actor.role === 'Clinic') return { kind: 'owner', ownerId: actor.ownerId };
  return { kind: 'user', userId: actor.id };
}

function scopeFilter(scope: Scope): SQL | undefined {
  if (scope.kind === 'user') return eq(applications.userId, scope.userId);
  if (scope.kind === 'owner') return eq(applications.jobOwnerId, scope.ownerId);
  return undefined;
}

const applicant = alias(users, 'applicant');
/** What an application shows of its job: a clinic's list of 20 reads these, not every job's description. */
const jobShown = {
  id: jobs.id,
  title: jobs.title,
  organization: jobs.organization,
  location: jobs.location,
  deletedAt: jobs.deletedAt,
};

type Row = {
  application: ApplicationRow;
  job: Pick<JobRow, keyof typeof jobShown>;
  applicantName: string | null;
  applicantDesignation: string | null;
  applicantSkills: string[] | null;
  applicantVerifiedProfessions: string[];
  cv: { id: string; fileName: string; size: number; uploadedAt: Date } | null;
};

function toApplication({
  application: a,
  job,
  applicantName,
  applicantDesignation,
  applicantSkills,
  applicantVerifiedProfessions,
  cv,
}: Row): Application {
  return {
    id: a.id,
    _id: a.id,
    userId: a.userId,
    applicantName: applicantName ?? '',
    jobId: {
      id: job.id,
      _id: job.id,
      title: job.title,
      organization: job.organization,
      location: job.location,
      removed: job.deletedAt !== null,
    },
    fullName: a.fullName,
    email: a.email,
    phoneNumber: a.phoneNumber,
    coverLetter: a.coverLetter,
    resumeUrl: a.resumeUrl,
    cv: cv && toCvInfo(cv),
    applicantDesignation: applicantDesignation ?? '',
    applicantSkills: applicantSkills ?? [],
    applicantVerifiedProfessions: applicantVerifiedProfessions as Profession[],
    appliedAt: a.appliedAt.toISOString(),
    status: a.status,
    statusChangedAt: a.statusChangedAt?.toISOString() ?? null,
    decisionMessage: a.decisionMessage,
  };
}

const emptyCounts = (): ApplicationCounts => ({
  total: 0,
  pending: 0,
  shortlisted: 0,
  accepted: 0,
  rejected: 0,
  withdrawn: 0,
});

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

/** The applicant's current CV, locked so it cannot be retired and dropped while the application is sent. */
async function storedCvOf(tx: Tx, userId: string): Promise<string> {
  const [cv] = await tx
    .select({ id: cvs.id })
    .from(cvs)
    .where(and(eq(cvs.userId, userId), isNull(cvs.retiredAt)))
    .for('share');
  if (!cv) throw conflict('Upload your CV first, or send a link to it.', HireErrors.cvMissing);
  return cv.id;
}

/** Applications: apply, scoped reading, and status decisions; each change and its event in one transaction. */
export class ApplicationStore {
  constructor(private readonly db: Db) {}

  private selectRows() {
    return this.db
      .select({
        application: applications,
        job: jobShown,
        applicantName: applicant.name,
        applicantDesignation: applicant.designation,
        applicantSkills: applicant.skills,
        applicantVerifiedProfessions: currentProfessions(verifiedProfessions, applications.userId),
        // Never the bytes: those have their own download route.
        cv: { id: cvs.id, fileName: cvs.fileName, size: cvs.size, uploadedAt: cvs.uploadedAt },
      })
      .from(applications)
      .innerJoin(jobs, eq(jobs.id, applications.jobId))
      .leftJoin(applicant, eq(applicant.id, applications.userId))
      .leftJoin(cvs, eq(cvs.id, applications.cvId));
  }

  async apply(actor: Actor, body: ApplyBody): Promise<Application> {
    // Exactly one of a link and the stored CV.
    if (!body.resumeUrl === !body.useStoredCv)
      throw badRequest(
        body.resumeUrl
          ? 'Send either resumeUrl or useStoredCv, not both.'
          : 'resumeUrl: is required, or send useStoredCv: true.',
        HireErrors.cvChoiceRequired,
      );
    try {
      const id = await this.db.transaction(async (tx) => {
        // Counting the applicant first locks the job row: a job removed meanwhile cannot take one.
        const [job] = await tx
          .update(jobs)
          .set({ applicantCount: sql`${jobs.applicantCount} + 1` })
          .where(and(eq(jobs.id, body.jobId), isNull(jobs.deletedAt)))
          .returning({ id: jobs.id, title: jobs.title, ownerId: jobs.ownerId, closesAt: jobs.closesAt });
        if (!job) throw notFound('This job is no longer available.', HireErrors.jobUnavailable);
        // Throwing rolls the count back too.
        if (job.closesAt && job.closesAt < today())
          throw conflict('This job has closed: it no longer takes applications.', HireErrors.jobClosed);
        const cvId = body.useStoredCv ? await storedCvOf(tx, actor.id) : null;
        const [a] = await tx
          .insert(applications)
          .values({
            jobId: job.id,
            jobOwnerId: job.ownerId,
            userId: actor.id,
            fullName: body.fullName.trim(),
            email: body.email.trim().toLowerCase(),
            phoneNumber: body.phoneNumber.trim(),
            coverLetter: body.coverLetter?.trim() ?? '',
            resumeUrl: body.resumeUrl?.trim() ?? '',
            cvId,
          })
          .returning();
        await tx
          .insert(ownerCounts)
          .values({ ownerId: job.ownerId, pending: 1 })
          .onConflictDoUpdate({
            target: ownerCounts.ownerId,
            set: { pending: sql`${ownerCounts.pending} + 1` },
          });
        const data: ApplicationSubmittedData = {
          applicationId: a!.id,
          jobId: job.id,
          jobTitle: job.title,
          applicantId: actor.id,
          ownerId: job.ownerId,
          appliedAt: a!.appliedAt.toISOString(),
        };
        await enqueue(tx, outbox, makeEnvelope(HireEvents.applicationSubmitted, data));
        return a!.id;
      });
      return (await this.find({ kind: 'all' }, id))!;
    } catch (err) {
      if (isUniqueViolation(err))
        throw conflict('You have already applied for this job.', HireErrors.alreadyApplied);
      throw err;
    }
  }

  /** The application if `scope` may see it; otherwise undefined, whether or not it exists. */
  async find(scope: Scope, id: string): Promise<Application | undefined> {
    const [row] = await this.selectRows()
      .where(and(eq(applications.id, id), scopeFilter(scope)))
      .limit(1);
    return row && toApplication(row);
  }

  async list(scope: Scope, q: ApplicationQuery) {
    const filters = [scopeFilter(scope)];
    if (q.jobId) filters.push(eq(applications.jobId, q.jobId));
    if (q.status === 'active') filters.push(ne(applications.status, 'withdrawn'));
    else if (q.status) filters.push(eq(applications.status, q.status));
    const { limit, offset } = pageOf(q);
    const [rows, counts] = await Promise.all([
      this.selectRows()
        .where(and(...filters))
        .orderBy(...newestFirst(applications.appliedAt, applications.id))
        .limit(limit)
        .offset(offset),
      this.counts(scope, q.jobId),
    ]);
    return {
      data: rows.map(toApplication),
      counts,
      total: !q.status
        ? counts.total
        : q.status === 'active'
          ? counts.total - counts.withdrawn
          : counts[q.status],
    };
  }

  /**
   * Per status over what `scope` may see. A person's or a job's applications are counted directly
   * (they are few); a clinic's or everyone's come from the counters kept with each change.
   */
  private async counts(scope: Scope, jobId: string | undefined): Promise<ApplicationCounts> {
    const counts = emptyCounts();
    if (scope.kind === 'user' || jobId) {
      const rows = await this.db
        .select({ status: applications.status, n: sql<number>`count(*)::int` })
        .from(applications)
        .where(and(scopeFilter(scope), jobId ? eq(applications.jobId, jobId) : undefined))
        .groupBy(applications.status);
      for (const { status, n } of rows) counts[status] = n;
    } else {
      const [row] = await this.db
        .select({
          pending: sql<number>`coalesce(sum(${ownerCounts.pending}), 0)::int`,
          shortlisted: sql<number>`coalesce(sum(${ownerCounts.shortlisted}), 0)::int`,
          accepted: sql<number>`coalesce(sum(${ownerCounts.accepted}), 0)::int`,
          rejected: sql<number>`coalesce(sum(${ownerCounts.rejected}), 0)::int`,
          withdrawn: sql<number>`coalesce(sum(${ownerCounts.withdrawn}), 0)::int`,
        })
        .from(ownerCounts)
        .where(scope.kind === 'owner' ? eq(ownerCounts.ownerId, scope.ownerId) : undefined);
      Object.assign(counts, row);
    }
    counts.total = counts.pending + counts.shortlisted + counts.accepted + counts.rejected + counts.withdrawn;
    return counts;
  }

  /**
   * The job's owner decides (accepted, rejected); the applicant withdraws. Anyone who may not see
   * the application gets 404, as if it did not exist.
   */
  async changeStatus(actor: Actor, id: string, { status: to, message }: StatusBody): Promise<Application> {
    const note = message?.trim() ?? '';
    if (to === 'withdrawn' && note)
      throw badRequest('A withdrawal carries no message.', HireErrors.messageNotAllowed);
    await this.db.transaction(async (tx) => {
      const [a] = await tx
        .select()
        .from(applications)
        .where(and(eq(applications.id, id), scopeFilter(scopeOf(actor))))
        .for('update')
        .limit(1);
      if (!a) throw notFound('Application not found.', HireErrors.applicationNotFound);
      const isApplicant = a.userId === actor.id;
      const isOwner = actor.role === 'Clinic' && a.jobOwnerId === actor.ownerId;
      if (to === 'withdrawn' && !isApplicant)
        throw forbidden('Only the applicant can withdraw an application.', HireErrors.notApplicant);
      if (to !== 'withdrawn' && !isOwner)
        throw forbidden('Only the clinic that posted the job can decide on it.', HireErrors.notJobOwner);
      // Repeating the current status changes nothing and publishes nothing.
      if (a.status === to) return;
      if (a.status === 'withdrawn')
        throw conflict('This application has been withdrawn.', HireErrors.applicationWithdrawn);
      if (to === 'withdrawn' && a.status === 'rejected')
        throw conflict('This application has already been declined.', HireErrors.applicationDeclined);
      // An accepted application is the clinic's commitment too: the applicant talks to the clinic instead.
      if (to === 'withdrawn' && a.status === 'accepted')
        throw conflict(
          'This application has been accepted; contact the clinic to change it.',
          HireErrors.applicationAccepted,
        );
      const [job] = await tx
        .select({ deletedAt: jobs.deletedAt, title: jobs.title })
        .from(jobs)
        .where(eq(jobs.id, a.jobId));
      if (to !== 'withdrawn' && job?.deletedAt)
        throw conflict('This job has been removed.', HireErrors.jobRemoved);

      const now = new Date();
      await tx
        .update(applications)
        .set({ status: to, statusChangedAt: now, ...(to !== 'withdrawn' ? { decisionMessage: note } : {}) })
        .where(eq(applications.id, a.id));
      await tx
        .update(ownerCounts)
        .set({
          [a.status]: sql`${sql.identifier(a.status)} - 1`,
          [to]: sql`${sql.identifier(to)} + 1`,
        })
        .where(eq(ownerCounts.ownerId, a.jobOwnerId));
      const data: ApplicationStatusChangedData = {
        applicationId: a.id,
        jobId: a.jobId,
        applicantId: a.userId,
        ownerId: a.jobOwnerId,
        from: a.status as ApplicationStatus,
        to,
        changedBy: actor.id,
        changedAt: now.toISOString(),
      };
      await enqueue(tx, outbox, makeEnvelope(HireEvents.applicationStatusChanged, data));
      // The applicant hears of a decision, in the same transaction as the decision itself.
      if (to !== 'withdrawn') await enqueue(tx, outbox, decisionNotice(a.userId, job?.title ?? '', to, note));
    });
    return (await this.find({ kind: 'all' }, id))!;
  }
}
