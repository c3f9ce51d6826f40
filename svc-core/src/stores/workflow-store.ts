import { and, asc, count, desc, eq, inArray, isNotNull, isNull, sql } from 'drizzle-orm';
import { enqueue, makeEnvelope, recordAdminAction } from '@platform/event-bus';
import type { AccessClaims } from '@platform/contracts';
import { entitlementsOf, forbidden, notFound, pageOf, requireEntitlement } from '@platform/service-kit';
import * as schema from '../db/schema';
import { can, type OrgActor } from '../domain/roles';
import {
  CoreErrors,
  CoreEvents,
  type Workflow,
  type WorkflowAction,
  type WorkflowBody,
  type WorkflowEventData,
  type WorkflowPatch,
  type WorkflowRun,
  type WorkflowTask,
  type WorkflowTaskDoneData,
  type WorkflowTaskQuery,
} from '../../contract';
import type { Db, Tx } from './org-store';

type Claims = Pick<AccessClaims, 'sub' | 'name' | 'email' | 'role' | 'orgId'>;
type RequestInfo = { ip?: string; id?: string };
type Row = typeof schema.workflows.$inferSelect;

const wf = schema.workflows;
const runs = schema.workflowRuns;
const tasks = schema.workflowTasks;

/** The ready onboarding checklist: a person joins; HR and their manager each get their part. Off until HR turns it on. */
export const ONBOARDING: Pick<WorkflowBody, 'name' | 'trigger' | 'actions'> = {
  name: 'Onboarding checklist',
  trigger: 'person-joined',
  actions: [
    {
      kind: 'checklist',
      assignee: 'hr',
      tasks: [
        { title: 'Collect national ID, KRA PIN, SHA and NSSF numbers', dueInDays: 3 },
        { title: 'Verify the practising licence with the council', dueInDays: 3 },
        { title: 'Make and send the employment contract', dueInDays: 5 },
      ],
    },
    {
      kind: 'checklist',
      assignee: 'manager',
      tasks: [
        { title: 'Welcome them and tour the ward', dueInDays: 1 },
        { title: 'Introduce the infection prevention and fire safety drills', dueInDays: 7 },
        { title: 'Put them on the next roster', dueInDays: 7 },
      ],
    },
    { kind: 'notify', to: 'manager' },
  ],
};

const iso = (at: Date | string | null) => (at === null ? null : new Date(at).toISOString());

const workflowOf = (r: Row): Workflow => ({
  id: r.id,
  name: r.name,
  preset: r.preset ?? null,
  trigger: r.trigger,
  conditions: r.conditions,
  actions: r.actions,
  active: r.active,
  activatedAt: iso(r.activatedAt),
  createdAt: r.createdAt.toISOString(),
  updatedAt: r.updatedAt.toISOString(),
});

/**
 * HR's workflows (`workflows`), their runs' log (`workflow_runs`) and the checklists' tasks (`workflow_tasks`).
 * HR (owner, HR admin) makes, edits and turns them on and off, the plan's `workflows` limit counting the
 * active ones; each task's assignee sees and completes their own. The runs themselves are `WorkflowSweep`'s.
 */
export class WorkflowStore {
  constructor(
    private readonly db: Db,
    private readonly now: () => Date,
  ) {}

  /** HR's list (the ready onboarding one added the first time), with the plan's limit and how many are on. */
  async list(actor: OrgActor, query: { page?: number; limit?: number }) {
    hrOnly(actor);
    const orgId = actor.organisationId;
    await this.seed(orgId);
    const { limit, offset } = pageOf(query);
    const rows = await this.db
      .select()
      .from(wf)
      .where(eq(wf.orgId, orgId))
      .orderBy(asc(wf.createdAt), asc(wf.id))
      .limit(limit)
      .offset(offset);
    const [total] = await this.db.select({ n: count() }).from(wf).where(eq(wf.orgId, orgId));
    return {
      data: rows.map(workflowOf),
      total: Number(total?.n ?? 0),
      limit: await this.limitOf(orgId),
      active: await this.activeCount(this.db, orgId),
    };
  }

  async get(actor: OrgActor, id: string): Promise<Workflow> {
    hrOnly(actor);
    return workflowOf(await this.row(this.db, actor, id));
  }

  /** HR makes a workflow: off until turned on (the plan counts only active ones). */
  async create(claims: Claims, actor: OrgActor, body: WorkflowBody, request: RequestInfo) {
    hrOnly(actor);
    await this.checkTargets(actor, body.conditions?.departmentIds ?? [], body.actions);
    return this.db.transaction(async (tx) => {
      const [row] = await tx
        .insert(wf)
        .values({
          orgId: actor.organisationId,
          name: body.name.trim(),
          trigger: body.trigger,
          conditions: body.conditions ?? {},
          actions: body.actions,
          createdBy: actor.personId,
          createdAt: this.now(),
          updatedAt: this.now(),
        })
        .returning();
      await this.changed(tx, claims, row!, 'workflow.create', request);
      return workflowOf(row!);
    });
  }

  /**
   * HR edits a workflow or turns it on or off. Turning one on past the plan's limit is a 402
   * `billing.limit_reached` with nothing changed (one change at a time per organisation, so two at once
   * cannot both take the last place); turning on starts it from now: what happened before does not fire it.
   */
  async update(claims: Claims, actor: OrgActor, id: string, body: WorkflowPatch, request: RequestInfo) {
    hrOnly(actor);
    await this.checkTargets(actor, body.conditions?.departmentIds ?? [], body.actions ?? []);
    const orgId = actor.organisationId;
    const entitlements = await entitlementsOf(this.db, schema.orgEntitlements, orgId);
    return this.db.transaction(async (tx) => {
      await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`core-workflows:${orgId}`}))`);
      const row = await this.row(tx, actor, id, true);
      const turningOn = body.active === true && !row.active;
      if (turningOn)
        await requireEntitlement(entitlements, 'core', {
          name: 'workflows',
          current: () => this.activeCount(tx, orgId),
        });
      const at = this.now();
      const [updated] = await tx
        .update(wf)
        .set({
          name: body.name?.trim() ?? row.name,
          trigger: body.trigger ?? row.trigger,
          conditions: body.conditions ?? row.conditions,
          actions: body.actions ?? row.actions,
          active: body.active ?? row.active,
          activatedAt: turningOn ? at : body.active === false ? null : row.activatedAt,
          activatedBy: turningOn ? actor.personId : body.active === false ? null : row.activatedBy,
          recordsSince: turningOn ? sql`now()` : body.active === false ? null : row.recordsSince,
          updatedAt: at,
        })
        .where(eq(wf.id, id))
        .returning();
      const action = turningOn
        ? 'workflow.activate'
        : body.active === false && row.active
          ? 'workflow.deactivate'
          : 'workflow.update';
      await this.changed(tx, claims, updated!, action, request);
      return workflowOf(updated!);
    });
  }

  /** A workflow's runs, newest first (HR). */
  async runs(actor: OrgActor, id: string, query: { page?: number; limit?: number }) {
    hrOnly(actor);
    const row = await this.row(this.db, actor, id);
    const { limit, offset } = pageOf(query);
    const found = await this.db
      .select({ run: runs, staffName: schema.staffRecords.name })
      .from(runs)
      .innerJoin(schema.staffRecords, eq(schema.staffRecords.id, runs.staffRecordId))
      .where(eq(runs.workflowId, id))
      .orderBy(desc(runs.ranAt), desc(runs.id))
      .limit(limit)
      .offset(offset);
    const [total] = await this.db.select({ n: count() }).from(runs).where(eq(runs.workflowId, id));
    return {
      data: found.map(({ run, staffName }): WorkflowRun => ({
        id: run.id,
        workflowId: run.workflowId,
        trigger: row.trigger,
        subjectId: run.subjectId,
        occurrence: run.occurrence,
        staffId: run.staffRecordId,
        staffName,
        ranAt: run.ranAt.toISOString(),
        results: run.results,
      })),
      total: Number(total?.n ?? 0),
    };
  }

  /** The caller's own tasks in this organisation, by due day (`done`: only done or only open ones). */
  async myTasks(actor: OrgActor, query: WorkflowTaskQuery) {
    const { limit, offset } = pageOf(query);
    const where = and(
      eq(tasks.assigneeId, actor.personId),
      eq(tasks.orgId, actor.organisationId),
      query.done === undefined ? undefined : query.done ? isNotNull(tasks.doneAt) : isNull(tasks.doneAt),
    );
    const rows = await this.taskRows(where!, limit, offset);
    const [total] = await this.db.select({ n: count() }).from(tasks).where(where);
    return { data: rows, total: Number(total?.n ?? 0) };
  }

  /** The assignee marks their task done (again: no change); anyone else's, or another organisation's: 404. */
  async completeTask(actor: OrgActor, id: string): Promise<WorkflowTask> {
    const mine = and(
      eq(tasks.id, id),
      eq(tasks.assigneeId, actor.personId),
      eq(tasks.orgId, actor.organisationId),
    )!;
    await this.db.transaction(async (tx) => {
      const [done] = await tx
        .update(tasks)
        .set({ doneAt: this.now() })
        .where(and(mine, isNull(tasks.doneAt)))
        .returning();
      if (!done) return;
      const data: WorkflowTaskDoneData = { organisationId: done.orgId, taskId: done.id, runId: done.runId };
      await enqueue(tx, schema.outbox, [makeEnvelope(CoreEvents.workflowTaskDone, data)]);
    });
    const [task] = await this.taskRows(mine, 1, 0);
    if (!task) throw notFound('No such task of yours.', CoreErrors.workflowTaskNotFound);
    return task;
  }

  private async taskRows(where: ReturnType<typeof and>, limit: number, offset: number) {
    const rows = await this.db
      .select({
        task: tasks,
        staffName: schema.staffRecords.name,
        workflowName: wf.name,
      })
      .from(tasks)
      .innerJoin(runs, eq(runs.id, tasks.runId))
      .innerJoin(wf, eq(wf.id, runs.workflowId))
      .innerJoin(schema.staffRecords, eq(schema.staffRecords.id, tasks.staffRecordId))
      .where(where)
      .orderBy(asc(tasks.dueOn), asc(tasks.position), asc(tasks.id))
      .limit(limit)
      .offset(offset);
    return rows.map(({ task, staffName, workflowName }): WorkflowTask => ({
      id: task.id,
      title: task.title,
      dueOn: task.dueOn,
      doneAt: iso(task.doneAt),
      workflowName,
      staffId: task.staffRecordId,
      staffName,
    }));
  }

  /** The ready workflows, added once per organisation (a unique index on the preset). */
  private async seed(orgId: string) {
    const [org] = await this.db
      .select({ ownerId: schema.organisations.ownerId })
      .from(schema.organisations)
      .where(eq(schema.organisations.id, orgId));
    if (!org) return;
    await this.db
      .insert(wf)
      .values({
        orgId,
        preset: 'onboarding',
        ...ONBOARDING,
        conditions: {},
        createdBy: org.ownerId,
      })
      .onConflictDoNothing();
  }

  private async row(db: Db | Tx, actor: OrgActor, id: string, lock = false): Promise<Row> {
    const q = db
      .select()
      .from(wf)
      .where(and(eq(wf.id, id), eq(wf.orgId, actor.organisationId)));
    const [row] = lock ? await q.for('update') : await q;
    if (!row) throw notFound('No such workflow in your organisation.', CoreErrors.workflowNotFound);
    return row;
  }

  private async activeCount(db: Db | Tx, orgId: string): Promise<number> {
    const [n] = await db
      .select({ n: count() })
      .from(wf)
      .where(and(eq(wf.orgId, orgId), eq(wf.active, true)));
    return Number(n?.n ?? 0);
  }

  /** The plan's limit of active workflows; null: unlimited (or billing has not spoken: the trial). */
  private async limitOf(orgId: string): Promise<number | null> {
    const entitlements = await entitlementsOf(this.db, schema.orgEntitlements, orgId);
    return entitlements?.limits.workflows ?? null;
  }

  /** The departments, policies and contract templates named are the organisation's (404 otherwise). */
  private async checkTargets(actor: OrgActor, departmentIds: string[], actions: WorkflowAction[]) {
    const orgId = actor.organisationId;
    const policyIds = actions.flatMap((a) => (a.kind === 'policy' ? [a.policyId] : []));
    const templateIds = actions.flatMap((a) => (a.kind === 'contract' ? [a.templateId] : []));
    for (const [ids, table] of [
      [departmentIds, schema.departments],
      [policyIds, schema.policies],
      [templateIds, schema.contractTemplates],
    ] as const) {
      const wanted = [...new Set(ids)];
      if (wanted.length === 0) continue;
      const [found] = await this.db
        .select({ n: count() })
        .from(table)
        .where(and(inArray(table.id, wanted), eq(table.orgId, orgId)));
      if (Number(found?.n ?? 0) !== wanted.length)
        throw notFound(
          'A department, policy or contract template it names is not your organisation’s.',
          CoreErrors.workflowTargetNotFound,
        );
    }
  }

  /** The audit record and `core.workflow.changed.v1`, in the change's transaction. */
  private async changed(tx: Tx, claims: Claims, row: Row, action: string, request: RequestInfo) {
    const data: WorkflowEventData = {
      organisationId: row.orgId,
      workflowId: row.id,
      trigger: row.trigger,
      active: row.active,
    };
    await enqueue(tx, schema.outbox, [makeEnvelope(CoreEvents.workflowChanged, data)]);
    await recordAdminAction(tx, schema.outbox, 'core', {
      actor: claims,
      action,
      target: { module: 'core', kind: 'workflow', id: row.id, label: row.name },
      after: { trigger: row.trigger, active: row.active, actions: row.actions.length },
      request,
    });
  }
}

function hrOnly(actor: OrgActor) {
  if (!can(actor, 'workflow.manage')) throw forbidden('Only HR manages workflows.');
}
