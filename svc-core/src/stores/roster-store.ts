import { randomUUID } from 'node:crypto';
import { and, asc, count, desc, eq, gte, inArray, isNull, lte, or } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
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
} from '@platform/service-kit';
import * as schema from '../db/schema';
import { addDays, localDateOf, parseIsoDate, type LocalDate } from '../domain/dates';
import { canManageRoster, isHr, type OrgActor } from '../domain/roles';
import {
  ASSIGNMENT_RULES,
  fatigueOf,
  hoursOf,
  rosterDays,
  ruleSummary,
  RosterRules,
  staffingGaps,
  suggestFill,
  type AssignmentRule,
  type FatigueLimits,
  type RosterPerson,
  type Shift,
  type ShiftTemplateRule,
} from '../rosters/roster-rules';
import { rosterPublishedNotice } from '../notices';
import { LIVE_SWAP_STATUSES } from '../rosters/swaps';
import {
  CoreErrors,
  CoreEvents,
  type AssignmentBody,
  type MyShift,
  type MyShiftsQuery,
  type Roster,
  type RosterBody,
  type RosterPublishedData,
  type RosterQuery,
  type RosterSummary,
} from '../../contract';
import type { Db, Tx } from './org-store';
import { templateOf, type ShiftTemplateStore } from './shift-template-store';
import { fatigueLimitsOf } from './org-store';
import { managedDepartmentsWhere } from './staff-store';

type Claims = Pick<AccessClaims, 'sub' | 'name' | 'email' | 'role' | 'orgId'>;
type RequestInfo = { ip?: string; id?: string };
type RosterRow = typeof schema.rosters.$inferSelect;

const rosters = schema.rosters;
const assignments = schema.rosterAssignments;
const staff = schema.staffRecords;
const departments = schema.departments;

const notFoundRoster = () => notFound('No such roster.', CoreErrors.rosterNotFound);
const refused = () => forbidden("Only HR or the department's manager makes its rosters.");
const invalidShift = (message: string) => new HttpError(422, message, CoreErrors.rosterShiftInvalid);
const endOf = (row: Pick<RosterRow, 'startsOn' | 'weeks'>) => addDays(row.startsOn, row.weeks * 7 - 1);

/** What the rules need of one roster, read in one go. */
interface RosterContext {
  row: RosterRow;
  departmentName: string;
  templates: ReturnType<typeof templateOf>[];
  templateRules: Map<string, ShiftTemplateRule>;
  people: (RosterPerson & { name: string; personId: string | null })[];
  /** This roster's shifts, with what was kept. */
  own: (Shift & { keptReason: string | null; suggested: boolean })[];
  rules: RosterRules;
  /** The organisation's fatigue limits. */
  fatigue: FatigueLimits;
}

/**
 * Rosters: a department's people on its shifts for some weeks. The rules (`rosters/roster-rules.ts`) are
 * computed on every read from the rows, so an assignment shows what it breaks now; a hand assignment that
 * breaks one is kept only with a reason. Writes lock the roster's row, so two managers' changes queue.
 */
export class RosterStore {
  constructor(
    private readonly db: Db,
    private readonly templates: ShiftTemplateStore,
    private readonly now: () => Date,
  ) {}

  async create(claims: Claims, actor: OrgActor, body: RosterBody, request: RequestInfo) {
    if (!parseIsoDate(body.startsOn)) throw badRequest('startsOn is not a day of the calendar.');
    const department = await this.templates.department(actor, body.departmentId);
    return this.db.transaction(async (tx) => {
      const [org] = await tx
        .select()
        .from(schema.organisations)
        .where(eq(schema.organisations.id, actor.organisationId));
      // One roster per department and day: rosters of a department may not overlap.
      await tx
        .select({ id: departments.id })
        .from(departments)
        .where(eq(departments.id, department.id))
        .for('update');
      const endsOn = addDays(body.startsOn, body.weeks * 7 - 1);
      const near = await tx
        .select()
        .from(rosters)
        .where(
          and(
            eq(rosters.orgId, actor.organisationId),
            eq(rosters.departmentId, department.id),
            lte(rosters.startsOn, endsOn),
            gte(rosters.startsOn, addDays(body.startsOn, -6 * 7 + 1)),
          ),
        );
      if (near.some((o) => endOf(o) >= body.startsOn))
        throw conflict(
          'This department already has a roster for some of these days.',
          CoreErrors.rosterOverlap,
        );
      const [row] = await tx
        .insert(rosters)
        .values({
          orgId: actor.organisationId,
          departmentId: department.id,
          startsOn: body.startsOn,
          weeks: body.weeks,
          // Unless the roster says otherwise, the organisation's fatigue limit.
          maxConsecutiveNights: body.maxConsecutiveNights ?? fatigueLimitsOf(org!).maxConsecutiveNights,
          createdBy: actor.personId,
          createdAt: this.now(),
        })
        .returning();
      await this.audit(tx, claims, 'roster.create', row!, department.name, request, {
        after: { startsOn: row!.startsOn, weeks: row!.weeks },
      });
      return this.answer(await this.context(tx, row!));
    });
  }

  /** Rosters the caller makes: HR all the organisation's, a manager their departments'; staff none. */
  async list(actor: OrgActor, query: RosterQuery) {
    if (!isHr(actor) && actor.role !== 'manager') throw refused();
    const { limit, offset } = pageOf(query);
    const where = and(
      eq(rosters.orgId, actor.organisationId),
      managedDepartmentsWhere(actor, rosters.departmentId),
      query.departmentId ? eq(rosters.departmentId, query.departmentId) : undefined,
    );
    const rows = await this.db
      .select({ roster: rosters, departmentName: departments.name })
      .from(rosters)
      .innerJoin(departments, eq(departments.id, rosters.departmentId))
      .where(where)
      .orderBy(desc(rosters.startsOn), asc(rosters.id))
      .limit(limit)
      .offset(offset);
    const [{ total }] = (await this.db.select({ total: count() }).from(rosters).where(where)) as [
      { total: number },
    ];
    return { data: rows.map((r) => summaryOf(r.roster, r.departmentName)), total };
  }

  async get(actor: OrgActor, id: string): Promise<Roster> {
    return this.answer(await this.context(this.db, await this.visible(this.db, actor, id)));
  }

  /** A person on a shift by hand: refused with the rules it breaks unless a reason keeps it. */
  async assign(claims: Claims, actor: OrgActor, id: string, body: AssignmentBody, request: RequestInfo) {
    return this.writing(actor, id, async (tx, ctx) => {
      const person = ctx.people.find((p) => p.staffId === body.staffId);
      if (!person) throw invalidShift('This person is not in the roster’s department.');
      const template = ctx.templateRules.get(body.templateId);
      if (!template || !ctx.templates.find((t) => t.id === body.templateId)?.active)
        throw invalidShift('This shift is not one of the department’s.');
      if (!parseIsoDate(body.day)) throw badRequest('day is not a day of the calendar.');
      if (
        ctx.own.some(
          (s) => s.staffId === body.staffId && s.templateId === body.templateId && s.day === body.day,
        )
      )
        throw conflict('This person is already on this shift.', CoreErrors.rosterShiftInvalid);
      if (body.day < ctx.row.startsOn || body.day > endOf(ctx.row))
        throw invalidShift('This day is outside the roster.');
      const shift = { id: randomUUID(), staffId: body.staffId, templateId: body.templateId, day: body.day };
      const broken = ctx.rules.violations(shift);
      if (broken.length && !body.reason)
        throw new HttpError(
          422,
          `This assignment breaks: ${broken.join(', ')}. Give a reason to keep it.`,
          CoreErrors.rosterRuleBroken,
          { hints: broken },
        );
      try {
        await tx.insert(assignments).values({
          id: shift.id,
          rosterId: ctx.row.id,
          orgId: ctx.row.orgId,
          staffRecordId: shift.staffId,
          templateId: shift.templateId,
          day: shift.day,
          keptRules: broken,
          keptReason: broken.length ? body.reason!.trim() : null,
          createdBy: actor.personId,
          createdAt: this.now(),
        });
      } catch (err) {
        if (isUniqueViolation(err))
          throw conflict('This person is already on this shift.', CoreErrors.rosterShiftInvalid);
        throw err;
      }
      if (broken.length)
        await this.audit(
          tx,
          claims,
          'roster.keep-breaking-rules',
          ctx.row,
          `${person.name}, ${shift.day}`,
          request,
          {
            after: {
              staffId: shift.staffId,
              templateId: shift.templateId,
              day: shift.day,
              rules: broken,
              reason: body.reason,
            },
          },
        );
      ctx.rules.add(shift);
      ctx.own.push({ ...shift, keptReason: broken.length ? body.reason!.trim() : null, suggested: false });
      return ctx;
    });
  }

  async unassign(actor: OrgActor, id: string, assignmentId: string) {
    return this.writing(actor, id, async (tx) => {
      const [gone] = await tx
        .delete(assignments)
        .where(and(eq(assignments.id, assignmentId), eq(assignments.rosterId, id)))
        .returning({ id: assignments.id });
      if (!gone) throw notFound('No such assignment.', CoreErrors.assignmentNotFound);
      return this.context(tx, (await tx.select().from(rosters).where(eq(rosters.id, id)))[0]!);
    });
  }

  /** Fills the gaps with the suggestion (`suggestFill`): only adds, never moves a shift made by hand. */
  async fill(claims: Claims, actor: OrgActor, id: string, request: RequestInfo) {
    return this.writing(actor, id, async (tx, ctx) => {
      const added = suggestFill(
        rosterDays(ctx.row.startsOn, ctx.row.weeks),
        ctx.templates.filter((t) => t.active).map((t) => ctx.templateRules.get(t.id)!),
        ctx.people,
        ctx.rules,
        ctx.own,
        randomUUID,
      );
      const at = this.now();
      for (let i = 0; i < added.length; i += 1000)
        await tx.insert(assignments).values(
          added.slice(i, i + 1000).map((s) => ({
            id: s.id,
            rosterId: ctx.row.id,
            orgId: ctx.row.orgId,
            staffRecordId: s.staffId,
            templateId: s.templateId,
            day: s.day,
            suggested: true,
            createdBy: actor.personId,
            createdAt: at,
          })),
        );
      await this.audit(tx, claims, 'roster.fill', ctx.row, ctx.departmentName, request, {
        after: { added: added.length },
      });
      ctx.own.push(...added.map((s) => ({ ...s, keptReason: null, suggested: true })));
      return ctx;
    });
  }

  /** Publishes the roster: each person on it is told their shifts; `core.roster.published.v1`. */
  async publish(claims: Claims, actor: OrgActor, id: string, request: RequestInfo) {
    return this.writing(actor, id, async (tx, ctx) => {
      const at = this.now();
      const [row] = await tx
        .update(rosters)
        .set({ status: 'published', publishedAt: at })
        .where(eq(rosters.id, id))
        .returning();
      ctx.row = row!;
      const counts = new Map<string, number>();
      for (const s of ctx.own) counts.set(s.staffId, (counts.get(s.staffId) ?? 0) + 1);
      const endsOn = endOf(row!);
      const data: RosterPublishedData = {
        organisationId: row!.orgId,
        rosterId: row!.id,
        departmentId: row!.departmentId,
        startsOn: row!.startsOn,
        endsOn,
        people: counts.size,
        shifts: ctx.own.length,
      };
      await enqueue(tx, schema.outbox, [
        makeEnvelope(CoreEvents.rosterPublished, data),
        ...ctx.people
          .filter((p) => p.personId && counts.get(p.staffId))
          .map((p) =>
            rosterPublishedNotice(
              p.personId!,
              ctx.departmentName,
              row!.startsOn,
              endsOn,
              counts.get(p.staffId)!,
            ),
          ),
      ]);
      await this.audit(tx, claims, 'roster.publish', row!, ctx.departmentName, request, {
        after: { people: counts.size, shifts: ctx.own.length },
      });
      return ctx;
    });
  }

  /** The caller's own shifts on published rosters from `from` (default: today) to `to`, by day. */
  async mine(actor: OrgActor, query: MyShiftsQuery): Promise<{ data: MyShift[]; total: number }> {
    const { limit, offset } = pageOf(query);
    const from = query.from ?? localDateOf(this.now(), actor.timeZone);
    const where = and(
      eq(staff.orgId, actor.organisationId),
      eq(staff.personId, actor.personId),
      eq(rosters.status, 'published'),
      gte(assignments.day, from),
      query.to ? lte(assignments.day, query.to) : undefined,
    );
    const taker = alias(staff, 'taker');
    const rows = await this.db
      .select({
        id: assignments.id,
        rosterId: assignments.rosterId,
        day: assignments.day,
        departmentName: departments.name,
        shiftName: schema.shiftTemplates.name,
        startsAt: schema.shiftTemplates.startsAt,
        endsAt: schema.shiftTemplates.endsAt,
        swapId: schema.shiftSwaps.id,
        swapStatus: schema.shiftSwaps.status,
        takenBy: taker.name,
      })
      .from(assignments)
      .innerJoin(staff, eq(staff.id, assignments.staffRecordId))
      .innerJoin(rosters, eq(rosters.id, assignments.rosterId))
      .innerJoin(departments, eq(departments.id, rosters.departmentId))
      .innerJoin(schema.shiftTemplates, eq(schema.shiftTemplates.id, assignments.templateId))
      .leftJoin(
        schema.shiftSwaps,
        and(
          eq(schema.shiftSwaps.assignmentId, assignments.id),
          inArray(schema.shiftSwaps.status, [...LIVE_SWAP_STATUSES]),
        ),
      )
      .leftJoin(taker, eq(taker.id, schema.shiftSwaps.takenBy))
      .where(where)
      .orderBy(asc(assignments.day), asc(schema.shiftTemplates.startsAt), asc(assignments.id))
      .limit(limit)
      .offset(offset);
    const data = rows.map(({ swapId, swapStatus, takenBy, ...shift }) => ({
      ...shift,
      swap:
        swapId && (swapStatus === 'open' || swapStatus === 'taken')
          ? { id: swapId, status: swapStatus, takenBy }
          : null,
    }));
    const [{ total }] = (await this.db
      .select({ total: count() })
      .from(assignments)
      .innerJoin(staff, eq(staff.id, assignments.staffRecordId))
      .innerJoin(rosters, eq(rosters.id, assignments.rosterId))
      .where(where)) as [{ total: number }];
    return { data, total };
  }

  // ---- Reading a roster ----------------------------------------------------------------------

  /** The roster if the caller may make it: another organisation's is a 404, a colleague's a 403. */
  private async visible(db: Db | Tx, actor: OrgActor, id: string, lock = false) {
    const query = db
      .select()
      .from(rosters)
      .where(and(eq(rosters.id, id), eq(rosters.orgId, actor.organisationId)));
    const [row] = lock ? await query.for('update') : await query;
    if (!row) throw notFoundRoster();
    if (!canManageRoster(actor, { organisationId: row.orgId, id: row.departmentId })) throw refused();
    return row;
  }

  /** A draft's change under its row's lock; a published roster is changed no more (409). */
  private async writing(
    actor: OrgActor,
    id: string,
    work: (tx: Tx, ctx: RosterContext) => Promise<RosterContext>,
  ): Promise<Roster> {
    return this.db.transaction(async (tx) => {
      const row = await this.visible(tx, actor, id, true);
      if (row.status === 'published')
        throw conflict('This roster is published and can no longer change.', CoreErrors.rosterPublished);
      return this.answer(await work(tx, await this.context(tx, row)));
    });
  }

  private async context(db: Db | Tx, row: RosterRow): Promise<RosterContext> {
    const endsOn = endOf(row);
    // Shifts a little either side count for rest and nights in a row.
    const from = addDays(row.startsOn, -8);
    const to = addDays(endsOn, 2);
    const [[department], templateRows, ownRows, [org]] = await Promise.all([
      db.select({ name: departments.name }).from(departments).where(eq(departments.id, row.departmentId)),
      this.templates.ofDepartment(db, row.departmentId),
      db.select().from(assignments).where(eq(assignments.rosterId, row.id)),
      db.select().from(schema.organisations).where(eq(schema.organisations.id, row.orgId)),
    ]);
    const assignedIds = [...new Set(ownRows.map((a) => a.staffRecordId))];
    const peopleRows = await db
      .select({
        id: staff.id,
        personId: staff.personId,
        name: staff.name,
        profession: staff.profession,
        cleared: staff.cleared,
      })
      .from(staff)
      .where(
        and(
          eq(staff.orgId, row.orgId),
          or(
            and(eq(staff.departmentId, row.departmentId), isNull(staff.leftAt)),
            assignedIds.length ? inArray(staff.id, assignedIds) : undefined,
          ),
        ),
      )
      .orderBy(asc(staff.name), asc(staff.id));
    const ids = peopleRows.map((p) => p.id);
    const { leaveOf, nearby } = await shiftsAround(db, ids, from, to);
    const templateRules = new Map<string, ShiftTemplateRule>(templateRows.map((t) => [t.id, t]));
    for (const n of nearby) if (!templateRules.has(n.templateId)) templateRules.set(n.templateId, n.template);
    const people = peopleRows.map((p) => ({
      staffId: p.id,
      personId: p.personId,
      name: p.name,
      profession: p.profession,
      cleared: p.cleared,
      leave: leaveOf.get(p.id) ?? [],
    }));
    const ownIds = new Set(ownRows.map((a) => a.id));
    const own = ownRows
      .map((a) => ({
        id: a.id,
        staffId: a.staffRecordId,
        templateId: a.templateId,
        day: a.day,
        keptReason: a.keptReason,
        suggested: a.suggested,
      }))
      .sort((a, b) => (a.day < b.day ? -1 : a.day > b.day ? 1 : 0));
    const others = nearby
      .filter((n) => !ownIds.has(n.id))
      .map((n) => ({ id: n.id, staffId: n.staffId, templateId: n.templateId, day: n.day }));
    const rules = new RosterRules(
      templateRules,
      new Map(people.map((p) => [p.staffId, p])),
      row.maxConsecutiveNights,
      [...others, ...own],
      addDays(row.startsOn, -14),
    );
    return {
      row,
      departmentName: department?.name ?? '',
      templates: templateRows.map(templateOf),
      templateRules,
      people,
      own,
      rules,
      fatigue: fatigueLimitsOf(org!),
    };
  }

  private answer(ctx: RosterContext): Roster {
    const { row } = ctx;
    const peopleById = new Map(ctx.people.map((p) => [p.staffId, p]));
    const ownOf = new Map<string, Shift[]>();
    for (const s of ctx.own) ownOf.set(s.staffId, [...(ownOf.get(s.staffId) ?? []), s]);
    const days = rosterDays(row.startsOn, row.weeks);
    const people = ctx.people.map((p) => {
      const shifts = ownOf.get(p.staffId) ?? [];
      // Their shifts on every roster around these weeks: nights in a row and rest days know no department.
      const fatigue = fatigueOf(days, ctx.templateRules, ctx.rules.shiftsOf(p.staffId), ctx.fatigue);
      return {
        staffId: p.staffId,
        name: p.name,
        profession: p.profession as Roster['people'][number]['profession'],
        cleared: p.cleared,
        hours: shifts.reduce((sum, s) => sum + hoursOf(ctx.templateRules.get(s.templateId)!), 0),
        fatigue: fatigue.reasons,
        nightsInARow: fatigue.nightsInARow,
        fewestRestDays: fatigue.fewestRestDays,
      };
    });
    const assigned = ctx.own.map((s) => ({
      id: s.id,
      staffId: s.staffId,
      templateId: s.templateId,
      day: s.day,
      violations: ctx.rules.violations(s),
      keptReason: s.keptReason,
      suggested: s.suggested,
    }));
    const gaps = staffingGaps(
      days,
      ctx.templates.filter((t) => t.active).map((t) => ctx.templateRules.get(t.id)!),
      peopleById,
      ctx.own,
    ) as Roster['gaps'];
    return {
      ...summaryOf(row, ctx.departmentName),
      templates: ctx.templates,
      people,
      fatigueLimits: ctx.fatigue,
      assignments: assigned,
      gaps,
      summary: ruleSummary(assigned, gaps, people),
    };
  }

  private audit(
    tx: Tx,
    claims: Claims,
    action: string,
    row: RosterRow,
    label: string,
    request: RequestInfo,
    change: { before?: unknown; after?: unknown },
  ) {
    return recordAdminAction(tx, schema.outbox, 'core', {
      actor: claims,
      action,
      target: { module: 'core', kind: 'roster', id: row.id, label: `${label}, ${row.startsOn}` },
      ...change,
      request,
    } as Parameters<typeof recordAdminAction>[3]);
  }
}

const summaryOf = (row: RosterRow, departmentName: string): RosterSummary => ({
  id: row.id,
  departmentId: row.departmentId,
  departmentName,
  startsOn: row.startsOn,
  endsOn: endOf(row),
  weeks: row.weeks,
  maxConsecutiveNights: row.maxConsecutiveNights,
  status: row.status,
  publishedAt: row.publishedAt?.toISOString() ?? null,
});

/**
 * What the rules need of some people around `from`..`to`: their approved leave, and their shifts on any
 * roster (another department's, the one before) with each shift's template. Read in two queries.
 */
export async function shiftsAround(db: Db | Tx, ids: readonly string[], from: LocalDate, to: LocalDate) {
  const leaveOf = new Map<string, { from: LocalDate; to: LocalDate }[]>();
  const [leaveRows, nearby] = ids.length
    ? await Promise.all([
        db
          .select({
            staffId: schema.leaveRequests.staffRecordId,
            from: schema.leaveRequests.fromDay,
            to: schema.leaveRequests.toDay,
          })
          .from(schema.leaveRequests)
          .where(
            and(
              inArray(schema.leaveRequests.staffRecordId, [...ids]),
              eq(schema.leaveRequests.status, 'approved'),
              lte(schema.leaveRequests.fromDay, to),
              gte(schema.leaveRequests.toDay, from),
            ),
          ),
        db
          .select({
            id: assignments.id,
            staffId: assignments.staffRecordId,
            templateId: assignments.templateId,
            day: assignments.day,
            template: schema.shiftTemplates,
          })
          .from(assignments)
          .innerJoin(schema.shiftTemplates, eq(schema.shiftTemplates.id, assignments.templateId))
          .where(
            and(
              inArray(assignments.staffRecordId, [...ids]),
              gte(assignments.day, from),
              lte(assignments.day, to),
            ),
          ),
      ])
    : [[], []];
  for (const l of leaveRows) leaveOf.set(l.staffId, [...(leaveOf.get(l.staffId) ?? []), l]);
  return { leaveOf, nearby };
}

/**
 * The rules each person would break by taking one shift (a swap's taker, the offered shift): their leave
 * and their shifts on every roster around its day, as a roster reads them. It counts what the shift itself
 * breaks and what it would newly make their later shifts break (a night before their day shift leaves that
 * one short of rest). `shift.id` is the assignment that would move to them.
 */
export async function violationsOn(
  db: Db | Tx,
  checks: readonly {
    person: { staffId: string; profession: string | null; cleared: boolean };
    shift: Shift;
    template: ShiftTemplateRule;
    maxConsecutiveNights: number;
  }[],
): Promise<AssignmentRule[][]> {
  if (!checks.length) return [];
  const days = checks.map((c) => c.shift.day).sort();
  const from = addDays(days[0]!, -8);
  // Nights in a row after it count too (at most 7 allowed).
  const to = addDays(days[days.length - 1]!, 8);
  const ids = [...new Set(checks.map((c) => c.person.staffId))];
  const { leaveOf, nearby } = await shiftsAround(db, ids, from, to);
  return checks.map(({ person, shift, template, maxConsecutiveNights }) => {
    const templates = new Map<string, ShiftTemplateRule>([[template.id, template]]);
    const theirs = nearby.filter((n) => n.staffId === person.staffId && n.id !== shift.id);
    for (const n of theirs) if (!templates.has(n.templateId)) templates.set(n.templateId, n.template);
    const shifts = theirs.map((n) => ({
      id: n.id,
      staffId: n.staffId,
      templateId: n.templateId,
      day: n.day,
    }));
    const rules = new RosterRules(
      templates,
      new Map([[person.staffId, { ...person, leave: leaveOf.get(person.staffId) ?? [] }]]),
      maxConsecutiveNights,
      shifts,
      addDays(from, -14),
    );
    const moved = { ...shift, staffId: person.staffId };
    const found = new Set<AssignmentRule>(rules.violations(moved));
    const later = shifts.filter((s) => s.day >= shift.day);
    const before = later.map((s) => rules.violations(s));
    rules.add(moved);
    later.forEach((s, i) => {
      for (const rule of rules.violations(s)) if (!before[i]!.includes(rule)) found.add(rule);
    });
    return ASSIGNMENT_RULES.filter((rule) => found.has(rule));
  });
}
