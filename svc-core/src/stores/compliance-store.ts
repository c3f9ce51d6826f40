import { and, asc, count, eq, gte, lt, lte, sql } from 'drizzle-orm';
import { enqueue, recordAdminAction } from '@platform/event-bus';
import type { AccessClaims } from '@platform/contracts';
import type { FacilityType } from '@platform/contracts/values';
import { badRequest, conflict, forbidden, isUniqueViolation, notFound, pageOf } from '@platform/service-kit';
import * as schema from '../db/schema';
import { documentTypeOf, documentTypesIn, isRequired } from '../compliance/document-types';
import { ALERT_HORIZON_DAYS, type Milestone } from '../domain/alert-schedule';
import { documentStatusOn } from '../domain/compliance';
import { addDays, daysBetween, localDateOf, parseIsoDate, type LocalDate } from '../domain/dates';
import { can, type OrgActor } from '../domain/roles';
import { documentAlertNotice } from '../notices';
import {
  CoreErrors,
  type ComplianceBody,
  type ComplianceChangeBody,
  type ComplianceDocument,
  type ComplianceQuery,
  type ComplianceTypesResponse,
  type DashboardData,
} from '../../contract';
import { claimDueAlert, SWEEP_GRACE_DAYS, windowUnsent, type AlertSource } from './expiry-alerts';
import type { Db, OrgStore, Tx } from './org-store';
import { orgOnDay } from './org-days';
import { checkedDocument, storedFile } from './document-files';

type DocumentRow = typeof schema.complianceDocuments.$inferSelect;
type FileInfo = Pick<
  typeof schema.complianceFiles.$inferSelect,
  'fileName' | 'contentType' | 'size' | 'uploadedAt'
>;
type Claims = Pick<AccessClaims, 'sub' | 'name' | 'email' | 'role' | 'orgId'>;
type RequestInfo = { ip?: string; id?: string };

const notFoundDocument = () => notFound('No such document.', CoreErrors.complianceNotFound);

/** What the list reads of a document's file: never its bytes. */
const fileInfo = {
  fileName: schema.complianceFiles.fileName,
  contentType: schema.complianceFiles.contentType,
  size: schema.complianceFiles.size,
  uploadedAt: schema.complianceFiles.uploadedAt,
};

/**
 * The organisation's own papers (facility licence, SHA accreditation, insurance, fire and waste
 * certificates…) and their expiry alerts to HR, sent through the same alert rows and sweep as credentials'.
 * HR (owner, HR admin) alone reads and writes them.
 */
export class ComplianceStore {
  constructor(
    private readonly db: Db,
    private readonly orgs: OrgStore,
    private readonly now: () => Date,
  ) {}

  /** Today in the organisation's time zone. */
  private today = (actor: OrgActor): LocalDate => localDateOf(this.now(), actor.timeZone);

  private static require(actor: OrgActor): void {
    if (!can(actor, 'compliance.manage')) throw forbidden("Only HR keeps the organisation's documents.");
  }

  private async organisation(actor: OrgActor) {
    const org = await this.orgs.organisation(actor.organisationId);
    return { country: org?.country ?? 'KE', facilityType: (org?.facilityType ?? 'Clinic') as FacilityType };
  }

  /** The types the organisation's country has, each `required` for its facility type and `recorded` or not. */
  async types(actor: OrgActor): Promise<ComplianceTypesResponse['data']> {
    ComplianceStore.require(actor);
    const { country, facilityType } = await this.organisation(actor);
    const held = await this.db
      .selectDistinct({ typeCode: schema.complianceDocuments.typeCode })
      .from(schema.complianceDocuments)
      .where(eq(schema.complianceDocuments.orgId, actor.organisationId));
    const recorded = new Set(held.map((h) => h.typeCode));
    return {
      country,
      facilityType,
      types: documentTypesIn(country).map((t) => ({
        code: t.code,
        name: t.name,
        issuer: t.issuer,
        required: isRequired(t, facilityType),
        recorded: recorded.has(t.code),
      })),
    };
  }

  /** The organisation's documents, soonest expiry first; `expiringWithin` days from today (not yet expired). */
  async list(actor: OrgActor, query: ComplianceQuery) {
    ComplianceStore.require(actor);
    const { limit, offset } = pageOf(query);
    const today = this.today(actor);
    const docs = schema.complianceDocuments;
    const where = and(
      eq(docs.orgId, actor.organisationId),
      query.expiringWithin !== undefined
        ? and(gte(docs.expiresOn, today), lte(docs.expiresOn, addDays(today, query.expiringWithin)))
        : undefined,
    );
    const rows = await this.db
      .select({ document: docs, file: fileInfo })
      .from(docs)
      .leftJoin(schema.complianceFiles, eq(schema.complianceFiles.documentId, docs.id))
      .where(where)
      .orderBy(asc(docs.expiresOn), asc(docs.id))
      .limit(limit)
      .offset(offset);
    const [{ total }] = (await this.db.select({ total: count() }).from(docs).where(where)) as [
      { total: number },
    ];
    return { data: rows.map((r) => this.shape(r.document, today, r.file)), total };
  }

  /** Records a document; alerted at once when saved inside a window. */
  async create(claims: Claims, actor: OrgActor, body: ComplianceBody): Promise<ComplianceDocument> {
    ComplianceStore.require(actor);
    const { country } = await this.organisation(actor);
    const type = documentTypeOf(body.typeCode);
    if (!type || type.country !== country)
      throw badRequest('typeCode: not a document type of your country.', CoreErrors.complianceTypeUnknown);
    const { issuedOn, expiresOn } = datesOf(body.issuedOn ?? null, body.expiresOn);
    await this.requireLocation(actor, body.locationId ?? null);
    return this.saving(async (tx) => {
      const [row] = await tx
        .insert(schema.complianceDocuments)
        .values({
          orgId: actor.organisationId,
          typeCode: type.code,
          number: body.number.trim(),
          issuedOn,
          expiresOn,
          locationId: body.locationId ?? null,
          createdBy: claims.sub,
        })
        .returning();
      await this.sendDue(tx, row!, this.today(actor));
      return this.shape(row!, this.today(actor), null);
    });
  }

  /**
   * Renews or corrects a document. Its alerts are keyed by its expiry date, so a new date stops the old
   * date's remaining alerts and starts its own (at once, if already inside a window). Recorded for the audit log.
   */
  async change(
    claims: Claims,
    actor: OrgActor,
    id: string,
    body: ComplianceChangeBody,
    request: RequestInfo,
  ): Promise<ComplianceDocument> {
    ComplianceStore.require(actor);
    if (body.locationId) await this.requireLocation(actor, body.locationId);
    return this.saving(async (tx) => {
      const [row] = await tx
        .select()
        .from(schema.complianceDocuments)
        .where(
          and(
            eq(schema.complianceDocuments.id, id),
            eq(schema.complianceDocuments.orgId, actor.organisationId),
          ),
        )
        .for('update');
      if (!row) throw notFoundDocument();
      const { issuedOn, expiresOn } = datesOf(
        body.issuedOn === undefined ? row.issuedOn : body.issuedOn,
        body.expiresOn ?? row.expiresOn,
      );
      const [updated] = await tx
        .update(schema.complianceDocuments)
        .set({
          number: body.number?.trim() ?? row.number,
          issuedOn,
          expiresOn,
          locationId: body.locationId === undefined ? row.locationId : body.locationId,
          updatedAt: new Date(),
        })
        .where(eq(schema.complianceDocuments.id, id))
        .returning();
      await recordAdminAction(tx, schema.outbox, 'core', {
        actor: claims,
        action: updated!.expiresOn > row.expiresOn ? 'compliance.renew' : 'compliance.change',
        target: { module: 'core', kind: 'compliance-document', id, label: `${row.typeCode} ${row.number}` },
        before: { number: row.number, issuedOn: row.issuedOn, expiresOn: row.expiresOn },
        after: { number: updated!.number, issuedOn: updated!.issuedOn, expiresOn: updated!.expiresOn },
        request,
      });
      await this.sendDue(tx, updated!, this.today(actor));
      const [file] = await tx
        .select(fileInfo)
        .from(schema.complianceFiles)
        .where(eq(schema.complianceFiles.documentId, id));
      return this.shape(updated!, this.today(actor), file ?? null);
    });
  }

  /**
   * Stores a document's scan or photo (replacing the one before): a PDF or an image by its content, at most
   * DOCUMENT_FILE_MAX_BYTES, under a safe name with the extension of what it is.
   */
  async attach(
    claims: Claims,
    actor: OrgActor,
    id: string,
    name: string | undefined,
    bytes: unknown,
  ): Promise<ComplianceDocument> {
    ComplianceStore.require(actor);
    const values = checkedDocument(bytes, name, 'document', claims.sub);
    return this.db.transaction(async (tx) => {
      const row = await this.documentOf(tx, actor, id);
      const [file] = await tx
        .insert(schema.complianceFiles)
        .values({ documentId: id, ...values })
        .onConflictDoUpdate({ target: schema.complianceFiles.documentId, set: values })
        .returning(fileInfo);
      return this.shape(row, this.today(actor), file!);
    });
  }

  /** A document's file, for its download. */
  async file(actor: OrgActor, id: string) {
    ComplianceStore.require(actor);
    await this.documentOf(this.db, actor, id);
    const [file] = await this.db
      .select({
        fileName: schema.complianceFiles.fileName,
        contentType: schema.complianceFiles.contentType,
        content: schema.complianceFiles.content,
      })
      .from(schema.complianceFiles)
      .where(eq(schema.complianceFiles.documentId, id));
    if (!file) throw notFound('No file is stored for this document.', CoreErrors.complianceFileNotFound);
    return file;
  }

  /** The organisation's document `id`; another organisation's is a 404, as one that does not exist. */
  private async documentOf(tx: Tx | Db, actor: OrgActor, id: string): Promise<DocumentRow> {
    const [row] = await tx
      .select()
      .from(schema.complianceDocuments)
      .where(
        and(
          eq(schema.complianceDocuments.id, id),
          eq(schema.complianceDocuments.orgId, actor.organisationId),
        ),
      );
    if (!row) throw notFoundDocument();
    return row;
  }

  /** The dashboard's figures: documents expiring within 30/60/90 days, expired, and required types missing. */
  async summary(actor: OrgActor): Promise<DashboardData['compliance']> {
    if (!can(actor, 'compliance.manage')) return null;
    const today = this.today(actor);
    const docs = schema.complianceDocuments;
    const within = (days: number) =>
      sql<number>`count(*) filter (where ${docs.expiresOn} >= ${today}::date and ${docs.expiresOn} <= ${addDays(today, days)}::date)::int`;
    const [counts] = await this.db
      .select({
        within30: within(30),
        within60: within(60),
        within90: within(90),
        expired: sql<number>`count(*) filter (where ${lt(docs.expiresOn, today)})::int`,
      })
      .from(docs)
      .where(eq(docs.orgId, actor.organisationId));
    const { types } = await this.types(actor);
    return {
      expiring: {
        within30: Number(counts?.within30 ?? 0),
        within60: Number(counts?.within60 ?? 0),
        within90: Number(counts?.within90 ?? 0),
      },
      expired: Number(counts?.expired ?? 0),
      missing: types.filter((t) => t.required && !t.recorded).length,
    };
  }

  /** The sweep's documents: those whose window opened and is unsent. */
  readonly alerts: AlertSource<DocumentRow> = {
    name: 'compliance-document',
    unalerted: (day, after, limit) =>
      this.db
        .select()
        .from(schema.complianceDocuments)
        .where(
          and(
            orgOnDay(schema.complianceDocuments.orgId, day),
            gte(schema.complianceDocuments.expiresOn, addDays(day.today, -SWEEP_GRACE_DAYS)),
            lte(schema.complianceDocuments.expiresOn, addDays(day.today, ALERT_HORIZON_DAYS)),
            sql`${schema.complianceDocuments.id} > ${after}`,
            windowUnsent(
              'compliance-document',
              schema.complianceDocuments.id,
              schema.complianceDocuments.expiresOn,
              day.today,
            ),
          ),
        )
        .orderBy(asc(schema.complianceDocuments.id))
        .limit(limit),
    alert: (tx, row, today) => this.sendDue(tx, row, today),
  };

  /** Sends the alert due today for `row` to the organisation's HR, if any and not sent yet. */
  private async sendDue(tx: Tx, row: DocumentRow, today: LocalDate): Promise<Milestone | null> {
    const due = await claimDueAlert(
      tx,
      'compliance-document',
      { ...row, status: 'unverified', renewedBy: null },
      today,
      this.now(),
    );
    if (!due) return null;
    const name = documentTypeOf(row.typeCode)?.name ?? {
      en: row.typeCode,
      sw: row.typeCode,
      fr: row.typeCode,
    };
    const hr = await this.orgs.hrOf(tx, row.orgId);
    await enqueue(
      tx,
      schema.outbox,
      hr.map((userId) => documentAlertNotice(userId, due, name, row.number)),
    );
    return due;
  }

  private async requireLocation(actor: OrgActor, locationId: string | null): Promise<void> {
    if (!locationId) return;
    const [place] = await this.db
      .select({ id: schema.locations.id })
      .from(schema.locations)
      .where(and(eq(schema.locations.id, locationId), eq(schema.locations.orgId, actor.organisationId)));
    if (!place) throw notFound('No such location.', CoreErrors.placeNotFound);
  }

  private async saving<T>(work: (tx: Tx) => Promise<T>): Promise<T> {
    try {
      return await this.db.transaction(work);
    } catch (err) {
      if (isUniqueViolation(err))
        throw conflict(
          'A document of this type with this number is already recorded.',
          CoreErrors.duplicateCompliance,
        );
      throw err;
    }
  }

  private shape(row: DocumentRow, today: LocalDate, file: FileInfo | null): ComplianceDocument {
    const type = documentTypeOf(row.typeCode);
    return {
      id: row.id,
      typeCode: row.typeCode,
      typeName: type?.name ?? { en: row.typeCode, sw: row.typeCode, fr: row.typeCode },
      number: row.number,
      issuedOn: row.issuedOn,
      expiresOn: row.expiresOn,
      daysLeft: daysBetween(today, row.expiresOn),
      status: documentStatusOn(row.expiresOn, today),
      locationId: row.locationId,
      file: storedFile(file),
    };
  }
}

/** Both dates real calendar days, the expiry not before the issue. */
function datesOf(issuedText: string | null, expiresText: string) {
  const expiresOn = parseIsoDate(expiresText);
  const issuedOn = issuedText ? parseIsoDate(issuedText) : null;
  if (!expiresOn) throw badRequest('expiresOn: must be a real date (YYYY-MM-DD).');
  if (issuedText && !issuedOn) throw badRequest('issuedOn: must be a real date (YYYY-MM-DD).');
  if (issuedOn && daysBetween(issuedOn, expiresOn) < 0)
    throw badRequest('The document expires before it was issued.', CoreErrors.documentExpiresBeforeIssue);
  return { issuedOn, expiresOn };
}
