import { and, arrayContains, count, desc, eq, gte, inArray, isNotNull, isNull, sql } from 'drizzle-orm';
import { enqueue, makeEnvelope, recordAdminAction } from '@platform/event-bus';
import type { AccessClaims } from '@platform/contracts';
import { conflict, forbidden, HttpError, notFound, pageOf } from '@platform/service-kit';
import * as schema from '../db/schema';
import { localDateOf } from '../domain/dates';
import { can, type OrgActor } from '../domain/roles';
import { surveySentNotice } from '../notices';
import { surveyResults } from '../wellness/pulse-results';
import {
  CoreErrors,
  CoreEvents,
  PULSE_QUESTIONS,
  type PulseQuestion,
  type Survey,
  type SurveyAnswerBody,
  type SurveyBody,
  type SurveyEventData,
  type SurveyQuery,
  type SurveyResults,
} from '../../contract';
import type { Db, Tx } from './org-store';

type Claims = Pick<AccessClaims, 'sub' | 'name' | 'email' | 'role' | 'orgId'>;
type RequestInfo = { ip?: string; id?: string };
type SurveyRow = typeof schema.pulseSurveys.$inferSelect;

const surveys = schema.pulseSurveys;
const answers = schema.pulseAnswers;
const respondents = schema.pulseRespondents;
const staff = schema.staffRecords;

const surveyNotFound = () => notFound('No such survey.', CoreErrors.surveyNotFound);
const onlyHr = () => forbidden('Only HR runs wellness surveys.');

/**
 * Anonymous pulse surveys: HR makes one for some departments and sends it (a notice to each member); each
 * member answers once; HR reads the results once it is closed, only where at least 5 answered, never per
 * person (`wellness/pulse-results.ts`). An answer is stored without its person and time; who answered is
 * a table of its own with nothing of the answer, and every answer's row is written again, shuffled, by a
 * later transaction so no answer row carries its writer's transaction (README: Wellness).
 */
export class WellnessStore {
  constructor(
    private readonly db: Db,
    private readonly now: () => Date,
  ) {}

  /** HR: every survey of the organisation; a member: those sent to their department (`open`: to answer). */
  async list(actor: OrgActor, query: SurveyQuery): Promise<{ data: Survey[]; total: number }> {
    const { limit, offset } = pageOf(query);
    const today = localDateOf(this.now(), actor.timeZone);
    const hr = can(actor, 'wellness.manage');
    const department = hr ? null : await this.departmentOf(this.db, actor);
    if (!hr && !department) return { data: [], total: 0 };
    const mine = sql`exists (select 1 from ${respondents} where ${respondents.surveyId} = ${surveys.id} and ${respondents.personId} = ${actor.personId})`;
    const where = and(
      eq(surveys.orgId, actor.organisationId),
      hr ? undefined : and(isNotNull(surveys.sentAt), arrayContains(surveys.departmentIds, [department!])),
      query.open
        ? and(eq(surveys.status, 'sent'), gte(surveys.closesOn, today), hr ? undefined : sql`not ${mine}`)
        : undefined,
    )!;
    const rows = await this.db
      .select()
      .from(surveys)
      .where(where)
      .orderBy(desc(surveys.createdAt), desc(surveys.id))
      .limit(limit)
      .offset(offset);
    const [total] = await this.db.select({ n: count() }).from(surveys).where(where);
    return { data: await this.describe(actor, rows, department), total: Number(total?.n ?? 0) };
  }

  async get(actor: OrgActor, id: string): Promise<Survey> {
    const { row, department } = await this.visible(this.db, actor, id);
    return (await this.describe(actor, [row], department))[0]!;
  }

  /** HR makes a survey (a draft) of ready questions for some of its departments, open until `closesOn`. */
  async create(claims: Claims, actor: OrgActor, body: SurveyBody, request: RequestInfo) {
    if (!can(actor, 'wellness.manage')) throw onlyHr();
    this.checkCloses(actor, body.closesOn);
    const known = await this.db
      .select({ id: schema.departments.id })
      .from(schema.departments)
      .where(
        and(
          eq(schema.departments.orgId, actor.organisationId),
          inArray(schema.departments.id, body.departmentIds),
        ),
      );
    if (known.length !== body.departmentIds.length)
      throw notFound('No such department in your organisation.', CoreErrors.placeNotFound);
    const questions = PULSE_QUESTIONS.filter((q) => body.questions.includes(q));
    const id = await this.db.transaction(async (tx) => {
      const [row] = await tx
        .insert(surveys)
        .values({
          orgId: actor.organisationId,
          title: body.title.trim(),
          questions,
          departmentIds: body.departmentIds,
          closesOn: body.closesOn,
          createdBy: actor.personId,
          createdAt: this.now(),
        })
        .returning();
      await this.audit(tx, claims, 'wellness.create', row!, request, {
        after: { questions, departmentIds: body.departmentIds, closesOn: body.closesOn },
      });
      return row!.id;
    });
    return this.get(actor, id);
  }

  /** HR sends a draft: each member of its departments (with an account) is told, in the inbox. */
  async send(claims: Claims, actor: OrgActor, id: string, request: RequestInfo) {
    if (!can(actor, 'wellness.manage')) throw onlyHr();
    await this.db.transaction(async (tx) => {
      const row = await this.locked(tx, actor, id);
      if (row.status !== 'draft') throw conflict('This survey was already sent.', CoreErrors.surveyNotDraft);
      this.checkCloses(actor, row.closesOn);
      const members = await tx
        .select({ personId: staff.personId })
        .from(staff)
        .where(
          and(
            eq(staff.orgId, row.orgId),
            inArray(staff.departmentId, row.departmentIds),
            isNull(staff.leftAt),
            isNotNull(staff.personId),
          ),
        );
      const [sent] = await tx
        .update(surveys)
        .set({ status: 'sent', sentAt: this.now(), invited: members.length })
        .where(eq(surveys.id, id))
        .returning();
      await enqueue(tx, schema.outbox, [
        makeEnvelope(CoreEvents.surveySent, eventOf(sent!)),
        ...members.map((m) => surveySentNotice(m.personId!, sent!.title, sent!.closesOn)),
      ]);
      await this.audit(tx, claims, 'wellness.send', sent!, request, { after: { invited: members.length } });
    });
    return this.get(actor, id);
  }

  /** HR closes an open survey before its day: no more answers, and its results can be read. */
  async close(claims: Claims, actor: OrgActor, id: string, request: RequestInfo) {
    if (!can(actor, 'wellness.manage')) throw onlyHr();
    await this.db.transaction(async (tx) => {
      const row = await this.locked(tx, actor, id);
      if (this.statusOf(actor, row) !== 'open')
        throw conflict('This survey is not open.', CoreErrors.surveyNotOpen);
      const [closed] = await tx
        .update(surveys)
        .set({ status: 'closed', closedAt: this.now() })
        .where(eq(surveys.id, id))
        .returning();
      await enqueue(tx, schema.outbox, [makeEnvelope(CoreEvents.surveyClosed, eventOf(closed!))]);
      await this.audit(tx, claims, 'wellness.close', closed!, request, {
        before: { closesOn: row.closesOn },
        after: { closedOn: localDateOf(this.now(), actor.timeZone) },
      });
    });
    await this.shuffle(id);
    return this.get(actor, id);
  }

  /**
   * A member of one of the survey's departments answers it, once (409 again, nothing changed): the answer
   * without their id, their name in `pulse_respondents` without the answer. Then every answer of the survey
   * is written again in a random order by another transaction (`shuffle`).
   */
  async answer(actor: OrgActor, id: string, body: SurveyAnswerBody) {
    await this.db.transaction(async (tx) => {
      // One answer at a time per survey: the shuffle below reads them all under the same lock.
      const row = await this.locked(tx, actor, id);
      const department = await this.departmentOf(tx, actor);
      if (row.status === 'draft' || !department || !row.departmentIds.includes(department))
        throw surveyNotFound();
      if (this.statusOf(actor, row) !== 'open')
        throw conflict('This survey is closed.', CoreErrors.surveyNotOpen);
      const asked = row.questions as PulseQuestion[];
      const given = Object.keys(body.ratings);
      if (given.length !== asked.length || !asked.every((q) => body.ratings[q] !== undefined))
        throw new HttpError(
          422,
          `Answer each question of this survey (${asked.join(', ')}) from 1 to 5, and only those.`,
          CoreErrors.surveyAnswerInvalid,
        );
      const [first] = await tx
        .insert(respondents)
        .values({ surveyId: id, personId: actor.personId })
        .onConflictDoNothing()
        .returning({ surveyId: respondents.surveyId });
      if (!first) throw conflict('You have already answered this survey.', CoreErrors.surveyAnswered);
      const comment = body.comment?.trim();
      await tx.insert(answers).values({
        surveyId: id,
        departmentId: department,
        workload: body.ratings.workload ?? null,
        burnout: body.ratings.burnout ?? null,
        safety: body.ratings.safety ?? null,
        comment: comment ? comment : null,
      });
    });
    await this.shuffle(id);
    return { answeredByMe: true as const };
  }

  /** The results, HR's only: withheld while open, and wherever fewer than 5 answered. */
  async results(actor: OrgActor, id: string): Promise<SurveyResults> {
    if (!can(actor, 'wellness.manage')) throw onlyHr();
    const { row } = await this.visible(this.db, actor, id);
    const [rows, names] = await Promise.all([
      this.db
        .select({
          departmentId: answers.departmentId,
          workload: answers.workload,
          burnout: answers.burnout,
          safety: answers.safety,
          comment: answers.comment,
        })
        .from(answers)
        .where(eq(answers.surveyId, id)),
      this.departmentNames(row.departmentIds),
    ]);
    return surveyResults({
      surveyId: row.id,
      status: this.statusOf(actor, row),
      invited: row.invited,
      questions: row.questions as PulseQuestion[],
      departments: row.departmentIds.map((d) => ({ id: d, name: names.get(d) ?? '' })),
      answers: rows,
    });
  }

  /**
   * Writes every answer of the survey again, in a random order with new random ids, in a transaction of its
   * own: each answer's row then carries this transaction's id (Postgres's `xmin`, which anyone who may read
   * the table can select), not the one that also wrote its person into `pulse_respondents`, and no row's
   * place on disk follows the order people answered in. Failing here loses nothing: the next answer (or the
   * close) shuffles again.
   */
  private async shuffle(id: string) {
    await this.db.transaction(async (tx) => {
      await tx.select({ id: surveys.id }).from(surveys).where(eq(surveys.id, id)).for('update');
      // One statement: the rows never leave the database; `gen_random_uuid()` (strong random) orders them.
      await tx.execute(sql`
        with gone as (
          delete from ${answers} where ${answers.surveyId} = ${id}
          returning survey_id, department_id, workload, burnout, safety, comment
        )
        insert into ${answers} (survey_id, department_id, workload, burnout, safety, comment)
        select survey_id, department_id, workload, burnout, safety, comment from gone order by gen_random_uuid()`);
    });
  }

  // ---- Reading ---------------------------------------------------------------------------------

  /** The caller's department now (their live record's), or null (the owner, or no department). */
  private async departmentOf(db: Db | Tx, actor: OrgActor): Promise<string | null> {
    const [record] = await db
      .select({ departmentId: staff.departmentId })
      .from(staff)
      .where(
        and(eq(staff.orgId, actor.organisationId), eq(staff.personId, actor.personId), isNull(staff.leftAt)),
      );
    return record?.departmentId ?? null;
  }

  /** The survey as the caller may see it: HR any of theirs; a member one sent to their department. */
  private async visible(db: Db | Tx, actor: OrgActor, id: string) {
    const [row] = await db
      .select()
      .from(surveys)
      .where(and(eq(surveys.id, id), eq(surveys.orgId, actor.organisationId)));
    if (!row) throw surveyNotFound();
    if (can(actor, 'wellness.manage')) return { row, department: null };
    const department = await this.departmentOf(db, actor);
    if (row.status === 'draft' || !department || !row.departmentIds.includes(department))
      throw surveyNotFound();
    return { row, department };
  }

  /** The survey's row locked for a change; another organisation's is a 404. */
  private async locked(tx: Tx, actor: OrgActor, id: string): Promise<SurveyRow> {
    const [row] = await tx
      .select()
      .from(surveys)
      .where(and(eq(surveys.id, id), eq(surveys.orgId, actor.organisationId)))
      .for('update');
    if (!row) throw surveyNotFound();
    return row;
  }

  private statusOf(actor: OrgActor, row: SurveyRow): Survey['status'] {
    if (row.status === 'draft') return 'draft';
    if (row.status === 'closed' || row.closesOn < localDateOf(this.now(), actor.timeZone)) return 'closed';
    return 'open';
  }

  private checkCloses(actor: OrgActor, closesOn: string) {
    if (closesOn < localDateOf(this.now(), actor.timeZone))
      throw new HttpError(
        422,
        'The closing day has passed: choose today or later.',
        CoreErrors.surveyClosesInPast,
      );
  }

  private async departmentNames(ids: readonly string[]) {
    if (ids.length === 0) return new Map<string, string>();
    const rows = await this.db
      .select({ id: schema.departments.id, name: schema.departments.name })
      .from(schema.departments)
      .where(inArray(schema.departments.id, [...ids]));
    return new Map(rows.map((r) => [r.id, r.name]));
  }

  /** Surveys as the caller sees them: HR with how many answered; everyone whether they have. */
  private async describe(actor: OrgActor, rows: SurveyRow[], department: string | null): Promise<Survey[]> {
    if (rows.length === 0) return [];
    const ids = rows.map((r) => r.id);
    const hr = can(actor, 'wellness.manage');
    const [names, mine, counts] = await Promise.all([
      this.departmentNames([...new Set(rows.flatMap((r) => r.departmentIds))]),
      this.db
        .select({ surveyId: respondents.surveyId })
        .from(respondents)
        .where(and(inArray(respondents.surveyId, ids), eq(respondents.personId, actor.personId))),
      hr
        ? this.db
            .select({ surveyId: respondents.surveyId, n: count() })
            .from(respondents)
            .where(inArray(respondents.surveyId, ids))
            .groupBy(respondents.surveyId)
        : Promise.resolve([]),
    ]);
    const answered = new Set(mine.map((m) => m.surveyId));
    const countOf = new Map(counts.map((c) => [c.surveyId, Number(c.n)]));
    const own = department ?? (hr ? await this.departmentOf(this.db, actor) : null);
    return rows.map((row) => {
      const status = this.statusOf(actor, row);
      return {
        id: row.id,
        title: row.title,
        questions: row.questions as PulseQuestion[],
        departments: row.departmentIds.map((d) => ({ id: d, name: names.get(d) ?? '' })),
        closesOn: row.closesOn,
        status,
        sentAt: row.sentAt?.toISOString() ?? null,
        invited: row.invited,
        answered: hr ? (countOf.get(row.id) ?? 0) : null,
        answeredByMe: answered.has(row.id),
        canAnswer:
          status === 'open' && !answered.has(row.id) && own !== null && row.departmentIds.includes(own),
      };
    });
  }

  private audit(
    tx: Tx,
    claims: Claims,
    action: string,
    row: SurveyRow,
    request: RequestInfo,
    change: { before?: unknown; after?: unknown },
  ) {
    return recordAdminAction(tx, schema.outbox, 'core', {
      actor: claims,
      action,
      target: { module: 'core', kind: 'wellness-survey', id: row.id, label: row.title },
      ...change,
      request,
    } as Parameters<typeof recordAdminAction>[3]);
  }
}

const eventOf = (row: SurveyRow): SurveyEventData => ({
  organisationId: row.orgId,
  surveyId: row.id,
  departmentIds: row.departmentIds,
  closesOn: row.closesOn,
  invited: row.invited,
});
