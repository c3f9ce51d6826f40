import { and, asc, count, desc, eq, inArray, isNotNull, isNull, sql, type SQL } from 'drizzle-orm';
import { enqueue, makeEnvelope, recordAdminAction } from '@platform/event-bus';
import type { AccessClaims } from '@platform/contracts';
import {
  badRequest,
  conflict,
  forbidden,
  HttpError,
  notFound,
  pageOf,
  sanitizeAdminHtml,
} from '@platform/service-kit';
import * as schema from '../db/schema';
import { can, type OrgActor } from '../domain/roles';
import {
  CoreErrors,
  CoreEvents,
  type PolicyAssignmentBody,
  type PolicyBody,
  type PolicyDetail,
  type PolicyPeopleQuery,
  type PolicyPublishedData,
  type PolicyQuery,
  type PolicySummary,
  type PolicyVersionBody,
} from '../../contract';
import { policyNotice } from '../notices';
import type { Db, Tx } from './org-store';
import { scopeWhere } from './staff-store';
import { checkedDocument, storedFile } from './document-files';

type Claims = Pick<AccessClaims, 'sub' | 'name' | 'email' | 'role' | 'orgId'>;
type RequestInfo = { ip?: string; id?: string };
type PolicyRow = typeof schema.policies.$inferSelect;

const policy = schema.policies;
const staff = schema.staffRecords;
const acks = schema.policyAcknowledgements;
const versions = schema.policyVersions;
const files = schema.policyFiles;
const reads = schema.policyReads;

/**
 * The members the query's policy is assigned to: live records with an account (someone HR imported acknowledges
 * once they join), who are everyone or have one of its roles or are in one of its departments or locations.
 */
const assigned = and(
  eq(staff.orgId, policy.orgId),
  isNull(staff.leftAt),
  isNotNull(staff.personId),
  sql`(${policy.everyone} or ${staff.role} = any(${policy.roles}) or ${staff.departmentId} = any(${policy.departmentIds}) or ${staff.locationId} = any(${policy.locationIds}))`,
)!;
/** A member's acknowledgement of the policy's current version. */
const acknowledgedCurrent = and(
  eq(acks.policyId, policy.id),
  eq(acks.version, policy.version),
  eq(acks.personId, staff.personId),
)!;

const iso = (at: Date | string | null) => (at === null ? null : new Date(at).toISOString());

/**
 * HR's policies: each version published to those it is assigned to (an inbox notice each and
 * `core.policy.published.v1`), acknowledged by each for the current version only, followed by HR (and
 * managers within their scope), and reminders to those who have not acknowledged.
 */
export class PolicyStore {
  constructor(
    private readonly db: Db,
    private readonly now: () => Date,
  ) {}

  /** HR and managers: every policy of the organisation (`mine`: only the caller's); staff: their own. */
  async list(actor: OrgActor, query: PolicyQuery) {
    const { limit, offset } = pageOf(query);
    const onlyMine = query.mine || !can(actor, 'policy.track');
    const where = and(eq(policy.orgId, actor.organisationId), onlyMine ? this.isMine(actor) : undefined);
    const data = await this.summaries(actor, where!, limit, offset);
    const [row] = await this.db.select({ total: count() }).from(policy).where(where);
    return { data, total: Number(row?.total ?? 0) };
  }

  /**
   * One policy with its text; for HR and managers the people it is assigned to within their scope (a page,
   * `status` pending or acknowledged). Another organisation's, or for staff one not theirs: a 404.
   */
  async get(actor: OrgActor, id: string, query: PolicyPeopleQuery) {
    const summary = await this.visible(actor, id);
    const [text] = await this.db
      .select({ body: versions.body })
      .from(versions)
      .where(and(eq(versions.policyId, id), eq(versions.version, summary.version)));
    const detail: PolicyDetail = { ...summary, body: text?.body ?? '', people: null };
    if (!can(actor, 'policy.track')) return { data: detail };
    const { page, limit, offset } = pageOf(query);
    const where = and(
      eq(policy.id, id),
      assigned,
      scopeWhere(actor),
      query.status === 'pending' ? isNull(acks.personId) : undefined,
      query.status === 'acknowledged' ? isNotNull(acks.personId) : undefined,
    );
    const people = await this.db
      .select({
        personId: staff.personId,
        staffId: staff.id,
        name: staff.name,
        departmentId: staff.departmentId,
        locationId: staff.locationId,
        acknowledgedAt: acks.acknowledgedAt,
      })
      .from(staff)
      .innerJoin(policy, eq(policy.id, id))
      .leftJoin(acks, acknowledgedCurrent)
      .where(where)
      .orderBy(asc(staff.name), asc(staff.id))
      .limit(limit)
      .offset(offset);
    const [total] = await this.db
      .select({ n: count() })
      .from(staff)
      .innerJoin(policy, eq(policy.id, id))
      .leftJoin(acks, acknowledgedCurrent)
      .where(where);
    return {
      data: {
        ...detail,
        people: people.map((p) => ({ ...p, personId: p.personId!, acknowledgedAt: iso(p.acknowledgedAt) })),
      },
      pageInfo: { page, limit, total: Number(total?.n ?? 0) },
    };
  }

  /** HR writes a policy: published as version 1 to those it is assigned to. */
  async create(claims: Claims, actor: OrgActor, body: PolicyBody, request: RequestInfo) {
    if (!can(actor, 'policy.manage')) throw forbidden('Only HR writes policies.');
    const assignment = await this.checkedAssignment(actor, body.assignment);
    const text = cleanText(body.body);
    const id = await this.db.transaction(async (tx) => {
      const [row] = await tx
        .insert(policy)
        .values({ orgId: actor.organisationId, title: body.title.trim(), version: 1, ...assignment })
        .returning();
      await this.publish(tx, claims, row!, text, 'policy.create', request);
      return row!.id;
    });
    return this.visible(actor, id);
  }

  /** HR publishes a new version (its text, and title and assignment if sent): everyone is asked again. */
  async newVersion(
    claims: Claims,
    actor: OrgActor,
    id: string,
    body: PolicyVersionBody,
    request: RequestInfo,
  ) {
    if (!can(actor, 'policy.manage')) throw forbidden('Only HR publishes policies.');
    const assignment = body.assignment && (await this.checkedAssignment(actor, body.assignment));
    const text = cleanText(body.body);
    await this.db.transaction(async (tx) => {
      const [row] = await tx.select().from(policy).where(eq(policy.id, id)).for('update');
      if (!row || row.orgId !== actor.organisationId) throw policyNotFound();
      const [updated] = await tx
        .update(policy)
        .set({
          version: row.version + 1,
          title: body.title?.trim() ?? row.title,
          ...assignment,
          updatedAt: new Date(),
        })
        .where(eq(policy.id, id))
        .returning();
      await this.publish(tx, claims, updated!, text, 'policy.new-version', request);
    });
    return this.visible(actor, id);
  }

  /**
   * The caller acknowledges the version they read, which must be the current one (409 otherwise: a newer
   * one came out while they read). Again is no change: the first time stands.
   */
  async acknowledge(actor: OrgActor, id: string, version: number) {
    await this.db.transaction(async (tx) => {
      // Shared: a new version waits until this acknowledgement is in, and is then asked again.
      const [row] = await tx.select().from(policy).where(eq(policy.id, id)).for('share');
      if (!row || row.orgId !== actor.organisationId) throw policyNotFound();
      const [mine] = await tx
        .select({ id: policy.id })
        .from(policy)
        .where(and(eq(policy.id, id), this.isMine(actor)));
      if (!mine) throw policyNotFound();
      if (version !== row.version)
        throw conflict(
          `Version ${row.version} of this policy is current: read it and acknowledge that one.`,
          CoreErrors.policyVersionOutdated,
        );
      // A version published as a PDF is acknowledged by someone who opened it.
      const [pdf] = await tx
        .select({ read: reads.readAt })
        .from(files)
        .leftJoin(
          reads,
          and(
            eq(reads.policyId, files.policyId),
            eq(reads.version, files.version),
            eq(reads.personId, actor.personId),
          ),
        )
        .where(and(eq(files.policyId, id), eq(files.version, version)));
      if (pdf && !pdf.read)
        throw conflict('Open the policy (its PDF) before acknowledging it.', CoreErrors.policyUnread);
      await tx
        .insert(acks)
        .values({ policyId: id, version, personId: actor.personId, acknowledgedAt: this.now() })
        .onConflictDoNothing();
    });
    return this.visible(actor, id);
  }

  /**
   * HR publishes a PDF (checked by its content, at most 5 MB) as the policy's new version: the current text
   * stays beside it as its summary, and everyone is asked again, to open it and acknowledge.
   */
  async publishPdf(
    claims: Claims,
    actor: OrgActor,
    id: string,
    name: string | undefined,
    bytes: unknown,
    request: RequestInfo,
  ) {
    if (!can(actor, 'policy.manage')) throw forbidden('Only HR publishes policies.');
    const file = checkedDocument(bytes, name, 'policy', claims.sub);
    if (file.contentType !== 'application/pdf')
      throw new HttpError(415, 'A policy must be a PDF.', CoreErrors.policyFileType);
    await this.db.transaction(async (tx) => {
      const [row] = await tx.select().from(policy).where(eq(policy.id, id)).for('update');
      if (!row || row.orgId !== actor.organisationId) throw policyNotFound();
      const [current] = await tx
        .select({ body: versions.body })
        .from(versions)
        .where(and(eq(versions.policyId, id), eq(versions.version, row.version)));
      const [updated] = await tx
        .update(policy)
        .set({ version: row.version + 1, updatedAt: new Date() })
        .where(eq(policy.id, id))
        .returning();
      await tx.insert(files).values({
        policyId: id,
        version: updated!.version,
        fileName: file.fileName,
        size: file.size,
        content: file.content,
        uploadedBy: claims.sub,
        uploadedAt: file.uploadedAt,
      });
      await this.publish(tx, claims, updated!, current?.body ?? '', 'policy.new-version', request);
    });
    return this.visible(actor, id);
  }

  /** The current version's PDF for whoever may see the policy; its opening is kept for its acknowledgement. */
  async file(actor: OrgActor, id: string) {
    const summary = await this.visible(actor, id);
    const [file] = await this.db
      .select({ fileName: files.fileName, content: files.content })
      .from(files)
      .where(and(eq(files.policyId, id), eq(files.version, summary.version)));
    if (!file) throw notFound('This policy has no PDF.', CoreErrors.policyFileNotFound);
    if (summary.assignedToMe)
      await this.db
        .insert(reads)
        .values({ policyId: id, version: summary.version, personId: actor.personId, readAt: this.now() })
        .onConflictDoNothing();
    return { fileName: file.fileName, contentType: 'application/pdf', content: file.content };
  }

  /** HR reminds everyone assigned who has not acknowledged the current version: an inbox notice each. */
  async remind(claims: Claims, actor: OrgActor, id: string, request: RequestInfo) {
    if (!can(actor, 'policy.manage')) throw forbidden('Only HR sends reminders.');
    return this.db.transaction(async (tx) => {
      const [row] = await tx.select().from(policy).where(eq(policy.id, id));
      if (!row || row.orgId !== actor.organisationId) throw policyNotFound();
      const pending = await this.assignedPeople(tx, id, isNull(acks.personId));
      if (pending.length > 0)
        await enqueue(
          tx,
          schema.outbox,
          pending.map((personId) => policyNotice(personId, id, row.title, true)),
        );
      await recordAdminAction(tx, schema.outbox, 'core', {
        actor: claims,
        action: 'policy.remind',
        target: { module: 'core', kind: 'policy', id, label: row.title },
        after: { version: row.version, reminded: pending.length },
        request,
      });
      return { reminded: pending.length };
    });
  }

  /** Saves a version's text and asks those assigned to read it: notices, the event, the audit record. */
  private async publish(
    tx: Tx,
    claims: Claims,
    row: PolicyRow,
    text: string,
    action: 'policy.create' | 'policy.new-version',
    request: RequestInfo,
  ) {
    await tx.insert(versions).values({
      policyId: row.id,
      version: row.version,
      title: row.title,
      body: text,
      publishedBy: claims.sub,
      publishedAt: this.now(),
    });
    const people = await this.assignedPeople(tx, row.id);
    const data: PolicyPublishedData = {
      organisationId: row.orgId,
      policyId: row.id,
      version: row.version,
      title: row.title,
    };
    await enqueue(tx, schema.outbox, [
      ...people.map((personId) => policyNotice(personId, row.id, row.title, false)),
      makeEnvelope(CoreEvents.policyPublished, data),
    ]);
    await recordAdminAction(tx, schema.outbox, 'core', {
      actor: claims,
      action,
      target: { module: 'core', kind: 'policy', id: row.id, label: row.title },
      after: { version: row.version, ...assignmentOf(row), assigned: people.length },
      request,
    });
  }

  /** The accounts the policy is assigned to (organisation-wide), those matching `also` when given. */
  private async assignedPeople(tx: Tx, id: string, also?: SQL): Promise<string[]> {
    const rows = await tx
      .select({ personId: staff.personId })
      .from(staff)
      .innerJoin(policy, eq(policy.id, id))
      .leftJoin(acks, acknowledgedCurrent)
      .where(and(assigned, also));
    return rows.map((r) => r.personId!);
  }

  /** The policy as `actor` may see it, or a 404 (another organisation's; for staff, one not theirs). */
  private async visible(actor: OrgActor, id: string): Promise<PolicySummary> {
    const where = and(
      eq(policy.id, id),
      eq(policy.orgId, actor.organisationId),
      can(actor, 'policy.track') ? undefined : this.isMine(actor),
    );
    const [summary] = await this.summaries(actor, where!, 1, 0);
    if (!summary) throw policyNotFound();
    return summary;
  }

  /** Policies with their current version's date, the caller's own state and (HR, managers) completion. */
  private async summaries(actor: OrgActor, where: SQL, limit: number, offset: number) {
    const tracker = can(actor, 'policy.track');
    const inScope = and(assigned, scopeWhere(actor));
    const rows = await this.db
      .select({
        row: policy,
        publishedAt: versions.publishedAt,
        assignedToMe: sql<boolean>`${this.isMine(actor)}`,
        acknowledgedAt: sql<Date | string | null>`(select ${acks.acknowledgedAt} from ${acks} where ${and(
          eq(acks.policyId, policy.id),
          eq(acks.version, policy.version),
          eq(acks.personId, actor.personId),
        )})`,
        assigned: tracker
          ? sql<number>`(select count(*)::int from ${staff} where ${inScope})`
          : sql<null>`null`,
        fileName: files.fileName,
        fileSize: files.size,
        fileUploadedAt: files.uploadedAt,
        read: sql<boolean>`exists (select 1 from ${reads} where ${and(
          eq(reads.policyId, policy.id),
          eq(reads.version, policy.version),
          eq(reads.personId, actor.personId),
        )})`,
        acknowledged: tracker
          ? sql<number>`(select count(*)::int from ${staff} where ${inScope} and exists (select 1 from ${acks} where ${acknowledgedCurrent}))`
          : sql<null>`null`,
      })
      .from(policy)
      .innerJoin(versions, and(eq(versions.policyId, policy.id), eq(versions.version, policy.version)))
      .leftJoin(files, and(eq(files.policyId, policy.id), eq(files.version, policy.version)))
      .where(where)
      .orderBy(desc(policy.updatedAt), desc(policy.id))
      .limit(limit)
      .offset(offset);
    return rows.map((r): PolicySummary => ({
      id: r.row.id,
      title: r.row.title,
      version: r.row.version,
      assignment: assignmentOf(r.row),
      publishedAt: r.publishedAt.toISOString(),
      completion:
        r.assigned === null
          ? null
          : { acknowledged: Number(r.acknowledged ?? 0), assigned: Number(r.assigned) },
      assignedToMe: Boolean(r.assignedToMe),
      acknowledgedAt: iso(r.acknowledgedAt),
      file: storedFile(
        r.fileName === null
          ? null
          : {
              fileName: r.fileName,
              contentType: 'application/pdf',
              size: r.fileSize!,
              uploadedAt: r.fileUploadedAt!,
            },
      ),
      read: Boolean(r.read),
    }));
  }

  /** The query's policy is assigned to the caller (through their own live record). */
  private isMine(actor: OrgActor): SQL {
    return sql`exists (select 1 from ${staff} where ${and(assigned, eq(staff.personId, actor.personId))})`;
  }

  /** The assignment as stored: its departments and locations checked to be the organisation's. */
  private async checkedAssignment(actor: OrgActor, body: PolicyAssignmentBody) {
    const roles = body.everyone ? [] : (body.roles ?? []);
    const departmentIds = body.everyone ? [] : (body.departmentIds ?? []);
    const locationIds = body.everyone ? [] : (body.locationIds ?? []);
    if (!body.everyone && roles.length + departmentIds.length + locationIds.length === 0)
      throw badRequest(
        'assignment: name everyone, or some roles, departments or locations.',
        CoreErrors.policyAssignmentEmpty,
      );
    for (const [ids, table] of [
      [departmentIds, schema.departments],
      [locationIds, schema.locations],
    ] as const) {
      if (ids.length === 0) continue;
      const [found] = await this.db
        .select({ n: count() })
        .from(table)
        .where(and(inArray(table.id, ids), eq(table.orgId, actor.organisationId)));
      if (Number(found?.n ?? 0) !== ids.length)
        throw notFound('No such location or department in your organisation.', CoreErrors.placeNotFound);
    }
    return { everyone: body.everyone, roles, departmentIds, locationIds };
  }
}

const assignmentOf = (row: PolicyRow) => ({
  everyone: row.everyone,
  roles: row.roles.filter((r) => r !== 'owner') as ('hr-admin' | 'manager' | 'staff')[],
  departmentIds: row.departmentIds,
  locationIds: row.locationIds,
});

const policyNotFound = () => notFound('No such policy in your organisation.', CoreErrors.policyNotFound);

/** The text as it may be shown (the admin allow-list); one with nothing left once cleaned is refused. */
function cleanText(html: string): string {
  const text = sanitizeAdminHtml(html);
  if (text === '') throw badRequest('body: the policy has no text once cleaned of what may not be shown.');
  return text;
}
