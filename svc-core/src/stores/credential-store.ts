import { and, asc, count, eq, gte, inArray, isNull, lte, or, sql, type SQL } from 'drizzle-orm';
import { enqueue, makeEnvelope, recordAdminAction } from '@platform/event-bus';
import type { AccessClaims, Profession } from '@platform/contracts';
import { badRequest, conflict, forbidden, isUniqueViolation, notFound, pageOf } from '@platform/service-kit';
import * as schema from '../db/schema';
import { COUNCILS } from '../councils/councils';
import { ALERT_HORIZON_DAYS, type Milestone } from '../domain/alert-schedule';
import { clearanceOf, statusOn } from '../domain/clearance';
import {
  addDays,
  daysBetween,
  DEFAULT_TIME_ZONE,
  localDateOf,
  parseIsoDate,
  type LocalDate,
} from '../domain/dates';
import { can, canAddCredentialFor, canSeeStaff, staffScope, type OrgActor } from '../domain/roles';
import { licenceAlertNotice } from '../notices';
import {
  CoreErrors,
  CoreEvents,
  type Council,
  type CouncilBody,
  type Credential,
  type CredentialBody,
  type CredentialEventData,
  type CredentialFilters,
  type CredentialQuery,
  type MemberChangedData,
} from '../../contract';
import type { Db, OrgStore, Tx } from './org-store';
import { claimDueAlert, SWEEP_GRACE_DAYS, windowUnsent, type AlertSource } from './expiry-alerts';
import type { LicenceAlertRoleStore } from './licence-alert-roles';
import { holderTimeZone, holderTimeZoneOf, zoneOnDay } from './org-days';
import { checkedDocument, storedFile } from './document-files';

type CredentialRow = typeof schema.credentials.$inferSelect;
type CouncilRow = typeof schema.councils.$inferSelect;
type StaffRow = typeof schema.staffRecords.$inferSelect;
type Claims = Pick<AccessClaims, 'sub' | 'name' | 'email' | 'role' | 'orgId'>;
type FileInfo = Pick<
  typeof schema.credentialFiles.$inferSelect,
  'fileName' | 'contentType' | 'size' | 'uploadedAt'
>;

/** What a list reads of a credential's scan: never its bytes. */
const fileInfo = {
  fileName: schema.credentialFiles.fileName,
  contentType: schema.credentialFiles.contentType,
  size: schema.credentialFiles.size,
  uploadedAt: schema.credentialFiles.uploadedAt,
};
const fileJoin = eq(schema.credentialFiles.credentialId, schema.credentials.id);

/** The councils an organisation's member may list and use: the platform's and their organisation's. */
const usableBy = (orgId: string | null): SQL =>
  orgId
    ? or(isNull(schema.councils.organisationId), eq(schema.councils.organisationId, orgId))!
    : isNull(schema.councils.organisationId);

export const toCouncil = (c: CouncilRow): Council => ({
  id: c.id,
  organisationId: c.organisationId,
  code: c.code,
  name: c.name,
  abbreviation: c.abbreviation,
  country: c.country,
  professions: c.professions,
  renewalMonths: c.renewalMonths,
  endsOn:
    c.endsOnMonth && c.endsOnDay
      ? `${String(c.endsOnMonth).padStart(2, '0')}-${String(c.endsOnDay).padStart(2, '0')}`
      : null,
  registerUrl: c.registerUrl,
});

/**
 * Councils, credentials, their alerts and the clearance they decide. Every alert is a row in
 * `expiry_alerts` written in the transaction that enqueues its notices and event: whoever sends it
 * (the save, any instance's sweep, after a restart), the row's key lets it out once.
 */
export class CredentialStore {
  constructor(
    private readonly db: Db,
    private readonly orgs: OrgStore,
    private readonly now: () => Date,
    private readonly alertRoles: LicenceAlertRoleStore,
  ) {}

  /** Today in `timeZone`: the caller's organisation's (`OrgActor.timeZone`), or a licence holder's. */
  today = (timeZone: string): LocalDate => localDateOf(this.now(), timeZone);

  /** Today where a licence's holder works (`holderTimeZone`): the day its alerts and status are read on. */
  private async holderToday(tx: Tx | Db, row: Pick<CredentialRow, 'personId' | 'staffRecordId'>) {
    return this.today(await holderTimeZoneOf(tx, row));
  }

  /** The shipped councils, added once (a council an admin changed is left as it is). */
  async seedCouncils(): Promise<void> {
    await this.db
      .insert(schema.councils)
      .values(
        COUNCILS.map((c) => ({
          code: c.code,
          name: c.name,
          abbreviation: c.abbreviation,
          country: c.country,
          professions: c.professions,
          renewalMonths: c.renewal.months,
          endsOnMonth: c.renewal.endsOn?.month ?? null,
          endsOnDay: c.renewal.endsOn?.day ?? null,
          registerUrl: c.registerUrl,
        })),
      )
      .onConflictDoNothing({ target: schema.councils.code });
  }

  /**
   * The councils a caller may list: the platform's and their organisation's (`orgId` from their token);
   * a platform admin (`all`) sees every one, to oversee what organisations added.
   */
  async councils(
    viewer: { orgId: string | null; all: boolean },
    query: { country?: string; page?: number; limit?: number },
  ) {
    const { limit, offset } = pageOf(query);
    const where = and(
      query.country ? eq(schema.councils.country, query.country) : undefined,
      viewer.all ? undefined : usableBy(viewer.orgId),
    );
    const rows = await this.db
      .select()
      .from(schema.councils)
      .where(where)
      .orderBy(asc(schema.councils.country), asc(schema.councils.abbreviation))
      .limit(limit)
      .offset(offset);
    const [{ total }] = (await this.db.select({ total: count() }).from(schema.councils).where(where)) as [
      { total: number },
    ];
    return { data: rows.map(toCouncil), total };
  }

  /**
   * HR adds a council for its organisation; a platform admin (no `actor`) adds one for everyone. Recorded
   * for the audit log; a code already listed is a 409.
   */
  async addCouncil(
    claims: Claims,
    actor: OrgActor | null,
    body: CouncilBody,
    request: { ip?: string; id?: string },
  ) {
    if (actor && !can(actor, 'organisation.configure')) throw forbidden('Only HR adds councils.');
    const organisationId = actor?.organisationId ?? null;
    const [month, day] = body.endsOn ? body.endsOn.split('-').map(Number) : [null, null];
    try {
      return await this.db.transaction(async (tx) => {
        const [row] = await tx
          .insert(schema.councils)
          .values({
            organisationId,
            code: body.code,
            name: body.name.trim(),
            abbreviation: body.abbreviation,
            country: body.country,
            professions: body.professions,
            renewalMonths: body.renewalMonths,
            endsOnMonth: month,
            endsOnDay: day,
            registerUrl: body.registerUrl,
          })
          .returning();
        await recordAdminAction(tx, schema.outbox, 'core', {
          actor: claims,
          action: 'council.add',
          target: { module: 'core', kind: 'council', id: row!.id, label: row!.name },
          after: { code: row!.code, country: row!.country, organisation: organisationId },
          request,
        });
        return toCouncil(row!);
      });
    } catch (err) {
      if (isUniqueViolation(err))
        throw conflict('A council with this code is already listed.', CoreErrors.councilExists);
      throw err;
    }
  }

  private async allCouncils(tx: Tx | Db): Promise<CouncilRow[]> {
    return tx.select().from(schema.councils);
  }

  /** The organisation's live staff record of a person, if any. */
  private async recordOf(tx: Tx | Db, orgId: string, personId: string): Promise<StaffRow | undefined> {
    const [row] = await tx
      .select()
      .from(schema.staffRecords)
      .where(
        and(
          eq(schema.staffRecords.orgId, orgId),
          eq(schema.staffRecords.personId, personId),
          isNull(schema.staffRecords.leftAt),
        ),
      );
    return row;
  }

  /**
   * Saves a credential for the caller or (HR) a member. A newer one of the same holder and council renews
   * the older ones (their remaining alerts stop). Alerted at once if saved inside a window.
   */
  async create(claims: Claims, actor: OrgActor | null, body: CredentialBody): Promise<Credential> {
    const personId = body.personId ?? claims.sub;
    const expiresOn = parseIsoDate(body.expiresOn);
    const issuedOn = body.issuedOn ? parseIsoDate(body.issuedOn) : null;
    if (!expiresOn) throw badRequest('expiresOn: must be a real date (YYYY-MM-DD).');
    if (body.issuedOn && !issuedOn) throw badRequest('issuedOn: must be a real date (YYYY-MM-DD).');
    if (issuedOn && daysBetween(issuedOn, expiresOn) < 0)
      throw badRequest('The licence expires before it was issued.', CoreErrors.expiresBeforeIssue);
    if (personId !== claims.sub) {
      if (!actor || !canAddCredentialFor(actor, personId))
        throw forbidden('Only HR adds credentials for others.');
      if (!(await this.recordOf(this.db, actor.organisationId, personId)))
        throw notFound('No such member of your organisation.', CoreErrors.staffNotFound);
    }
    const [council] = await this.db
      .select()
      .from(schema.councils)
      .where(and(eq(schema.councils.id, body.councilId), usableBy(actor?.organisationId ?? null)));
    if (!council) throw notFound('No such council.', CoreErrors.councilNotFound);
    try {
      return await this.db.transaction(async (tx) => {
        const [row] = await tx
          .insert(schema.credentials)
          .values({
            personId,
            councilId: council.id,
            number: body.number.trim(),
            issuedOn,
            expiresOn,
            createdBy: claims.sub,
          })
          .returning();
        await this.afterSave(tx, row!, council);
        return this.toCredential(tx, row!);
      });
    } catch (err) {
      if (isUniqueViolation(err))
        throw conflict(
          'This licence number with this expiry date is already recorded.',
          CoreErrors.duplicateCredential,
        );
      throw err;
    }
  }

  /** Inside the saving transaction: renew older ones, alert at once if due, refresh the holder's clearance. */
  async afterSave(tx: Tx, row: CredentialRow, council: CouncilRow): Promise<void> {
    const holder = row.personId
      ? eq(schema.credentials.personId, row.personId)
      : eq(schema.credentials.staffRecordId, row.staffRecordId!);
    await tx
      .update(schema.credentials)
      .set({ renewedBy: row.id })
      .where(
        and(
          holder,
          eq(schema.credentials.councilId, row.councilId),
          isNull(schema.credentials.renewedBy),
          sql`${schema.credentials.expiresOn} < ${row.expiresOn}`,
          sql`${schema.credentials.id} <> ${row.id}`,
        ),
      );
    await this.sendDue(tx, row, council, await this.holderToday(tx, row));
    await this.refreshClearance(tx, row);
  }

  /** Sends the alert due today for `row`, if any and not sent yet; returns the milestone sent. */
  private async sendDue(
    tx: Tx,
    row: CredentialRow,
    council: CouncilRow,
    today: LocalDate,
  ): Promise<Milestone | null> {
    const status = row.revokedAt ? 'revoked' : 'unverified';
    const due = await claimDueAlert(tx, 'credential', { ...row, status }, today, this.now());
    if (!due) return null;
    const records = await this.recordsOfHolder(tx, row);
    const holderName = records[0]?.name ?? (await this.personName(tx, row.personId));
    const notices = [];
    if (row.personId)
      notices.push(licenceAlertNotice(row.personId, due, council.abbreviation, holderName, true, null));
    for (const record of records) {
      // The clinic's plan decides which roles' licences alert its HR (Essential: 3); the holder always hears.
      if (!(await this.alertRoles.alertsHr(tx, record.orgId, record.profession))) continue;
      for (const hr of await this.orgs.hrOf(tx, record.orgId))
        if (hr !== row.personId)
          notices.push(licenceAlertNotice(hr, due, council.abbreviation, holderName, false, record.id));
    }
    const data: CredentialEventData = {
      credentialId: row.id,
      personId: row.personId,
      councilCode: council.code,
      professions: council.professions,
      expiresOn: row.expiresOn,
      daysLeft: daysBetween(today, row.expiresOn),
      organisationId: records[0]?.orgId ?? null,
    };
    await enqueue(tx, schema.outbox, [
      ...notices,
      makeEnvelope(due === 'expired' ? CoreEvents.credentialExpired : CoreEvents.credentialExpiring, data),
    ]);
    return due;
  }

  private async personName(tx: Tx | Db, personId: string | null): Promise<string> {
    if (!personId) return '';
    const [p] = await tx
      .select({ name: schema.people.name })
      .from(schema.people)
      .where(eq(schema.people.id, personId));
    return p?.name ?? '';
  }

  /** The live staff records the credential's holder has (one organisation at a time, or an imported record). */
  private async recordsOfHolder(tx: Tx | Db, row: Pick<CredentialRow, 'personId' | 'staffRecordId'>) {
    const who = row.personId
      ? eq(schema.staffRecords.personId, row.personId)
      : eq(schema.staffRecords.id, row.staffRecordId!);
    return tx
      .select()
      .from(schema.staffRecords)
      .where(and(who, isNull(schema.staffRecords.leftAt)))
      .orderBy(asc(schema.staffRecords.createdAt), asc(schema.staffRecords.id));
  }

  /**
   * Recomputes `cleared` of the holder's records; each record whose clearance changed is announced
   * (core.member.changed.v1) and returned.
   */
  async refreshClearance(
    tx: Tx,
    holder: Pick<CredentialRow, 'personId' | 'staffRecordId'>,
  ): Promise<string[]> {
    const records = await this.recordsOfHolder(tx, holder);
    if (records.length === 0) return [];
    const councils = await this.allCouncils(tx);
    const changed: string[] = [];
    for (const record of records) {
      const held = await tx
        .select()
        .from(schema.credentials)
        .where(
          record.personId
            ? or(
                eq(schema.credentials.personId, record.personId),
                eq(schema.credentials.staffRecordId, record.id),
              )
            : eq(schema.credentials.staffRecordId, record.id),
        );
      const org = await this.orgs.organisation(record.orgId);
      const clearance = clearanceOf(
        { profession: record.profession as Profession | null, country: org?.country ?? 'KE' },
        held.map((c) => ({
          councilId: c.councilId,
          expiresOn: c.expiresOn,
          verified: c.verifiedAt !== null,
          revoked: c.revokedAt !== null,
          renewedBy: c.renewedBy,
        })),
        // Another organisation's councils never decide who must be licensed here.
        councils.filter((c) => c.organisationId === null || c.organisationId === record.orgId),
        // Cleared or not on the record's organisation's day.
        this.today(org?.timeZone ?? DEFAULT_TIME_ZONE),
      );
      if (clearance.cleared === record.cleared && clearance.reason === record.clearance) continue;
      const [updated] = await tx
        .update(schema.staffRecords)
        .set({ cleared: clearance.cleared, clearance: clearance.reason, updatedAt: new Date() })
        .where(eq(schema.staffRecords.id, record.id))
        .returning();
      await this.announceMember(tx, updated!);
      changed.push(record.id);
    }
    return changed;
  }

  /** core.member.changed.v1: a staff record changed (details, role or clearance), in the writing transaction. */
  async announceMember(tx: Tx, record: StaffRow): Promise<void> {
    const data: MemberChangedData = {
      organisationId: record.orgId,
      staffId: record.id,
      personId: record.personId,
      cleared: record.cleared,
      profession: record.profession as Profession | null,
    };
    await enqueue(tx, schema.outbox, makeEnvelope(CoreEvents.memberChanged, data));
  }

  /**
   * The sweep's credentials: live ones whose window opened and is unsent; an expired one's holder is no
   * longer cleared, so its alert refreshes their clearance too.
   */
  readonly alerts: AlertSource<CredentialRow> = {
    name: 'credential',
    unalerted: (day, after, limit) =>
      this.db
        .select()
        .from(schema.credentials)
        .where(
          and(
            isNull(schema.credentials.renewedBy),
            isNull(schema.credentials.revokedAt),
            gte(schema.credentials.expiresOn, addDays(day.today, -SWEEP_GRACE_DAYS)),
            lte(schema.credentials.expiresOn, addDays(day.today, ALERT_HORIZON_DAYS)),
            sql`${schema.credentials.id} > ${after}`,
            windowUnsent('credential', schema.credentials.id, schema.credentials.expiresOn, day.today),
            // Last: a subquery a row, asked only of the few whose window is unsent.
            zoneOnDay(holderTimeZone(schema.credentials.personId, schema.credentials.staffRecordId), day),
          ),
        )
        .orderBy(asc(schema.credentials.id))
        .limit(limit),
    alert: async (tx, row, today) => {
      const [council] = await tx.select().from(schema.councils).where(eq(schema.councils.id, row.councilId));
      const due = await this.sendDue(tx, row, council!, today);
      if (due === 'expired' || due === 'expires-today') await this.refreshClearance(tx, row);
      return due;
    },
  };

  /** HR verifies a member's credential after checking the council's register. */
  /**
   * A credential held by a member of `actor`'s organisation, locked for a decision on it, with its council
   * and the organisation's name; another organisation's (or nobody's here) is not found.
   */
  private async heldHere(tx: Tx, actor: OrgActor, id: string) {
    const [row] = await tx
      .select()
      .from(schema.credentials)
      .where(eq(schema.credentials.id, id))
      .for('update');
    if (!row) throw notFound('No such credential.', CoreErrors.credentialNotFound);
    const records = (await this.recordsOfHolder(tx, row)).filter((r) => r.orgId === actor.organisationId);
    if (records.length === 0) throw notFound('No such credential.', CoreErrors.credentialNotFound);
    const org = await this.orgs.organisation(actor.organisationId);
    const [council] = await tx.select().from(schema.councils).where(eq(schema.councils.id, row.councilId));
    return { row, council: council!, orgName: org?.name ?? null };
  }

  /** What svc-core's credential events say of a credential (verified, revoked). */
  private eventData(
    row: CredentialRow,
    council: { code: string; professions: Profession[] },
    actor: OrgActor,
  ): CredentialEventData {
    return {
      credentialId: row.id,
      personId: row.personId,
      councilCode: council.code,
      professions: council.professions,
      expiresOn: row.expiresOn,
      daysLeft: daysBetween(this.today(actor.timeZone), row.expiresOn),
      organisationId: actor.organisationId,
    };
  }

  async verify(claims: Claims, actor: OrgActor, id: string, request: { ip?: string; id?: string }) {
    if (!can(actor, 'credential.verify')) throw forbidden('Only HR verifies credentials.');
    return this.db.transaction(async (tx) => {
      const { row, council, orgName } = await this.heldHere(tx, actor, id);
      if (row.revokedAt)
        throw conflict('This licence was revoked: record a new one instead.', CoreErrors.credentialRevoked);
      const [updated] = await tx
        .update(schema.credentials)
        .set({
          verifiedAt: this.now(),
          verifiedBy: claims.sub,
          verifiedByOrgId: actor.organisationId,
          verifiedByOrgName: orgName ?? claims.name,
        })
        .where(eq(schema.credentials.id, id))
        .returning();
      await enqueue(
        tx,
        schema.outbox,
        makeEnvelope(CoreEvents.credentialVerified, this.eventData(row, council, actor)),
      );
      await recordAdminAction(tx, schema.outbox, 'core', {
        actor: claims,
        action: 'credential.verify',
        target: {
          module: 'core',
          kind: 'credential',
          id: row.id,
          label: `${council.abbreviation} ${row.number}`,
        },
        before: { verified: row.verifiedAt !== null },
        after: { verified: true, organisation: orgName },
        request,
      });
      await this.refreshClearance(tx, row);
      return this.toCredential(tx, updated!);
    });
  }

  /**
   * HR revokes a licence the council's register no longer shows (struck off, suspended, never issued): it no
   * longer clears its holder to practise, its alerts stop, and `core.credential.revoked.v1` takes its
   * professions away from Connect's and Hire's verified professions at once, not at its expiry date.
   */
  async revoke(
    claims: Claims,
    actor: OrgActor,
    id: string,
    reason: string,
    request: { ip?: string; id?: string },
  ) {
    if (!can(actor, 'credential.verify')) throw forbidden('Only HR revokes credentials.');
    return this.db.transaction(async (tx) => {
      const { row, council, orgName } = await this.heldHere(tx, actor, id);
      if (row.revokedAt) throw conflict('This licence is already revoked.', CoreErrors.credentialRevoked);
      const [updated] = await tx
        .update(schema.credentials)
        .set({ revokedAt: this.now() })
        .where(eq(schema.credentials.id, id))
        .returning();
      await enqueue(
        tx,
        schema.outbox,
        makeEnvelope(CoreEvents.credentialRevoked, this.eventData(row, council, actor)),
      );
      await recordAdminAction(tx, schema.outbox, 'core', {
        actor: claims,
        action: 'credential.revoke',
        target: {
          module: 'core',
          kind: 'credential',
          id: row.id,
          label: `${council.abbreviation} ${row.number}`,
        },
        before: { revoked: false },
        after: { revoked: true, organisation: orgName, reason },
        request,
      });
      await this.refreshClearance(tx, row);
      return this.toCredential(tx, updated!);
    });
  }

  /**
   * Stores a credential's scanned licence (replacing the one before), by its holder or by HR of an
   * organisation the holder is a member of: checked as every stored document is (a PDF or an image by its
   * content, at most 5 MB) before anything is written.
   */
  async attachFile(
    claims: Claims,
    actor: OrgActor | null,
    id: string,
    name: string | undefined,
    bytes: unknown,
  ): Promise<Credential> {
    const values = checkedDocument(bytes, name, 'licence', claims.sub);
    return this.db.transaction(async (tx) => {
      const row = await this.fileSubject(tx, claims, actor, id);
      await tx
        .insert(schema.credentialFiles)
        .values({ credentialId: id, ...values })
        .onConflictDoUpdate({ target: schema.credentialFiles.credentialId, set: values });
      return this.toCredential(tx, row);
    });
  }

  /** A credential's scanned licence, for its download: the holder's and their organisation's HR's alone. */
  async file(claims: Claims, actor: OrgActor | null, id: string) {
    await this.fileSubject(this.db, claims, actor, id);
    const [file] = await this.db
      .select({
        fileName: schema.credentialFiles.fileName,
        contentType: schema.credentialFiles.contentType,
        content: schema.credentialFiles.content,
      })
      .from(schema.credentialFiles)
      .where(eq(schema.credentialFiles.credentialId, id));
    if (!file) throw notFound('No scan is stored for this licence.', CoreErrors.credentialFileNotFound);
    return file;
  }

  /**
   * The credential `id` if the caller may read and replace its scan: its holder, or HR of an organisation
   * where the holder has a live record. Anyone else in the organisation is refused (403); another
   * organisation's credential, as one that does not exist, is a 404.
   */
  private async fileSubject(tx: Tx | Db, claims: Claims, actor: OrgActor | null, id: string) {
    const [row] = await tx.select().from(schema.credentials).where(eq(schema.credentials.id, id));
    if (row && row.personId === claims.sub) return row;
    const missing = () => notFound('No such credential.', CoreErrors.credentialNotFound);
    if (!actor) throw missing();
    if (!can(actor, 'credential.verify')) throw forbidden("Only HR and the holder read a licence's scan.");
    if (!row) throw missing();
    const records = await this.recordsOfHolder(tx, row);
    if (!records.some((r) => r.orgId === actor.organisationId)) throw missing();
    return row;
  }

  /** The credentials of the staff `actor` may see, soonest expiry first; `expiringWithin` days from today. */
  async list(actor: OrgActor, query: CredentialQuery) {
    const { limit, offset } = pageOf(query);
    return this.listed(actor, query, limit, offset);
  }

  /** The list's credentials for its CSV, all of them up to `max` (`null`: more matched). */
  async exportRows(actor: OrgActor, filters: CredentialFilters, max: number) {
    const { data } = await this.listed(actor, filters, max + 1, 0);
    return data.length > max ? null : data;
  }

  private async listed(actor: OrgActor, query: CredentialFilters, limit: number, offset: number) {
    const today = this.today(actor.timeZone);
    const scope = staffScope(actor);
    const staffWhere: SQL[] = [
      eq(schema.staffRecords.orgId, actor.organisationId),
      isNull(schema.staffRecords.leftAt),
    ];
    if (scope.kind === 'self') staffWhere.push(eq(schema.staffRecords.personId, scope.personId));
    if (scope.kind === 'managed')
      staffWhere.push(
        or(
          eq(schema.staffRecords.personId, scope.personId),
          scope.departmentIds.length
            ? inArray(schema.staffRecords.departmentId, scope.departmentIds)
            : undefined,
          scope.locationIds.length ? inArray(schema.staffRecords.locationId, scope.locationIds) : undefined,
        )!,
      );
    const where = and(
      ...staffWhere,
      isNull(schema.credentials.renewedBy),
      query.expiringWithin !== undefined
        ? and(
            isNull(schema.credentials.revokedAt),
            gte(schema.credentials.expiresOn, today),
            lte(schema.credentials.expiresOn, addDays(today, query.expiringWithin)),
          )
        : undefined,
    );
    const rows = await this.db
      .select({
        credential: schema.credentials,
        holderName: schema.staffRecords.name,
        staffId: schema.staffRecords.id,
        file: fileInfo,
      })
      .from(schema.credentials)
      .innerJoin(schema.staffRecords, holderJoin)
      .leftJoin(schema.credentialFiles, fileJoin)
      .where(where)
      .orderBy(asc(schema.credentials.expiresOn), asc(schema.credentials.id))
      .limit(limit)
      .offset(offset);
    const [{ total }] = (await this.db
      .select({ total: count() })
      .from(schema.credentials)
      .innerJoin(schema.staffRecords, holderJoin)
      .where(where)) as [{ total: number }];
    const councils = new Map((await this.allCouncils(this.db)).map((c) => [c.id, c]));
    return {
      data: rows.map((r) =>
        this.shape(
          r.credential,
          councils.get(r.credential.councilId)!,
          r.holderName,
          r.staffId,
          r.file,
          today,
        ),
      ),
      total,
    };
  }

  /** A staff record's credentials, for its detail page (the caller's right to see it checked by the caller). */
  async ofRecord(record: StaffRow, timeZone: string): Promise<Credential[]> {
    const today = this.today(timeZone);
    const rows = await this.db
      .select({ credential: schema.credentials, file: fileInfo })
      .from(schema.credentials)
      .leftJoin(schema.credentialFiles, fileJoin)
      .where(
        record.personId
          ? or(
              eq(schema.credentials.personId, record.personId),
              eq(schema.credentials.staffRecordId, record.id),
            )
          : eq(schema.credentials.staffRecordId, record.id),
      )
      .orderBy(asc(schema.credentials.expiresOn));
    const councils = new Map((await this.allCouncils(this.db)).map((c) => [c.id, c]));
    return rows.map((r) =>
      this.shape(r.credential, councils.get(r.credential.councilId)!, record.name, record.id, r.file, today),
    );
  }

  private async toCredential(tx: Tx, row: CredentialRow): Promise<Credential> {
    const [council] = await tx.select().from(schema.councils).where(eq(schema.councils.id, row.councilId));
    const [record] = await this.recordsOfHolder(tx, row);
    const name = record?.name ?? (await this.personName(tx, row.personId));
    const [file] = await tx
      .select(fileInfo)
      .from(schema.credentialFiles)
      .where(eq(schema.credentialFiles.credentialId, row.id));
    return this.shape(row, council!, name, record?.id ?? null, file ?? null, await this.holderToday(tx, row));
  }

  private shape(
    row: CredentialRow,
    council: CouncilRow,
    holderName: string,
    staffId: string | null,
    file: FileInfo | null,
    today: LocalDate,
  ): Credential {
    return {
      id: row.id,
      personId: row.personId,
      staffId,
      holderName,
      councilId: row.councilId,
      councilAbbreviation: council.abbreviation,
      number: row.number,
      issuedOn: row.issuedOn,
      expiresOn: row.expiresOn,
      status: statusOn(
        {
          councilId: row.councilId,
          expiresOn: row.expiresOn,
          verified: row.verifiedAt !== null,
          revoked: row.revokedAt !== null,
          renewedBy: row.renewedBy,
        },
        today,
      ),
      verifiedBy:
        row.verifiedAt && row.verifiedByOrgName
          ? { organisation: row.verifiedByOrgName, at: row.verifiedAt.toISOString() }
          : null,
      renewed: row.renewedBy !== null,
      file: storedFile(file),
    };
  }

  /** Whether `actor` may see the credentials of `record` (the staff rule). */
  static canSee(actor: OrgActor, record: StaffRow): boolean {
    return canSeeStaff(actor, { ...record, organisationId: record.orgId });
  }
}

/** A credential and the staff record of its holder. */
export const holderJoin = or(
  eq(schema.credentials.personId, schema.staffRecords.personId),
  eq(schema.credentials.staffRecordId, schema.staffRecords.id),
)!;
