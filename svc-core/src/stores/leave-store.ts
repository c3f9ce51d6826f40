import { and, asc, count, desc, eq, gte, inArray, isNull, lte, ne, or, sql, type SQL } from 'drizzle-orm';
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
import { daysBetween, localDateOf, parseIsoDate, type LocalDate } from '../domain/dates';
import {
  balanceOf,
  countLeaveDays,
  eligibleFrom,
  halfPayDays,
  leaveYearOf,
  MAX_REQUEST_DAYS,
  needsDocument,
  type LeaveOpening,
  type LeaveStatus,
} from '../domain/leave';
import { can, canDecideLeave, canSeeStaff, type OrgActor } from '../domain/roles';
import { LEAVE_PRESET_CODES, LEAVE_PRESETS, leaveTypeName } from '../leave/statutory';
import { PRESET_HOLIDAYS } from '../leave/holidays';
import { leaveDecidedNotice, leaveRequestedNotice } from '../notices';
import {
  CoreErrors,
  CoreEvents,
  type AwayQuery,
  type BalancesQuery,
  type HolidayBody,
  type HolidayChangeBody,
  type HolidayQuery,
  type LeaveBalance,
  type LeaveDecisionBody,
  type LeaveEventData,
  type LeaveOpeningBody,
  type LeaveQuote,
  type LeaveQuoteQuery,
  type LeaveRequest,
  type LeaveRequestBody,
  type LeaveRequestQuery,
  type LeaveRequestsCsvQuery,
  type LeaveType,
  type LeaveTypeBody,
  type LeaveTypeChangeBody,
  type PersonBalances,
  type PublicHoliday,
} from '../../contract';
import type { Db, OrgStore, Tx } from './org-store';
import { scopeWhere } from './staff-store';
import { storedFile } from './document-files';
import { documentWaiver, leaveFileInfo, leaveFileJoin } from '../leave/documents';

type Claims = Pick<AccessClaims, 'sub' | 'name' | 'email' | 'role' | 'orgId'>;
type RequestInfo = { ip?: string; id?: string };
type TypeRow = typeof schema.leaveTypes.$inferSelect;
type RequestRow = typeof schema.leaveRequests.$inferSelect;
type HolidayRow = typeof schema.publicHolidays.$inferSelect;
type StaffRow = typeof schema.staffRecords.$inferSelect;
type OpeningRow = typeof schema.leaveOpeningBalances.$inferSelect;

const types = schema.leaveTypes;
const requests = schema.leaveRequests;
const holidays = schema.publicHolidays;
const staff = schema.staffRecords;
const openings = schema.leaveOpeningBalances;

const notFoundType = () => notFound('No such leave type.', CoreErrors.leaveTypeNotFound);
const notFoundRequest = () => notFound('No such leave request.', CoreErrors.leaveRequestNotFound);
const notFoundStaff = () =>
  notFound('You have no staff record in this organisation.', CoreErrors.staffNotFound);
const unprocessable = (message: string, code: string) => new HttpError(422, message, code);

/** Active first, the presets in the law's order, then HR's own by when they were added. */
const typeOrder = [
  desc(types.active),
  asc(
    sql`array_position(${sql.raw(`array[${LEAVE_PRESET_CODES.map((c) => `'${c}'`).join(',')}]`)}::text[], ${types.code})`,
  ),
  asc(types.createdAt),
  asc(sql`lower(${types.name})`),
  asc(types.id),
];

/** Requests that hold days: they count against balances and clash with new ones. */
const HOLDING: LeaveStatus[] = ['pending', 'approved'];

/** Who is asking for leave: a member's record, placed for the scope rules. */
type Member = Pick<
  StaffRow,
  'id' | 'orgId' | 'personId' | 'name' | 'departmentId' | 'locationId' | 'startDate'
>;
const placement = (m: Pick<Member, 'orgId' | 'personId' | 'departmentId' | 'locationId'>) => ({
  organisationId: m.orgId,
  personId: m.personId,
  departmentId: m.departmentId,
  locationId: m.locationId,
});

/** What a request counts and leaves, before it is saved (the quote) or as it is saved. */
interface Plan extends LeaveQuote {
  byYear: Record<string, number>;
}

/**
 * Leave: each organisation's leave types (Kenya's statutory ones preset) and public holidays (its country's
 * preset), members' requests and their managers' or HR's decisions, balances per leave year, who is away.
 * Balances are computed from the requests (`domain/leave.ts`), never stored, so a type's new rules apply
 * to every year at once; a request's days are fixed when it is made.
 */
export class LeaveStore {
  constructor(
    private readonly db: Db,
    private readonly orgs: OrgStore,
    private readonly now: () => Date,
  ) {}

  /** Today in the organisation's time zone (`OrgActor.timeZone`). */
  private today = (timeZone: string): LocalDate => localDateOf(this.now(), timeZone);

  /** The preset types and the country's holidays, added the first time anyone uses leave (once). */
  async seed(orgId: string): Promise<void> {
    await this.db.transaction(async (tx) => {
      const [first] = await tx
        .update(schema.organisations)
        .set({ leaveSeeded: true })
        .where(and(eq(schema.organisations.id, orgId), eq(schema.organisations.leaveSeeded, false)))
        .returning({ country: schema.organisations.country });
      if (!first) return;
      const at = this.now();
      await tx
        .insert(types)
        .values(
          LEAVE_PRESETS.map(({ name, ...preset }) => ({
            ...preset,
            orgId,
            name: name.en,
            createdAt: at,
            updatedAt: at,
          })),
        )
        .onConflictDoNothing();
      const preset = PRESET_HOLIDAYS[first.country] ?? [];
      if (preset.length)
        await tx
          .insert(holidays)
          .values(preset.map((h) => ({ orgId, country: first.country, day: h.date, name: h.name })))
          .onConflictDoNothing();
    });
  }

  // ---- Types -------------------------------------------------------------------------------------

  async types(actor: OrgActor, query: { page?: number; limit?: number }) {
    await this.seed(actor.organisationId);
    const { limit, offset } = pageOf(query);
    const where = eq(types.orgId, actor.organisationId);
    const rows = await this.db
      .select()
      .from(types)
      .where(where)
      .orderBy(...typeOrder)
      .limit(limit)
      .offset(offset);
    const [{ total }] = (await this.db.select({ total: count() }).from(types).where(where)) as [
      { total: number },
    ];
    return { data: rows.map(typeOf), total };
  }

  async createType(claims: Claims, actor: OrgActor, body: LeaveTypeBody, request: RequestInfo) {
    if (!can(actor, 'leave.manage')) throw forbidden('Only HR sets the leave types.');
    await this.seed(actor.organisationId);
    return this.savingType(async (tx) => {
      const at = this.now();
      const [row] = await tx
        .insert(types)
        .values({
          orgId: actor.organisationId,
          code: null,
          name: body.name.trim(),
          accrual: body.accrual,
          daysPerYear: body.daysPerYear,
          carryOverCap: body.carryOverCap === undefined ? 0 : body.carryOverCap,
          countsWeekends: body.countsWeekends,
          countsHolidays: body.countsHolidays,
          allowNegative: body.allowNegative ?? false,
          minServiceMonths: body.minServiceMonths ?? 0,
          halfPayAfterDays: body.halfPayAfterDays ?? null,
          documentsRequired: body.documentsRequired?.trim() ?? null,
          documentsAfterDays: body.documentsAfterDays ?? null,
          paid: body.paid ?? true,
          createdAt: at,
          updatedAt: at,
        })
        .returning();
      await this.audit(tx, claims, 'leave-type.create', 'leave-type', row!.id, row!.name, request, {
        after: typeOf(row!),
      });
      return typeOf(row!);
    });
  }

  /** HR changes any of a type's rules; requests already made keep the days they counted. */
  async changeType(
    claims: Claims,
    actor: OrgActor,
    id: string,
    body: LeaveTypeChangeBody,
    request: RequestInfo,
  ) {
    if (!can(actor, 'leave.manage')) throw forbidden('Only HR sets the leave types.');
    return this.savingType(async (tx) => {
      const [row] = await tx
        .select()
        .from(types)
        .where(and(eq(types.id, id), eq(types.orgId, actor.organisationId)))
        .for('update');
      if (!row) throw notFoundType();
      const change = Object.fromEntries(
        Object.entries(body).filter(([, value]) => value !== undefined),
      ) as Partial<TypeRow>;
      if (typeof change.name === 'string') change.name = change.name.trim();
      if (typeof change.documentsRequired === 'string')
        change.documentsRequired = change.documentsRequired.trim();
      const [updated] = await tx
        .update(types)
        .set({ ...change, updatedAt: this.now() })
        .where(eq(types.id, id))
        .returning();
      await this.audit(tx, claims, 'leave-type.change', 'leave-type', id, row.name, request, {
        before: typeOf(row),
        after: typeOf(updated!),
      });
      return typeOf(updated!);
    });
  }

  // ---- Public holidays ---------------------------------------------------------------------------

  async holidays(actor: OrgActor, query: HolidayQuery) {
    await this.seed(actor.organisationId);
    const { limit, offset } = pageOf({ page: query.page, limit: query.limit ?? 100 });
    const country = query.country ?? (await this.countryOf(actor.organisationId));
    const where = and(
      eq(holidays.orgId, actor.organisationId),
      eq(holidays.country, country),
      query.year
        ? and(gte(holidays.day, `${query.year}-01-01`), lte(holidays.day, `${query.year}-12-31`))
        : undefined,
    );
    const rows = await this.db
      .select()
      .from(holidays)
      .where(where)
      .orderBy(asc(holidays.day), asc(holidays.id))
      .limit(limit)
      .offset(offset);
    const [{ total }] = (await this.db.select({ total: count() }).from(holidays).where(where)) as [
      { total: number },
    ];
    return { data: rows.map(holidayOf), total, limit };
  }

  async addHoliday(claims: Claims, actor: OrgActor, body: HolidayBody, request: RequestInfo) {
    if (!can(actor, 'leave.manage')) throw forbidden('Only HR sets the public holidays.');
    const day = realDay(body.date);
    await this.seed(actor.organisationId);
    const country = body.country ?? (await this.countryOf(actor.organisationId));
    const name = body.name.trim();
    return this.savingHoliday(async (tx) => {
      const [row] = await tx
        .insert(holidays)
        .values({ orgId: actor.organisationId, country, day, name: { en: name, sw: name, fr: name } })
        .returning();
      await this.audit(tx, claims, 'holiday.add', 'holiday', row!.id, `${day} ${name}`, request, {
        after: holidayOf(row!),
      });
      return holidayOf(row!);
    });
  }

  async changeHoliday(
    claims: Claims,
    actor: OrgActor,
    id: string,
    body: HolidayChangeBody,
    request: RequestInfo,
  ) {
    if (!can(actor, 'leave.manage')) throw forbidden('Only HR sets the public holidays.');
    const day = body.date === undefined ? undefined : realDay(body.date);
    return this.savingHoliday(async (tx) => {
      const row = await this.holidayIn(tx, actor.organisationId, id);
      const name = body.name?.trim();
      const [updated] = await tx
        .update(holidays)
        .set({ day: day ?? row.day, name: name ? { en: name, sw: name, fr: name } : row.name })
        .where(eq(holidays.id, id))
        .returning();
      await this.audit(tx, claims, 'holiday.change', 'holiday', id, `${row.day} ${row.name.en}`, request, {
        before: holidayOf(row),
        after: holidayOf(updated!),
      });
      return holidayOf(updated!);
    });
  }

  async removeHoliday(claims: Claims, actor: OrgActor, id: string, request: RequestInfo) {
    if (!can(actor, 'leave.manage')) throw forbidden('Only HR sets the public holidays.');
    return this.db.transaction(async (tx) => {
      const row = await this.holidayIn(tx, actor.organisationId, id);
      await tx.delete(holidays).where(eq(holidays.id, id));
      await this.audit(tx, claims, 'holiday.remove', 'holiday', id, `${row.day} ${row.name.en}`, request, {
        before: holidayOf(row),
      });
      return holidayOf(row);
    });
  }

  // ---- Requests ----------------------------------------------------------------------------------

  /** What a request would count and leave, for the caller's own leave; nothing is saved. */
  async quote(actor: OrgActor, ask: LeaveQuoteQuery): Promise<LeaveQuote> {
    await this.seed(actor.organisationId);
    const member = await this.ownRecord(this.db, actor);
    const type = await this.typeIn(this.db, actor.organisationId, ask.typeId);
    const { byYear: _byYear, ...quote } = await this.plan(
      this.db,
      member,
      type,
      ask,
      null,
      false,
      actor.timeZone,
    );
    return quote;
  }

  /**
   * The caller asks for leave: refused when it counts no day, clashes with a request of theirs still
   * holding days (409), or takes a balance below zero where the type does not allow it (409). Their record
   * is locked meanwhile, so two requests at once cannot both pass. Their managers (else HR) are told.
   */
  async request(claims: Claims, actor: OrgActor, body: LeaveRequestBody) {
    await this.seed(actor.organisationId);
    return this.db.transaction(async (tx) => {
      const member = await this.ownRecord(tx, actor, true);
      const type = await this.typeIn(tx, actor.organisationId, body.typeId);
      const plan = await this.plan(tx, member, type, body, null, true, actor.timeZone);
      const [row] = await tx
        .insert(requests)
        .values({
          orgId: actor.organisationId,
          staffRecordId: member.id,
          typeId: type.id,
          fromDay: body.from,
          toDay: body.to,
          halfDay: body.halfDay ?? false,
          days: plan.days,
          daysByYear: plan.byYear,
          halfPayDays: plan.halfPayDays,
          documentRequired: plan.documentRequired,
          note: body.note?.trim() || null,
          createdBy: claims.sub,
          createdAt: this.now(),
        })
        .returning();
      const names = leaveTypeName(type);
      const approvers = await this.approversOf(tx, member);
      await enqueue(tx, schema.outbox, [
        makeEnvelope(CoreEvents.leaveRequested, eventOf(row!, member, type)),
        ...approvers.map((id) => leaveRequestedNotice(id, member.name, names, row!.fromDay, row!.toDay)),
      ]);
      return {
        data: requestOf(row!, member, names),
        balance: { before: plan.balanceBefore, after: plan.balanceAfter },
      };
    });
  }

  /** Requests in the caller's scope (HR: all; a manager: their people and their own; staff: their own). */
  async list(actor: OrgActor, query: LeaveRequestQuery) {
    const { limit, offset } = pageOf(query);
    const where = and(
      scopeWhere(actor),
      eq(requests.orgId, actor.organisationId),
      query.mine ? eq(staff.personId, actor.personId) : undefined,
      query.staffId ? eq(requests.staffRecordId, query.staffId) : undefined,
      query.status ? eq(requests.status, query.status) : undefined,
    );
    const rows = await this.db
      .select({ request: requests, member: staff, type: types, file: leaveFileInfo })
      .from(requests)
      .innerJoin(staff, eq(staff.id, requests.staffRecordId))
      .innerJoin(types, eq(types.id, requests.typeId))
      .leftJoin(schema.leaveRequestFiles, leaveFileJoin)
      .where(where)
      .orderBy(desc(requests.createdAt), asc(requests.id))
      .limit(limit)
      .offset(offset);
    const [{ total }] = (await this.db
      .select({ total: count() })
      .from(requests)
      .innerJoin(staff, eq(staff.id, requests.staffRecordId))
      .where(where)) as [{ total: number }];
    return {
      data: rows.map((r) => requestOf(r.request, r.member, leaveTypeName(r.type), r.file)),
      total,
    };
  }

  /**
   * The requests in the caller's scope for a file (as `list` scopes them) touching `from`..`to`, by first
   * day then name, with who decided each; at most `cap` + 1 rows, so the caller sees when there are more.
   */
  async forExport(actor: OrgActor, query: LeaveRequestsCsvQuery, cap: number) {
    const from = query.from ? realDay(query.from) : undefined;
    const to = query.to ? realDay(query.to) : undefined;
    if (from && to && to < from)
      throw badRequest('to: must not be before from.', CoreErrors.leaveDatesInvalid);
    const decider = schema.people;
    const rows = await this.db
      .select({ request: requests, member: staff, type: types, file: leaveFileInfo, decidedBy: decider.name })
      .from(requests)
      .innerJoin(staff, eq(staff.id, requests.staffRecordId))
      .innerJoin(types, eq(types.id, requests.typeId))
      .leftJoin(schema.leaveRequestFiles, leaveFileJoin)
      .leftJoin(decider, eq(decider.id, requests.decidedBy))
      .where(
        and(
          scopeWhere(actor),
          eq(requests.orgId, actor.organisationId),
          from ? gte(requests.toDay, from) : undefined,
          to ? lte(requests.fromDay, to) : undefined,
          query.status ? eq(requests.status, query.status) : undefined,
          query.departmentId ? eq(staff.departmentId, query.departmentId) : undefined,
        ),
      )
      .orderBy(asc(requests.fromDay), asc(staff.name), asc(requests.id))
      .limit(cap + 1);
    return rows.map((r) => ({
      request: requestOf(r.request, r.member, leaveTypeName(r.type), r.file),
      decidedBy: r.decidedBy,
    }));
  }

  /**
   * The person's manager (their departments' or locations') or HR approves or declines (with a reason) a
   * pending request; nobody decides their own. Approving checks the balance again (HR may have changed the
   * type since). Audited; the person is told in their inbox.
   */
  async decide(
    claims: Claims,
    actor: OrgActor,
    id: string,
    body: LeaveDecisionBody,
    info: RequestInfo,
  ): Promise<LeaveRequest> {
    const reason = body.reason?.trim() || null;
    if (body.status === 'declined' && !reason)
      throw badRequest('Say why the leave is declined.', CoreErrors.leaveReasonRequired);
    return this.db.transaction(async (tx) => {
      const found = await this.requestIn(tx, actor, id);
      const { row, member, type } = found;
      if (!canDecideLeave(actor, placement(member)))
        throw member.personId === actor.personId
          ? forbidden('Someone else decides on your own leave.', CoreErrors.leaveOwnDecision)
          : forbidden('Only their manager or HR decides on this leave.');
      if (row.status !== 'pending')
        throw conflict('This request was already decided or cancelled.', CoreErrors.leaveNotPending);
      const documentWaived = documentWaiver(actor, found, body, reason);
      if (body.status === 'approved' && type.accrual !== 'none' && !type.allowNegative) {
        const held = await this.heldOf(tx, member.id, type.id, row.id);
        for (const [year, days] of Object.entries(row.daysByYear)) {
          const b = this.balance(
            type,
            member,
            Number(year),
            lastDayIn(row.toDay, Number(year)),
            held,
            actor.timeZone,
          );
          if ((b.available ?? 0) - days < 0) throw insufficient();
        }
      }
      const [updated] = await tx
        .update(requests)
        .set({
          status: body.status,
          decisionReason: reason,
          documentWaived,
          decidedBy: claims.sub,
          decidedAt: this.now(),
        })
        .where(eq(requests.id, id))
        .returning();
      const approved = body.status === 'approved';
      const names = leaveTypeName(type);
      await recordAdminAction(tx, schema.outbox, 'core', {
        actor: claims,
        action: documentWaived
          ? 'leave.approve-without-document'
          : approved
            ? 'leave.approve'
            : 'leave.decline',
        target: {
          module: 'core',
          kind: 'leave-request',
          id,
          label: `${member.name}, ${names.en}, ${row.fromDay}–${row.toDay}`,
        },
        before: { status: row.status },
        after: { status: updated!.status, reason, documentWaived },
        request: info,
      });
      await enqueue(tx, schema.outbox, [
        makeEnvelope(
          approved ? CoreEvents.leaveApproved : CoreEvents.leaveDeclined,
          eventOf(updated!, member, type),
        ),
        ...(member.personId
          ? [leaveDecidedNotice(member.personId, approved, names, row.fromDay, row.toDay, reason)]
          : []),
      ]);
      return requestOf(updated!, member, names, found.file);
    });
  }

  /** The person withdraws a request nobody has decided on yet. */
  async cancel(actor: OrgActor, id: string): Promise<LeaveRequest> {
    return this.db.transaction(async (tx) => {
      const { row, member, type, file } = await this.requestIn(tx, actor, id);
      if (member.personId !== actor.personId) throw forbidden('Only the person cancels their request.');
      if (row.status !== 'pending')
        throw conflict('This request was already decided or cancelled.', CoreErrors.leaveNotPending);
      const [updated] = await tx
        .update(requests)
        .set({ status: 'cancelled' })
        .where(eq(requests.id, id))
        .returning();
      await enqueue(tx, schema.outbox, [
        makeEnvelope(CoreEvents.leaveCancelled, eventOf(updated!, member, type)),
      ]);
      return requestOf(updated!, member, leaveTypeName(type), file);
    });
  }

  // ---- Balances and who is away ----------------------------------------------------------------

  /** The caller's balance of each active type in `year` (default: this one), as of today. */
  async myBalances(actor: OrgActor, year?: number): Promise<LeaveBalance[]> {
    await this.seed(actor.organisationId);
    const member = await this.ownRecord(this.db, actor);
    const [page] = await this.balancesFor(actor.organisationId, [member], year, actor.timeZone);
    return page!.balances;
  }

  /** Each person's balances in the caller's scope (HR: all; a manager: their people), by name. */
  async balances(actor: OrgActor, query: BalancesQuery, cap?: number) {
    if (!can(actor, 'leave.oversee')) throw forbidden("Only HR and managers see others' balances.");
    await this.seed(actor.organisationId);
    const { limit, offset } = cap ? { limit: cap + 1, offset: 0 } : pageOf(query);
    const where = and(
      scopeWhere(actor),
      query.departmentId ? eq(staff.departmentId, query.departmentId) : undefined,
      textSearch(staff.name, query.search),
    );
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
    return { data: await this.balancesFor(actor.organisationId, members, query.year, actor.timeZone), total };
  }

  /**
   * HR enters what a person brought into a leave year from before the organisation kept their leave here
   * (days carried in, days already taken), replacing what was entered for that type and year. Their record
   * is locked meanwhile, as a request locks it, so no request passes against the old figures. Audited.
   */
  async setOpening(
    claims: Claims,
    actor: OrgActor,
    staffId: string,
    body: LeaveOpeningBody,
    info: RequestInfo,
  ): Promise<LeaveBalance> {
    if (!can(actor, 'leave.manage')) throw forbidden('Only HR enters opening balances.');
    await this.seed(actor.organisationId);
    const { member, type } = await this.db.transaction(async (tx) => {
      const [member] = await tx
        .select()
        .from(staff)
        .where(and(eq(staff.id, staffId), eq(staff.orgId, actor.organisationId)))
        .for('update');
      if (!member) throw notFound('No such staff record.', CoreErrors.staffNotFound);
      const type = await this.typeIn(tx, actor.organisationId, body.typeId);
      if (type.accrual === 'none')
        throw unprocessable('No balance is kept of this leave.', CoreErrors.leaveNoBalanceKept);
      const key = and(
        eq(openings.orgId, actor.organisationId),
        eq(openings.staffRecordId, member.id),
        eq(openings.typeId, type.id),
        eq(openings.year, body.year),
      );
      const [before] = await tx.select().from(openings).where(key);
      const values = {
        broughtForward: body.broughtForward,
        taken: body.taken,
        note: body.note?.trim() || null,
        setBy: claims.sub,
        updatedAt: this.now(),
      };
      const [saved] = await tx
        .insert(openings)
        .values({
          orgId: actor.organisationId,
          staffRecordId: member.id,
          typeId: type.id,
          year: body.year,
          ...values,
        })
        .onConflictDoUpdate({
          target: [openings.orgId, openings.staffRecordId, openings.typeId, openings.year],
          set: values,
        })
        .returning({ id: openings.id });
      const figures = (o: Pick<OpeningRow, 'broughtForward' | 'taken' | 'note'>) => ({
        broughtForward: o.broughtForward,
        taken: o.taken,
        note: o.note,
      });
      await this.audit(
        tx,
        claims,
        'leave.opening-balance',
        'leave-opening-balance',
        saved!.id,
        `${member.name}, ${leaveTypeName(type).en}, ${body.year}`,
        info,
        { ...(before ? { before: figures(before) } : {}), after: { year: body.year, ...figures(values) } },
      );
      return { member, type };
    });
    const [person] = await this.balancesFor(actor.organisationId, [member], body.year, actor.timeZone, type);
    return person!.balances[0]!;
  }

  /**
   * Approved leave overlapping `from`..`to` (default: today) in the caller's scope, by department then
   * name: HR and managers see who is away.
   */
  async away(actor: OrgActor, query: AwayQuery) {
    if (!can(actor, 'leave.oversee')) throw forbidden('Only HR and managers see who is away.');
    const from = query.from ? realDay(query.from) : this.today(actor.timeZone);
    const to = query.to ? realDay(query.to) : from;
    if (to < from) throw badRequest('to: must not be before from.', CoreErrors.leaveDatesInvalid);
    const { limit, offset } = pageOf(query);
    const where = and(
      scopeWhere(actor),
      eq(requests.orgId, actor.organisationId),
      eq(requests.status, 'approved'),
      lte(requests.fromDay, to),
      gte(requests.toDay, from),
      query.departmentId ? eq(staff.departmentId, query.departmentId) : undefined,
    );
    const rows = await this.db
      .select({ request: requests, member: staff, type: types, file: leaveFileInfo })
      .from(requests)
      .innerJoin(staff, eq(staff.id, requests.staffRecordId))
      .innerJoin(types, eq(types.id, requests.typeId))
      .leftJoin(schema.leaveRequestFiles, leaveFileJoin)
      .where(where)
      .orderBy(asc(staff.departmentId), asc(staff.name), asc(requests.fromDay), asc(requests.id))
      .limit(limit)
      .offset(offset);
    const [{ total }] = (await this.db
      .select({ total: count() })
      .from(requests)
      .innerJoin(staff, eq(staff.id, requests.staffRecordId))
      .where(where)) as [{ total: number }];
    return {
      data: rows.map((r) => requestOf(r.request, r.member, leaveTypeName(r.type), r.file)),
      total,
    };
  }

  // ---- Internals -------------------------------------------------------------------------------

  /**
   * Counts a request's days and checks it against the rules: real dates in order, at most a year, a half
   * day on one day only, an active type the person has served long enough for, at least one leave day, no
   * clash with their requests holding days (`checkOverlap`), and a balance that stays at zero or above
   * in each leave year it touches unless the type allows less. Accrual is reckoned to the request's last
   * day in that year (or today, if later), so leave planned for later in the year counts what will have
   * accrued by then.
   */
  private async plan(
    db: Db | Tx,
    member: Member,
    type: TypeRow,
    ask: { from: string; to: string; halfDay?: boolean },
    except: string | null,
    checkOverlap: boolean,
    timeZone: string,
  ): Promise<Plan> {
    const from = parseIsoDate(ask.from);
    const to = parseIsoDate(ask.to);
    if (!from || !to || to < from)
      throw badRequest('The leave must end on or after the day it starts.', CoreErrors.leaveDatesInvalid);
    if (daysBetween(from, to) >= MAX_REQUEST_DAYS)
      throw badRequest('Ask for at most a year at a time.', CoreErrors.leaveDatesInvalid);
    const halfDay = ask.halfDay ?? false;
    if (halfDay && from !== to)
      throw badRequest('A half day starts and ends on the same day.', CoreErrors.leaveDatesInvalid);
    if (!type.active)
      throw unprocessable('This leave type is no longer offered.', CoreErrors.leaveTypeInactive);
    const eligible = eligibleFrom(type, member.startDate);
    if (eligible !== null && from < eligible)
      throw unprocessable(
        `This leave is available from ${eligible}, after ${type.minServiceMonths} months' service.`,
        CoreErrors.leaveNotEligible,
      );
    const country = await this.countryOf(member.orgId, db);
    const holidayDays = await db
      .select({ day: holidays.day })
      .from(holidays)
      .where(
        and(
          eq(holidays.orgId, member.orgId),
          eq(holidays.country, country),
          gte(holidays.day, from),
          lte(holidays.day, to),
        ),
      );
    const counted = countLeaveDays(from, to, halfDay, type, new Set(holidayDays.map((h) => h.day)));
    if (counted.total === 0)
      throw unprocessable('These days are all weekends or public holidays.', CoreErrors.leaveNoDays);
    if (checkOverlap) {
      const [clash] = await db
        .select({ id: requests.id })
        .from(requests)
        .where(
          and(
            eq(requests.staffRecordId, member.id),
            inArray(requests.status, HOLDING),
            lte(requests.fromDay, to),
            gte(requests.toDay, from),
            except ? ne(requests.id, except) : undefined,
          ),
        )
        .limit(1);
      if (clash)
        throw conflict('You already asked for leave on some of these days.', CoreErrors.leaveOverlap);
    }
    const held = await this.heldOf(db, member.id, type.id, except);
    let before: number | null = null;
    let after: number | null = null;
    let halfPay = 0;
    for (const [yearText, days] of Object.entries(counted.byYear)) {
      const year = Number(yearText);
      const b = this.balance(type, member, year, lastDayIn(to, year), held, timeZone);
      halfPay += halfPayDays(type, b.used + b.pending, days);
      if (b.available === null) continue;
      if (before === null) before = b.available;
      after = Math.round((b.available - days) * 100) / 100;
      if (after < 0 && !type.allowNegative) throw insufficient();
    }
    return {
      days: counted.total,
      byYear: counted.byYear,
      halfPayDays: halfPay,
      documentRequired: needsDocument(type, counted.total),
      balanceBefore: before,
      balanceAfter: after,
    };
  }

  /**
   * One person's approved and pending days of one type per leave year, leaving out `except`, and HR's
   * openings of that type.
   */
  private async heldOf(db: Db | Tx, staffId: string, typeId: string, except: string | null): Promise<Held> {
    const rows = await db
      .select({ status: requests.status, daysByYear: requests.daysByYear })
      .from(requests)
      .where(
        and(
          eq(requests.staffRecordId, staffId),
          eq(requests.typeId, typeId),
          inArray(requests.status, HOLDING),
          except ? ne(requests.id, except) : undefined,
        ),
      );
    const opened = await db
      .select()
      .from(openings)
      .where(and(eq(openings.staffRecordId, staffId), eq(openings.typeId, typeId)));
    return { use: usage(rows), opening: openingIn(opened) };
  }

  /** One type's balance for a member in `year` as of `asOf` (today at the earliest within the year). */
  private balance(
    type: TypeRow,
    member: Pick<Member, 'startDate'>,
    year: number,
    asOf: LocalDate,
    held: Held,
    timeZone: string,
  ) {
    const today = this.today(timeZone);
    const firstYear = Math.max(
      leaveYearOf(localDateOf(type.createdAt, timeZone)),
      member.startDate ? leaveYearOf(member.startDate) : 0,
    );
    return balanceOf(type, {
      year,
      asOf: asOf > today ? asOf : today,
      serviceStart: member.startDate,
      firstYear: Math.min(firstYear, year),
      use: held.use,
      opening: held.opening,
    });
  }

  /**
   * Balances of every active type (or of `only`) for `members` in `year` (default: this one), as of
   * today, HR's openings counted.
   */
  private async balancesFor(
    orgId: string,
    members: Member[],
    year: number | undefined,
    timeZone: string,
    only?: TypeRow,
  ): Promise<PersonBalances[]> {
    const today = this.today(timeZone);
    const leaveYear = year ?? leaveYearOf(today);
    const active = only
      ? [only]
      : await this.db
          .select()
          .from(types)
          .where(and(eq(types.orgId, orgId), eq(types.active, true)))
          .orderBy(...typeOrder);
    const ids = members.map((m) => m.id);
    const opened = ids.length
      ? await this.db.select().from(openings).where(inArray(openings.staffRecordId, ids))
      : [];
    const rows = ids.length
      ? await this.db
          .select({
            staffId: requests.staffRecordId,
            typeId: requests.typeId,
            status: requests.status,
            daysByYear: requests.daysByYear,
          })
          .from(requests)
          .where(and(inArray(requests.staffRecordId, ids), inArray(requests.status, HOLDING)))
      : [];
    const yearEnd = `${leaveYear}-12-31`;
    return members.map((m) => ({
      staffId: m.id,
      name: m.name,
      departmentId: m.departmentId,
      balances: active.map((t) => {
        const mine = opened.filter((o) => o.staffRecordId === m.id && o.typeId === t.id);
        const held = {
          use: usage(rows.filter((r) => r.staffId === m.id && r.typeId === t.id)),
          opening: openingIn(mine),
        };
        const now = this.balance(t, m, leaveYear, today < yearEnd ? today : yearEnd, held, timeZone);
        const atEnd = this.balance(t, m, leaveYear, yearEnd, held, timeZone);
        const opening = mine.find((o) => o.year === leaveYear);
        return {
          typeId: t.id,
          typeName: leaveTypeName(t),
          ...now,
          availableAtYearEnd: atEnd.available,
          opening: opening
            ? { broughtForward: opening.broughtForward, taken: opening.taken, note: opening.note }
            : null,
        };
      }),
    }));
  }

  /** The caller's own current staff record (the owner has none: 404); locked when asked. */
  private async ownRecord(db: Db | Tx, actor: OrgActor, lock = false): Promise<Member> {
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

  /**
   * A request the caller may see (the person, their managers, HR), locked, with its person, type and
   * document; else a 404. The leave document store asks it too.
   */
  async requestIn(tx: Tx, actor: OrgActor, id: string) {
    // Locked alone first: FOR UPDATE OF cannot name a schema-qualified table.
    const [locked] = await tx
      .select({ id: requests.id })
      .from(requests)
      .where(and(eq(requests.id, id), eq(requests.orgId, actor.organisationId)))
      .for('update');
    if (!locked) throw notFoundRequest();
    const [found] = await tx
      .select({ row: requests, member: staff, type: types, file: leaveFileInfo })
      .from(requests)
      .innerJoin(staff, eq(staff.id, requests.staffRecordId))
      .innerJoin(types, eq(types.id, requests.typeId))
      .leftJoin(schema.leaveRequestFiles, leaveFileJoin)
      .where(eq(requests.id, id));
    if (!found || !canSeeStaff(actor, placement(found.member))) throw notFoundRequest();
    return found;
  }

  /** Who is told of a request: the managers of the person's department or location, else HR. */
  async approversOf(tx: Tx, member: Member): Promise<string[]> {
    const placed: SQL[] = [];
    if (member.departmentId)
      placed.push(sql`${member.departmentId}::uuid = any(${staff.managedDepartmentIds})`);
    if (member.locationId) placed.push(sql`${member.locationId}::uuid = any(${staff.managedLocationIds})`);
    const managers = placed.length
      ? await tx
          .select({ personId: staff.personId })
          .from(staff)
          .where(
            and(
              eq(staff.orgId, member.orgId),
              eq(staff.role, 'manager'),
              isNull(staff.leftAt),
              or(...placed),
            ),
          )
      : [];
    const ids = managers.map((m) => m.personId).filter((id): id is string => !!id);
    const chosen = ids.length ? ids : await this.orgs.hrOf(tx, member.orgId);
    return [...new Set(chosen)].filter((id) => id !== member.personId);
  }

  private async typeIn(db: Db | Tx, orgId: string, id: string): Promise<TypeRow> {
    const [row] = await db
      .select()
      .from(types)
      .where(and(eq(types.id, id), eq(types.orgId, orgId)));
    if (!row) throw notFoundType();
    return row;
  }

  private async holidayIn(tx: Tx, orgId: string, id: string): Promise<HolidayRow> {
    const [row] = await tx
      .select()
      .from(holidays)
      .where(and(eq(holidays.id, id), eq(holidays.orgId, orgId)))
      .for('update');
    if (!row) throw notFound('No such public holiday.', CoreErrors.holidayNotFound);
    return row;
  }

  private async countryOf(orgId: string, db: Db | Tx = this.db): Promise<string> {
    const [org] = await db
      .select({ country: schema.organisations.country })
      .from(schema.organisations)
      .where(eq(schema.organisations.id, orgId));
    return org?.country ?? 'KE';
  }

  private audit(
    tx: Tx,
    claims: Claims,
    action: string,
    kind: string,
    id: string,
    label: string,
    request: RequestInfo,
    change: { before?: unknown; after?: unknown },
  ) {
    return recordAdminAction(tx, schema.outbox, 'core', {
      actor: claims,
      action,
      target: { module: 'core', kind, id, label },
      ...change,
      request,
    } as Parameters<typeof recordAdminAction>[3]);
  }

  private async savingType<T>(work: (tx: Tx) => Promise<T>): Promise<T> {
    try {
      return await this.db.transaction(work);
    } catch (err) {
      if (!isUniqueViolation(err)) throw err;
      throw conflict('A leave type with this name already exists.', CoreErrors.leaveTypeExists);
    }
  }

  private async savingHoliday<T>(work: (tx: Tx) => Promise<T>): Promise<T> {
    try {
      return await this.db.transaction(work);
    } catch (err) {
      if (!isUniqueViolation(err)) throw err;
      throw conflict('That day is already a public holiday.', CoreErrors.holidayExists);
    }
  }
}

const insufficient = () =>
  conflict('Not enough days left of this leave.', CoreErrors.leaveBalanceInsufficient);

/** A real calendar day, or a 400. */
function realDay(text: string): LocalDate {
  const day = parseIsoDate(text);
  if (!day) throw badRequest('Not a real date (YYYY-MM-DD).', CoreErrors.leaveDatesInvalid);
  return day;
}

/** The request's last day within leave year `year`. */
const lastDayIn = (to: LocalDate, year: number): LocalDate => (to < `${year}-12-31` ? to : `${year}-12-31`);

/** What holds a person's days of one type: their requests per year, and HR's openings. */
interface Held {
  use: ReturnType<typeof usage>;
  opening: (year: number) => LeaveOpening | null;
}

/** HR's openings of one person and type, by year. */
const openingIn =
  (rows: Pick<OpeningRow, 'year' | 'broughtForward' | 'taken'>[]) =>
  (year: number): LeaveOpening | null =>
    rows.find((r) => r.year === year) ?? null;

/** Approved and pending days per leave year, from requests' `daysByYear`. */
function usage(rows: { status: LeaveStatus; daysByYear: Record<string, number> }[]) {
  return (year: number) => {
    let used = 0;
    let pending = 0;
    for (const r of rows) {
      const days = r.daysByYear[String(year)] ?? 0;
      if (r.status === 'approved') used += days;
      else pending += days;
    }
    return { used: Math.round(used * 100) / 100, pending: Math.round(pending * 100) / 100 };
  };
}

const typeOf = (row: TypeRow): LeaveType => ({
  id: row.id,
  code: row.code,
  name: row.name,
  names: leaveTypeName(row),
  accrual: row.accrual,
  daysPerYear: row.daysPerYear,
  carryOverCap: row.carryOverCap,
  countsWeekends: row.countsWeekends,
  countsHolidays: row.countsHolidays,
  allowNegative: row.allowNegative,
  minServiceMonths: row.minServiceMonths,
  halfPayAfterDays: row.halfPayAfterDays,
  documentsRequired: row.documentsRequired,
  documentsAfterDays: row.documentsAfterDays,
  paid: row.paid,
  active: row.active,
});

const holidayOf = (row: HolidayRow): PublicHoliday => ({
  id: row.id,
  country: row.country,
  date: row.day,
  name: row.name,
});

/** A request as the API answers it, with its document's description (`file`: null when none). */
export function requestOf(
  row: RequestRow,
  member: Member,
  typeName: LeaveRequest['typeName'],
  file: Parameters<typeof storedFile>[0] = null,
): LeaveRequest {
  return {
    id: row.id,
    staffId: row.staffRecordId,
    personName: member.name,
    departmentId: member.departmentId,
    typeId: row.typeId,
    typeName,
    from: row.fromDay,
    to: row.toDay,
    halfDay: row.halfDay,
    days: row.days,
    halfPayDays: row.halfPayDays,
    documentRequired: row.documentRequired,
    document: storedFile(file),
    documentWaived: row.documentWaived,
    note: row.note,
    status: row.status,
    decisionReason: row.decisionReason,
    decidedAt: row.decidedAt?.toISOString() ?? null,
    createdAt: row.createdAt.toISOString(),
  };
}

const eventOf = (row: RequestRow, member: Member, type: TypeRow): LeaveEventData => ({
  organisationId: row.orgId,
  requestId: row.id,
  staffId: row.staffRecordId,
  personId: member.personId,
  typeId: type.id,
  typeCode: type.code,
  from: row.fromDay,
  to: row.toDay,
  halfDay: row.halfDay,
  days: row.days,
  status: row.status,
});
