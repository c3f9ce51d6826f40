import { and, asc, count, eq, gte, inArray, isNull, lte, or, sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { recordAdminAction } from '@platform/event-bus';
import type { AccessClaims } from '@platform/contracts';
import {
  badRequest,
  conflict,
  forbidden,
  isUniqueViolation,
  notFound,
  pageOf,
  requireEntitlement,
  textSearch,
} from '@platform/service-kit';
import * as schema from '../db/schema';
import { addDays, parseIsoDate } from '../domain/dates';
import {
  can,
  canAssignRole,
  canSeeStaff,
  isHr,
  redactFor,
  SELF_EDITABLE_FIELDS,
  staffScope,
  type OrgActor,
} from '../domain/roles';
import { previewImport, type ImportedStaff } from '../domain/staff-import';
import {
  CoreErrors,
  type DashboardData,
  type ImportResult,
  type StaffChangeBody,
  type StaffFilters,
  type StaffMember,
  type StaffQuery,
} from '../../contract';
import type { Db, OrgStore } from './org-store';
import type { CredentialStore } from './credential-store';

type StaffRow = typeof schema.staffRecords.$inferSelect;
type Claims = Pick<AccessClaims, 'sub' | 'name' | 'email' | 'role' | 'orgId'>;

const toMember = (r: StaffRow) => ({
  id: r.id,
  personId: r.personId,
  organisationId: r.orgId,
  email: r.email,
  name: r.name,
  phone: r.phone,
  jobTitle: r.jobTitle,
  profession: r.profession,
  departmentId: r.departmentId,
  locationId: r.locationId,
  startDate: r.startDate,
  employmentType: r.employmentType,
  role: r.role,
  clearance: { cleared: r.cleared, reason: r.clearance },
  nationalId: r.nationalId,
  kraPin: r.kraPin,
  shaNumber: r.shaNumber,
  nssfNumber: r.nssfNumber,
  emergencyContact:
    r.emergencyContactName && r.emergencyContactPhone
      ? { name: r.emergencyContactName, phone: r.emergencyContactPhone }
      : null,
});
const visible = (actor: OrgActor, r: StaffRow): StaffMember => {
  const { organisationId: _org, ...member } = redactFor(actor, toMember(r));
  return member;
};

/** What a scope lets the list read, as SQL (the same rule as `canSeeStaff`). */
export function scopeWhere(actor: OrgActor): SQL {
  const scope = staffScope(actor);
  const base = and(eq(schema.staffRecords.orgId, actor.organisationId), isNull(schema.staffRecords.leftAt))!;
  if (scope.kind === 'organisation') return base;
  if (scope.kind === 'self') return and(base, eq(schema.staffRecords.personId, scope.personId))!;
  return and(
    base,
    or(
      eq(schema.staffRecords.personId, scope.personId),
      scope.departmentIds.length ? inArray(schema.staffRecords.departmentId, scope.departmentIds) : undefined,
      scope.locationIds.length ? inArray(schema.staffRecords.locationId, scope.locationIds) : undefined,
    ),
  )!;
}

/**
 * Rows of departments the caller runs, as SQL on `departmentColumn`: HR every department (no condition), a
 * manager those they manage, anyone else none. For things that belong to a department (rosters, swaps).
 */
export function managedDepartmentsWhere(actor: OrgActor, departmentColumn: AnyPgColumn): SQL | undefined {
  if (isHr(actor)) return undefined;
  if (actor.role !== 'manager' || actor.departmentIds.length === 0) return sql`false`;
  return inArray(departmentColumn, [...actor.departmentIds]);
}

const filteredWhere = (actor: OrgActor, filters: StaffFilters) =>
  and(
    scopeWhere(actor),
    textSearch(schema.staffRecords.name, filters.search),
    filters.departmentId ? eq(schema.staffRecords.departmentId, filters.departmentId) : undefined,
    filters.locationId ? eq(schema.staffRecords.locationId, filters.locationId) : undefined,
    filters.cleared === undefined ? undefined : eq(schema.staffRecords.cleared, filters.cleared),
  );

/** The dashboard is HR's and managers': asked before any of its parts is read (one of them writes). */
export function requireDashboardReader(actor: OrgActor): void {
  if (!can(actor, 'dashboard.read')) throw forbidden('The dashboard is for HR and managers.');
}

/** Staff records: the scoped list, one record, the CSV import, locations and departments, the dashboard. */
export class StaffStore {
  constructor(
    private readonly db: Db,
    private readonly orgs: OrgStore,
    private readonly credentials: CredentialStore,
  ) {}

  async list(actor: OrgActor, query: StaffQuery) {
    const { limit, offset } = pageOf(query);
    const where = filteredWhere(actor, query);
    const rows = await this.db
      .select()
      .from(schema.staffRecords)
      .where(where)
      .orderBy(asc(schema.staffRecords.name), asc(schema.staffRecords.id))
      .limit(limit)
      .offset(offset);
    const [{ total }] = (await this.db.select({ total: count() }).from(schema.staffRecords).where(where)) as [
      { total: number },
    ];
    return { data: rows.map((r) => visible(actor, r)), total };
  }

  /**
   * The list's records for its CSV, all of them up to `max` (`null`: more matched, narrow the filters),
   * each as `actor` may read it.
   */
  async exportRows(actor: OrgActor, filters: StaffFilters, max: number) {
    const rows = await this.db
      .select()
      .from(schema.staffRecords)
      .where(filteredWhere(actor, filters))
      .orderBy(asc(schema.staffRecords.name), asc(schema.staffRecords.id))
      .limit(max + 1);
    return rows.length > max ? null : rows.map((r) => visible(actor, r));
  }

  /** One record with its credentials; another organisation's, or one outside the caller's scope, is a 404. */
  async get(actor: OrgActor, id: string) {
    const [row] = await this.db.select().from(schema.staffRecords).where(eq(schema.staffRecords.id, id));
    if (!row || row.leftAt || !canSeeStaff(actor, { ...row, organisationId: row.orgId }))
      throw notFound('No such member of your organisation.', CoreErrors.staffNotFound);
    return {
      ...visible(actor, row),
      credentials: await this.credentials.ofRecord(row, actor.timeZone),
      cpdPoints: await this.cpdPointsOf(row.personId),
    };
  }

  /** The caller's own record in their organisation (`/hr/me`), with its credentials. */
  /** The person's CPD points from Events check-ins (svc-core's projection of them). */
  private async cpdPointsOf(personId: string | null): Promise<number> {
    if (!personId) return 0;
    const [row] = await this.db
      .select({ total: sql<number>`coalesce(sum(${schema.cpdPoints.points}), 0)::int` })
      .from(schema.cpdPoints)
      .where(eq(schema.cpdPoints.personId, personId));
    return Number(row?.total ?? 0);
  }

  async mine(actor: OrgActor) {
    const [row] = await this.db
      .select({ id: schema.staffRecords.id })
      .from(schema.staffRecords)
      .where(
        and(
          eq(schema.staffRecords.orgId, actor.organisationId),
          eq(schema.staffRecords.personId, actor.personId),
          isNull(schema.staffRecords.leftAt),
        ),
      );
    if (!row) throw notFound('You have no staff record in this organisation.', CoreErrors.staffNotFound);
    return this.get(actor, row.id);
  }

  async addPlace(actor: OrgActor, kind: 'location' | 'department', name: string) {
    if (!can(actor, 'organisation.configure')) throw forbidden('Only HR sets up locations and departments.');
    const table = kind === 'location' ? schema.locations : schema.departments;
    if (kind === 'location')
      await requireEntitlement(await this.orgs.entitlements(actor.organisationId), 'core', {
        name: 'locations',
        current: async () => (await this.orgs.locations(actor.organisationId)).length,
      });
    try {
      const [row] = await this.db
        .insert(table)
        .values({ orgId: actor.organisationId, name: name.trim() })
        .returning();
      return { id: row!.id, name: row!.name };
    } catch (err) {
      if (isUniqueViolation(err))
        throw conflict(
          `This ${kind} already exists.`,
          kind === 'location' ? CoreErrors.locationExists : CoreErrors.departmentExists,
        );
      throw err;
    }
  }

  async places(actor: OrgActor) {
    const pick = (rows: { id: string; name: string }[]) => rows.map(({ id, name }) => ({ id, name }));
    return {
      locations: pick(await this.orgs.locations(actor.organisationId)),
      departments: pick(await this.orgs.departments(actor.organisationId)),
    };
  }

  /**
   * The CSV import: every row checked first; a file with any problem imports nothing. Otherwise one
   * transaction adds or updates each record by e-mail (and its licence), recorded as one admin action.
   */
  async import(
    claims: Claims,
    actor: OrgActor,
    csv: string,
    dryRun: boolean,
    request: { ip?: string; id?: string },
  ): Promise<ImportResult> {
    if (!can(actor, 'staff.import')) throw forbidden('Only HR imports staff.');
    const org = await this.orgs.organisation(actor.organisationId);
    const councils = await this.db.select().from(schema.councils);
    const preview = previewImport(csv, {
      departments: await this.orgs.departments(actor.organisationId),
      locations: await this.orgs.locations(actor.organisationId),
      councils,
      country: org?.country ?? 'KE',
    });
    const result = { dryRun, rows: preview.rows.length, problems: preview.problems, created: 0, updated: 0 };
    if (dryRun || preview.problems.length > 0) return result;
    await this.requireStaffRoom(
      actor.organisationId,
      preview.rows.map((r) => r.email),
    );
    return this.db.transaction(async (tx) => {
      for (const staff of preview.rows) {
        const values = recordValues(staff);
        const [existing] = await tx
          .select({ id: schema.staffRecords.id })
          .from(schema.staffRecords)
          .where(
            and(
              eq(schema.staffRecords.orgId, actor.organisationId),
              eq(schema.staffRecords.email, staff.email),
            ),
          );
        let recordId: string;
        if (existing) {
          await tx
            .update(schema.staffRecords)
            .set({ ...values, updatedAt: new Date() })
            .where(eq(schema.staffRecords.id, existing.id));
          recordId = existing.id;
          result.updated += 1;
        } else {
          // A member with an account but no record yet (identity's event still on its way) is linked too.
          const [person] = await tx
            .select({ id: schema.people.id })
            .from(schema.people)
            .where(and(eq(schema.people.email, staff.email), eq(schema.people.orgId, actor.organisationId)));
          const [made] = await tx
            .insert(schema.staffRecords)
            .values({
              ...values,
              orgId: actor.organisationId,
              email: staff.email,
              personId: person?.id ?? null,
            })
            .returning({ id: schema.staffRecords.id, personId: schema.staffRecords.personId });
          recordId = made!.id;
          result.created += 1;
        }
        const [record] = await tx
          .select()
          .from(schema.staffRecords)
          .where(eq(schema.staffRecords.id, recordId));
        if (staff.licence) {
          const council = councils.find((c) => c.id === staff.licence!.councilId)!;
          const [row] = await tx
            .insert(schema.credentials)
            .values({
              personId: record!.personId,
              staffRecordId: record!.personId ? null : record!.id,
              councilId: council.id,
              number: staff.licence.number,
              issuedOn: staff.licence.issuedOn,
              expiresOn: staff.licence.expiresOn,
              createdBy: claims.sub,
            })
            .onConflictDoNothing()
            .returning();
          if (row) await this.credentials.afterSave(tx, row, council);
        }
        await this.credentials.refreshClearance(tx, {
          personId: record!.personId,
          staffRecordId: record!.id,
        });
      }
      await recordAdminAction(tx, schema.outbox, 'core', {
        actor: claims,
        action: 'staff.import',
        target: { module: 'core', kind: 'organisation', id: actor.organisationId, label: org?.name ?? '' },
        after: { created: result.created, updated: result.updated },
        request,
      });
      return result;
    });
  }

  /** The plan's staff limit (with add-ons): refuses an import that would take the organisation past it. */
  private async requireStaffRoom(orgId: string, emails: string[]) {
    const entitlements = await this.orgs.entitlements(orgId);
    if (entitlements?.limits.staff == null || emails.length === 0) return;
    const active = and(eq(schema.staffRecords.orgId, orgId), isNull(schema.staffRecords.leftAt));
    const [known] = await this.db
      .select({ n: count() })
      .from(schema.staffRecords)
      .where(and(active, inArray(schema.staffRecords.email, emails)));
    await requireEntitlement(entitlements, 'core', {
      name: 'staff',
      adding: emails.length - (known?.n ?? 0),
      current: async () => {
        const [all] = await this.db.select({ n: count() }).from(schema.staffRecords).where(active);
        return all?.n ?? 0;
      },
    });
  }

  /**
   * Changes a record: HR any field of a member's; the person only their own contact fields (anything else,
   * or someone else's record, is refused with nothing changed). Recorded for the audit log when HR edits.
   */
  async change(
    claims: Claims,
    actor: OrgActor,
    id: string,
    body: StaffChangeBody,
    request: { ip?: string; id?: string },
  ): Promise<StaffMember> {
    return this.db.transaction(async (tx) => {
      const [row] = await tx
        .select()
        .from(schema.staffRecords)
        .where(eq(schema.staffRecords.id, id))
        .for('update');
      if (!row || row.leftAt || !canSeeStaff(actor, { ...row, organisationId: row.orgId }))
        throw notFound('No such member of your organisation.', CoreErrors.staffNotFound);
      const hr = can(actor, 'staff.edit');
      const fields = Object.keys(body);
      if (body.startDate && !parseIsoDate(body.startDate))
        throw badRequest('startDate: must be a real date (YYYY-MM-DD).');
      if (
        !hr &&
        (row.personId !== actor.personId ||
          fields.some((f) => !(SELF_EDITABLE_FIELDS as readonly string[]).includes(f)))
      )
        throw forbidden('You may correct only your own phone and emergency contact.');
      for (const [key, table] of [
        ['departmentId', schema.departments],
        ['locationId', schema.locations],
      ] as const) {
        const placeId = body[key];
        if (!placeId) continue;
        const [place] = await tx
          .select({ id: table.id })
          .from(table)
          .where(and(eq(table.id, placeId), eq(table.orgId, actor.organisationId)));
        if (!place)
          throw notFound('No such location or department in your organisation.', CoreErrors.placeNotFound);
      }
      const { emergencyContact, ...rest } = body;
      const [updated] = await tx
        .update(schema.staffRecords)
        .set({
          ...rest,
          ...(emergencyContact === undefined
            ? {}
            : {
                emergencyContactName: emergencyContact?.name ?? null,
                emergencyContactPhone: emergencyContact?.phone ?? null,
              }),
          updatedAt: new Date(),
        })
        .where(eq(schema.staffRecords.id, id))
        .returning();
      const announced = await this.credentials.refreshClearance(tx, {
        personId: updated!.personId,
        staffRecordId: id,
      });
      if (!announced.includes(id)) await this.credentials.announceMember(tx, updated!);
      if (hr && row.personId !== actor.personId)
        await recordAdminAction(tx, schema.outbox, 'core', {
          actor: claims,
          action: 'staff.edit',
          target: { module: 'core', kind: 'staff', id, label: row.name },
          // The values of sensitive fields stay out of the log: only which ones changed.
          before: { fields },
          after: { fields },
          request,
        });
      const [fresh] = await tx.select().from(schema.staffRecords).where(eq(schema.staffRecords.id, id));
      return visible(actor, fresh!);
    });
  }

  /** HR (the owner for HR admins) changes a member's role; recorded for the audit log. */
  async assignRole(
    claims: Claims,
    actor: OrgActor,
    id: string,
    body: { role: 'hr-admin' | 'manager' | 'staff'; departmentIds?: string[]; locationIds?: string[] },
    request: { ip?: string; id?: string },
  ): Promise<StaffMember> {
    return this.db.transaction(async (tx) => {
      const [row] = await tx
        .select()
        .from(schema.staffRecords)
        .where(eq(schema.staffRecords.id, id))
        .for('update');
      if (!row || row.leftAt || row.orgId !== actor.organisationId)
        throw notFound('No such member of your organisation.', CoreErrors.staffNotFound);
      if (!canAssignRole(actor, row.role, body.role)) throw forbidden('You may not give or take this role.');
      const managed =
        body.role === 'manager'
          ? { managedDepartmentIds: body.departmentIds ?? [], managedLocationIds: body.locationIds ?? [] }
          : { managedDepartmentIds: [], managedLocationIds: [] };
      const [updated] = await tx
        .update(schema.staffRecords)
        .set({ role: body.role, ...managed, updatedAt: new Date() })
        .where(eq(schema.staffRecords.id, id))
        .returning();
      await this.credentials.announceMember(tx, updated!);
      await recordAdminAction(tx, schema.outbox, 'core', {
        actor: claims,
        action: 'member.role-change',
        target: { module: 'core', kind: 'staff', id, label: row.name },
        before: { role: row.role },
        after: { role: body.role, ...managed },
        request,
      });
      return visible(actor, updated!);
    });
  }

  /** Headcount by location and department, clearance, credentials expiring: within the caller's scope. */
  async dashboard(actor: OrgActor): Promise<Omit<DashboardData, 'compliance' | 'trainings'>> {
    requireDashboardReader(actor);
    const where = scopeWhere(actor);
    const grouped = async (
      column: typeof schema.staffRecords.locationId | typeof schema.staffRecords.departmentId,
      table: typeof schema.locations | typeof schema.departments,
    ) =>
      (
        await this.db
          .select({ id: column, name: sql<string>`coalesce(${table.name}, '')`, count: count() })
          .from(schema.staffRecords)
          .leftJoin(table, eq(table.id, column))
          .where(where)
          .groupBy(column, table.name)
          .orderBy(asc(table.name))
      ).map((r) => ({ id: r.id, name: r.name, count: Number(r.count) }));
    const today = this.credentials.today(actor.timeZone);
    // The three windows in one pass over the scope's live credentials expiring within 90 days. A credential is
    // its holder's through their account or through their (imported) record: the two joins apart, each an
    // index probe a member (`holderJoin`'s OR took a bitmap of both indexes and every renewed credential's
    // row), the second leaving out what the first counted, so each (credential, record) pair counts once.
    const live = and(
      where,
      isNull(schema.credentials.renewedBy),
      isNull(schema.credentials.revokedAt),
      gte(schema.credentials.expiresOn, today),
      lte(schema.credentials.expiresOn, addDays(today, 90)),
    );
    const expiring = async () => {
      const viaAccount = this.db
        .select({ expiresOn: schema.credentials.expiresOn })
        .from(schema.credentials)
        .innerJoin(schema.staffRecords, eq(schema.credentials.personId, schema.staffRecords.personId))
        .where(live);
      const viaRecord = this.db
        .select({ expiresOn: schema.credentials.expiresOn })
        .from(schema.credentials)
        .innerJoin(schema.staffRecords, eq(schema.credentials.staffRecordId, schema.staffRecords.id))
        .where(
          and(live, sql`(${schema.credentials.personId} = ${schema.staffRecords.personId}) is not true`),
        );
      const within = (days: number) =>
        sql`count(*) filter (where h.expires_on <= ${addDays(today, days)}::date)::int`;
      const [row] = await this.db.execute<{ within30: number; within60: number; within90: number }>(sql`
        select ${within(30)} as within30, ${within(60)} as within60, ${within(90)} as within90
        from (${viaAccount} union all ${viaRecord}) h`);
      return {
        within30: Number(row?.within30 ?? 0),
        within60: Number(row?.within60 ?? 0),
        within90: Number(row?.within90 ?? 0),
      };
    };
    // Independent reads: asked at once, so the answer waits for the slowest, not for their sum.
    const [[totals], byLocation, byDepartment, expiringCounts] = await Promise.all([
      this.db
        .select({
          headcount: count(),
          cleared: sql<number>`count(*) filter (where ${schema.staffRecords.cleared})::int`,
        })
        .from(schema.staffRecords)
        .where(where),
      grouped(schema.staffRecords.locationId, schema.locations),
      grouped(schema.staffRecords.departmentId, schema.departments),
      expiring(),
    ]);
    const headcount = Number(totals?.headcount ?? 0);
    const cleared = Number(totals?.cleared ?? 0);
    return {
      headcount,
      byLocation,
      byDepartment,
      cleared,
      notCleared: headcount - cleared,
      expiring: expiringCounts,
    };
  }
}

function recordValues(staff: ImportedStaff) {
  return {
    name: staff.name,
    phone: staff.phone,
    jobTitle: staff.jobTitle,
    profession: staff.profession,
    departmentId: staff.departmentId,
    locationId: staff.locationId,
    startDate: staff.startDate,
    employmentType: staff.employmentType,
    nationalId: staff.nationalId,
    kraPin: staff.kraPin,
    shaNumber: staff.shaNumber,
    nssfNumber: staff.nssfNumber,
    emergencyContactName: staff.emergencyContact?.name ?? null,
    emergencyContactPhone: staff.emergencyContact?.phone ?? null,
  };
}
