import { and, asc, count, eq, gte, inArray, lte } from 'drizzle-orm';
import { badRequest, forbidden, pageOf } from '@platform/service-kit';
import * as schema from '../db/schema';
import { daysBetween, parseIsoDate } from '../domain/dates';
import { can, type OrgActor } from '../domain/roles';
import { isNight } from '../rosters/roster-rules';
import { leaveTypeName } from '../leave/statutory';
import { CALENDAR_MAX_DAYS, CoreErrors, type CalendarPerson, type CalendarQuery } from '../../contract';
import type { Db } from './org-store';
import { scopeWhere } from './staff-store';

const staff = schema.staffRecords;
const assignments = schema.rosterAssignments;
const rosters = schema.rosters;
const templates = schema.shiftTemplates;
const departments = schema.departments;
const requests = schema.leaveRequests;

/**
 * The team calendar: a page of the people in the caller's scope (HR: the organisation; a manager: their
 * departments and locations), by name, each with their shifts (on any roster, drafts marked) and approved
 * leave over at most six weeks. Three bounded reads: the page of people (an index of the organisation's
 * staff by department and name, or by name), then their shifts and their leave by person and day.
 */
export class CalendarStore {
  constructor(private readonly db: Db) {}

  async calendar(actor: OrgActor, query: CalendarQuery): Promise<{ data: CalendarPerson[]; total: number }> {
    if (!can(actor, 'leave.oversee')) throw forbidden("The team calendar is HR's and managers'.");
    if (!parseIsoDate(query.from) || !parseIsoDate(query.to))
      throw badRequest('from and to must be days of the calendar.', CoreErrors.calendarRange);
    const span = daysBetween(query.from, query.to) + 1;
    if (span < 1 || span > CALENDAR_MAX_DAYS)
      throw badRequest(
        `A calendar spans 1 to ${CALENDAR_MAX_DAYS} days, from before to.`,
        CoreErrors.calendarRange,
      );
    const { limit, offset } = pageOf(query);
    const where = and(
      scopeWhere(actor),
      query.departmentId ? eq(staff.departmentId, query.departmentId) : undefined,
    );
    const [people, [{ total }]] = (await Promise.all([
      this.db
        .select({
          staffId: staff.id,
          name: staff.name,
          profession: staff.profession,
          departmentId: staff.departmentId,
          departmentName: departments.name,
        })
        .from(staff)
        .leftJoin(departments, eq(departments.id, staff.departmentId))
        .where(where)
        .orderBy(asc(staff.name), asc(staff.id))
        .limit(limit)
        .offset(offset),
      this.db.select({ total: count() }).from(staff).where(where),
    ])) as [
      {
        staffId: string;
        name: string;
        profession: CalendarPerson['profession'];
        departmentId: string | null;
        departmentName: string | null;
      }[],
      [{ total: number }],
    ];
    if (!people.length) return { data: [], total };
    const ids = people.map((p) => p.staffId);
    const [shifts, leave] = await Promise.all([
      this.db
        .select({
          id: assignments.id,
          staffId: assignments.staffRecordId,
          day: assignments.day,
          shiftName: templates.name,
          startsAt: templates.startsAt,
          endsAt: templates.endsAt,
          departmentName: departments.name,
          status: rosters.status,
        })
        .from(assignments)
        .innerJoin(rosters, eq(rosters.id, assignments.rosterId))
        .innerJoin(templates, eq(templates.id, assignments.templateId))
        .innerJoin(departments, eq(departments.id, rosters.departmentId))
        .where(
          and(
            inArray(assignments.staffRecordId, ids),
            gte(assignments.day, query.from),
            lte(assignments.day, query.to),
          ),
        )
        .orderBy(asc(assignments.day), asc(templates.startsAt)),
      this.db
        .select({
          id: requests.id,
          staffId: requests.staffRecordId,
          from: requests.fromDay,
          to: requests.toDay,
          halfDay: requests.halfDay,
          code: schema.leaveTypes.code,
          typeName: schema.leaveTypes.name,
        })
        .from(requests)
        .innerJoin(schema.leaveTypes, eq(schema.leaveTypes.id, requests.typeId))
        .where(
          and(
            inArray(requests.staffRecordId, ids),
            eq(requests.status, 'approved'),
            lte(requests.fromDay, query.to),
            gte(requests.toDay, query.from),
          ),
        )
        .orderBy(asc(requests.fromDay)),
    ]);
    const byPerson = new Map(
      people.map((p) => [p.staffId, { ...p, shifts: [], leave: [] } as CalendarPerson]),
    );
    for (const { staffId, status, ...s } of shifts)
      byPerson.get(staffId)!.shifts.push({ ...s, night: isNight(s), published: status === 'published' });
    for (const { staffId, code, typeName, ...l } of leave)
      byPerson.get(staffId)!.leave.push({ ...l, typeName: leaveTypeName({ code, name: typeName }) });
    return { data: [...byPerson.values()], total };
  }
}
