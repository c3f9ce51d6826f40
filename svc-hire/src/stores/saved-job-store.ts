import { and, desc, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { SavedJob } from '../../contract';
import { notFound, pageOf } from '@platform/service-kit';
import { applications, jobs, savedJobs, users } from '../db/schema';
import { toJob, type Db } from './job-store';
import { HireErrors } from '../../contract';

/** A professional's saved jobs, and what they did with the jobs on a board page. */
export class SavedJobStore {
  constructor(private readonly db: Db) {}

  /** Saves a live job (again: no change); 404 for an unknown or removed one. */
  async save(userId: string, jobId: string): Promise<void> {
    const [job] = await this.db
      .select({ id: jobs.id })
      .from(jobs)
      .where(and(eq(jobs.id, jobId), isNull(jobs.deletedAt)))
      .limit(1);
    if (!job) throw notFound('This job is no longer available.', HireErrors.jobUnavailable);
    await this.db.insert(savedJobs).values({ userId, jobId }).onConflictDoNothing();
  }

  /** Unsaving a job that was not saved changes nothing. */
  async unsave(userId: string, jobId: string): Promise<void> {
    await this.db.delete(savedJobs).where(and(eq(savedJobs.userId, userId), eq(savedJobs.jobId, jobId)));
  }

  /** The person's saved jobs that are still live, most recently saved first. */
  async list(userId: string, q: { page?: number; limit?: number }) {
    const where = and(eq(savedJobs.userId, userId), isNull(jobs.deletedAt));
    const { limit, offset } = pageOf(q);
    const [rows, total] = await Promise.all([
      this.db
        .select({ job: jobs, posterEmail: users.email, posterName: users.name, savedAt: savedJobs.savedAt })
        .from(savedJobs)
        .innerJoin(jobs, eq(jobs.id, savedJobs.jobId))
        .leftJoin(users, eq(users.id, jobs.posterId))
        .where(where)
        .orderBy(desc(savedJobs.savedAt), desc(savedJobs.jobId))
        .limit(limit)
        .offset(offset),
      this.db
        .select({ n: sql<number>`count(*)::int` })
        .from(savedJobs)
        .innerJoin(jobs, eq(jobs.id, savedJobs.jobId))
        .where(where),
    ]);
    const data: SavedJob[] = rows.map((r) => ({ ...toJob(r), savedAt: r.savedAt.toISOString() }));
    return { data, total: total[0]?.n ?? 0 };
  }

  /** Of `jobIds`, those the person applied to and those they saved. */
  async viewerState(userId: string, jobIds: string[]) {
    const [applied, saved] = await Promise.all([
      this.db
        .select({ id: applications.jobId })
        .from(applications)
        .where(and(eq(applications.userId, userId), inArray(applications.jobId, jobIds))),
      this.db
        .select({ id: savedJobs.jobId })
        .from(savedJobs)
        .where(and(eq(savedJobs.userId, userId), inArray(savedJobs.jobId, jobIds))),
    ]);
    return { applied: applied.map((r) => r.id), saved: saved.map((r) => r.id) };
  }
}
