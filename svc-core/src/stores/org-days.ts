import { eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import * as schema from '../db/schema';
import { DEFAULT_TIME_ZONE, localDateOf, type LocalDate } from '../domain/dates';
import type { Db, Tx } from './org-store';

/**
 * Each organisation's "today": the calendar day in its time zone (`organisations.time_zone`). Requests read
 * it from the caller (`OrgActor.timeZone`); what runs outside a request (the sweeps, events) reads it here.
 */

/** The organisation's time zone; East Africa Time for one not (yet) projected here. */
export async function timeZoneOf(db: Db | Tx, orgId: string): Promise<string> {
  const [org] = await db
    .select({ timeZone: schema.organisations.timeZone })
    .from(schema.organisations)
    .where(eq(schema.organisations.id, orgId));
  return org?.timeZone ?? DEFAULT_TIME_ZONE;
}

/**
 * In SQL, the time zone a licence's day is read in: a licence is its holder's, so it is the zone of the
 * organisation they are a member of (their first live record, should they hold two), East Africa Time when
 * they are nobody's member. The sweep and a save read the same.
 */
export const holderTimeZone = (personId: PgColumn | SQL, staffRecordId: PgColumn | SQL): SQL =>
  sql`coalesce((select o.time_zone from ${schema.staffRecords} s
    join ${schema.organisations} o on o.id = s.org_id
    where (s.person_id = ${personId} or s.id = ${staffRecordId}) and s.left_at is null
    order by s.created_at, s.id limit 1), ${DEFAULT_TIME_ZONE})`;

/** The zone of a licence's holder, as `holderTimeZone` reads it. */
export async function holderTimeZoneOf(
  db: Db | Tx,
  holder: { personId: string | null; staffRecordId: string | null },
): Promise<string> {
  const [row] = await db.execute<{ zone: string }>(
    sql`select ${holderTimeZone(sql`${holder.personId}::uuid`, sql`${holder.staffRecordId}::uuid`)} as zone`,
  );
  return row?.zone ?? DEFAULT_TIME_ZONE;
}

/** One calendar day somewhere now, and the time zones (of those organisations have) that are on it. */
export interface ZoneDay {
  today: LocalDate;
  zones: string[];
}

/**
 * The days organisations are on at `now`, each with its zones: at most three at once (the world's clocks
 * span UTC−12 to UTC+14), so a sweep runs a pass a day rather than one a zone or an organisation. East
 * Africa Time is always among them (a licence whose holder is nobody's member is read in it).
 */
export async function zoneDaysAt(db: Db | Tx, now: Date): Promise<ZoneDay[]> {
  const rows = await db.selectDistinct({ zone: schema.organisations.timeZone }).from(schema.organisations);
  const byDay = new Map<LocalDate, string[]>();
  for (const zone of new Set([DEFAULT_TIME_ZONE, ...rows.map((r) => r.zone)])) {
    const today = localDateOf(now, zone);
    byDay.set(today, [...(byDay.get(today) ?? []), zone]);
  }
  return [...byDay].sort(([a], [b]) => a.localeCompare(b)).map(([today, zones]) => ({ today, zones }));
}

/** In SQL: the organisation `orgId` names is in one of `day`'s zones. */
export const orgOnDay = (orgId: PgColumn | SQL, day: ZoneDay): SQL =>
  sql`${orgId} in (select o.id from ${schema.organisations} o where ${inArray(sql`o.time_zone`, day.zones)})`;

/** In SQL: a zone expression (`holderTimeZone`) is one of `day`'s. */
export const zoneOnDay = (zone: SQL, day: ZoneDay): SQL => inArray(zone, day.zones);
