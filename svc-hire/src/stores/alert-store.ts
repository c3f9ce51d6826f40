import { and, asc, eq, gt, lte, ne, sql } from 'drizzle-orm';
import { JobQuery, MAX_JOB_ALERTS, type AlertQuery, type JobAlert, HireErrors } from '../../contract';
import { badRequest, conflict, newestFirst } from '@platform/service-kit';
import { jobAlerts, jobs, type JobAlertRow } from '../db/schema';
import { chosenFilter, openJob, type Db } from './job-store';

const toAlert = (a: JobAlertRow): JobAlert => ({
  id: a.id,
  query: a.query,
  createdAt: a.createdAt.toISOString(),
});

/**
 * The board's filter fields (every field of its query but paging and order): read from the schema, so new
 * ones count.
 */
const NOT_FILTERS = new Set(['page', 'limit', 'sort']);
const FILTER_FIELDS = new Set(Object.keys(JobQuery.properties).filter((k) => !NOT_FILTERS.has(k)));

/** The board query an alert keeps: its filters, trimmed, without paging, empty or unknown fields. */
function savedQuery(q: JobQuery): AlertQuery {
  return Object.fromEntries(
    Object.entries(q)
      .filter(([k]) => FILTER_FIELDS.has(k))
      .map(([k, v]) => [k, typeof v === 'string' ? v.trim() : v])
      .filter(([, v]) => v !== '' && v !== undefined),
  ) as AlertQuery;
}

/**
 * Saved searches read per round trip. Those of one batch that are alike (many people save "nurse") are
 * checked once, all of them in one statement: each is one boolean over the job's one row.
 */
const MATCH_BATCH = 2000;

/** Professionals' saved searches, and which of them a new job matches. */
export class AlertStore {
  constructor(private readonly db: Db) {}

  /** Saves a search; the same search saved before (filters alike, in any order) is answered, not copied. */
  async create(userId: string, q: JobQuery): Promise<{ alert: JobAlert; created: boolean }> {
    const query = savedQuery(q);
    if (Object.keys(query).length === 0)
      throw badRequest('Choose at least one filter before creating an alert.', HireErrors.alertNeedsFilter);
    return this.db.transaction(async (tx) => {
      // One person's alerts are counted under a lock on that person, so two at once cannot pass the limit.
      await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`job-alerts:${userId}`}))`);
      const [same] = await tx
        .select()
        .from(jobAlerts)
        .where(and(eq(jobAlerts.userId, userId), sql`${jobAlerts.query} = ${JSON.stringify(query)}::jsonb`))
        .limit(1);
      if (same) return { alert: toAlert(same), created: false };
      const [{ n } = { n: 0 }] = await tx
        .select({ n: sql<number>`count(*)::int` })
        .from(jobAlerts)
        .where(eq(jobAlerts.userId, userId));
      if (n >= MAX_JOB_ALERTS)
        throw conflict(`You can keep at most ${MAX_JOB_ALERTS} job alerts.`, HireErrors.alertLimit);
      const [row] = await tx.insert(jobAlerts).values({ userId, query }).returning();
      return { alert: toAlert(row!), created: true };
    });
  }

  async list(userId: string): Promise<JobAlert[]> {
    const rows = await this.db
      .select()
      .from(jobAlerts)
      .where(eq(jobAlerts.userId, userId))
      .orderBy(...newestFirst(jobAlerts.createdAt, jobAlerts.id))
      .limit(MAX_JOB_ALERTS);
    return rows.map(toAlert);
  }

  /** Deletes the person's own alert; false when they have none with that id. */
  async remove(userId: string, id: string): Promise<boolean> {
    const removed = await this.db
      .delete(jobAlerts)
      .where(and(eq(jobAlerts.id, id), eq(jobAlerts.userId, userId)))
      .returning({ id: jobAlerts.id });
    return removed.length > 0;
  }

  /**
   * The people with an alert (made before the job was posted) that the job matches, its poster never
   * among them. Each distinct query is the board's own filter (`chosenFilter` of an open job, as
   * `boardFilter`), so an alert matches a job exactly when the board, asked that query, lists it.
   */
  async matchingUsers(job: { id: string; posterId: string; postedAt: Date }): Promise<string[]> {
    const users = new Set<string>();
    let after: string | undefined;
    for (;;) {
      const batch = await this.db
        .select({ id: jobAlerts.id, userId: jobAlerts.userId, query: jobAlerts.query })
        .from(jobAlerts)
        .where(
          and(
            ne(jobAlerts.userId, job.posterId),
            lte(jobAlerts.createdAt, job.postedAt),
            after ? gt(jobAlerts.id, after) : undefined,
          ),
        )
        .orderBy(asc(jobAlerts.id))
        .limit(MATCH_BATCH);
      if (batch.length === 0) break;
      // Alike queries once (jsonb hands each back with its keys in one order), for people not matched yet.
      const alike = new Map<string, { query: AlertQuery; users: string[] }>();
      for (const a of batch) {
        if (users.has(a.userId)) continue;
        const key = JSON.stringify(a.query);
        const group = alike.get(key) ?? { query: a.query, users: [] };
        group.users.push(a.userId);
        alike.set(key, group);
      }
      const groups = [...alike.values()];
      if (groups.length) {
        const checks = groups.map((g) => sql`(${chosenFilter(g.query)})`);
        const [row] = await this.db.execute<{ hits: boolean[] | null }>(
          sql`select array[${sql.join(checks, sql`, `)}]::boolean[] as hits from ${jobs}
              where ${jobs.id} = ${job.id} and ${openJob}`,
        );
        if (!row) return []; // the job is closed or gone: nobody to tell
        row.hits?.forEach((hit, i) => {
          if (hit) for (const user of groups[i]!.users) users.add(user);
        });
      }
      if (batch.length < MATCH_BATCH) break;
      after = batch[batch.length - 1]!.id;
    }
    return [...users];
  }
}
