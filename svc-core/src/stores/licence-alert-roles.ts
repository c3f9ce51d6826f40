import { and, asc, count, eq, isNull, or, sql } from 'drizzle-orm';
import { recordAdminAction } from '@platform/event-bus';
import { PROFESSIONS, type AccessClaims, type Profession } from '@platform/contracts';
import { entitlementsOf, forbidden, HttpError, requireEntitlement } from '@platform/service-kit';
import * as schema from '../db/schema';
import { can, type OrgActor } from '../domain/roles';
import { CoreErrors, type LicenceAlertRoles } from '../../contract';
import type { Db, Tx } from './org-store';

type Claims = Pick<AccessClaims, 'sub' | 'name' | 'email' | 'role' | 'orgId'>;
const roles = schema.licenceAlertRoles;

/**
 * Which staff roles' licences alert HR: the plan's `licenceAlertRoles` limit (Essential: 3 staff roles;
 * Professional and Enterprise: every role). A staff role is the profession on a staff record (Doctor, Nurse,
 * Clinical Officer…), the thing a council licenses. On a limited plan HR chooses the roles, at most the
 * limit (402 `billing.limit_reached` past it, nothing added), and only those records' licence alerts reach
 * HR; the holder is told of their own licence whatever the clinic's plan, as it is theirs.
 */
export class LicenceAlertRoleStore {
  constructor(private readonly db: Db) {}

  /** The roles HR chose, the plan's limit and the roles the organisation's councils license. */
  async view(actor: OrgActor): Promise<LicenceAlertRoles> {
    requireHr(actor);
    const orgId = actor.organisationId;
    const limit = await this.limitOf(orgId);
    const chosen = await this.db
      .select()
      .from(roles)
      .where(eq(roles.orgId, orgId))
      .orderBy(asc(roles.createdAt), asc(roles.profession));
    return {
      limit,
      roles: chosen.map((r, i) => ({
        profession: r.profession,
        since: r.createdAt.toISOString(),
        alerted: limit === null || i < limit,
      })),
      professions: await this.licensed(orgId),
    };
  }

  /** HR adds a role: refused past the plan's limit with nothing added; one already chosen changes nothing. */
  async track(
    claims: Claims,
    actor: OrgActor,
    profession: Profession,
    request: { ip?: string; id?: string },
  ) {
    requireHr(actor);
    const orgId = actor.organisationId;
    if (!(await this.licensed(orgId)).includes(profession))
      throw new HttpError(
        422,
        `No council of your organisation's country licenses ${profession}: there is no licence to alert for.`,
        CoreErrors.licenceRoleNotLicensed,
      );
    const entitlements = await entitlementsOf(this.db, schema.orgEntitlements, orgId);
    const added = await this.db.transaction(async (tx) => {
      // One change at a time per organisation, so two at once cannot both take the last place.
      await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`core-licence-alert-roles:${orgId}`}))`);
      const [there] = await tx
        .select()
        .from(roles)
        .where(and(eq(roles.orgId, orgId), eq(roles.profession, profession)));
      if (there) return false;
      await requireEntitlement(entitlements, 'core', {
        name: 'licenceAlertRoles',
        current: async () => {
          const [n] = await tx.select({ n: count() }).from(roles).where(eq(roles.orgId, orgId));
          return n?.n ?? 0;
        },
      });
      await tx.insert(roles).values({ orgId, profession, createdBy: claims.sub });
      await this.audit(tx, claims, actor, 'licence-alerts.track', profession, request);
      return true;
    });
    return { added, data: await this.view(actor) };
  }

  /** HR stops a role's alerts (its place is free again); one not chosen changes nothing. */
  async untrack(
    claims: Claims,
    actor: OrgActor,
    profession: Profession,
    request: { ip?: string; id?: string },
  ) {
    requireHr(actor);
    await this.db.transaction(async (tx) => {
      const removed = await tx
        .delete(roles)
        .where(and(eq(roles.orgId, actor.organisationId), eq(roles.profession, profession)))
        .returning();
      if (removed.length > 0)
        await this.audit(tx, claims, actor, 'licence-alerts.untrack', profession, request);
    });
    return this.view(actor);
  }

  /**
   * Whether a licence alert for a member of `orgId` with `profession` goes to its HR: on a plan without the
   * limit (or before billing has spoken: the trial) always; else when the role is among the first `limit`
   * chosen (a limit lowered since leaves the latest chosen out).
   */
  async alertsHr(tx: Tx, orgId: string, profession: string | null): Promise<boolean> {
    const limit = await this.limitOf(orgId);
    if (limit === null) return true;
    if (!profession || limit === 0) return false;
    const first = await tx
      .select({ profession: roles.profession })
      .from(roles)
      .where(eq(roles.orgId, orgId))
      .orderBy(asc(roles.createdAt), asc(roles.profession))
      .limit(limit);
    return first.some((r) => r.profession === profession);
  }

  /** The plan's limit; null: unlimited (billing has said nothing yet: the trial, which has everything). */
  private async limitOf(orgId: string): Promise<number | null> {
    const entitlements = await entitlementsOf(this.db, schema.orgEntitlements, orgId);
    return entitlements?.limits.licenceAlertRoles ?? null;
  }

  /** The professions a council usable in the organisation (its country's, and its own) licenses. */
  private async licensed(orgId: string): Promise<Profession[]> {
    const [org] = await this.db
      .select({ country: schema.organisations.country })
      .from(schema.organisations)
      .where(eq(schema.organisations.id, orgId));
    const councils = await this.db
      .select({ professions: schema.councils.professions })
      .from(schema.councils)
      .where(
        and(
          eq(schema.councils.country, org?.country ?? 'KE'),
          or(isNull(schema.councils.organisationId), eq(schema.councils.organisationId, orgId)),
        ),
      );
    const found = new Set(councils.flatMap((c) => c.professions));
    return PROFESSIONS.filter((p) => p !== 'Clinic' && found.has(p));
  }

  private async audit(
    tx: Tx,
    claims: Claims,
    actor: OrgActor,
    action: string,
    profession: Profession,
    request: { ip?: string; id?: string },
  ) {
    const [org] = await tx
      .select({ name: schema.organisations.name })
      .from(schema.organisations)
      .where(eq(schema.organisations.id, actor.organisationId));
    await recordAdminAction(tx, schema.outbox, 'core', {
      actor: claims,
      action,
      target: { module: 'core', kind: 'organisation', id: actor.organisationId, label: org?.name ?? '' },
      after: { profession },
      request,
    });
  }
}

function requireHr(actor: OrgActor) {
  if (!can(actor, 'organisation.configure')) throw forbidden('Only HR chooses which roles’ licences alert.');
}
