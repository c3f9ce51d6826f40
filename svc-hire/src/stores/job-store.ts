import { and, eq, ilike, isNull, sql, type SQL } from 'drizzle-orm';
import type { PostgresJsDatabase } from 'drizzle-orm/postgres-js';
import { enqueue, makeEnvelope } from '@platform/event-bus';
import {
  HireEvents,
  JOB_COUNT_CAP,
  type AlertQuery,
  type JobPostedData,
  type Job,
  type JobBody,
  type JobPatch,
  type JobQuery,
  type PostedJob,
} from '@platform/contracts';
import * as schema from '../db/schema';
import { jobs, outbox, users, type JobRow } from '../db/schema';
import { likeTerm, newestFirst, pageOf, trimStrings } from '@platform/service-kit';

export type Db = PostgresJsDatabase<typeof schema>;

/** Who is acting, from the verified token: the poster is never taken from a request body. */
export interface Actor {
  id: string;
  email: string;
  role: string;
  /** The organisation managing the actor's jobs: their orgId, or their own id without one. */
  ownerId: string;
}

type JobWithPoster = { job: JobRow; posterEmail: string | null; posterName: string | null };

/** The public shape: no account e-mail (the board and a job's page need no login). */
export function toJob({ job, posterName }: JobWithPoster): Job {
  return {
    id: job.id,
    _id: job.id,
    title: job.title,
    organization: job.organization,
    department: job.department,
    location: job.location,
    type: job.type,
    description: job.description,
    salaryRange: job.salaryRange,
    postedBy: posterName || job.organization,
    posterName: posterName ?? '',
    postedAt: job.postedAt.toISOString(),
  };
}

const live = isNull(jobs.deletedAt);

/**
 * The board's filter: live jobs matching `q`. One builder for the board and for saved searches (alerts
 * match a new job by running it with `id = <job>`), so a filter added here applies to both.
 */
export function boardFilter(q: AlertQuery): SQL {
  const filters: SQL[] = [live];
  const title = likeTerm(q.title);
  const department = likeTerm(q.department);
  if (title) filters.push(ilike(jobs.title, title));
  if (department) filters.push(ilike(jobs.department, department));
  if (q.type) filters.push(eq(jobs.type, q.type));
  return and(...filters)!;
}

/** Jobs: the public board, a clinic's own list, and its changes. */
export class JobStore {
  constructor(private readonly db: Db) {}

  private selectWithPoster() {
    return this.db
      .select({ job: jobs, posterEmail: users.email, posterName: users.name })
      .from(jobs)
      .leftJoin(users, eq(users.id, jobs.posterId));
  }

  async create(actor: Actor, body: JobBody): Promise<Job> {
    const { postedBy: _ignored, ...fields } = trimStrings(body);
    const id = await this.db.transaction(async (tx) => {
      const [row] = await tx
        .insert(jobs)
        .values({ ...fields, posterId: actor.id, ownerId: actor.ownerId, posterEmail: actor.email })
        .returning();
      // Saved searches are matched off the request's path, by the job-alerts consumer.
      const posted: JobPostedData = {
        jobId: row!.id,
        posterId: actor.id,
        postedAt: row!.postedAt.toISOString(),
      };
      await enqueue(tx, outbox, makeEnvelope(HireEvents.jobPosted, posted));
      return row!.id;
    });
    return (await this.find(id))!;
  }

  /** A live job, or undefined when unknown or removed. */
  async find(id: string): Promise<Job | undefined> {
    const [row] = await this.selectWithPoster()
      .where(and(eq(jobs.id, id), live))
      .limit(1);
    return row && toJob(row);
  }

  async findRow(id: string): Promise<JobRow | undefined> {
    const [row] = await this.db.select().from(jobs).where(eq(jobs.id, id)).limit(1);
    return row;
  }

  /**
   * The public board, newest first. The total is exact up to JOB_COUNT_CAP matches past this page
   * and capped beyond it, so the count's cost does not grow with the table.
   */
  async list(q: JobQuery): Promise<{ data: Job[]; total: number; totalCapped: boolean }> {
    const where = boardFilter(q);
    const { limit, offset } = pageOf(q);
    const cap = offset + JOB_COUNT_CAP;
    const [rows, counted] = await Promise.all([
      this.selectWithPoster()
        .where(where)
        .orderBy(...newestFirst(jobs.postedAt, jobs.id))
        .limit(limit)
        .offset(offset),
      this.db.execute<{ n: number }>(
        sql`select count(*)::int as n from (select 1 from ${jobs} where ${where} limit ${cap + 1}) capped`,
      ),
    ]);
    const n = counted[0]?.n ?? 0;
    return {
      data: rows.map(toJob),
      total: Math.min(n, cap),
      totalCapped: n > cap,
    };
  }

  /** The live jobs the actor's organisation posted, newest first, with their applicant counts. */
  async listOwned(ownerId: string, q: { page?: number; limit?: number }) {
    const where = and(eq(jobs.ownerId, ownerId), live);
    const { limit, offset } = pageOf(q);
    const [rows, [{ total } = { total: 0 }]] = await Promise.all([
      this.selectWithPoster()
        .where(where)
        .orderBy(...newestFirst(jobs.postedAt, jobs.id))
        .limit(limit)
        .offset(offset),
      this.db
        .select({ total: sql<number>`count(*)::int` })
        .from(jobs)
        .where(where),
    ]);
    // The owner's view adds which of its accounts posted (the current e-mail, else the one at posting).
    const data: PostedJob[] = rows.map((r) => ({
      ...toJob(r),
      applicantCount: r.job.applicantCount,
      posterEmail: r.posterEmail ?? r.job.posterEmail,
    }));
    return { data, total };
  }

  async update(id: string, patch: JobPatch): Promise<Job | undefined> {
    const [row] = await this.db
      .update(jobs)
      .set({ ...trimStrings(patch), updatedAt: new Date() })
      .where(and(eq(jobs.id, id), live))
      .returning({ id: jobs.id });
    return row && this.find(row.id);
  }

  /** Hides the job from the board; its applications stay in their applicants' history. */
  async remove(id: string): Promise<boolean> {
    const removed = await this.db
      .update(jobs)
      .set({ deletedAt: new Date() })
      .where(and(eq(jobs.id, id), live))
      .returning({ id: jobs.id });
    return removed.length > 0;
  }
}
