import { and, asc, count, eq, sql } from 'drizzle-orm';
import { recordAdminAction } from '@platform/event-bus';
import type { AccessClaims } from '@platform/contracts';
import { conflict, forbidden, isUniqueViolation, notFound, pageOf } from '@platform/service-kit';
import * as schema from '../db/schema';
import { canManageRoster, type OrgActor } from '../domain/roles';
import { hoursOf, isNight } from '../rosters/roster-rules';
import {
  CoreErrors,
  type ShiftTemplate,
  type ShiftTemplateBody,
  type ShiftTemplateChangeBody,
  type ShiftTemplateQuery,
} from '../../contract';
import type { Db, Tx } from './org-store';

type Claims = Pick<AccessClaims, 'sub' | 'name' | 'email' | 'role' | 'orgId'>;
type RequestInfo = { ip?: string; id?: string };
export type TemplateRow = typeof schema.shiftTemplates.$inferSelect;

const templates = schema.shiftTemplates;

export const templateOf = (row: TemplateRow): ShiftTemplate => ({
  id: row.id,
  departmentId: row.departmentId,
  name: row.name,
  startsAt: row.startsAt,
  endsAt: row.endsAt,
  clinical: row.clinical,
  night: isNight(row),
  hours: hoursOf(row),
  minimumStaffing: row.minimumStaffing,
  active: row.active,
});

const notFoundPlace = () => notFound('No such department.', CoreErrors.placeNotFound);
const notFoundTemplate = () => notFound('No such shift.', CoreErrors.shiftTemplateNotFound);
const refused = () => forbidden("Only HR or the department's manager sets its shifts.");

/**
 * Each department's shifts and their minimum staffing: every member reads them; HR and the department's
 * manager write them (audited). A shift is never deleted, only made inactive, so rosters keep theirs.
 */
export class ShiftTemplateStore {
  constructor(
    private readonly db: Db,
    private readonly now: () => Date,
  ) {}

  async list(actor: OrgActor, query: ShiftTemplateQuery) {
    const { limit, offset } = pageOf(query);
    const where = and(
      eq(templates.orgId, actor.organisationId),
      query.departmentId ? eq(templates.departmentId, query.departmentId) : undefined,
    );
    const rows = await this.db
      .select()
      .from(templates)
      .where(where)
      .orderBy(asc(templates.departmentId), asc(templates.startsAt), asc(templates.name), asc(templates.id))
      .limit(limit)
      .offset(offset);
    const [{ total }] = (await this.db.select({ total: count() }).from(templates).where(where)) as [
      { total: number },
    ];
    return { data: rows.map(templateOf), total };
  }

  async create(claims: Claims, actor: OrgActor, body: ShiftTemplateBody, request: RequestInfo) {
    await this.department(actor, body.departmentId);
    return this.saving(async (tx) => {
      const [row] = await tx
        .insert(templates)
        .values({
          orgId: actor.organisationId,
          departmentId: body.departmentId,
          name: body.name.trim(),
          startsAt: body.startsAt,
          endsAt: body.endsAt,
          clinical: body.clinical ?? true,
          minimumStaffing: mergeMinimums(body.minimumStaffing ?? []),
          createdAt: this.now(),
        })
        .returning();
      await this.audit(tx, claims, 'shift-template.create', row!, request, { after: templateOf(row!) });
      return templateOf(row!);
    });
  }

  async change(
    claims: Claims,
    actor: OrgActor,
    id: string,
    body: ShiftTemplateChangeBody,
    request: RequestInfo,
  ) {
    const [found] = await this.db
      .select()
      .from(templates)
      .where(and(eq(templates.id, id), eq(templates.orgId, actor.organisationId)));
    if (!found) throw notFoundTemplate();
    if (!canManageRoster(actor, { organisationId: found.orgId, id: found.departmentId })) throw refused();
    return this.saving(async (tx) => {
      const [row] = await tx.select().from(templates).where(eq(templates.id, id)).for('update');
      const [updated] = await tx
        .update(templates)
        .set({
          ...(body.name !== undefined && { name: body.name.trim() }),
          ...(body.startsAt !== undefined && { startsAt: body.startsAt }),
          ...(body.endsAt !== undefined && { endsAt: body.endsAt }),
          ...(body.clinical !== undefined && { clinical: body.clinical }),
          ...(body.active !== undefined && { active: body.active }),
          ...(body.minimumStaffing !== undefined && { minimumStaffing: mergeMinimums(body.minimumStaffing) }),
        })
        .where(eq(templates.id, id))
        .returning();
      await this.audit(tx, claims, 'shift-template.change', updated!, request, {
        before: templateOf(row!),
        after: templateOf(updated!),
      });
      return templateOf(updated!);
    });
  }

  /** The department, if the caller may set its shifts: another organisation's is a 404, not theirs a 403. */
  async department(actor: OrgActor, departmentId: string, db: Db | Tx = this.db) {
    const [department] = await db
      .select()
      .from(schema.departments)
      .where(
        and(eq(schema.departments.id, departmentId), eq(schema.departments.orgId, actor.organisationId)),
      );
    if (!department) throw notFoundPlace();
    if (!canManageRoster(actor, { organisationId: department.orgId, id: department.id })) throw refused();
    return department;
  }

  /** A department's shifts, inactive ones too (a roster may hold them), in start order. */
  async ofDepartment(db: Db | Tx, departmentId: string): Promise<TemplateRow[]> {
    return db
      .select()
      .from(templates)
      .where(eq(templates.departmentId, departmentId))
      .orderBy(asc(templates.startsAt), asc(sql`lower(${templates.name})`), asc(templates.id));
  }

  private audit(
    tx: Tx,
    claims: Claims,
    action: string,
    row: TemplateRow,
    request: RequestInfo,
    change: { before?: unknown; after?: unknown },
  ) {
    return recordAdminAction(tx, schema.outbox, 'core', {
      actor: claims,
      action,
      target: { module: 'core', kind: 'shift-template', id: row.id, label: row.name },
      ...change,
      request,
    } as Parameters<typeof recordAdminAction>[3]);
  }

  private async saving<T>(work: (tx: Tx) => Promise<T>): Promise<T> {
    try {
      return await this.db.transaction(work);
    } catch (err) {
      if (!isUniqueViolation(err)) throw err;
      throw conflict('This department already has a shift with this name.', CoreErrors.shiftTemplateExists);
    }
  }
}

/** One line per profession (the same one twice adds up), in the order first named. */
function mergeMinimums<P extends string>(lines: { profession: P; count: number }[]) {
  const merged = new Map<P, number>();
  for (const { profession, count: n } of lines) merged.set(profession, (merged.get(profession) ?? 0) + n);
  return [...merged].map(([profession, n]) => ({ profession, count: n }));
}
