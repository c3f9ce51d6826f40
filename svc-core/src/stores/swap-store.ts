import { and, asc, count, desc, eq, gte, isNull, ne, or, sql, type SQL } from 'drizzle-orm';
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
import { DEFAULT_TIME_ZONE, instantOf, localDateOf } from '../domain/dates';
import { isHr, type OrgActor } from '../domain/roles';
import type { AssignmentRule } from '../rosters/roster-rules';
import { canDecideSwap, takeRefusal, type SwapStatus } from '../rosters/swaps';
import { swapDecidedNotice, swapTakenNotice, swapToDecideNotice, swapWithdrawnNotice } from '../notices';
import {
  CoreErrors,
  CoreEvents,
  type Swap,
  type SwapDecisionBody,
  type SwapEventData,
  type SwapOfferBody,
  type SwapQuery,
} from '../../contract';
import type { Db, OrgStore, Tx } from './org-store';
import { violationsOn } from './roster-store';
import { managedDepartmentsWhere } from './staff-store';

type Claims = Pick<AccessClaims, 'sub' | 'name' | 'email' | 'role' | 'orgId'>;
type RequestInfo = { ip?: string; id?: string };
type SwapRow = typeof schema.shiftSwaps.$inferSelect;

const swaps = schema.shiftSwaps;
const assignments = schema.rosterAssignments;
const rosters = schema.rosters;
const templates = schema.shiftTemplates;
const departments = schema.departments;
const staff = schema.staffRecords;
const offerer = alias(staff, 'offerer');
const taker = alias(staff, 'taker');

const notFoundSwap = () => notFound('No such swap offer.', CoreErrors.swapNotFound);
const notFoundAssignment = () => notFound('No such shift.', CoreErrors.assignmentNotFound);
const notFoundStaff = () =>
  notFound('You have no staff record in this organisation.', CoreErrors.staffNotFound);
const started = () => new HttpError(422, 'This shift has already started.', CoreErrors.swapShiftStarted);
const notOpen = () =>
  conflict('Someone has already taken this shift, or it was withdrawn.', CoreErrors.swapNotOpen);

/** One swap with what the answer shows: its shift, department, parties and roster's limit of nights. */
const readColumns = {
  swap: swaps,
  departmentName: departments.name,
  template: templates,
  maxConsecutiveNights: rosters.maxConsecutiveNights,
  offererName: offerer.name,
  offererPersonId: offerer.personId,
  takerName: taker.name,
  takerPersonId: taker.personId,
  takerProfession: taker.profession,
  takerCleared: taker.cleared,
};
type Read = {
  swap: SwapRow;
  departmentName: string;
  template: typeof schema.shiftTemplates.$inferSelect;
  maxConsecutiveNights: number;
  offererName: string;
  offererPersonId: string | null;
  takerName: string | null;
  takerPersonId: string | null;
  takerProfession: string | null;
  takerCleared: boolean | null;
};

/** The caller's own current staff record: what they offer and take with. */
type Own = Pick<typeof schema.staffRecords.$inferSelect, 'id' | 'name' | 'profession' | 'cleared'>;

/**
 * Shift swaps: a person offers one of their published, future shifts; a colleague of the same profession
 * (cleared to practise where the shift is clinical) takes it; the department's manager or HR approves (the
 * assignment moves to the taker, the roster's rules checked again for them and kept only with a reason)
 * or declines. The take is one conditional update, so of two colleagues at once one wins and the other
 * gets a 409; one live offer per shift is a unique index.
 */
export class SwapStore {
  constructor(
    private readonly db: Db,
    private readonly orgs: OrgStore,
    private readonly now: () => Date,
  ) {}

  /** The person offers their own shift: published, not yet started, not already offered. */
  async offer(actor: OrgActor, assignmentId: string, body: SwapOfferBody): Promise<Swap> {
    return this.db.transaction(async (tx) => {
      const [locked] = await tx
        .select({ id: assignments.id })
        .from(assignments)
        .where(and(eq(assignments.id, assignmentId), eq(assignments.orgId, actor.organisationId)))
        .for('update');
      if (!locked) throw notFoundAssignment();
      const [found] = await tx
        .select({ assignment: assignments, roster: rosters, template: templates, holder: staff })
        .from(assignments)
        .innerJoin(rosters, eq(rosters.id, assignments.rosterId))
        .innerJoin(templates, eq(templates.id, assignments.templateId))
        .innerJoin(staff, eq(staff.id, assignments.staffRecordId))
        .where(eq(assignments.id, assignmentId));
      if (!found) throw notFoundAssignment();
      const { assignment, roster, template, holder } = found;
      if (holder.personId !== actor.personId || holder.leftAt)
        throw forbidden('Only the person on a shift offers it for swap.', CoreErrors.swapNotYours);
      if (roster.status !== 'published')
        throw conflict('Only a published shift can be offered.', CoreErrors.swapNotPublished);
      if (this.hasStarted(assignment.day, template.startsAt, actor)) throw started();
      if (!holder.profession)
        throw new HttpError(
          422,
          'Your record names no profession, so no colleague can take your shift.',
          CoreErrors.swapNoProfession,
        );
      let row: SwapRow;
      try {
        [row] = (await tx
          .insert(swaps)
          .values({
            orgId: actor.organisationId,
            assignmentId,
            rosterId: roster.id,
            departmentId: roster.departmentId,
            templateId: template.id,
            day: assignment.day,
            profession: holder.profession,
            offeredBy: holder.id,
            note: body.note?.trim() || null,
            createdAt: this.now(),
          })
          .returning()) as [SwapRow];
      } catch (err) {
        if (isUniqueViolation(err))
          throw conflict('This shift is already offered for swap.', CoreErrors.swapExists);
        throw err;
      }
      await enqueue(tx, schema.outbox, [makeEnvelope(CoreEvents.swapOffered, eventOf(row))]);
      return this.one(tx, row.id);
    });
  }

  /**
   * `open`: offers the caller may take (their profession's, not their own, from today; clinical ones only
   * when they are cleared), soonest first; `mine`: those they offered or took, newest first; `decide`:
   * those taken and waiting for HR or the department's manager.
   */
  async list(actor: OrgActor, query: SwapQuery): Promise<{ data: Swap[]; total: number }> {
    const { limit, offset } = pageOf(query);
    const view = query.view ?? 'open';
    let where: SQL | undefined;
    let order: SQL[];
    if (view === 'decide') {
      if (!isHr(actor) && actor.role !== 'manager')
        throw forbidden("Only HR or the department's manager decides on swaps.");
      where = and(
        eq(swaps.orgId, actor.organisationId),
        eq(swaps.status, 'taken'),
        managedDepartmentsWhere(actor, swaps.departmentId),
      );
      order = [asc(swaps.day), asc(swaps.id)];
    } else {
      const own = await this.ownRecord(this.db, actor);
      if (!own) return { data: [], total: 0 };
      where =
        view === 'mine'
          ? and(
              eq(swaps.orgId, actor.organisationId),
              or(eq(swaps.offeredBy, own.id), eq(swaps.takenBy, own.id)),
            )
          : own.profession
            ? and(
                eq(swaps.orgId, actor.organisationId),
                eq(swaps.status, 'open'),
                eq(swaps.profession, own.profession),
                gte(swaps.day, localDateOf(this.now(), actor.timeZone)),
                ne(swaps.offeredBy, own.id),
                own.cleared ? undefined : eq(templates.clinical, false),
              )
            : sql`false`;
      order = view === 'mine' ? [desc(swaps.createdAt), asc(swaps.id)] : [asc(swaps.day), asc(swaps.id)];
    }
    const rows = await this.reading(this.db)
      .where(where)
      .orderBy(...order)
      .limit(limit)
      .offset(offset);
    const [{ total }] = (await this.db
      .select({ total: count() })
      .from(swaps)
      .innerJoin(templates, eq(templates.id, swaps.templateId))
      .where(where)) as [{ total: number }];
    return { data: await this.answer(this.db, rows), total };
  }

  /**
   * A colleague takes an open offer: theirs to take by profession and clearance, the shift not started.
   * What it would break for them is shown (the manager keeps it only with a reason). The offerer and those
   * who decide are told.
   */
  async take(actor: OrgActor, id: string): Promise<Swap> {
    return this.db.transaction(async (tx) => {
      const own = await this.ownRecord(tx, actor);
      if (!own) throw notFoundStaff();
      const [found] = await this.reading(tx).where(
        and(eq(swaps.id, id), eq(swaps.orgId, actor.organisationId)),
      );
      if (!found) throw notFoundSwap();
      const refusal = takeRefusal(
        { staffId: own.id, profession: own.profession, cleared: own.cleared },
        {
          offeredBy: found.swap.offeredBy,
          profession: found.swap.profession,
          clinical: found.template.clinical,
        },
      );
      if (refusal === 'own') throw forbidden('You cannot take your own shift.', CoreErrors.swapOwn);
      if (refusal === 'profession')
        throw forbidden(
          'Only a colleague of the same profession takes this shift.',
          CoreErrors.swapProfession,
        );
      if (refusal === 'not-cleared')
        throw forbidden(
          'This is a clinical shift and you are not cleared to practise.',
          CoreErrors.swapNotCleared,
        );
      if (found.swap.status !== 'open') throw notOpen();
      if (this.hasStarted(found.swap.day, found.template.startsAt, actor)) throw started();
      // One statement: of two colleagues at once, the second finds it no longer open.
      const [row] = await tx
        .update(swaps)
        .set({ status: 'taken', takenBy: own.id, takenAt: this.now() })
        .where(and(eq(swaps.id, id), eq(swaps.status, 'open')))
        .returning();
      if (!row) throw notOpen();
      const deciders = await this.decidersOf(tx, row, [found.offererPersonId, actor.personId]);
      await enqueue(tx, schema.outbox, [
        makeEnvelope(CoreEvents.swapTaken, eventOf(row)),
        ...(found.offererPersonId
          ? [swapTakenNotice(found.offererPersonId, own.name, found.template.name, row.day)]
          : []),
        ...deciders.map((userId) =>
          swapToDecideNotice(userId, own.name, found.offererName, found.template.name, row.day),
        ),
      ]);
      return this.one(tx, id);
    });
  }

  /**
   * HR or the department's manager (not a party) approves or declines a taken offer. Approving moves the
   * assignment to the taker under the roster's lock, after checking again what it breaks for them (leave,
   * rest, overlap, nights in a row, clearance): refused with the rules unless a reason keeps them. Audited;
   * both parties are told.
   */
  async decide(
    claims: Claims,
    actor: OrgActor,
    id: string,
    body: SwapDecisionBody,
    info: RequestInfo,
  ): Promise<Swap> {
    const reason = body.reason?.trim() || null;
    if (body.status === 'declined' && !reason)
      throw badRequest('Say why the swap is declined.', CoreErrors.swapReasonRequired);
    return this.db.transaction(async (tx) => {
      const [locked] = await tx
        .select({ id: swaps.id })
        .from(swaps)
        .where(and(eq(swaps.id, id), eq(swaps.orgId, actor.organisationId)))
        .for('update');
      if (!locked) throw notFoundSwap();
      const [found] = await this.reading(tx).where(eq(swaps.id, id));
      if (!found) throw notFoundSwap();
      const { swap } = found;
      const parties = [found.offererPersonId, found.takerPersonId];
      if (!canDecideSwap(actor, { organisationId: swap.orgId, id: swap.departmentId }, parties))
        throw parties.includes(actor.personId)
          ? forbidden('Someone else decides on a swap of your own.', CoreErrors.swapOwnDecision)
          : forbidden("Only HR or the department's manager decides on this swap.");
      if (swap.status !== 'taken')
        throw conflict('This swap is not waiting for a decision.', CoreErrors.swapNotTaken);
      const approved = body.status === 'approved';
      let kept: AssignmentRule[] = [];
      if (approved) {
        // The roster's writes queue on its row; the taker's record, so two swaps to them queue too.
        await tx.select({ id: rosters.id }).from(rosters).where(eq(rosters.id, swap.rosterId)).for('update');
        const [member] = await tx
          .select({ id: staff.id, profession: staff.profession, cleared: staff.cleared })
          .from(staff)
          .where(and(eq(staff.id, swap.takenBy!), isNull(staff.leftAt)))
          .for('update');
        if (!member) throw conflict('The colleague who took this shift has left.', CoreErrors.swapTakerLeft);
        const [assignment] = await tx
          .select()
          .from(assignments)
          .where(eq(assignments.id, swap.assignmentId))
          .for('update');
        if (!assignment || assignment.staffRecordId !== swap.offeredBy)
          throw conflict('This shift is no longer the offerer’s.', CoreErrors.swapNotTaken);
        if (this.hasStarted(swap.day, found.template.startsAt, actor)) throw started();
        const [broken] = await violationsOn(tx, [
          {
            person: { staffId: member.id, profession: member.profession, cleared: member.cleared },
            shift: {
              id: assignment.id,
              staffId: member.id,
              templateId: assignment.templateId,
              day: assignment.day,
            },
            template: found.template,
            maxConsecutiveNights: found.maxConsecutiveNights,
          },
        ]);
        kept = broken!;
        if (kept.length && !reason)
          throw new HttpError(
            422,
            `This swap breaks: ${kept.join(', ')}. Give a reason to approve it.`,
            CoreErrors.rosterRuleBroken,
            { hints: kept },
          );
        try {
          await tx
            .update(assignments)
            .set({
              staffRecordId: member.id,
              keptRules: kept,
              keptReason: kept.length ? reason : null,
              suggested: false,
            })
            .where(eq(assignments.id, assignment.id));
        } catch (err) {
          if (isUniqueViolation(err))
            throw conflict('The colleague is already on this shift.', CoreErrors.rosterShiftInvalid);
          throw err;
        }
      }
      const [row] = (await tx
        .update(swaps)
        .set({
          status: body.status,
          decidedBy: actor.personId,
          decidedAt: this.now(),
          reason,
          keptRules: kept,
        })
        .where(eq(swaps.id, id))
        .returning()) as [SwapRow];
      await recordAdminAction(tx, schema.outbox, 'core', {
        actor: claims,
        action: approved ? 'roster.swap-approve' : 'roster.swap-decline',
        target: {
          module: 'core',
          kind: 'shift-swap',
          id,
          label: `${found.offererName} → ${found.takerName}, ${found.template.name} ${swap.day}`,
        },
        before: { status: swap.status, staffId: swap.offeredBy },
        after: { status: row.status, staffId: approved ? swap.takenBy : swap.offeredBy, rules: kept, reason },
        request: info,
      } as Parameters<typeof recordAdminAction>[3]);
      await enqueue(tx, schema.outbox, [
        makeEnvelope(approved ? CoreEvents.swapApproved : CoreEvents.swapDeclined, eventOf(row)),
        ...(
          [
            [found.offererPersonId, false],
            [found.takerPersonId, true],
          ] as const
        )
          .filter((p): p is [string, boolean] => !!p[0])
          .map(([userId, isTaker]) =>
            swapDecidedNotice(userId, approved, isTaker, found.template.name, swap.day, reason),
          ),
      ]);
      return this.one(tx, id);
    });
  }

  /** The person who offered a shift withdraws the offer until it is decided; a taker is told. */
  async withdraw(actor: OrgActor, id: string): Promise<Swap> {
    return this.db.transaction(async (tx) => {
      const [locked] = await tx
        .select({ id: swaps.id })
        .from(swaps)
        .where(and(eq(swaps.id, id), eq(swaps.orgId, actor.organisationId)))
        .for('update');
      if (!locked) throw notFoundSwap();
      const [found] = await this.reading(tx).where(eq(swaps.id, id));
      if (!found) throw notFoundSwap();
      if (found.offererPersonId !== actor.personId)
        throw forbidden('Only the person who offered a shift withdraws it.', CoreErrors.swapNotYours);
      if (found.swap.status !== 'open' && found.swap.status !== 'taken')
        throw conflict('This swap was already decided or withdrawn.', CoreErrors.swapNotOpen);
      const [row] = (await tx
        .update(swaps)
        .set({ status: 'withdrawn' })
        .where(eq(swaps.id, id))
        .returning()) as [SwapRow];
      await enqueue(tx, schema.outbox, [
        makeEnvelope(CoreEvents.swapWithdrawn, eventOf(row)),
        ...(found.swap.status === 'taken' && found.takerPersonId
          ? [swapWithdrawnNotice(found.takerPersonId, found.offererName, found.template.name, row.day)]
          : []),
      ]);
      return this.one(tx, id);
    });
  }

  // ---- Internals -------------------------------------------------------------------------------

  /** Whether the shift on `day` starting at `startsAt` (the organisation's wall clock) has begun. */
  private hasStarted(day: string, startsAt: string, actor: OrgActor) {
    return instantOf(day, startsAt, actor.timeZone ?? DEFAULT_TIME_ZONE).getTime() <= this.now().getTime();
  }

  private async ownRecord(db: Db | Tx, actor: OrgActor): Promise<Own | undefined> {
    const [row] = await db
      .select({ id: staff.id, name: staff.name, profession: staff.profession, cleared: staff.cleared })
      .from(staff)
      .where(
        and(eq(staff.orgId, actor.organisationId), eq(staff.personId, actor.personId), isNull(staff.leftAt)),
      );
    return row;
  }

  private reading(db: Db | Tx) {
    return db
      .select(readColumns)
      .from(swaps)
      .innerJoin(departments, eq(departments.id, swaps.departmentId))
      .innerJoin(templates, eq(templates.id, swaps.templateId))
      .innerJoin(rosters, eq(rosters.id, swaps.rosterId))
      .innerJoin(offerer, eq(offerer.id, swaps.offeredBy))
      .leftJoin(taker, eq(taker.id, swaps.takenBy));
  }

  private async one(db: Db | Tx, id: string): Promise<Swap> {
    const [answer] = await this.answer(db, await this.reading(db).where(eq(swaps.id, id)));
    return answer!;
  }

  /** The answers, with what each taken offer would break for its taker now (read together). */
  private async answer(db: Db | Tx, rows: Read[]): Promise<Swap[]> {
    const taken = rows.filter((r) => r.swap.status === 'taken' && r.swap.takenBy);
    const broken = await violationsOn(
      db,
      taken.map((r) => ({
        person: {
          staffId: r.swap.takenBy!,
          profession: r.takerProfession,
          cleared: r.takerCleared ?? false,
        },
        shift: {
          id: r.swap.assignmentId,
          staffId: r.swap.takenBy!,
          templateId: r.swap.templateId,
          day: r.swap.day,
        },
        template: r.template,
        maxConsecutiveNights: r.maxConsecutiveNights,
      })),
    );
    const violationsOf = new Map(taken.map((r, i) => [r.swap.id, broken[i]!]));
    return rows.map((r) => ({
      id: r.swap.id,
      assignmentId: r.swap.assignmentId,
      rosterId: r.swap.rosterId,
      departmentId: r.swap.departmentId,
      departmentName: r.departmentName,
      day: r.swap.day,
      shiftName: r.template.name,
      startsAt: r.template.startsAt,
      endsAt: r.template.endsAt,
      clinical: r.template.clinical,
      profession: r.swap.profession,
      offeredBy: { staffId: r.swap.offeredBy, name: r.offererName },
      takenBy: r.swap.takenBy ? { staffId: r.swap.takenBy, name: r.takerName ?? '' } : null,
      status: r.swap.status,
      note: r.swap.note,
      reason: r.swap.reason,
      violations: violationsOf.get(r.swap.id) ?? [],
      keptRules: r.swap.keptRules as AssignmentRule[],
      createdAt: r.swap.createdAt.toISOString(),
      takenAt: r.swap.takenAt?.toISOString() ?? null,
      decidedAt: r.swap.decidedAt?.toISOString() ?? null,
    }));
  }

  /** Who is told a swap waits: the department's managers, else HR; never its parties. */
  private async decidersOf(tx: Tx, row: SwapRow, parties: (string | null)[]): Promise<string[]> {
    const managers = await tx
      .select({ personId: staff.personId })
      .from(staff)
      .where(
        and(
          eq(staff.orgId, row.orgId),
          eq(staff.role, 'manager'),
          isNull(staff.leftAt),
          sql`${row.departmentId}::uuid = any(${staff.managedDepartmentIds})`,
        ),
      );
    const ids = managers.map((m) => m.personId).filter((id): id is string => !!id);
    const chosen = ids.length ? ids : await this.orgs.hrOf(tx, row.orgId);
    return [...new Set(chosen)].filter((id) => !parties.includes(id));
  }
}

const eventOf = (row: SwapRow): SwapEventData => ({
  organisationId: row.orgId,
  swapId: row.id,
  assignmentId: row.assignmentId,
  rosterId: row.rosterId,
  departmentId: row.departmentId,
  day: row.day,
  templateId: row.templateId,
  offeredBy: row.offeredBy,
  takenBy: row.takenBy,
  status: row.status as SwapStatus,
});
