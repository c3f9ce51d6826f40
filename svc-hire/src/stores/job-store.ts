import { and, asc, eq, gte, inArray, isNull, or, sql, type SQL } from 'drizzle-orm';
import type { PostgresJsDatabase } from 'drizzle-orm/postgres-js';
import { enqueue, makeEnvelope } from '@platform/event-bus';
import { type ListingCredit } from '@platform/contracts';
import {
  BOARD_TIME_ZONE,
  HireEvents,
  type AlertQuery,
  type JobPostedData,
  type ListingUsedData,
  type Job,
  type JobBody,
  type JobPatch,
  type JobQuery,
  type PostedJob,
  type Salary,
  parseSalaryText,
  salaryText,
  HireErrors,
} from '../../contract';
import * as schema from '../db/schema';
import { jobs, listingUses, outbox, users, type JobRow } from '../db/schema';
import {
  badRequest,
  cappedCount,
  entitlementsOf,
  newestFirst,
  pageOf,
  textSearch,
  trimStrings,
} from '@platform/service-kit';

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

/** What the posting check reads, inside the posting's transaction. */
export interface PostingGate {
  /** The organisation's open postings (what standalone Hire limits). */
  openCount(): Promise<number>;
  /** The first of these single listings not used here yet, or undefined. */
  firstUnused(credits: ListingCredit[]): Promise<string | undefined>;
  /** The last day of a listing `firstUnused` offered (Nairobi's date of its end). */
  lastDayOf(creditId: string): string | undefined;
}

function postingGate(tx: Tx, ownerId: string): PostingGate {
  const offered = new Map<string, ListingCredit>();
  return {
    lastDayOf(creditId) {
      const credit = offered.get(creditId);
      return credit && today(new Date(Date.parse(credit.expiresAt) - 1));
    },
    async openCount() {
      const [row] = await tx
        .select({ n: sql<number>`count(*)::int` })
        .from(jobs)
        .where(and(eq(jobs.ownerId, ownerId), openJob));
      return row?.n ?? 0;
    },
    async firstUnused(credits) {
      const used = await tx
        .select({ id: listingUses.creditId })
        .from(listingUses)
        .where(
          inArray(
            listingUses.creditId,
            credits.map((c) => c.id),
          ),
        );
      const taken = new Set(used.map((u) => u.id));
      for (const c of credits) offered.set(c.id, c);
      // The one expiring first is used first.
      return [...credits]
        .sort((a, b) => Date.parse(a.expiresAt) - Date.parse(b.expiresAt))
        .find((c) => !taken.has(c.id))?.id;
    },
  };
}

/** Closing dates are East African days: a job closing on 12 Dec takes applications all that day. */
export const today = (now = new Date()) =>
  new Intl.DateTimeFormat('en-CA', { timeZone: BOARD_TIME_ZONE, dateStyle: 'short' }).format(now);
const todaySql = sql`(now() at time zone ${sql.raw(`'${BOARD_TIME_ZONE}'`)})::date`;

/** Open for applications: not removed, and its closing day (if any) not past. */
export const openJob = and(isNull(jobs.deletedAt), or(isNull(jobs.closesAt), gte(jobs.closesAt, todaySql)))!;

/**
 * What someone chose in a board query (its fields, not that the job is open): true when they chose
 * nothing. With `openJob`, the one definition of "job matches Q" (`boardFilter`); saved searches are
 * matched against one new job with it (AlertStore). Every filter has an index.
 */
export function chosenFilter(q: AlertQuery): SQL {
  const filters: SQL[] = [];
  for (const [column, typed] of [
    [jobs.title, q.title],
    [jobs.department, q.department],
    [jobs.location, q.location],
  ] as const) {
    const matches = textSearch(column, typed);
    if (matches) filters.push(matches);
  }
  if (q.type) filters.push(eq(jobs.type, q.type));
  if (q.experience) filters.push(eq(jobs.experienceLevel, q.experience));
  if (q.minSalary) filters.push(gte(jobs.salaryMonthlyTop, q.minSalary));
  return and(...filters) ?? sql`true`;
}

/** The board's WHERE for a query: open jobs matching what was chosen. */
export const boardFilter = (q: AlertQuery): SQL => and(openJob, chosenFilter(q))!;

/** Newest first, or soonest closing first (jobs with no closing date after those with one). */
const orderOf = (q: JobQuery) =>
  q.sort === 'closing'
    ? [sql`${jobs.closesAt} asc nulls last`, asc(jobs.id)]
    : newestFirst(jobs.postedAt, jobs.id);

/**
 * The salary a job body asks for: figures when sent, else the original client's text (`salaryRange`, or
 * the spec's `salary` as text), kept as written and read into figures where it parses.
 */
function salaryFields(body: { salary?: Salary | string | null; salaryRange?: string }) {
  if (body.salary === undefined && body.salaryRange === undefined) return {};
  const text =
    typeof body.salary === 'string' ? body.salary : body.salary === undefined ? body.salaryRange : null;
  const salary = typeof text === 'string' ? parseSalaryText(text) : (body.salary as Salary | null);
  if (salary && salary.min !== null && salary.max !== null && salary.min > salary.max)
    throw badRequest('The lowest salary must not be above the highest.', HireErrors.salaryRangeInvalid);
  return {
    salaryMin: salary?.min ?? null,
    salaryMax: salary?.max ?? null,
    salaryCurrency: salary?.currency ?? 'KES',
    salaryPeriod: salary?.period ?? 'month',
    salaryRange: (text ?? '').trim(),
  };
}

/** The spec's `jobType` is another name for `type`: either may be sent, not two different ones. */
function typeOf(body: Pick<JobBody, 'type' | 'jobType'>) {
  if (body.type && body.jobType && body.type !== body.jobType)
    throw badRequest('Send the job type once: type and jobType differ.', HireErrors.jobTypeConflict);
  return body.type ?? body.jobType;
}

function checkClosingDate(closesAt: string | null | undefined) {
  if (closesAt && closesAt < today())
    throw badRequest('The closing date must be today or later.', HireErrors.closingDatePast);
}

/** The job's fields as stored, from a body or a patch (salary read, closing date checked). */
function storedFields<T extends JobPatch | Omit<JobBody, 'postedBy' | 'jobType'>>(body: T) {
  checkClosingDate(body.closesAt);
  const { salary: _s, salaryRange: _r, ...rest } = trimStrings(body);
  return { ...rest, ...salaryFields(body) };
}

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
  const salary: Salary | null =
    job.salaryMin === null && job.salaryMax === null
      ? null
      : { min: job.salaryMin, max: job.salaryMax, currency: job.salaryCurrency, period: job.salaryPeriod };
  return {
    id: job.id,
    _id: job.id,
    title: job.title,
    organization: job.organization,
    department: job.department,
    location: job.location,
    type: job.type,
    description: job.description,
    // As the poster wrote it, else the figures in English.
    salaryRange: job.salaryRange || salaryText(salary),
    salary,
    experienceLevel: job.experienceLevel,
    closesAt: job.closesAt,
    closed: job.closesAt !== null && job.closesAt < today(),
    postedBy: posterName || job.organization,
    posterName: posterName ?? '',
    postedAt: job.postedAt.toISOString(),
  };
}

const live = isNull(jobs.deletedAt);

/** Jobs: the public board, a clinic's own list, and its changes. */
export class JobStore {
  constructor(private readonly db: Db) {}

  /** What the organisation bought, as billing last said (null: billing has not said yet). */
  entitlementsOf(ownerId: string) {
    return entitlementsOf(this.db, schema.orgEntitlements, ownerId);
  }

  private selectWithPoster() {
    return this.db
      .select({ job: jobs, posterEmail: users.email, posterName: users.name })
      .from(jobs)
      .leftJoin(users, eq(users.id, jobs.posterId));
  }

  /**
   * Posts a job once `admit` allows it (the entitlement check), inside one transaction holding the
   * organisation's posting lock: two posts at once are checked one after the other, so both cannot pass
   * at the limit. `admit` answers the single listing it used, if any, which is marked used with the job.
   */
  async create(
    actor: Actor,
    body: JobBody,
    admit?: (gate: PostingGate) => Promise<string | undefined>,
  ): Promise<Job> {
    const { postedBy: _ignored, jobType: _alias, ...fields } = body;
    const type = typeOf(body);
    if (type) fields.type = type;
    const id = await this.db.transaction(async (tx) => {
      await tx.execute(
        sql`select pg_advisory_xact_lock(hashtextextended(${`hire.posting:${actor.ownerId}`}, 0))`,
      );
      const gate = postingGate(tx, actor.ownerId);
      const creditId = admit ? await admit(gate) : undefined;
      // A single listing runs for its paid days: its job closes on the last one at the latest.
      const endsOn = creditId ? gate.lastDayOf(creditId) : undefined;
      const closesAt = endsOn && (!fields.closesAt || fields.closesAt > endsOn) ? endsOn : fields.closesAt;
      const [row] = await tx
        .insert(jobs)
        .values({
          ...storedFields({ ...fields, closesAt }),
          posterId: actor.id,
          ownerId: actor.ownerId,
          posterEmail: actor.email,
        })
        .returning();
      // The primary key refuses a listing used already (a second instance racing past the lock cannot);
      // billing hears of the use with the job, through the outbox.
      if (creditId) {
        const [use] = await tx
          .insert(listingUses)
          .values({ creditId, ownerId: actor.ownerId, jobId: row!.id, endsOn })
          .returning({ usedAt: listingUses.usedAt });
        const used: ListingUsedData = {
          creditId,
          ownerId: actor.ownerId,
          jobId: row!.id,
          usedAt: use!.usedAt.toISOString(),
        };
        await enqueue(tx, outbox, makeEnvelope(HireEvents.listingUsed, used));
      }
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

  /** A live job (closed ones too: their page says Closed), or undefined when unknown or removed. */
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

  /** The public board, newest first, with its capped total (cappedCount). */
  async list(q: JobQuery): Promise<{ data: Job[]; total: number; totalCapped: boolean }> {
    const where = boardFilter(q);
    const { limit, offset } = pageOf(q);
    const [rows, counted] = await Promise.all([
      this.selectWithPoster()
        .where(where)
        .orderBy(...orderOf(q))
        .limit(limit)
        .offset(offset),
      cappedCount(this.db, jobs, where, offset),
    ]);
    return { data: rows.map(toJob), ...counted };
  }

  /** Open jobs' distinct locations starting with `prefix` (any case), alphabetical, at most `limit`. */
  async locations(prefix: string, limit = 10): Promise<string[]> {
    const start = `${prefix
      .trim()
      .toLowerCase()
      .replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    const rows = await this.db
      .selectDistinct({ location: jobs.location })
      .from(jobs)
      .where(and(sql`lower(${jobs.location}) like ${start}`, openJob))
      .orderBy(jobs.location)
      .limit(limit);
    return rows.map((r) => r.location);
  }

  /** The live jobs the actor's organisation posted, newest first, with their applicant counts. */
  async listOwned(ownerId: string, q: { page?: number; limit?: number; open?: boolean }) {
    const where = and(eq(jobs.ownerId, ownerId), q.open ? openJob : live);
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
    if (patch.closesAt !== undefined) {
      const [listing] = await this.db
        .select({ endsOn: listingUses.endsOn })
        .from(listingUses)
        .where(eq(listingUses.jobId, id));
      if (listing?.endsOn && (patch.closesAt === null || patch.closesAt > listing.endsOn))
        throw badRequest(
          `This job was posted with a single listing, which ends on ${listing.endsOn}: close it then or earlier.`,
          HireErrors.listingEnds,
        );
    }
    const [row] = await this.db
      .update(jobs)
      .set({ ...storedFields(patch), updatedAt: new Date() })
      .where(and(eq(jobs.id, id), live))
      .returning({ id: jobs.id });
    return row && this.find(row.id);
  }

  /**
   * Closes the job now: its last day to apply becomes yesterday (East African), so it leaves the board,
   * its page says Closed and applying is refused (`hire.job_closed`) from this moment. An already closed
   * job keeps its date. Setting a closing date of today or later (PATCH) opens it again.
   */
  async close(id: string): Promise<Job | undefined> {
    const yesterday = sql`${todaySql} - 1`;
    const [row] = await this.db
      .update(jobs)
      .set({
        closesAt: sql`case when ${openJob} then ${yesterday} else ${jobs.closesAt} end`,
        updatedAt: new Date(),
      })
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
