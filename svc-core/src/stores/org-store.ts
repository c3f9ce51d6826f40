import { and, eq, isNull, ne, sql } from 'drizzle-orm';
import type { PostgresJsDatabase } from 'drizzle-orm/postgres-js';
import {
  professionOf,
  type AccessClaims,
  type Profession,
  type UserDeletedData,
  type UserEventData,
} from '@platform/contracts';
import { recordAdminAction } from '@platform/event-bus';
import { entitlementsOf, forbidden, HttpError } from '@platform/service-kit';
import * as schema from '../db/schema';
import { DEFAULT_TIME_ZONE, isTimeZone } from '../domain/dates';
import { can, type OrgActor } from '../domain/roles';
import {
  CoreErrors,
  type FatigueLimits,
  type OrganisationBody,
  type OrganisationSettings,
} from '../../contract';
import { takeHireSuggestion } from './hire-store';

export type Db = PostgresJsDatabase<typeof schema>;
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
type Claims = Pick<AccessClaims, 'sub' | 'role' | 'orgId' | 'name' | 'email'>;

const COUNTRY_CODES: Record<string, string> = {
  kenya: 'KE',
  ke: 'KE',
  uganda: 'UG',
  ug: 'UG',
  tanzania: 'TZ',
  tz: 'TZ',
  rwanda: 'RW',
  rw: 'RW',
};
/** The organisation's country code from what its owner typed; Kenya when it names none we know. */
export const countryCode = (typed: string): string => COUNTRY_CODES[typed.trim().toLowerCase()] ?? 'KE';

/**
 * Organisations and their members, projected from identity's user events: a Clinic account owns the
 * organisation it was made with; a professional whose orgId names it is a member with a staff record.
 */
export class OrgStore {
  constructor(private readonly db: Db) {}

  /** Applies one identity.user.* event inside the consumer's transaction (older versions change nothing). */
  async applyUser(tx: Tx, type: 'upsert' | 'delete', data: UserEventData | UserDeletedData): Promise<void> {
    if (type === 'delete') {
      await tx.delete(schema.people).where(eq(schema.people.id, data.id));
      await tx
        .update(schema.staffRecords)
        .set({ leftAt: new Date(), personId: null, updatedAt: new Date() })
        .where(and(eq(schema.staffRecords.personId, data.id), isNull(schema.staffRecords.leftAt)));
      return;
    }
    const user = data as UserEventData;
    const row = {
      id: user.id,
      name: user.name,
      email: user.email.toLowerCase(),
      role: user.role,
      orgId: user.orgId,
      country: user.country,
      phone: user.phone,
      designation: user.designation,
      version: user.version,
    };
    const applied = await tx
      .insert(schema.people)
      .values(row)
      .onConflictDoUpdate({
        target: schema.people.id,
        set: row,
        setWhere: sql`${schema.people.version} < ${user.version}`,
      })
      .returning({ id: schema.people.id });
    if (applied.length === 0) return;
    if (user.role === 'Clinic' && user.orgId)
      await this.ensureOrganisation(tx, user.orgId, user.id, user.name, countryCode(user.country));
    // Left (or moved): the records elsewhere close.
    await tx
      .update(schema.staffRecords)
      .set({ leftAt: new Date(), updatedAt: new Date() })
      .where(
        and(
          eq(schema.staffRecords.personId, user.id),
          isNull(schema.staffRecords.leftAt),
          user.orgId ? ne(schema.staffRecords.orgId, user.orgId) : undefined,
        ),
      );
    if (user.role === 'user' && user.orgId) {
      const profession = professionOf(user.role, user.designation);
      await this.ensureMember(
        tx,
        user.orgId,
        user.id,
        user.name,
        user.email,
        profession === 'Other' ? null : profession,
      );
    }
  }

  private async ensureOrganisation(tx: Tx, id: string, ownerId: string, name: string, country?: string) {
    await tx
      .insert(schema.organisations)
      .values({ id, ownerId, name, ...(country ? { country } : {}) })
      .onConflictDoUpdate({
        target: schema.organisations.id,
        set: { ownerId, name, ...(country ? { country } : {}) },
      });
  }

  /**
   * A member's staff record: theirs already, else one HR imported with their e-mail, else a new one whose
   * profession is read from their designation until HR records it.
   */
  private async ensureMember(
    tx: Tx,
    orgId: string,
    personId: string,
    name: string,
    rawEmail: string,
    profession: Profession | null = null,
  ) {
    const email = rawEmail.toLowerCase();
    const [mine] = await tx
      .select()
      .from(schema.staffRecords)
      .where(and(eq(schema.staffRecords.orgId, orgId), eq(schema.staffRecords.personId, personId)));
    if (mine) {
      if (mine.leftAt)
        await tx
          .update(schema.staffRecords)
          .set({ leftAt: null, updatedAt: new Date() })
          .where(eq(schema.staffRecords.id, mine.id));
      return mine.id;
    }
    const [linked] = await tx
      .update(schema.staffRecords)
      .set({ personId, leftAt: null, updatedAt: new Date() })
      .where(
        and(
          eq(schema.staffRecords.orgId, orgId),
          eq(schema.staffRecords.email, email),
          isNull(schema.staffRecords.personId),
        ),
      )
      .returning({ id: schema.staffRecords.id });
    // Accepted in Hire: the job's title and their profession, where HR has not recorded them.
    const hired = await takeHireSuggestion(tx, orgId, personId);
    if (linked) {
      // What HR recorded for them before they had an account is theirs now.
      await tx
        .update(schema.credentials)
        .set({ personId })
        .where(eq(schema.credentials.staffRecordId, linked.id));
      if (hired)
        await tx
          .update(schema.staffRecords)
          .set({
            jobTitle: sql`coalesce(${schema.staffRecords.jobTitle}, ${hired.jobTitle})`,
            profession: sql`coalesce(${schema.staffRecords.profession}, ${hired.profession})`,
          })
          .where(eq(schema.staffRecords.id, linked.id));
      return linked.id;
    }
    const [made] = await tx
      .insert(schema.staffRecords)
      .values({
        orgId,
        personId,
        email,
        name,
        jobTitle: hired?.jobTitle ?? null,
        profession: hired?.profession ?? profession,
      })
      .onConflictDoNothing()
      .returning({ id: schema.staffRecords.id });
    return made?.id;
  }

  /**
   * The caller as a member of their organisation: the owner (the Clinic account), or a member's role from
   * their staff record. A token may arrive before identity's event: the caller's own claims then stand in.
   */
  async actorOf(claims: Claims): Promise<OrgActor> {
    const orgId = claims.orgId;
    if (!orgId || (claims.role !== 'Clinic' && claims.role !== 'user'))
      throw forbidden('You are not a member of an organisation.', CoreErrors.noOrganisation);
    if (claims.role === 'Clinic') {
      const [org] = await this.db
        .select()
        .from(schema.organisations)
        .where(eq(schema.organisations.id, orgId));
      if (!org)
        await this.db.transaction((tx) => this.ensureOrganisation(tx, orgId, claims.sub, claims.name));
      else if (org.ownerId !== claims.sub)
        throw forbidden('You are not a member of an organisation.', CoreErrors.noOrganisation);
      return {
        personId: claims.sub,
        organisationId: orgId,
        role: 'owner',
        departmentIds: [],
        locationIds: [],
        timeZone: org?.timeZone ?? DEFAULT_TIME_ZONE,
      };
    }
    // The record with its organisation's time zone, in one query.
    const own = () =>
      this.db
        .select({ record: schema.staffRecords, timeZone: schema.organisations.timeZone })
        .from(schema.staffRecords)
        .leftJoin(schema.organisations, eq(schema.organisations.id, schema.staffRecords.orgId))
        .where(and(eq(schema.staffRecords.orgId, orgId), eq(schema.staffRecords.personId, claims.sub)));
    let [found] = await own();
    if (!found) {
      await this.db.transaction((tx) => this.ensureMember(tx, orgId, claims.sub, claims.name, claims.email));
      [found] = await own();
    }
    const record = found?.record;
    if (!record || record.leftAt)
      throw forbidden('You are not a member of an organisation.', CoreErrors.noOrganisation);
    return {
      personId: claims.sub,
      organisationId: orgId,
      role: record.role,
      departmentIds: record.managedDepartmentIds,
      locationIds: record.managedLocationIds,
      timeZone: found!.timeZone ?? DEFAULT_TIME_ZONE,
    };
  }

  /** The organisation's settings, as every member may read them. */
  async settings(actor: OrgActor): Promise<OrganisationSettings> {
    const org = await this.organisation(actor.organisationId);
    if (!org) throw forbidden('You are not a member of an organisation.', CoreErrors.noOrganisation);
    return settingsOf(org);
  }

  /**
   * HR sets up the organisation: its facility type (which decides the compliance documents it must hold),
   * its time zone (one of Intl's IANA names, else 422) and the roster fatigue flag's limits. Each change is
   * an admin action.
   */
  async configure(
    claims: Claims,
    actor: OrgActor,
    body: OrganisationBody,
    request: { ip?: string; id?: string },
  ): Promise<OrganisationSettings> {
    if (!can(actor, 'organisation.configure')) throw forbidden('Only HR sets up the organisation.');
    if (body.timeZone !== undefined && !isTimeZone(body.timeZone))
      throw new HttpError(422, `${body.timeZone} is not a time zone we know.`, CoreErrors.timeZoneUnknown);
    return this.db.transaction(async (tx) => {
      const [before] = await tx
        .select()
        .from(schema.organisations)
        .where(eq(schema.organisations.id, actor.organisationId))
        .for('update');
      const [org] = await tx
        .update(schema.organisations)
        .set({
          ...(body.facilityType !== undefined && { facilityType: body.facilityType }),
          ...(body.timeZone !== undefined && { timeZone: body.timeZone }),
          ...(body.fatigue?.maxConsecutiveNights !== undefined && {
            fatigueMaxConsecutiveNights: body.fatigue.maxConsecutiveNights,
          }),
          ...(body.fatigue?.minRestDays !== undefined && { fatigueMinRestDays: body.fatigue.minRestDays }),
        })
        .where(eq(schema.organisations.id, actor.organisationId))
        .returning();
      const target = { module: 'core', kind: 'organisation', id: org!.id, label: org!.name };
      if (body.facilityType !== undefined && body.facilityType !== before?.facilityType)
        await recordAdminAction(tx, schema.outbox, 'core', {
          actor: claims,
          action: 'organisation.facility-type',
          target,
          before: { facilityType: before?.facilityType ?? null },
          after: { facilityType: body.facilityType },
          request,
        });
      if (body.timeZone !== undefined && body.timeZone !== before?.timeZone)
        await recordAdminAction(tx, schema.outbox, 'core', {
          actor: claims,
          action: 'organisation.time-zone',
          target,
          before: { timeZone: before?.timeZone ?? null },
          after: { timeZone: body.timeZone },
          request,
        });
      if (
        body.fatigue &&
        before &&
        JSON.stringify(fatigueLimitsOf(before)) !== JSON.stringify(fatigueLimitsOf(org!))
      )
        await recordAdminAction(tx, schema.outbox, 'core', {
          actor: claims,
          action: 'organisation.fatigue-limits',
          target,
          before: fatigueLimitsOf(before),
          after: fatigueLimitsOf(org!),
          request,
        });
      return settingsOf(org!);
    });
  }

  /** What the organisation bought (null: billing has said nothing yet, so its trial's everything). */
  entitlements(orgId: string) {
    return entitlementsOf(this.db, schema.orgEntitlements, orgId);
  }

  async organisation(id: string) {
    const [org] = await this.db.select().from(schema.organisations).where(eq(schema.organisations.id, id));
    return org;
  }

  async departments(orgId: string) {
    return this.db.select().from(schema.departments).where(eq(schema.departments.orgId, orgId));
  }

  async locations(orgId: string) {
    return this.db.select().from(schema.locations).where(eq(schema.locations.orgId, orgId));
  }

  /** HR's people to alert: the owner and every HR admin of the organisation. */
  async hrOf(tx: Tx | Db, orgId: string): Promise<string[]> {
    const [org] = await tx.select().from(schema.organisations).where(eq(schema.organisations.id, orgId));
    const admins = await tx
      .select({ personId: schema.staffRecords.personId })
      .from(schema.staffRecords)
      .where(
        and(
          eq(schema.staffRecords.orgId, orgId),
          eq(schema.staffRecords.role, 'hr-admin'),
          isNull(schema.staffRecords.leftAt),
        ),
      );
    const ids = admins.map((a) => a.personId).filter((id): id is string => id !== null);
    return [...new Set([...(org ? [org.ownerId] : []), ...ids])];
  }
}

const settingsOf = (org: typeof schema.organisations.$inferSelect): OrganisationSettings => ({
  id: org.id,
  name: org.name,
  country: org.country,
  facilityType: org.facilityType,
  timeZone: org.timeZone,
  fatigue: fatigueLimitsOf(org),
});

/** The organisation's roster fatigue limits. */
export const fatigueLimitsOf = (org: typeof schema.organisations.$inferSelect): FatigueLimits => ({
  maxConsecutiveNights: org.fatigueMaxConsecutiveNights,
  minRestDays: org.fatigueMinRestDays,
});
