import { randomInt, timingSafeEqual } from 'node:crypto';
import { and, asc, count, desc, eq, gte, inArray, isNull, lt, lte, ne, or, type SQL } from 'drizzle-orm';
import { enqueue, makeEnvelope, recordAdminAction } from '@platform/event-bus';
import type { AccessClaims } from '@platform/contracts';
import {
  badRequest,
  conflict,
  forbidden,
  HttpError,
  isUniqueViolation,
  notFound,
  pageOf,
  textSearch,
} from '@platform/service-kit';
import * as schema from '../db/schema';
import {
  addDays,
  daysBetween,
  DEFAULT_TIME_ZONE,
  parseIsoDate,
  wallClockOf,
  type LocalDate,
} from '../domain/dates';
import { canDecideLeave, canSeeSensitive, type OrgActor, type StaffPlacement } from '../domain/roles';
import {
  isLate,
  matchShift,
  minutesLate,
  periodSpan,
  spanIn,
  TIMESHEET_MAX_DAYS,
  totalsOf,
  type PlannedShift,
} from '../timeclock/hours';
import {
  CoreErrors,
  CoreEvents,
  type ClockBody,
  type ClockCode,
  type ClockCodeBody,
  type ClockCorrectionBody,
  type ClockEntry,
  type ClockEntryLine,
  type ClockEntryQuery,
  type ClockRecordedData,
  type ClockShift,
  type MyClock,
  type Timesheet,
  type TimesheetApproval,
  type TimesheetApproveBody,
  type TimesheetApprovedData,
  type TimesheetFilter,
  type TimesheetQuery,
  type TimesheetTotals,
} from '../../contract';
import type { Db, Tx } from './org-store';
import type { ShiftTemplateStore } from './shift-template-store';
import { scopeWhere } from './staff-store';

type Claims = Pick<AccessClaims, 'sub' | 'name' | 'email' | 'role' | 'orgId'>;
type RequestInfo = { ip?: string; id?: string };
type StaffRow = typeof schema.staffRecords.$inferSelect;
type EntryRow = typeof schema.clockEntries.$inferSelect;
type ApprovalRow = typeof schema.timesheetApprovals.$inferSelect;
type Shift = PlannedShift & Omit<ClockShift, 'start' | 'end'>;

const entries = schema.clockEntries;
const approvals = schema.timesheetApprovals;
const staff = schema.staffRecords;
const assignments = schema.rosterAssignments;
const departments = schema.departments;

const HOUR = 3_600_000;
/** A correction may make an entry at most this long (a forgotten clock-out is closed, not stretched). */
const MAX_ENTRY_HOURS = 24;

const notFoundStaff = () =>
  notFound('You have no staff record in this organisation.', CoreErrors.staffNotFound);
const approvedPeriod = () =>
  conflict(
    'This period’s timesheet is approved: its manager or HR reopens it first.',
    CoreErrors.timesheetApproved,
  );
const placement = (m: StaffRow): StaffPlacement => ({
  organisationId: m.orgId,
  personId: m.personId,
  departmentId: m.departmentId,
  locationId: m.locationId,
});

/** Crockford's base 32 (no I, L, O, U): a code read aloud or typed from paper is not mistaken. */
const CODE_ALPHABET = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';
/** A new ward code: 8 random characters (40 bits), written `K7M2-Q9PX`. */
export function newClockCode(): string {
  let code = '';
  for (let i = 0; i < 8; i++) code += CODE_ALPHABET[randomInt(CODE_ALPHABET.length)];
  return `${code.slice(0, 4)}-${code.slice(4)}`;
}
/** A code as typed or as its QR code reads (the clock page's address, `?code=`), for comparing. */
export function normaliseCode(text: string): string {
  const inLink = /[?&]code=([^&#]*)/.exec(text);
  let code = text;
  if (inLink) {
    try {
      code = decodeURIComponent(inLink[1]!);
    } catch {
      code = inLink[1]!;
    }
  }
  return code
    .toUpperCase()
    .replace(/[^0-9A-Z]/g, '')
    .replace(/O/g, '0')
    .replace(/[IL]/g, '1');
}
const codesMatch = (given: string, stored: string | null): boolean => {
  if (!stored) return false;
  const a = Buffer.from(normaliseCode(given));
  const b = Buffer.from(normaliseCode(stored));
  return a.length === b.length && timingSafeEqual(a, b);
};

/**
 * The time clock and timesheets. A person clocks in and out from their phone; each clock-in is matched to
 * their nearest published shift (`timeclock/hours.ts`) and flagged late past the grace, where the shift's
 * ward asks for its code it is checked. Their record is locked meanwhile, and one open entry a person is
 * also a unique index, so a double clock-in is a 409 however it arrives. Timesheets are computed on every
 * read from the entries and the published shifts (missed shifts too), in the organisation's time zone; a
 * manager's or HR's approval of a person's period is kept with its totals, and the entries of an approved
 * period change no more until it is reopened.
 */
export class TimeClockStore {
  constructor(
    private readonly db: Db,
    private readonly templates: ShiftTemplateStore,
    private readonly now: () => Date,
  ) {}

  // ---- The clock ---------------------------------------------------------------------------------

  /** Clocks the caller in or out; answers their state afterwards. */
  async clock(actor: OrgActor, body: ClockBody): Promise<MyClock> {
    const timeZone = zoneOf(actor);
    const at = this.now();
    try {
      await this.db.transaction(async (tx) => {
        const me = await this.ownRecord(tx, actor, true);
        const [open] = await tx
          .select()
          .from(entries)
          .where(and(eq(entries.staffRecordId, me.id), isNull(entries.clockOut)));
        if (body.action === 'in') {
          if (open) throw alreadyIn();
          await this.refuseApproved(tx, me.id, [wallClockOf(at, timeZone).day]);
          const shift = matchShift(await this.shiftsAround(tx, me.id, at, timeZone), at);
          const departmentId = shift?.departmentId ?? me.departmentId;
          const [ward] = departmentId
            ? await tx.select().from(departments).where(eq(departments.id, departmentId))
            : [];
          const withCode = !!body.qr && codesMatch(body.qr, ward?.clockCode ?? null);
          if (ward?.clockCodeRequired && !withCode)
            throw new HttpError(
              422,
              body.qr
                ? 'This is not the ward’s clock-in code.'
                : 'This ward asks for its code: scan its QR code or type the code.',
              body.qr ? CoreErrors.clockCodeWrong : CoreErrors.clockCodeRequired,
            );
          // Late counts once a shift: clocking back in after a break is not late again.
          const [before] = shift
            ? await tx
                .select({ id: entries.id })
                .from(entries)
                .where(and(eq(entries.staffRecordId, me.id), eq(entries.assignmentId, shift.assignmentId)))
                .limit(1)
            : [];
          const minutes = shift && !before ? minutesLate(shift, at) : 0;
          const [row] = await tx
            .insert(entries)
            .values({
              orgId: me.orgId,
              staffRecordId: me.id,
              departmentId: departmentId ?? null,
              assignmentId: shift?.assignmentId ?? null,
              clockIn: at,
              minutesLate: minutes,
              late: isLate(minutes),
              withCode,
              createdAt: at,
            })
            .returning();
          await this.recorded(tx, row!, 'in', at);
        } else {
          if (!open) throw conflict('You are not clocked in.', CoreErrors.clockNotIn);
          await this.refuseApproved(tx, me.id, [wallClockOf(open.clockIn, timeZone).day]);
          const [row] = await tx
            .update(entries)
            .set({ clockOut: at < open.clockIn ? open.clockIn : at })
            .where(eq(entries.id, open.id))
            .returning();
          await this.recorded(tx, row!, 'out', at);
        }
      });
    } catch (err) {
      if (isUniqueViolation(err)) throw alreadyIn();
      throw err;
    }
    return this.mine(actor);
  }

  /** The caller's state: clocked in or not, the shift a clock-in now would be for, today's entries. */
  async mine(actor: OrgActor): Promise<MyClock> {
    const timeZone = zoneOf(actor);
    const at = this.now();
    const me = await this.ownRecord(this.db, actor);
    const today = wallClockOf(at, timeZone).day;
    const shifts = await this.shiftsAround(this.db, me.id, at, timeZone);
    const current = matchShift(shifts, at);
    const next = shifts
      .filter((s) => s.start > at && s.start.getTime() - at.getTime() <= 24 * HOUR)
      .sort((a, b) => a.start.getTime() - b.start.getTime())[0];
    const rows = await this.db
      .select()
      .from(entries)
      .where(
        and(
          eq(entries.staffRecordId, me.id),
          or(gte(entries.clockIn, new Date(at.getTime() - 24 * HOUR)), isNull(entries.clockOut)),
        ),
      )
      .orderBy(desc(entries.clockIn));
    const shiftOf = await this.shiftsById(this.db, rows, shifts, timeZone);
    let codeRequired = current?.codeRequired ?? false;
    if (!current && me.departmentId) {
      const [own] = await this.db
        .select({ required: departments.clockCodeRequired })
        .from(departments)
        .where(eq(departments.id, me.departmentId));
      codeRequired = own?.required ?? false;
    }
    const open = rows.find((r) => !r.clockOut);
    return {
      state: open ? 'in' : 'out',
      timeZone,
      today,
      open: open ? entryOf(open, shiftOf) : null,
      shift: publicShift(current ?? next ?? null),
      codeRequired,
      entries: rows.map((r) => entryOf(r, shiftOf)),
    };
  }

  /** A ward's code, to print: HR and the ward's manager. */
  async code(actor: OrgActor, departmentId: string): Promise<ClockCode> {
    const ward = await this.templates.department(actor, departmentId);
    return {
      departmentId: ward.id,
      departmentName: ward.name,
      code: ward.clockCode,
      required: ward.clockCodeRequired,
    };
  }

  /** Whether a ward asks for its code, and a new code (`rotate`, or the first): audited, never the code. */
  async setCode(
    claims: Claims,
    actor: OrgActor,
    departmentId: string,
    body: ClockCodeBody,
    request: RequestInfo,
  ): Promise<ClockCode> {
    const ward = await this.templates.department(actor, departmentId);
    const rotated = body.rotate === true || !ward.clockCode;
    return this.db.transaction(async (tx) => {
      const [row] = await tx
        .update(departments)
        .set({ clockCodeRequired: body.required, ...(rotated && { clockCode: newClockCode() }) })
        .where(eq(departments.id, ward.id))
        .returning();
      await recordAdminAction(tx, schema.outbox, 'core', {
        actor: claims,
        action: 'department.clock-code',
        target: { module: 'core', kind: 'department', id: ward.id, label: ward.name },
        before: { required: ward.clockCodeRequired },
        after: { required: body.required, newCode: rotated },
        request,
      });
      return {
        departmentId: row!.id,
        departmentName: row!.name,
        code: row!.clockCode,
        required: row!.clockCodeRequired,
      };
    });
  }

  /**
   * A manager (the person's) or HR corrects an entry, saying why: a forgotten clock-out closed, a time put
   * right. Not in an approved period (409); never in the future, never ending before it starts, at most a
   * day long (422). The late flag follows the new clock-in. Audited.
   */
  async correct(
    claims: Claims,
    actor: OrgActor,
    id: string,
    body: ClockCorrectionBody,
    request: RequestInfo,
  ): Promise<ClockEntry> {
    const timeZone = zoneOf(actor);
    return this.db.transaction(async (tx) => {
      const [found] = await tx
        .select({ entry: entries, member: staff })
        .from(entries)
        .innerJoin(staff, eq(staff.id, entries.staffRecordId))
        .where(and(eq(entries.id, id), eq(entries.orgId, actor.organisationId)));
      if (!found) throw notFound('No such clock entry.', CoreErrors.clockEntryNotFound);
      this.mayDecide(actor, found.member);
      await tx.select({ id: staff.id }).from(staff).where(eq(staff.id, found.member.id)).for('update');
      const [entry] = await tx.select().from(entries).where(eq(entries.id, id));
      const clockIn = body.clockIn ? new Date(body.clockIn) : entry!.clockIn;
      const clockOut = body.clockOut ? new Date(body.clockOut) : entry!.clockOut;
      const invalid = (message: string) => new HttpError(422, message, CoreErrors.clockTimesInvalid);
      if (clockIn > this.now() || (clockOut && clockOut > this.now()))
        throw invalid('A clock entry cannot be in the future.');
      if (clockOut && clockOut <= clockIn) throw invalid('The clock-out must be after the clock-in.');
      if (clockOut && clockOut.getTime() - clockIn.getTime() > MAX_ENTRY_HOURS * HOUR)
        throw invalid(`An entry lasts at most ${MAX_ENTRY_HOURS} hours.`);
      await this.refuseApproved(tx, found.member.id, [
        wallClockOf(entry!.clockIn, timeZone).day,
        wallClockOf(clockIn, timeZone).day,
      ]);
      const [shift] = entry!.assignmentId
        ? await this.shifts(tx, eq(assignments.id, entry!.assignmentId), timeZone)
        : [];
      // Late is the shift's first clock-in's alone: a later one (after a break) stays on time.
      const [earlier] = shift
        ? await tx
            .select({ id: entries.id })
            .from(entries)
            .where(
              and(
                eq(entries.assignmentId, shift.assignmentId),
                ne(entries.id, id),
                lt(entries.clockIn, clockIn),
              ),
            )
            .limit(1)
        : [];
      const minutes = shift && !earlier ? minutesLate(shift, clockIn) : 0;
      const [row] = await tx
        .update(entries)
        .set({
          clockIn,
          clockOut,
          ...(shift && body.clockIn && { minutesLate: minutes, late: isLate(minutes) }),
          correctedBy: actor.personId,
          correctionReason: body.reason.trim(),
        })
        .where(eq(entries.id, id))
        .returning();
      await recordAdminAction(tx, schema.outbox, 'core', {
        actor: claims,
        action: 'clock.correct',
        target: { module: 'core', kind: 'clock-entry', id, label: found.member.name },
        before: { clockIn: entry!.clockIn.toISOString(), clockOut: entry!.clockOut?.toISOString() ?? null },
        after: {
          clockIn: clockIn.toISOString(),
          clockOut: clockOut?.toISOString() ?? null,
          reason: body.reason,
        },
        request,
      });
      return entryOf(row!, new Map(shift ? [[shift.assignmentId, shift]] : []));
    });
  }

  /**
   * One person's entries over a period (by their clock-in's day on the organisation's clock), a page of them
   * by clock-in, with their timesheet for it: for the person (their own without `staffId`), their manager
   * or HR, who correct them from it. Anyone else, and another organisation's staff, get a 404 and nothing.
   */
  async entryList(actor: OrgActor, query: ClockEntryQuery) {
    const { from, to } = period(query);
    const { limit, offset } = pageOf(query);
    const timeZone = zoneOf(actor);
    // The timesheets' scope (`scopeWhere`): outside it, as in another organisation, the record is not found.
    const [member] = query.staffId
      ? await this.db
          .select()
          .from(staff)
          .where(and(eq(staff.id, query.staffId), scopeWhere(actor)))
      : [await this.ownRecord(this.db, actor)];
    if (!member) throw notFound('No such member of your organisation.', CoreErrors.staffNotFound);
    const span = periodSpan(from, to, timeZone);
    const where = and(
      eq(entries.staffRecordId, member.id),
      gte(entries.clockIn, span.start),
      lt(entries.clockIn, span.end),
    );
    const [found, [counted], [timesheet], approved] = await Promise.all([
      this.db
        .select({ entry: entries, correctedBy: schema.people.name })
        .from(entries)
        .leftJoin(schema.people, eq(schema.people.id, entries.correctedBy))
        .where(where)
        .orderBy(asc(entries.clockIn), asc(entries.id))
        .limit(limit)
        .offset(offset),
      this.db.select({ total: count() }).from(entries).where(where),
      this.sheets(this.db, actor, [member], from, to),
      this.db
        .select({ from: approvals.fromDay, to: approvals.toDay })
        .from(approvals)
        .where(and(eq(approvals.staffRecordId, member.id), isNull(approvals.reopenedAt))),
    ]);
    const rows = found.map((f) => f.entry);
    const shiftOf = await this.shiftsById(this.db, rows, [], timeZone);
    const now = this.now();
    const local = (at: Date) => {
      const { day, minutes } = wallClockOf(at, timeZone);
      const whole = Math.floor(minutes);
      return { day, time: `${pad(Math.floor(whole / 60))}:${pad(whole % 60)}` };
    };
    const data: ClockEntryLine[] = found.map(({ entry, correctedBy }) => {
      const line = entryOf(entry, shiftOf);
      const shift = entry.assignmentId ? shiftOf.get(entry.assignmentId) : undefined;
      const inLocal = local(entry.clockIn);
      return {
        ...line,
        clockInLocal: inLocal,
        clockOutLocal: entry.clockOut ? local(entry.clockOut) : null,
        missedClockOut:
          !entry.clockOut &&
          (shift ? shift.end <= now : now.getTime() - entry.clockIn.getTime() >= MAX_ENTRY_HOURS * HOUR),
        correctedBy: entry.correctedBy ? (correctedBy ?? '') : null,
        locked: approved.some((a) => a.from <= inLocal.day && inLocal.day <= a.to),
      };
    });
    return {
      data,
      total: Number(counted?.total ?? 0),
      timeZone,
      timesheet: timesheet!,
      canCorrect: timesheet!.approvable,
    };
  }

  // ---- Timesheets --------------------------------------------------------------------------------

  /** Each person's timesheet for the period within the caller's scope (staff: their own), by name. */
  async timesheets(actor: OrgActor, query: TimesheetQuery, cap?: number) {
    const { from, to } = period(query);
    const { limit, offset } = cap ? { limit: cap + 1, offset: 0 } : pageOf(query);
    const where = filterWhere(actor, query);
    const members = await this.db
      .select()
      .from(staff)
      .where(where)
      .orderBy(asc(staff.name), asc(staff.id))
      .limit(limit)
      .offset(offset);
    const [{ total }] = (await this.db.select({ total: count() }).from(staff).where(where)) as [
      { total: number },
    ];
    return { data: await this.sheets(this.db, actor, members, from, to), total, members };
  }

  /** The payroll file's rows: each timesheet with the identifiers the caller may see (HR: national ID…). */
  async payrollRows(actor: OrgActor, filter: TimesheetFilter, cap: number) {
    const { data, members } = await this.timesheets(actor, { ...filter, page: 1, limit: 1 }, cap);
    if (data.length > cap) return null;
    const byId = new Map(members.map((m) => [m.id, m]));
    return data.map((sheet) => {
      const m = byId.get(sheet.staffId)!;
      const sensitive = canSeeSensitive(actor, placement(m));
      return {
        sheet,
        email: m.email,
        nationalId: sensitive ? m.nationalId : null,
        kraPin: sensitive ? m.kraPin : null,
        nssfNumber: sensitive ? m.nssfNumber : null,
      };
    });
  }

  /**
   * The person's manager or HR approves their timesheet for a period, once: not their own (403), not over
   * a period already approved (409), not while an entry in it is still open (409). The totals are kept;
   * audited; `core.timesheet.approved.v1`.
   */
  async approve(
    claims: Claims,
    actor: OrgActor,
    body: TimesheetApproveBody,
    request: RequestInfo,
  ): Promise<TimesheetApproval> {
    const { from, to } = period(body);
    return this.db.transaction(async (tx) => {
      const [member] = await tx
        .select()
        .from(staff)
        .where(and(eq(staff.id, body.staffId), eq(staff.orgId, actor.organisationId)))
        .for('update');
      if (!member) throw notFound('No such member of your organisation.', CoreErrors.staffNotFound);
      this.mayDecide(actor, member);
      const [clash] = await tx
        .select({ id: approvals.id })
        .from(approvals)
        .where(
          and(
            eq(approvals.staffRecordId, member.id),
            isNull(approvals.reopenedAt),
            lte(approvals.fromDay, to),
            gte(approvals.toDay, from),
          ),
        )
        .limit(1);
      if (clash)
        throw conflict(
          'This timesheet is already approved for some of these days.',
          CoreErrors.timesheetAlreadyApproved,
        );
      const [sheet] = await this.sheets(tx, actor, [member], from, to);
      if (sheet!.totals.open > 0)
        throw conflict(
          'An entry in this period is not clocked out: correct it first.',
          CoreErrors.timesheetOpenEntry,
        );
      const [row] = await tx
        .insert(approvals)
        .values({
          orgId: member.orgId,
          staffRecordId: member.id,
          fromDay: from,
          toDay: to,
          totals: sheet!.totals,
          approvedBy: actor.personId,
          approvedByName: claims.name,
          approvedAt: this.now(),
        })
        .returning();
      const data: TimesheetApprovedData = {
        organisationId: member.orgId,
        staffId: member.id,
        approvalId: row!.id,
        from,
        to,
        totals: sheet!.totals,
      };
      await enqueue(tx, schema.outbox, [makeEnvelope(CoreEvents.timesheetApproved, data)]);
      await recordAdminAction(tx, schema.outbox, 'core', {
        actor: claims,
        action: 'timesheet.approve',
        target: { module: 'core', kind: 'timesheet', id: row!.id, label: `${member.name}, ${from} – ${to}` },
        after: { from, to, totals: sheet!.totals },
        request,
      });
      return approvalOf(row!);
    });
  }

  /** Reopens an approval so the period's entries may change again; why is kept. Audited. */
  async reopen(claims: Claims, actor: OrgActor, id: string, reason: string, request: RequestInfo) {
    return this.db.transaction(async (tx) => {
      const [found] = await tx
        .select({ approval: approvals, member: staff })
        .from(approvals)
        .innerJoin(staff, eq(staff.id, approvals.staffRecordId))
        .where(and(eq(approvals.id, id), eq(approvals.orgId, actor.organisationId)));
      if (!found) throw notFound('No such timesheet approval.', CoreErrors.timesheetApprovalNotFound);
      this.mayDecide(actor, found.member);
      const [row] = await tx
        .update(approvals)
        .set({ reopenedAt: this.now(), reopenedBy: actor.personId, reopenReason: reason.trim() })
        .where(and(eq(approvals.id, id), isNull(approvals.reopenedAt)))
        .returning();
      if (!row) throw conflict('This timesheet was already reopened.', CoreErrors.timesheetReopened);
      await recordAdminAction(tx, schema.outbox, 'core', {
        actor: claims,
        action: 'timesheet.reopen',
        target: {
          module: 'core',
          kind: 'timesheet',
          id,
          label: `${found.member.name}, ${row.fromDay} – ${row.toDay}`,
        },
        before: { totals: found.approval.totals },
        after: { reason: reason.trim() },
        request,
      });
      return approvalOf(row);
    });
  }

  // ---- Internals ---------------------------------------------------------------------------------

  /** Their manager or HR decides on a person's time; nobody on their own. */
  private mayDecide(actor: OrgActor, member: StaffRow) {
    if (member.personId !== null && member.personId === actor.personId)
      throw forbidden('Someone else approves your own time.', CoreErrors.timesheetOwn);
    if (!canDecideLeave(actor, placement(member)))
      throw forbidden('Only their manager or HR decides on this person’s time.');
  }

  private async ownRecord(db: Db | Tx, actor: OrgActor, lock = false): Promise<StaffRow> {
    const query = db
      .select()
      .from(staff)
      .where(
        and(eq(staff.orgId, actor.organisationId), eq(staff.personId, actor.personId), isNull(staff.leftAt)),
      );
    const [row] = lock ? await query.for('update') : await query;
    if (!row) throw notFoundStaff();
    return row;
  }

  /** 409 when one of `days` is in an approved (not reopened) period of the person's. */
  private async refuseApproved(db: Db | Tx, staffId: string, days: LocalDate[]) {
    const [hit] = await db
      .select({ id: approvals.id })
      .from(approvals)
      .where(
        and(
          eq(approvals.staffRecordId, staffId),
          isNull(approvals.reopenedAt),
          or(...days.map((d) => and(lte(approvals.fromDay, d), gte(approvals.toDay, d)))),
        ),
      )
      .limit(1);
    if (hit) throw approvedPeriod();
  }

  /** The person's published shifts from the day before `at` to the day after (a night began yesterday). */
  private shiftsAround(db: Db | Tx, staffId: string, at: Date, timeZone: string) {
    const today = wallClockOf(at, timeZone).day;
    return this.shifts(
      db,
      and(
        eq(assignments.staffRecordId, staffId),
        gte(assignments.day, addDays(today, -1)),
        lte(assignments.day, addDays(today, 1)),
      )!,
      timeZone,
    );
  }

  /** Published shifts matching `where`, placed in time in the organisation's zone. */
  private async shifts(db: Db | Tx, where: SQL, timeZone: string): Promise<Shift[]> {
    const rows = await db
      .select({
        assignmentId: assignments.id,
        staffId: assignments.staffRecordId,
        day: assignments.day,
        name: schema.shiftTemplates.name,
        startsAt: schema.shiftTemplates.startsAt,
        endsAt: schema.shiftTemplates.endsAt,
        departmentId: schema.rosters.departmentId,
        departmentName: departments.name,
        codeRequired: departments.clockCodeRequired,
      })
      .from(assignments)
      .innerJoin(schema.rosters, eq(schema.rosters.id, assignments.rosterId))
      .innerJoin(schema.shiftTemplates, eq(schema.shiftTemplates.id, assignments.templateId))
      .innerJoin(departments, eq(departments.id, schema.rosters.departmentId))
      .where(and(where, eq(schema.rosters.status, 'published')));
    return rows.map((r) => {
      const { start, end } = spanIn(r.day, r, timeZone);
      return { ...r, start, end };
    });
  }

  /** The shifts of `rows`' entries: those already read, else read by id. */
  private async shiftsById(db: Db | Tx, rows: EntryRow[], known: Shift[], timeZone: string) {
    const byId = new Map(known.map((s) => [s.assignmentId, s]));
    const missing = [
      ...new Set(rows.map((r) => r.assignmentId).filter((id): id is string => !!id && !byId.has(id))),
    ];
    if (missing.length)
      for (const s of await this.shifts(db, inArray(assignments.id, missing), timeZone))
        byId.set(s.assignmentId, s);
    return byId;
  }

  /** Timesheets of `members` for the period: their entries and published shifts read at once. */
  private async sheets(
    db: Db | Tx,
    actor: OrgActor,
    members: StaffRow[],
    from: LocalDate,
    to: LocalDate,
  ): Promise<Timesheet[]> {
    if (!members.length) return [];
    const timeZone = zoneOf(actor);
    const ids = members.map((m) => m.id);
    const span = periodSpan(from, to, timeZone);
    const [entryRows, shiftRows, approvalRows, wards] = await Promise.all([
      db
        .select({
          id: entries.id,
          staffId: entries.staffRecordId,
          clockIn: entries.clockIn,
          clockOut: entries.clockOut,
          assignmentId: entries.assignmentId,
          late: entries.late,
        })
        .from(entries)
        .where(
          and(
            inArray(entries.staffRecordId, ids),
            gte(entries.clockIn, span.start),
            lt(entries.clockIn, span.end),
          ),
        ),
      this.shifts(
        db,
        and(inArray(assignments.staffRecordId, ids), gte(assignments.day, from), lte(assignments.day, to))!,
        timeZone,
      ),
      db
        .select()
        .from(approvals)
        .where(
          and(
            inArray(approvals.staffRecordId, ids),
            isNull(approvals.reopenedAt),
            lte(approvals.fromDay, to),
            gte(approvals.toDay, from),
          ),
        )
        .orderBy(asc(approvals.fromDay)),
      db
        .select({ id: departments.id, name: departments.name })
        .from(departments)
        .where(eq(departments.orgId, actor.organisationId)),
    ]);
    const group = <T extends { staffId: string }>(rows: T[]) => {
      const by = new Map<string, T[]>();
      for (const r of rows) by.set(r.staffId, [...(by.get(r.staffId) ?? []), r]);
      return by;
    };
    const entriesOf = group(entryRows);
    const shiftsOf = group(shiftRows);
    const approvalsOf = group(approvalRows.map((a) => ({ ...a, staffId: a.staffRecordId })));
    const wardName = new Map(wards.map((w) => [w.id, w.name]));
    const now = this.now();
    return members.map((m) => {
      const approval = approvalsOf.get(m.id)?.[0];
      return {
        staffId: m.id,
        name: m.name,
        departmentId: m.departmentId,
        departmentName: m.departmentId ? (wardName.get(m.departmentId) ?? null) : null,
        from,
        to,
        totals: totalsOf(entriesOf.get(m.id) ?? [], shiftsOf.get(m.id) ?? [], now, timeZone),
        approval: approval ? approvalOf(approval) : null,
        approvable:
          !(m.personId !== null && m.personId === actor.personId) && canDecideLeave(actor, placement(m)),
        openEntries: (entriesOf.get(m.id) ?? [])
          .filter((e) => !e.clockOut)
          .map((e) => ({ id: e.id, clockIn: e.clockIn.toISOString() })),
      };
    });
  }

  private async recorded(tx: Tx, row: EntryRow, action: 'in' | 'out', at: Date) {
    const data: ClockRecordedData = {
      organisationId: row.orgId,
      staffId: row.staffRecordId,
      entryId: row.id,
      action,
      at: at.toISOString(),
      assignmentId: row.assignmentId,
      late: row.late,
    };
    await enqueue(tx, schema.outbox, [makeEnvelope(CoreEvents.clockRecorded, data)]);
  }
}

const alreadyIn = () => conflict('You are already clocked in.', CoreErrors.clockAlreadyIn);
const pad = (n: number) => String(n).padStart(2, '0');
const zoneOf = (actor: OrgActor) => actor.timeZone ?? DEFAULT_TIME_ZONE;

/** A period of real days in order, at most `TIMESHEET_MAX_DAYS` long (400 otherwise). */
function period(query: { from: string; to: string }): { from: LocalDate; to: LocalDate } {
  const from = parseIsoDate(query.from);
  const to = parseIsoDate(query.to);
  if (!from || !to || to < from || daysBetween(from, to) >= TIMESHEET_MAX_DAYS)
    throw badRequest(
      `A timesheet covers real days in order, at most ${TIMESHEET_MAX_DAYS} of them.`,
      CoreErrors.timesheetPeriod,
    );
  return { from, to };
}

const filterWhere = (actor: OrgActor, filter: Pick<TimesheetFilter, 'departmentId' | 'search'>) =>
  and(
    scopeWhere(actor),
    filter.departmentId ? eq(staff.departmentId, filter.departmentId) : undefined,
    textSearch(staff.name, filter.search),
  );

const publicShift = (s: Shift | null): ClockShift | null =>
  s && {
    assignmentId: s.assignmentId,
    day: s.day,
    name: s.name,
    departmentId: s.departmentId,
    departmentName: s.departmentName,
    startsAt: s.startsAt,
    endsAt: s.endsAt,
    start: s.start.toISOString(),
    end: s.end.toISOString(),
    codeRequired: s.codeRequired,
  };

const entryOf = (row: EntryRow, shifts: Map<string, Shift>): ClockEntry => ({
  id: row.id,
  clockIn: row.clockIn.toISOString(),
  clockOut: row.clockOut?.toISOString() ?? null,
  minutesLate: row.minutesLate,
  late: row.late,
  shift: publicShift((row.assignmentId && shifts.get(row.assignmentId)) || null),
  correctionReason: row.correctionReason,
});

const approvalOf = (row: ApprovalRow): TimesheetApproval => ({
  id: row.id,
  staffId: row.staffRecordId,
  from: row.fromDay,
  to: row.toDay,
  approvedAt: row.approvedAt.toISOString(),
  approvedBy: row.approvedByName,
  totals: row.totals as TimesheetTotals,
  reopenedAt: row.reopenedAt?.toISOString() ?? null,
  reopenReason: row.reopenReason,
});
