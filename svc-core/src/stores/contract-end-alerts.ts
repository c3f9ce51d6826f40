import { and, asc, eq, gte, isNotNull, lte, sql } from 'drizzle-orm';
import { enqueue } from '@platform/event-bus';
import * as schema from '../db/schema';
import { ALERT_HORIZON_DAYS } from '../domain/alert-schedule';
import { addDays } from '../domain/dates';
import { contractEndNotice } from '../notices';
import { claimDueAlert, SWEEP_GRACE_DAYS, windowUnsent, type AlertSource } from './expiry-alerts';
import type { Db, OrgStore } from './org-store';
import { orgOnDay } from './org-days';

const contracts = schema.contracts;
const staff = schema.staffRecords;
type Row = Pick<typeof contracts.$inferSelect, 'id' | 'orgId' | 'staffRecordId' | 'title' | 'endDate'>;

/**
 * The sweep's fixed-term contracts: signed by both sides, with an end date, of a member still here. Each is
 * reminded 90, 60 and 30 days before its last day, on it and the day after (the same schedule as licences),
 * to the person and to the organisation's HR, on the organisation's day, once each whatever sweeps
 * (`claimDueAlert`).
 */
export function contractEndAlerts(db: Db, orgs: OrgStore, now: () => Date): AlertSource<Row> {
  return {
    name: 'contract',
    unalerted: (day, after, limit) =>
      db
        .select({
          id: contracts.id,
          orgId: contracts.orgId,
          staffRecordId: contracts.staffRecordId,
          title: contracts.title,
          endDate: contracts.endDate,
        })
        .from(contracts)
        .where(
          and(
            orgOnDay(contracts.orgId, day),
            eq(contracts.status, 'signed'),
            isNotNull(contracts.endDate),
            gte(contracts.endDate, addDays(day.today, -SWEEP_GRACE_DAYS)),
            lte(contracts.endDate, addDays(day.today, ALERT_HORIZON_DAYS)),
            sql`${contracts.id} > ${after}`,
            sql`exists (select 1 from ${staff} s where s.id = ${contracts.staffRecordId} and s.left_at is null)`,
            windowUnsent('contract', contracts.id, contracts.endDate, day.today),
          ),
        )
        .orderBy(asc(contracts.id))
        .limit(limit),
    alert: async (tx, row, today) => {
      if (row.endDate === null) return null;
      const due = await claimDueAlert(
        tx,
        'contract',
        { id: row.id, expiresOn: row.endDate, status: 'verified', renewedBy: null },
        today,
        now(),
      );
      if (!due) return null;
      const [holder] = await tx.select().from(staff).where(eq(staff.id, row.staffRecordId));
      const hr = (await orgs.hrOf(tx, row.orgId)).filter((id) => id !== holder?.personId);
      const name = holder?.name ?? '';
      await enqueue(tx, schema.outbox, [
        ...(holder?.personId ? [contractEndNotice(holder.personId, row.id, due, row.title, name, true)] : []),
        ...hr.map((userId) => contractEndNotice(userId, row.id, due, row.title, name, false)),
      ]);
      return due;
    },
  };
}
