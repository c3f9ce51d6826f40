import { and, eq, sql, type SQL } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import * as schema from '../db/schema';
import { alertDue, type AlertableCredential, type AlertKind, type Milestone } from '../domain/alert-schedule';
import type { LocalDate } from '../domain/dates';
import type { Db, Tx } from './org-store';
import { zoneDaysAt, type ZoneDay } from './org-days';

/** A sweep misses no alert if it runs at least once in this many days (a subject saved late is alerted when saved). */
export const SWEEP_GRACE_DAYS = 7;
const SWEEP_BATCH = 500;
const FIRST_ID = '00000000-0000-0000-0000-000000000000';

/**
 * The alert due today for one subject (a credential, a document), claimed: its row is written in `tx`, the
 * transaction that enqueues its notices, so only the caller that wrote it sends it. Null when none is due,
 * or when another sender (an instance's sweep, a save) claimed it first.
 */
export async function claimDueAlert(
  tx: Tx,
  kind: AlertKind,
  subject: AlertableCredential & { id: string },
  today: LocalDate,
  sentAt: Date,
): Promise<Milestone | null> {
  const sent = await tx
    .select({ milestone: schema.expiryAlerts.milestone })
    .from(schema.expiryAlerts)
    .where(
      and(
        eq(schema.expiryAlerts.kind, kind),
        eq(schema.expiryAlerts.subjectId, subject.id),
        eq(schema.expiryAlerts.expiresOn, subject.expiresOn),
      ),
    );
  const due = alertDue(subject, today, new Set(sent.map((r) => r.milestone)));
  if (!due) return null;
  const inserted = await tx
    .insert(schema.expiryAlerts)
    .values({ kind, subjectId: subject.id, expiresOn: subject.expiresOn, milestone: due, sentAt })
    .onConflictDoNothing()
    .returning({ m: schema.expiryAlerts.milestone });
  return inserted.length === 0 ? null : due;
}

/**
 * In SQL, for a subject table's rows: the window `today` is in has no alert row yet (the same boundaries as
 * the domain's `windowOn`). The sweep reads only these.
 */
export function windowUnsent(kind: AlertKind, id: PgColumn, expiresOn: PgColumn, today: LocalDate): SQL {
  const current = sql`(case when ${expiresOn} < ${today}::date then 'expired'
    when ${expiresOn} = ${today}::date then 'expires-today'
    when ${expiresOn} <= ${today}::date + 30 then 'days-30' when ${expiresOn} <= ${today}::date + 60 then 'days-60'
    else 'days-90' end)`;
  return sql`not exists (select 1 from ${schema.expiryAlerts} a where a.kind = ${kind} and a.subject_id = ${id}
    and a.expires_on = ${expiresOn} and a.milestone = ${current})`;
}

/** What the sweep alerts for: one kind of subject with an expiry date. */
export interface AlertSource<Row extends { id: string }> {
  name: AlertKind;
  /**
   * At most `limit` live subjects of the organisations on `day` (`orgOnDay`; a licence: its holder's,
   * `holderTimeZone`), by id after `after`, whose current window on `day.today` (90 days ahead to
   * `SWEEP_GRACE_DAYS` past) has not been alerted (`windowUnsent`).
   */
  unalerted(day: ZoneDay, after: string, limit: number): Promise<Row[]>;
  /** Sends the alert due for `row` inside `tx`, if any (`claimDueAlert`); the milestone sent. */
  alert(tx: Tx, row: Row, today: LocalDate): Promise<Milestone | null>;
}

/**
 * The daily sweep over every source: each subject whose window opened since the last run, in batches, each
 * alert in its own transaction. "Today" is each organisation's, in its time zone: the sweep makes a pass for
 * each day organisations are on now (`zoneDaysAt`: one to three), each reading only that day's
 * organisations' subjects, so an organisation in Kiribati is alerted on its day, a day before Nairobi.
 * Only one instance sweeps at a time (a transaction-level advisory lock it tries and does not wait for); the
 * alert rows make a second sweep, or a crash half-way, send nothing twice.
 */
export class ExpirySweep {
  constructor(
    private readonly db: Db,
    private readonly now: () => Date,
    private readonly sources: readonly AlertSource<{ id: string }>[],
  ) {}

  async sweep(): Promise<{ sent: number; skipped: boolean }> {
    const now = this.now();
    return this.db.transaction(async (lockTx) => {
      const [lock] = await lockTx.execute<{ ok: boolean }>(
        sql`select pg_try_advisory_xact_lock(hashtext('core-expiry-sweep')) as ok`,
      );
      if (!lock?.ok) return { sent: 0, skipped: true };
      const days = await zoneDaysAt(this.db, now);
      let sent = 0;
      for (const source of this.sources)
        for (const day of days) {
          let after = FIRST_ID;
          for (;;) {
            const batch = await source.unalerted(day, after, SWEEP_BATCH);
            for (const row of batch)
              if (await this.db.transaction((tx) => source.alert(tx, row, day.today))) sent += 1;
            if (batch.length < SWEEP_BATCH) break;
            after = batch[batch.length - 1]!.id;
          }
        }
      return { sent, skipped: false };
    });
  }
}
