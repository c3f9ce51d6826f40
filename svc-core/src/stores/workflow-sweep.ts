import { and, eq, sql, type SQL } from 'drizzle-orm';
import { enqueue, makeEnvelope } from '@platform/event-bus';
import type { AccessClaims } from '@platform/contracts';
import * as schema from '../db/schema';
import { addDays, DEFAULT_TIME_ZONE, localDateOf, type LocalDate } from '../domain/dates';
import type { OrgActor } from '../domain/roles';
import { HttpError } from '@platform/service-kit';
import {
  CoreErrors,
  CoreEvents,
  type WorkflowAction,
  type WorkflowActionResult,
  type WorkflowEventData,
  type WorkflowResultCode,
} from '../../contract';
import { policyNotice, workflowNotice, workflowTasksNotice } from '../notices';
import type { ContractStore } from './contract-store';
import type { Db, OrgStore, Tx } from './org-store';

type Workflow = typeof schema.workflows.$inferSelect;
type Staff = typeof schema.staffRecords.$inferSelect;
/** One occurrence of a trigger: what fired (`subject_id`), which time (`occurrence`), about whom. */
interface Candidate extends Record<string, unknown> {
  subject_id: string;
  occurrence: string;
  staff_id: string;
}

/** An action's result, but its kind. */
type Outcome = Omit<WorkflowActionResult, 'kind'>;
const ok = (code: WorkflowResultCode, detail: string, params?: Outcome['params']): Outcome => ({
  status: 'ok',
  code,
  detail,
  ...(params ? { params } : {}),
});

/** Why an action failed, as the run log keeps it: a code the page says in its language, and in English. */
class ActionFailure extends Error {
  constructor(
    readonly code: WorkflowResultCode,
    message: string,
    readonly params?: Outcome['params'],
  ) {
    super(message);
  }
}
const nobodyIn = (role: string) =>
  new ActionFailure('nobody-in-role', `Nobody holds the role “${role}” for this person.`, { role });

/** The contract store's refusals a run can meet, as the run log's codes. */
const STORE_FAILURES: Record<string, WorkflowResultCode> = {
  [CoreErrors.contractTemplateNotFound]: 'template-missing',
  [CoreErrors.staffNotFound]: 'person-missing',
};

function failureOf(err: unknown): Outcome {
  const message = err instanceof Error ? err.message : String(err);
  if (err instanceof ActionFailure)
    return {
      status: 'failed',
      code: err.code,
      detail: message,
      ...(err.params ? { params: err.params } : {}),
    };
  const code = err instanceof HttpError ? STORE_FAILURES[err.code] : undefined;
  return { status: 'failed', code: code ?? 'unexpected', detail: message };
}

const BATCH = 200;
/** The windows of the date-driven triggers, in days before the day. */
export const CREDENTIAL_WINDOW_DAYS = 30;
export const PROBATION_WINDOW_DAYS = 14;

/**
 * The occurrences of `w`'s trigger its conditions let through and no run has claimed, at most `limit`:
 * events (a staff record made, leave approved, a contract signed) since it was turned on; days (a live
 * licence's expiry within 30 days, a signed contract's probation ending within 14) from today.
 */
function candidates(w: Workflow, today: LocalDate, limit: number): SQL {
  const since = sql`${w.activatedAt!.toISOString()}::timestamptz`;
  const conditions = sql.join(
    [
      sql`s.org_id = ${w.orgId}`,
      sql`s.left_at is null`,
      w.conditions.departmentIds?.length
        ? sql`s.department_id = any(string_to_array(${w.conditions.departmentIds.join(',')}, ',')::uuid[])`
        : sql`true`,
      w.conditions.professions?.length
        ? sql`s.profession = any(string_to_array(${w.conditions.professions.join('|')}, '|'))`
        : sql`true`,
    ],
    sql` and `,
  );
  const unclaimed = (subject: SQL, occurrence: SQL) =>
    sql`not exists (select 1 from ${schema.workflowRuns} r where r.workflow_id = ${w.id}
      and r.subject_id = ${subject} and r.occurrence = ${occurrence})`;
  const probationEnd = sql`(c.start_date + make_interval(months => substring(c.fields->>'probation' from '^[0-9]+')::int))::date`;
  const query = (): SQL => {
    switch (w.trigger) {
      case 'person-joined':
        return sql`select s.id as subject_id, '' as occurrence, s.id as staff_id from ${schema.staffRecords} s
          where ${conditions} and s.created_at >= ${sql`${w.recordsSince!.toISOString()}::timestamptz`} and ${unclaimed(sql`s.id`, sql`''`)}`;
      case 'leave-approved':
        return sql`select l.id as subject_id, '' as occurrence, s.id as staff_id from ${schema.leaveRequests} l
          join ${schema.staffRecords} s on s.id = l.staff_record_id
          where ${conditions} and l.org_id = ${w.orgId} and l.status = 'approved' and l.decided_at >= ${since}
            and ${unclaimed(sql`l.id`, sql`''`)}`;
      case 'contract-signed':
        return sql`select c.id as subject_id, '' as occurrence, s.id as staff_id from ${schema.contracts} c
          join ${schema.staffRecords} s on s.id = c.staff_record_id
          where ${conditions} and c.org_id = ${w.orgId} and c.signed_at >= ${since}
            and ${unclaimed(sql`c.id`, sql`''`)}`;
      case 'credential-expiring':
        return sql`select cr.id as subject_id, cr.expires_on::text as occurrence, s.id as staff_id
          from ${schema.staffRecords} s
          join ${schema.credentials} cr on (cr.person_id = s.person_id or cr.staff_record_id = s.id)
          where ${conditions} and cr.renewed_by is null and cr.revoked_at is null
            and cr.expires_on between ${today}::date and ${addDays(today, CREDENTIAL_WINDOW_DAYS)}::date
            and ${unclaimed(sql`cr.id`, sql`cr.expires_on::text`)}`;
      case 'probation-ending':
        return sql`select c.id as subject_id, ${probationEnd}::text as occurrence, s.id as staff_id
          from ${schema.contracts} c join ${schema.staffRecords} s on s.id = c.staff_record_id
          where ${conditions} and c.org_id = ${w.orgId} and c.status = 'signed'
            and c.fields->>'probation' ~ '^[0-9]+'
            and ${probationEnd} between ${today}::date and ${addDays(today, PROBATION_WINDOW_DAYS)}::date
            and ${unclaimed(sql`c.id`, sql`${probationEnd}::text`)}`;
    }
  };
  return sql`${query()} order by 1, 2 limit ${limit}`;
}

/**
 * Runs the active workflows: every occurrence of each one's trigger that its conditions let through, once.
 * Why once: a run is a row of `workflow_runs` unique on (workflow, subject, occurrence), inserted (`on
 * conflict do nothing`) in the transaction that does its actions and enqueues its notices and event; only
 * the transaction that inserted it does them, so a second sweep at once, another instance, or a sweep after
 * a restart finds it claimed. The sweep also takes an advisory lock it tries and does not wait for, as the
 * expiry sweep does, so two never work side by side (and the scheduled job runs on one instance a tick).
 * Event triggers are read from the rows the events are written with (a staff record's creation, a leave
 * request's approval, a contract's signing), so a delivery twice, or none while NATS was away, makes no
 * difference.
 */
export class WorkflowSweep {
  constructor(
    private readonly db: Db,
    private readonly orgs: OrgStore,
    private readonly contracts: ContractStore,
    private readonly now: () => Date,
    private readonly log?: { error(obj: object, msg: string): void },
  ) {}

  async sweep(): Promise<{ ran: number; skipped: boolean }> {
    const now = this.now();
    return this.db.transaction(async (lockTx) => {
      const [lock] = await lockTx.execute<{ ok: boolean }>(
        sql`select pg_try_advisory_xact_lock(hashtext('core-workflow-sweep')) as ok`,
      );
      if (!lock?.ok) return { ran: 0, skipped: true };
      const active = await this.db
        .select({ w: schema.workflows, timeZone: schema.organisations.timeZone })
        .from(schema.workflows)
        .leftJoin(schema.organisations, eq(schema.organisations.id, schema.workflows.orgId))
        .where(eq(schema.workflows.active, true));
      let ran = 0;
      for (const { w, timeZone: zone } of active) {
        if (!w.activatedAt || !w.recordsSince) continue;
        // Its organisation's day: the date triggers' windows and the tasks' due days are counted from it.
        const timeZone = zone ?? DEFAULT_TIME_ZONE;
        const today = localDateOf(now, timeZone);
        // One workflow's or one run's failure (rolled back, so unclaimed: tried again next time) stops
        // neither the others nor the sweep.
        try {
          for (;;) {
            const batch = await this.db.execute<Candidate>(candidates(w, today, BATCH));
            let failed = false;
            for (const c of batch) {
              try {
                if (await this.run(w, c, today, timeZone)) ran += 1;
              } catch (err) {
                failed = true;
                this.log?.error({ err, workflowId: w.id, subjectId: c.subject_id }, 'workflow run failed');
              }
            }
            if (failed || batch.length < BATCH) break;
          }
        } catch (err) {
          this.log?.error({ err, workflowId: w.id }, 'workflow sweep failed');
        }
      }
      return { ran, skipped: false };
    });
  }

  /**
   * One run: claimed, its actions done, each in a savepoint (one failing is logged, the others stand), all in
   * one transaction with the claim: a crash before it commits leaves nothing done and the occurrence
   * unclaimed, so the next sweep (this instance's after a restart, or another's) runs it whole, once.
   */
  private async run(w: Workflow, c: Candidate, today: LocalDate, timeZone: string): Promise<boolean> {
    return this.db.transaction(async (tx) => {
      const [claim] = await tx
        .insert(schema.workflowRuns)
        .values({
          workflowId: w.id,
          orgId: w.orgId,
          subjectId: c.subject_id,
          occurrence: c.occurrence,
          staffRecordId: c.staff_id,
          ranAt: this.now(),
          results: [],
        })
        .onConflictDoNothing()
        .returning({ id: schema.workflowRuns.id });
      if (!claim) return false;
      const [person] = await tx
        .select()
        .from(schema.staffRecords)
        .where(eq(schema.staffRecords.id, c.staff_id));
      const results: WorkflowActionResult[] = [];
      for (const action of w.actions) {
        try {
          const done = await tx.transaction((sp) =>
            this.act(sp, w, action, person!, claim.id, today, timeZone),
          );
          results.push({ kind: action.kind, ...done });
        } catch (err) {
          results.push({ kind: action.kind, ...failureOf(err) });
        }
      }
      await tx.update(schema.workflowRuns).set({ results }).where(eq(schema.workflowRuns.id, claim.id));
      const data: WorkflowEventData = {
        organisationId: w.orgId,
        workflowId: w.id,
        trigger: w.trigger,
        active: w.active,
        runId: claim.id,
        subjectId: c.subject_id,
        failed: results.filter((r) => r.status === 'failed').length,
      };
      await enqueue(tx, schema.outbox, [makeEnvelope(CoreEvents.workflowRan, data)]);
      return true;
    });
  }

  /**
   * What one action does inside the run's transaction, and its result; a thrown error is its failure (the
   * savepoint rolled back).
   */
  private async act(
    tx: Tx,
    w: Workflow,
    action: WorkflowAction,
    person: Staff,
    runId: string,
    today: LocalDate,
    timeZone: string,
  ): Promise<Outcome> {
    switch (action.kind) {
      case 'checklist': {
        const people = await this.audience(tx, action.assignee, person);
        if (people.length === 0) throw nobodyIn(action.assignee);
        await tx.insert(schema.workflowTasks).values(
          people.flatMap((assigneeId) =>
            action.tasks.map((t, position) => ({
              position,
              orgId: w.orgId,
              runId,
              assigneeId,
              staffRecordId: person.id,
              title: t.title,
              dueOn: addDays(today, t.dueInDays),
              createdAt: this.now(),
            })),
          ),
        );
        await enqueue(
          tx,
          schema.outbox,
          people.map((p) => workflowTasksNotice(p, w.name, action.tasks.length, person.name)),
        );
        const n = action.tasks.length;
        return ok(
          'tasks-assigned',
          `${n} ${n === 1 ? 'task' : 'tasks'} each for ${people.length} ${people.length === 1 ? 'person' : 'people'}`,
          { tasks: n, people: people.length },
        );
      }
      case 'notify': {
        const people = await this.audience(tx, action.to, person);
        if (people.length === 0) throw nobodyIn(action.to);
        await enqueue(
          tx,
          schema.outbox,
          people.map((p) => workflowNotice(p, w.name, w.trigger, person.name)),
        );
        return ok('notified', `notified ${people.length} ${people.length === 1 ? 'person' : 'people'}`, {
          people: people.length,
        });
      }
      case 'policy': {
        if (!person.personId) throw new ActionFailure('no-account', 'The person has no account yet.');
        const p = schema.policies;
        const [policy] = await tx
          .select({ id: p.id, title: p.title })
          .from(p)
          .where(
            and(
              eq(p.id, action.policyId),
              eq(p.orgId, w.orgId),
              sql`(${p.everyone} or ${person.role} = any(${p.roles}) or ${person.departmentId}::uuid = any(${p.departmentIds}) or ${person.locationId}::uuid = any(${p.locationIds}))`,
            ),
          );
        if (!policy)
          throw new ActionFailure('policy-unavailable', 'The policy is gone or not assigned to this person.');
        await enqueue(tx, schema.outbox, [policyNotice(person.personId, policy.id, policy.title, false)]);
        return ok('policy-sent', `asked to acknowledge “${policy.title}”`, { title: policy.title });
      }
      case 'contract':
        return this.contract(tx, w, action, person, timeZone);
    }
  }

  /**
   * A contract from the template, made and sent by the contract store (its PDF, hash, notice and audit) in
   * the run's transaction, in the name of the HR member who turned the workflow on. Someone without an
   * account yet cannot be sent one: the draft is kept (HR sends it once they join) and the action failed.
   */
  private async contract(
    tx: Tx,
    w: Workflow,
    action: Extract<WorkflowAction, { kind: 'contract' }>,
    person: Staff,
    timeZone: string,
  ): Promise<Outcome> {
    const hrId = w.activatedBy ?? w.createdBy;
    const actor: OrgActor = {
      personId: hrId,
      organisationId: w.orgId,
      role: 'hr-admin',
      departmentIds: [],
      locationIds: [],
      timeZone,
    };
    const claims: Pick<AccessClaims, 'sub' | 'name' | 'email' | 'role' | 'orgId'> = {
      sub: hrId,
      name: `Workflow: ${w.name}`,
      email: '',
      role: 'user',
      orgId: w.orgId,
    };
    const body = {
      templateId: action.templateId,
      staffId: person.id,
      salary: action.salary,
      probationMonths: action.probationMonths,
    };
    const id = await this.contracts.draftIn(tx, claims, actor, body, {});
    if (!person.personId)
      return {
        status: 'failed',
        code: 'contract-no-account',
        detail: 'This person has no account yet: they sign once they join.',
        params: { contractId: id },
      };
    await this.contracts.sendIn(tx, claims, actor, id, {});
    return ok('contract-sent', `contract ${id} sent to sign`, { contractId: id });
  }

  /** The accounts an action reaches for `person`: HR, their managers (of their department or location), them. */
  private async audience(tx: Tx, who: 'hr' | 'manager' | 'person', person: Staff): Promise<string[]> {
    if (who === 'person') return person.personId ? [person.personId] : [];
    if (who === 'hr') return this.orgs.hrOf(tx, person.orgId);
    const s = schema.staffRecords;
    const rows = await tx
      .select({ personId: s.personId })
      .from(s)
      .where(
        and(
          eq(s.orgId, person.orgId),
          eq(s.role, 'manager'),
          sql`${s.leftAt} is null and ${s.personId} is not null and ${s.personId} is distinct from ${person.personId}::uuid`,
          sql`(${person.departmentId}::uuid = any(${s.managedDepartmentIds}) or ${person.locationId}::uuid = any(${s.managedLocationIds}))`,
        ),
      );
    return [...new Set(rows.map((r) => r.personId!))];
  }
}
