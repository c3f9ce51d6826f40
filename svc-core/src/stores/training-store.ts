import { and, asc, count, desc, eq, gte, isNotNull, isNull, lte, ne, sql, type SQL } from 'drizzle-orm';
import { enqueue, recordAdminAction } from '@platform/event-bus';
import type { AccessClaims } from '@platform/contracts';
import type { CheckinRecordedData } from '@platform/svc-events/contract';
import { badRequest, conflict, forbidden, isUniqueViolation, notFound, pageOf } from '@platform/service-kit';
import * as schema from '../db/schema';
import { ALERT_HORIZON_DAYS, type Milestone } from '../domain/alert-schedule';
import { addDays, DEFAULT_TIME_ZONE, localDateOf, parseIsoDate, type LocalDate } from '../domain/dates';
import { can, type OrgActor } from '../domain/roles';
import {
  DEFAULT_TRAININGS,
  tagNamesTraining,
  trainingExpiry,
  trainingStatusOn,
  type TrainingSource,
} from '../domain/trainings';
import { trainingAlertNotice } from '../notices';
import {
  CoreErrors,
  type DashboardData,
  type MyTraining,
  type TrainingRecord,
  type TrainingRecordBody,
  type TrainingRecordQuery,
  type TrainingType,
  type TrainingTypeBody,
  type TrainingTypeChangeBody,
} from '../../contract';
import { claimDueAlert, SWEEP_GRACE_DAYS, windowUnsent, type AlertSource } from './expiry-alerts';
import type { Db, OrgStore, Tx } from './org-store';
import { orgOnDay } from './org-days';
import { scopeWhere } from './staff-store';

type Claims = Pick<AccessClaims, 'sub' | 'name' | 'email' | 'role' | 'orgId'>;
type RequestInfo = { ip?: string; id?: string };
type TypeRow = typeof schema.trainingTypes.$inferSelect;
type RecordRow = typeof schema.trainingRecords.$inferSelect;

const types = schema.trainingTypes;
const records = schema.trainingRecords;
const staff = schema.staffRecords;

const notFoundType = () => notFound('No such training.', CoreErrors.trainingTypeNotFound);
const notFoundStaff = () => notFound('No such member of your organisation.', CoreErrors.staffNotFound);

/**
 * Each (member, training required of them) pair among the staff records `where` selects, with the member's
 * current completion (the latest not renewed), if any: what /me lists and the dashboard counts. With
 * `orgId` (the dashboard: many members), the organisation's current completions are read in one pass and
 * joined, instead of one index probe a pair (a 2,000-staff hospital's 5,250 pairs: 18,000 buffers read,
 * then 150; bench/notebook/2026-11-28-core.md).
 */
const requiredPairs = (where: SQL, orgId?: string): SQL => sql`
  select ${staff.id} as staff_id, t.id as type_id, t.name, t.validity_months,
    r.id as record_id, r.completed_on::text as completed_on, r.expires_on::text as expires_on,
    r.expires_on as expiry
  from ${staff}
  join ${types} t on t.org_id = ${staff.orgId}
    and (t.everyone or ${staff.profession} = any(t.professions) or ${staff.role} = any(t.roles))
  ${
    orgId
      ? sql`left join (
    select distinct on (r.staff_record_id, r.type_id) r.staff_record_id, r.type_id, r.id, r.completed_on, r.expires_on
    from ${records} r where r.org_id = ${orgId} and r.renewed_by is null
    order by r.staff_record_id, r.type_id, r.completed_on desc
  ) r on r.staff_record_id = ${staff.id} and r.type_id = t.id`
      : sql`left join lateral (
    select r.id, r.completed_on, r.expires_on from ${records} r
    where r.staff_record_id = ${staff.id} and r.type_id = t.id and r.renewed_by is null
    order by r.completed_on desc limit 1
  ) r on true`
  }
  where ${where}`;

/**
 * Trainings an organisation tracks, its members' completions, and their expiry alerts to the member and HR
 * through the same alert rows and sweep as credentials'. A newer completion of the same training renews the
 * older one, whose remaining alerts stop.
 */
export class TrainingStore {
  constructor(
    private readonly db: Db,
    private readonly orgs: OrgStore,
    private readonly now: () => Date,
  ) {}

  /** Today in the organisation's time zone. */
  private today = (actor: OrgActor): LocalDate => localDateOf(this.now(), actor.timeZone);

  /** The default trainings, added the first time the organisation uses trainings (once, whoever asks first). */
  private async seed(orgId: string, db: Db | Tx = this.db): Promise<void> {
    await db.transaction(async (tx) => {
      const first = await tx
        .update(schema.organisations)
        .set({ trainingsSeeded: true })
        .where(and(eq(schema.organisations.id, orgId), eq(schema.organisations.trainingsSeeded, false)))
        .returning({ id: schema.organisations.id });
      if (first.length === 0) return;
      await tx
        .insert(types)
        .values(DEFAULT_TRAININGS.map((t) => ({ orgId, ...t })))
        .onConflictDoNothing();
    });
  }

  /** The organisation's trainings by name; every member may read them. */
  async types(actor: OrgActor, query: { page?: number; limit?: number }) {
    await this.seed(actor.organisationId);
    const { limit, offset } = pageOf(query);
    const where = eq(types.orgId, actor.organisationId);
    const rows = await this.db
      .select()
      .from(types)
      .where(where)
      .orderBy(asc(sql`lower(${types.name})`), asc(types.id))
      .limit(limit)
      .offset(offset);
    const [{ total }] = (await this.db.select({ total: count() }).from(types).where(where)) as [
      { total: number },
    ];
    return { data: rows.map(typeOf), total };
  }

  async createType(claims: Claims, actor: OrgActor, body: TrainingTypeBody, request: RequestInfo) {
    if (!can(actor, 'training.manage')) throw forbidden('Only HR sets the trainings.');
    await this.seed(actor.organisationId);
    return this.saving('type', async (tx) => {
      const [row] = await tx
        .insert(types)
        .values({
          orgId: actor.organisationId,
          name: body.name.trim(),
          validityMonths: body.validityMonths,
          everyone: body.everyone,
          professions: body.professions ?? [],
          roles: body.roles ?? [],
        })
        .returning();
      await recordAdminAction(tx, schema.outbox, 'core', {
        actor: claims,
        action: 'training-type.create',
        target: { module: 'core', kind: 'training-type', id: row!.id, label: row!.name },
        after: typeOf(row!),
        request,
      });
      return typeOf(row!);
    });
  }

  /** HR renames a training, or changes its validity or who must have it; completions keep their expiry. */
  async changeType(
    claims: Claims,
    actor: OrgActor,
    id: string,
    body: TrainingTypeChangeBody,
    request: RequestInfo,
  ) {
    if (!can(actor, 'training.manage')) throw forbidden('Only HR sets the trainings.');
    return this.saving('type', async (tx) => {
      const [row] = await tx
        .select()
        .from(types)
        .where(and(eq(types.id, id), eq(types.orgId, actor.organisationId)))
        .for('update');
      if (!row) throw notFoundType();
      const [updated] = await tx
        .update(types)
        .set({
          name: body.name?.trim() ?? row.name,
          validityMonths: body.validityMonths === undefined ? row.validityMonths : body.validityMonths,
          everyone: body.everyone ?? row.everyone,
          professions: body.professions ?? row.professions,
          roles: body.roles ?? row.roles,
          updatedAt: new Date(),
        })
        .where(eq(types.id, id))
        .returning();
      await recordAdminAction(tx, schema.outbox, 'core', {
        actor: claims,
        action: 'training-type.change',
        target: { module: 'core', kind: 'training-type', id, label: row.name },
        before: typeOf(row),
        after: typeOf(updated!),
        request,
      });
      return typeOf(updated!);
    });
  }

  /**
   * Completions in the caller's scope (HR: everyone's; a manager: their departments' and locations' and
   * their own; staff: their own), latest first; `expiringWithin`: current ones expiring within that many days.
   */
  async list(actor: OrgActor, query: TrainingRecordQuery) {
    const { limit, offset } = pageOf(query);
    const today = this.today(actor);
    const where = and(
      scopeWhere(actor),
      eq(records.orgId, actor.organisationId),
      query.staffId ? eq(records.staffRecordId, query.staffId) : undefined,
      query.typeId ? eq(records.typeId, query.typeId) : undefined,
      query.expiringWithin !== undefined
        ? and(
            isNull(records.renewedBy),
            gte(records.expiresOn, today),
            lte(records.expiresOn, addDays(today, query.expiringWithin)),
          )
        : undefined,
    );
    const rows = await this.db
      .select({ record: records, personName: staff.name, typeName: types.name })
      .from(records)
      .innerJoin(staff, eq(staff.id, records.staffRecordId))
      .innerJoin(types, eq(types.id, records.typeId))
      .where(where)
      .orderBy(
        ...(query.expiringWithin !== undefined
          ? [asc(records.expiresOn), asc(records.id)]
          : [desc(records.completedOn), asc(records.id)]),
      )
      .limit(limit)
      .offset(offset);
    const [{ total }] = (await this.db
      .select({ total: count() })
      .from(records)
      .innerJoin(staff, eq(staff.id, records.staffRecordId))
      .where(where)) as [{ total: number }];
    return { data: rows.map((r) => recordOf(r.record, r.personName, r.typeName, today)), total };
  }

  /**
   * Records a completion by hand: HR for any member (verified), anyone for themselves (unverified until HR
   * checks the certificate). Alerted at once when its expiry is already inside a window.
   */
  async create(claims: Claims, actor: OrgActor, body: TrainingRecordBody): Promise<TrainingRecord> {
    const hr = can(actor, 'training.manage');
    const member = await this.memberFor(actor, body.staffId);
    if (member.personId !== actor.personId && !hr)
      throw forbidden("Only HR records another member's training.");
    const completedOn = parseIsoDate(body.completedOn);
    if (!completedOn) throw badRequest('completedOn: must be a real date (YYYY-MM-DD).');
    const today = this.today(actor);
    if (completedOn > today)
      throw badRequest('The training cannot be completed in the future.', CoreErrors.trainingInFuture);
    await this.seed(actor.organisationId);
    const type = await this.typeIn(actor.organisationId, body.typeId);
    return this.saving('record', (tx) =>
      this.record(tx, member, today, type, {
        completedOn,
        source: 'manual',
        certificateRef: body.certificateRef?.trim() ?? null,
        eventId: null,
        verified: hr,
        createdBy: claims.sub,
      }),
    );
  }

  /** HR has seen the certificate of a completion a member recorded themselves. Again: no change. */
  async verify(claims: Claims, actor: OrgActor, id: string, request: RequestInfo): Promise<TrainingRecord> {
    if (!can(actor, 'training.manage')) throw forbidden("Only HR checks a member's certificate.");
    return this.db.transaction(async (tx) => {
      const [locked] = await tx
        .select({ id: records.id })
        .from(records)
        .where(and(eq(records.id, id), eq(records.orgId, actor.organisationId)))
        .for('update');
      if (!locked) throw notFound('No such training record.', CoreErrors.trainingNotFound);
      const [found] = await tx
        .select({ record: records, personName: staff.name, typeName: types.name })
        .from(records)
        .innerJoin(staff, eq(staff.id, records.staffRecordId))
        .innerJoin(types, eq(types.id, records.typeId))
        .where(eq(records.id, id));
      if (!found) throw notFound('No such training record.', CoreErrors.trainingNotFound);
      let row = found.record;
      if (!row.verified) {
        [row] = (await tx.update(records).set({ verified: true }).where(eq(records.id, id)).returning()) as [
          RecordRow,
        ];
        await recordAdminAction(tx, schema.outbox, 'core', {
          actor: claims,
          action: 'training.verify',
          target: {
            module: 'core',
            kind: 'training-record',
            id,
            label: `${found.personName}, ${found.typeName}`,
          },
          before: { verified: false },
          after: { verified: true },
          request,
        });
      }
      return recordOf(row, found.personName, found.typeName, this.today(actor));
    });
  }

  /**
   * An Events check-in: its CPD points are the person's (once per registration), and in each organisation
   * the person is a member of, every training one of the event's tags names (`tagNamesTraining`) is
   * recorded as completed on the event's day, verified (the organiser checked them in), unless already
   * recorded that day. Runs in the consumer's transaction, which the processed row makes once per event.
   */
  async fromCheckin(tx: Tx, checkin: CheckinRecordedData): Promise<void> {
    const memberships = await tx
      .select({ id: staff.id, orgId: staff.orgId, timeZone: schema.organisations.timeZone })
      .from(staff)
      .leftJoin(schema.organisations, eq(schema.organisations.id, staff.orgId))
      .where(and(eq(staff.personId, checkin.userId), isNull(staff.leftAt)))
      .orderBy(asc(staff.createdAt), asc(staff.id));
    // An event without its day (an older producer's) happened on the check-in's day where the person works.
    const dayIn = (timeZone: string | null) =>
      checkin.eventDate ?? localDateOf(new Date(checkin.checkedInAt), timeZone ?? DEFAULT_TIME_ZONE);
    if (checkin.cpdPoints > 0)
      await tx
        .insert(schema.cpdPoints)
        .values({
          registrationId: checkin.registrationId,
          personId: checkin.userId,
          eventId: checkin.eventId,
          eventTitle: checkin.eventTitle ?? '',
          points: checkin.cpdPoints,
          earnedOn: dayIn(memberships[0]?.timeZone ?? null),
        })
        .onConflictDoNothing();
    const tags = checkin.tags ?? [];
    if (tags.length === 0) return;
    for (const member of memberships) {
      const completedOn = dayIn(member.timeZone);
      await this.seed(member.orgId, tx);
      const named = (await tx.select().from(types).where(eq(types.orgId, member.orgId))).filter((t) =>
        tags.some((tag) => tagNamesTraining(tag, t.name)),
      );
      for (const type of named) {
        const [done] = await tx
          .select({ id: records.id })
          .from(records)
          .where(
            and(
              eq(records.staffRecordId, member.id),
              eq(records.typeId, type.id),
              eq(records.completedOn, completedOn),
            ),
          );
        if (done) continue;
        await this.record(tx, member, localDateOf(this.now(), member.timeZone ?? DEFAULT_TIME_ZONE), type, {
          completedOn,
          source: 'events',
          certificateRef: null,
          eventId: checkin.eventId,
          verified: true,
          createdBy: checkin.userId,
        });
      }
    }
  }

  /** The trainings required of the caller, each with its status and their current completion's dates. */
  async mine(actor: OrgActor): Promise<MyTraining[]> {
    const [own] = await this.db
      .select({ id: staff.id })
      .from(staff)
      .where(
        and(eq(staff.orgId, actor.organisationId), eq(staff.personId, actor.personId), isNull(staff.leftAt)),
      );
    if (!own) throw notFound('You have no staff record in this organisation.', CoreErrors.staffNotFound);
    await this.seed(actor.organisationId);
    const today = this.today(actor);
    const rows = await this.db.execute<PairRow>(
      sql`${requiredPairs(eq(staff.id, own.id))} order by lower(t.name)`,
    );
    return [...rows].map((r) => ({
      typeId: r.type_id,
      name: r.name,
      validityMonths: r.validity_months,
      status: trainingStatusOn(r.record_id ? { expiresOn: r.expires_on } : null, today),
      completedOn: r.completed_on,
      expiresOn: r.expires_on,
    }));
  }

  /** The dashboard's figures for the members in the caller's scope (see `DashboardData['trainings']`). */
  async summary(actor: OrgActor): Promise<DashboardData['trainings']> {
    await this.seed(actor.organisationId);
    const today = this.today(actor);
    // On the date column (`expiry`), not the text the lists read: parsing 5,000 texts back to dates eight
    // times over was half of a 2,000-staff hospital's figure.
    const within = (days: number) =>
      sql`count(*) filter (where p.expiry >= ${today}::date and p.expiry <= ${addDays(today, days)}::date)::int`;
    const [row] = await this.db.execute<Record<string, number>>(sql`
      select count(*)::int as required,
        count(*) filter (where p.record_id is not null and (p.expiry is null or p.expiry >= ${today}::date))::int as valid,
        ${within(30)} as within30, ${within(60)} as within60, ${within(90)} as within90,
        count(*) filter (where p.expiry < ${today}::date)::int as expired,
        count(*) filter (where p.record_id is null)::int as missing
      from (${requiredPairs(scopeWhere(actor), actor.organisationId)}) p`);
    const n = (key: string) => Number(row?.[key] ?? 0);
    return {
      required: n('required'),
      valid: n('valid'),
      expiring: { within30: n('within30'), within60: n('within60'), within90: n('within90') },
      expired: n('expired'),
      missing: n('missing'),
    };
  }

  /** The sweep's completions: current ones of members still here whose window opened and is unsent. */
  readonly alerts: AlertSource<RecordRow> = {
    name: 'training',
    unalerted: (day, after, limit) =>
      this.db
        .select()
        .from(records)
        .where(
          and(
            orgOnDay(records.orgId, day),
            isNull(records.renewedBy),
            isNotNull(records.expiresOn),
            gte(records.expiresOn, addDays(day.today, -SWEEP_GRACE_DAYS)),
            lte(records.expiresOn, addDays(day.today, ALERT_HORIZON_DAYS)),
            sql`${records.id} > ${after}`,
            sql`exists (select 1 from ${staff} s where s.id = ${records.staffRecordId} and s.left_at is null)`,
            windowUnsent('training', records.id, records.expiresOn, day.today),
          ),
        )
        .orderBy(asc(records.id))
        .limit(limit),
    alert: (tx, row, today) => this.sendDue(tx, row, today),
  };

  /**
   * Writes a completion for `member` and renews around it: it renews the current one if it is newer; it is
   * recorded as already renewed if a newer one exists. The member's record is locked, so two completions
   * saved at once still leave one current.
   */
  private async record(
    tx: Tx,
    member: { id: string; orgId: string },
    today: LocalDate,
    type: TypeRow,
    fields: {
      completedOn: LocalDate;
      source: TrainingSource;
      certificateRef: string | null;
      eventId: string | null;
      verified: boolean;
      createdBy: string;
    },
  ): Promise<TrainingRecord> {
    const [holder] = await tx.select().from(staff).where(eq(staff.id, member.id)).for('update');
    const [current] = await tx
      .select()
      .from(records)
      .where(
        and(eq(records.staffRecordId, member.id), eq(records.typeId, type.id), isNull(records.renewedBy)),
      )
      .orderBy(desc(records.completedOn))
      .limit(1);
    const newer = current && current.completedOn > fields.completedOn ? current : null;
    const [row] = await tx
      .insert(records)
      .values({
        orgId: member.orgId,
        staffRecordId: member.id,
        typeId: type.id,
        expiresOn: trainingExpiry(fields.completedOn, type.validityMonths),
        renewedBy: newer?.id ?? null,
        ...fields,
      })
      .returning();
    if (current && !newer)
      await tx
        .update(records)
        .set({ renewedBy: row!.id })
        .where(
          and(
            eq(records.staffRecordId, member.id),
            eq(records.typeId, type.id),
            isNull(records.renewedBy),
            ne(records.id, row!.id),
          ),
        );
    await this.sendDue(tx, row!, today);
    return recordOf(row!, holder!.name, type.name, today);
  }

  /** Sends the alert due today for `row` to its holder and the organisation's HR, if any and not sent yet. */
  private async sendDue(tx: Tx, row: RecordRow, today: LocalDate): Promise<Milestone | null> {
    if (row.expiresOn === null) return null;
    const due = await claimDueAlert(
      tx,
      'training',
      { id: row.id, expiresOn: row.expiresOn, status: 'unverified', renewedBy: row.renewedBy },
      today,
      this.now(),
    );
    if (!due) return null;
    const [holder] = await tx.select().from(staff).where(eq(staff.id, row.staffRecordId));
    const [type] = await tx.select().from(types).where(eq(types.id, row.typeId));
    const hr = (await this.orgs.hrOf(tx, row.orgId)).filter((id) => id !== holder?.personId);
    const notices = [
      ...(holder?.personId ? [trainingAlertNotice(holder.personId, due, type!.name, holder.name, true)] : []),
      ...hr.map((userId) => trainingAlertNotice(userId, due, type!.name, holder?.name ?? '', false)),
    ];
    await enqueue(tx, schema.outbox, notices);
    return due;
  }

  /** The member a completion is for: the caller's own record, or one of their organisation's (else a 404). */
  private async memberFor(actor: OrgActor, staffId: string | undefined) {
    const [row] = await this.db
      .select({ id: staff.id, orgId: staff.orgId, personId: staff.personId })
      .from(staff)
      .where(
        and(
          eq(staff.orgId, actor.organisationId),
          isNull(staff.leftAt),
          staffId ? eq(staff.id, staffId) : eq(staff.personId, actor.personId),
        ),
      );
    if (!row) throw notFoundStaff();
    return row;
  }

  private async typeIn(orgId: string, id: string): Promise<TypeRow> {
    const [row] = await this.db
      .select()
      .from(types)
      .where(and(eq(types.id, id), eq(types.orgId, orgId)));
    if (!row) throw notFoundType();
    return row;
  }

  private async saving<T>(what: 'type' | 'record', work: (tx: Tx) => Promise<T>): Promise<T> {
    try {
      return await this.db.transaction(work);
    } catch (err) {
      if (!isUniqueViolation(err)) throw err;
      throw what === 'type'
        ? conflict('A training with this name already exists.', CoreErrors.trainingTypeExists)
        : conflict('This training is already recorded on that day.', CoreErrors.trainingExists);
    }
  }
}

type PairRow = {
  staff_id: string;
  type_id: string;
  name: string;
  validity_months: number | null;
  record_id: string | null;
  completed_on: string | null;
  expires_on: string | null;
};

const typeOf = (row: TypeRow): TrainingType => ({
  id: row.id,
  name: row.name,
  validityMonths: row.validityMonths,
  everyone: row.everyone,
  professions: row.professions,
  roles: row.roles,
});

function recordOf(row: RecordRow, personName: string, typeName: string, today: LocalDate): TrainingRecord {
  const status = trainingStatusOn(row, today);
  return {
    id: row.id,
    staffId: row.staffRecordId,
    personName,
    typeId: row.typeId,
    typeName,
    completedOn: row.completedOn,
    expiresOn: row.expiresOn,
    status: status === 'missing' ? 'valid' : status,
    source: row.source,
    certificateRef: row.certificateRef,
    eventId: row.eventId,
    verified: row.verified,
    renewed: row.renewedBy !== null,
  };
}
