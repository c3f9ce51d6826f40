import { createHmac, randomBytes, randomInt, timingSafeEqual } from 'node:crypto';
import { and, asc, count, desc, eq, gt, gte, isNull, lt, lte, or, sql, type SQL } from 'drizzle-orm';
import { enqueue, makeEnvelope, recordAdminAction } from '@platform/event-bus';
import type { AccessClaims } from '@platform/contracts';
import { conflict, forbidden, HttpError, isUniqueViolation, notFound, pageOf } from '@platform/service-kit';
import * as schema from '../db/schema';
import { isHr, type OrgActor } from '../domain/roles';
import { localDateOf, type LocalDate } from '../domain/dates';
import {
  CoreErrors,
  CoreEvents,
  type Contract,
  type ContractBody,
  type ContractCheck,
  type ContractQuery,
  type ContractRecord,
  type ContractSignedData,
  type ContractTemplate,
  type ContractTemplateBody,
  type ContractTemplatePatch,
  type CONTRACT_STATUSES,
} from '../../contract';
import { fieldsOf, merge, probationText, salaryText } from '../contracts/merge';
import { contractPdf, sha256, signedContractPdf } from '../contracts/pdf';
import { contractCodeNotice, contractSignedNotice, contractToSignNotice } from '../notices';
import type { Db, Tx } from './org-store';

type Claims = Pick<AccessClaims, 'sub' | 'name' | 'email' | 'role' | 'orgId'>;
type RequestInfo = { ip?: string; id?: string };
/** Who signs, from where: recorded with the signature. */
export type SignerInfo = RequestInfo & { userAgent: string };
type Party = 'employee' | 'employer';
type Status = (typeof CONTRACT_STATUSES)[number];
type Row = typeof schema.contracts.$inferSelect;

const templates = schema.contractTemplates;
const contracts = schema.contracts;
const signatures = schema.contractSignatures;
const codes = schema.contractCodes;
const codeRequests = schema.contractCodeRequests;
const staff = schema.staffRecords;

/** A code is good for 15 minutes and 5 tries; then a new one is needed. */
export const CODE_TTL_MS = 15 * 60_000;
export const CODE_ATTEMPTS = 5;
/** How often a person may ask for a signing code for one contract: one a minute, five an hour. */
export const CODE_REQUEST_GAP_MS = 60_000;
export const CODE_REQUESTS_PER_HOUR = 5;

const iso = (at: Date | string | null) => (at === null ? null : new Date(at).toISOString());
const templateNotFound = () => notFound('No such contract template.', CoreErrors.contractTemplateNotFound);
const contractNotFound = () => notFound('No such contract.', CoreErrors.contractNotFound);
const hashCode = (salt: string, code: string) => createHmac('sha256', salt).update(code).digest('hex');

/**
 * Contracts: HR's templates with merge fields; a member's contract made from one (a draft), sent as a PDF
 * whose SHA-256 each party signs after a one-time code (employee: the person; employer: the owner or an HR
 * admin); once both signed, the signed PDF with its signature page. Anyone holding either PDF can check it.
 */
export class ContractStore {
  constructor(
    private readonly db: Db,
    private readonly now: () => Date,
  ) {}

  /** Today in the organisation's time zone: a contract starts and ends on its days. */
  private today = (timeZone: string) => localDateOf(this.now(), timeZone);

  // ---- templates (HR only) ----

  private templateOf(row: typeof templates.$inferSelect): ContractTemplate {
    return {
      id: row.id,
      name: row.name,
      body: row.body,
      fields: fieldsOf(row.body).fields,
      createdAt: iso(row.createdAt)!,
      updatedAt: iso(row.updatedAt)!,
    };
  }

  private checkedBody(body: string) {
    const { unknown } = fieldsOf(body);
    if (unknown.length > 0)
      throw new HttpError(
        422,
        `Unknown merge fields: ${unknown.join(', ')}.`,
        CoreErrors.contractFieldUnknown,
        {
          hints: unknown,
        },
      );
    return body.replace(/\r\n/g, '\n').trim();
  }

  private hrOnly(actor: OrgActor) {
    if (!isHr(actor)) throw forbidden('Only HR works with contract templates.');
  }

  async listTemplates(actor: OrgActor, query: { page?: number; limit?: number }) {
    this.hrOnly(actor);
    const { limit, offset } = pageOf(query);
    const where = eq(templates.orgId, actor.organisationId);
    const rows = await this.db
      .select()
      .from(templates)
      .where(where)
      .orderBy(asc(sql`lower(${templates.name})`), asc(templates.id))
      .limit(limit)
      .offset(offset);
    const [total] = await this.db.select({ n: count() }).from(templates).where(where);
    return { data: rows.map((r) => this.templateOf(r)), total: Number(total?.n ?? 0) };
  }

  async getTemplate(actor: OrgActor, id: string) {
    this.hrOnly(actor);
    const [row] = await this.db
      .select()
      .from(templates)
      .where(and(eq(templates.id, id), eq(templates.orgId, actor.organisationId)));
    if (!row) throw templateNotFound();
    return this.templateOf(row);
  }

  async createTemplate(claims: Claims, actor: OrgActor, body: ContractTemplateBody, request: RequestInfo) {
    this.hrOnly(actor);
    const text = this.checkedBody(body.body);
    try {
      return await this.db.transaction(async (tx) => {
        const [row] = await tx
          .insert(templates)
          .values({
            orgId: actor.organisationId,
            name: body.name.trim(),
            body: text,
            createdBy: actor.personId,
          })
          .returning();
        await this.audit(
          tx,
          claims,
          'contract-template.create',
          'contract-template',
          row!.id,
          row!.name,
          request,
        );
        return this.templateOf(row!);
      });
    } catch (e) {
      throw this.duplicate(e);
    }
  }

  async updateTemplate(
    claims: Claims,
    actor: OrgActor,
    id: string,
    body: ContractTemplatePatch,
    request: RequestInfo,
  ) {
    this.hrOnly(actor);
    const text = body.body === undefined ? undefined : this.checkedBody(body.body);
    try {
      return await this.db.transaction(async (tx) => {
        const [row] = await tx
          .update(templates)
          .set({
            ...(body.name ? { name: body.name.trim() } : {}),
            ...(text ? { body: text } : {}),
            updatedAt: this.now(),
          })
          .where(and(eq(templates.id, id), eq(templates.orgId, actor.organisationId)))
          .returning();
        if (!row) throw templateNotFound();
        await this.audit(
          tx,
          claims,
          'contract-template.update',
          'contract-template',
          row.id,
          row.name,
          request,
        );
        return this.templateOf(row);
      });
    } catch (e) {
      throw this.duplicate(e);
    }
  }

  private duplicate(e: unknown) {
    return isUniqueViolation(e)
      ? conflict('A template with this name exists.', CoreErrors.contractTemplateExists)
      : e;
  }

  // ---- contracts ----

  /** HR makes a member's contract from a template: a draft, its text merged now. */
  async create(claims: Claims, actor: OrgActor, body: ContractBody, request: RequestInfo) {
    this.hrOnly(actor);
    const id = await this.db.transaction((tx) => this.draftIn(tx, claims, actor, body, request));
    return this.get(actor, id);
  }

  /**
   * The draft made in the caller's transaction, its id returned: a workflow's run makes it in its own, so the
   * contract exists exactly when the run does.
   */
  async draftIn(tx: Tx, claims: Claims, actor: OrgActor, body: ContractBody, request: RequestInfo) {
    this.hrOnly(actor);
    const [template] = await tx
      .select()
      .from(templates)
      .where(and(eq(templates.id, body.templateId), eq(templates.orgId, actor.organisationId)));
    if (!template) throw templateNotFound();
    const [person] = await tx
      .select({
        id: staff.id,
        name: staff.name,
        jobTitle: staff.jobTitle,
        startDate: staff.startDate,
        location: schema.locations.name,
        organisation: schema.organisations.name,
      })
      .from(staff)
      .innerJoin(schema.organisations, eq(schema.organisations.id, staff.orgId))
      .leftJoin(schema.locations, eq(schema.locations.id, staff.locationId))
      .where(and(eq(staff.id, body.staffId), eq(staff.orgId, actor.organisationId), isNull(staff.leftAt)));
    if (!person) throw notFound('No such member of the organisation.', CoreErrors.staffNotFound);
    const startDate = body.startDate ?? person.startDate ?? this.today(actor.timeZone);
    const endDate = body.endDate ?? null;
    if (endDate !== null && endDate <= startDate)
      throw new HttpError(422, 'A fixed-term contract ends after it starts.', CoreErrors.contractDates);
    const fields = {
      name: person.name,
      jobTitle: body.jobTitle?.trim() ?? person.jobTitle ?? '',
      salary: salaryText(body.salary),
      startDate,
      endDate: endDate ?? '',
      probation: probationText(body.probationMonths),
      location: body.location?.trim() ?? person.location ?? '',
      organisation: person.organisation,
    };
    const title = body.title?.trim() ?? `${template.name}: ${person.name}`;
    const [row] = await tx
      .insert(contracts)
      .values({
        orgId: actor.organisationId,
        templateId: template.id,
        staffRecordId: person.id,
        title,
        body: merge(template.body, fields),
        fields: { ...fields, endDate },
        startDate,
        endDate,
        createdBy: actor.personId,
        createdAt: this.now(),
      })
      .returning();
    await this.audit(tx, claims, 'contract.create', 'contract', row!.id, title, request);
    return row!.id;
  }

  /** The state as the day makes it: a signed contract is active from its start and ended after its end. */
  private statusSql(today: LocalDate): SQL<Status> {
    return sql<Status>`case
      when ${contracts.status} = 'signed' and ${contracts.endDate} < ${today}::date then 'ended'
      when ${contracts.status} = 'signed' and ${contracts.startDate} <= ${today}::date then 'active'
      else ${contracts.status} end`;
  }

  private statusWhere(status: Status | undefined, today: LocalDate): SQL | undefined {
    switch (status) {
      case undefined:
        return undefined;
      case 'draft':
      case 'sent':
        return eq(contracts.status, status);
      case 'signed':
        return and(eq(contracts.status, 'signed'), gt(contracts.startDate, today));
      case 'active':
        return and(
          eq(contracts.status, 'signed'),
          lte(contracts.startDate, today),
          or(isNull(contracts.endDate), gte(contracts.endDate, today)),
        );
      case 'ended':
        return or(
          eq(contracts.status, 'ended'),
          and(eq(contracts.status, 'signed'), lt(contracts.endDate, today)),
        );
    }
  }

  /** Whose contracts the caller sees: HR every one of the organisation's; anyone their own once sent. */
  private visibleWhere(actor: OrgActor, mine: boolean): SQL {
    const own = and(eq(staff.personId, actor.personId), sql`${contracts.status} <> 'draft'`)!;
    return and(eq(contracts.orgId, actor.organisationId), isHr(actor) && !mine ? undefined : own)!;
  }

  async list(actor: OrgActor, query: ContractQuery) {
    const { limit, offset } = pageOf(query);
    const where = and(
      this.visibleWhere(actor, query.mine === true),
      this.statusWhere(query.status, this.today(actor.timeZone)),
    );
    const rows = await this.db
      .select({ id: contracts.id })
      .from(contracts)
      .innerJoin(staff, eq(staff.id, contracts.staffRecordId))
      .where(where)
      .orderBy(desc(contracts.createdAt), desc(contracts.id))
      .limit(limit)
      .offset(offset);
    const [total] = await this.db
      .select({ n: count() })
      .from(contracts)
      .innerJoin(staff, eq(staff.id, contracts.staffRecordId))
      .where(where);
    const data = await this.many(
      actor,
      rows.map((r) => r.id),
    );
    return { data, total: Number(total?.n ?? 0) };
  }

  async get(actor: OrgActor, id: string): Promise<Contract> {
    const [one] = await this.many(actor, [id], this.visibleWhere(actor, false));
    if (!one) throw contractNotFound();
    return one;
  }

  private async many(actor: OrgActor, ids: string[], where?: SQL): Promise<Contract[]> {
    if (ids.length === 0) return [];
    const rows = await this.db
      .select({
        c: contracts,
        personName: staff.name,
        personId: staff.personId,
        status: this.statusSql(this.today(actor.timeZone)),
      })
      .from(contracts)
      .innerJoin(staff, eq(staff.id, contracts.staffRecordId))
      .where(and(sql`${contracts.id} = any(${sql.param(ids)}::uuid[])`, where));
    const signed = await this.db
      .select()
      .from(signatures)
      .where(sql`${signatures.contractId} = any(${sql.param(ids)}::uuid[])`)
      .orderBy(asc(signatures.signedAt));
    const byId = new Map(rows.map((r) => [r.c.id, r]));
    return ids.flatMap((id) => {
      const r = byId.get(id);
      if (!r) return [];
      const sigs = signed.filter((s) => s.contractId === id);
      return [
        {
          id,
          title: r.c.title,
          templateId: r.c.templateId,
          staffId: r.c.staffRecordId,
          personName: r.personName,
          status: r.status,
          startDate: r.c.startDate,
          endDate: r.c.endDate,
          fields: Object.fromEntries(
            Object.entries(r.c.fields).map(([k, v]) => [k, v === null ? null : String(v)]),
          ),
          body: r.c.body,
          createdAt: iso(r.c.createdAt)!,
          sentAt: iso(r.c.sentAt),
          signedAt: iso(r.c.signedAt),
          pdfSha256: r.c.pdfSha256,
          signedPdfSha256: r.c.signedPdfSha256,
          signatures: sigs.map((s) => ({
            party: s.party,
            name: s.name,
            signedAt: iso(s.signedAt)!,
            documentSha256: s.documentSha256,
          })),
          canSignAs:
            r.c.status === 'sent' ? this.partyOf(actor, r.personId, new Set(sigs.map((s) => s.party))) : null,
        },
      ];
    });
  }

  /** The side the caller signs for: the person their own; the owner or an HR admin the employer's. */
  private partyOf(actor: OrgActor, personId: string | null, signed: Set<Party>): Party | null {
    if (personId === actor.personId) return signed.has('employee') ? null : 'employee';
    if (isHr(actor)) return signed.has('employer') ? null : 'employer';
    return null;
  }

  /** The PDF: a draft's preview, the document sent to sign, or the signed one. */
  async pdf(actor: OrgActor, id: string) {
    const c = await this.get(actor, id);
    const [row] = await this.db.select().from(contracts).where(eq(contracts.id, id));
    const bytes = row!.signedPdf ?? row!.pdf ?? (await this.render(row!));
    const name = `contract-${c.personName.replace(/[^A-Za-z0-9]+/g, '-')}${row!.signedPdf ? '-signed' : ''}.pdf`;
    return { fileName: name, content: Buffer.from(bytes) };
  }

  private async render(row: Row, db: Db | Tx = this.db) {
    const [org] = await db
      .select({ name: schema.organisations.name })
      .from(schema.organisations)
      .where(eq(schema.organisations.id, row.orgId));
    return contractPdf({
      id: row.id,
      title: row.title,
      organisation: org?.name ?? '',
      body: row.body,
      at: this.now(),
    });
  }

  /** HR sends a draft to sign: its PDF is fixed (and its SHA-256), and the person is told. */
  async send(claims: Claims, actor: OrgActor, id: string, request: RequestInfo) {
    this.hrOnly(actor);
    await this.db.transaction((tx) => this.sendIn(tx, claims, actor, id, request));
    return this.get(actor, id);
  }

  /** The sending in the caller's transaction (a workflow's run's): the notice goes through its outbox. */
  async sendIn(tx: Tx, claims: Claims, actor: OrgActor, id: string, request: RequestInfo) {
    this.hrOnly(actor);
    const { row, personId } = await this.locked(tx, actor, id);
    if (row.status !== 'draft')
      throw conflict('This contract was sent already.', CoreErrors.contractNotDraft);
    if (!personId)
      throw conflict(
        'This person has no account yet: they sign once they join.',
        CoreErrors.contractNoAccount,
      );
    const pdf = await this.render(row, tx);
    const at = this.now();
    await tx
      .update(contracts)
      .set({ status: 'sent', sentAt: at, pdf: Buffer.from(pdf), pdfSha256: sha256(pdf) })
      .where(eq(contracts.id, id));
    await enqueue(tx, schema.outbox, [contractToSignNotice(personId, id, row.title)]);
    await this.audit(tx, claims, 'contract.send', 'contract', id, row.title, request);
  }

  /** HR ends a signed contract (it ended early, or by agreement). */
  async end(claims: Claims, actor: OrgActor, id: string, request: RequestInfo) {
    this.hrOnly(actor);
    await this.db.transaction(async (tx) => {
      const { row } = await this.locked(tx, actor, id);
      if (row.status !== 'signed')
        throw conflict('Only a signed contract can end.', CoreErrors.contractNotActive);
      await tx.update(contracts).set({ status: 'ended', endedAt: this.now() }).where(eq(contracts.id, id));
      await this.audit(tx, claims, 'contract.end', 'contract', id, row.title, request);
    });
    return this.get(actor, id);
  }

  private async locked(tx: Tx, actor: OrgActor, id: string) {
    const [row] = await tx
      .select()
      .from(contracts)
      .where(and(eq(contracts.id, id), eq(contracts.orgId, actor.organisationId)))
      .for('update');
    if (!row) throw contractNotFound();
    const [person] = await tx
      .select({ personId: staff.personId, personName: staff.name })
      .from(staff)
      .where(eq(staff.id, row.staffRecordId));
    const found = { row, personId: person?.personId ?? null, personName: person?.personName ?? '' };
    // Someone who is not HR sees only their own, once sent.
    if (!isHr(actor) && (found.personId !== actor.personId || found.row.status === 'draft'))
      throw contractNotFound();
    return found;
  }

  /** The party the caller signs for on a sent contract, or why not. */
  private async signingParty(tx: Tx, actor: OrgActor, id: string) {
    const found = await this.locked(tx, actor, id);
    if (found.row.status !== 'sent')
      throw conflict('This contract is not waiting for signatures.', CoreErrors.contractNotSent);
    const done = await tx
      .select({ party: signatures.party })
      .from(signatures)
      .where(eq(signatures.contractId, id));
    const signed = new Set(done.map((d) => d.party));
    const party = this.partyOf(actor, found.personId, signed);
    if (!party) {
      const mineSigned =
        (found.personId === actor.personId && signed.has('employee')) ||
        (isHr(actor) && signed.has('employer'));
      if (mineSigned) throw conflict('You signed this contract already.', CoreErrors.contractAlreadySigned);
      throw forbidden(
        'Only the employee and the clinic’s HR sign this contract.',
        CoreErrors.contractNotSignatory,
      );
    }
    return { ...found, party, signed };
  }

  /**
   * A one-time code to sign with, to the caller's e-mail (and phone by SMS where configured): 6 random digits,
   * kept only as a salted hash, good for 15 minutes and 5 tries. A new one replaces the one before.
   */
  async requestCode(actor: OrgActor, id: string) {
    return this.db.transaction(async (tx) => {
      const { row, party } = await this.signingParty(tx, actor, id);
      await this.countCodeRequest(tx, actor, id);
      const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
      const salt = randomBytes(16).toString('hex');
      const expiresAt = new Date(this.now().getTime() + CODE_TTL_MS);
      const values = {
        personId: actor.personId,
        codeHash: `${salt}:${hashCode(salt, code)}`,
        attempts: 0,
        expiresAt,
      };
      await tx
        .insert(codes)
        .values({ contractId: id, party, ...values })
        .onConflictDoUpdate({ target: [codes.contractId, codes.party], set: values });
      await enqueue(tx, schema.outbox, [contractCodeNotice(actor.personId, id, row.title, code)]);
      return { party, expiresAt: expiresAt.toISOString(), attempts: CODE_ATTEMPTS };
    });
  }

  /**
   * Counts the caller's request for a code (the contract's row is locked, so requests for it wait in turn): a
   * second within a minute, or a sixth within an hour, is refused with the seconds to wait.
   */
  private async countCodeRequest(tx: Tx, actor: OrgActor, id: string) {
    const now = this.now().getTime();
    const hourAgo = new Date(now - 60 * 60_000);
    const mine = and(eq(codeRequests.contractId, id), eq(codeRequests.personId, actor.personId));
    await tx.delete(codeRequests).where(and(mine, lte(codeRequests.requestedAt, hourAgo)));
    const recent = await tx
      .select({ at: codeRequests.requestedAt })
      .from(codeRequests)
      .where(mine)
      .orderBy(asc(codeRequests.requestedAt));
    const last = recent.at(-1)?.at.getTime();
    if (last !== undefined && now - last < CODE_REQUEST_GAP_MS) {
      const retryAfter = Math.ceil((last + CODE_REQUEST_GAP_MS - now) / 1000);
      throw new HttpError(
        429,
        `You asked for a code a moment ago: wait ${retryAfter} seconds before asking again.`,
        CoreErrors.contractCodeTooSoon,
        { retryAfter },
      );
    }
    if (recent.length >= CODE_REQUESTS_PER_HOUR) {
      const retryAfter = Math.ceil((recent[0]!.at.getTime() + 60 * 60_000 - now) / 1000);
      throw new HttpError(
        429,
        'You asked for too many codes this hour: try again later.',
        CoreErrors.contractCodeTooMany,
        { retryAfter },
      );
    }
    await tx
      .insert(codeRequests)
      .values({ contractId: id, personId: actor.personId, requestedAt: new Date(now) });
  }

  /**
   * The caller signs with their code: the SHA-256 of the document sent is recorded with who, when, address and
   * agent. A wrong code counts a try (5, then a new code is needed); an expired one needs a new code. When both
   * sides have signed, the signed PDF (with its signature page) is kept and `core.contract.signed.v1` sent.
   */
  async sign(claims: Claims, actor: OrgActor, id: string, code: string, signer: SignerInfo) {
    const failure = await this.db.transaction(async (tx) => {
      const { row, party, signed, personName } = await this.signingParty(tx, actor, id);
      const [stored] = await tx
        .select()
        .from(codes)
        .where(and(eq(codes.contractId, id), eq(codes.party, party), eq(codes.personId, actor.personId)));
      if (!stored) throw conflict('Ask for a code first.', CoreErrors.contractCodeMissing);
      if (stored.expiresAt.getTime() <= this.now().getTime())
        throw new HttpError(422, 'This code has expired: ask for a new one.', CoreErrors.contractCodeExpired);
      if (stored.attempts >= CODE_ATTEMPTS)
        throw new HttpError(422, 'Too many wrong codes: ask for a new one.', CoreErrors.contractCodeLocked);
      const [salt, hash] = stored.codeHash.split(':') as [string, string];
      const given = Buffer.from(hashCode(salt, code), 'hex');
      if (!timingSafeEqual(given, Buffer.from(hash, 'hex'))) {
        // Counted in its own commit: the refusal below must not undo it.
        await tx
          .update(codes)
          .set({ attempts: stored.attempts + 1 })
          .where(and(eq(codes.contractId, id), eq(codes.party, party)));
        return CODE_ATTEMPTS - stored.attempts - 1;
      }
      const at = this.now();
      const name = party === 'employee' ? personName : claims.name;
      await tx.insert(signatures).values({
        contractId: id,
        party,
        personId: actor.personId,
        name,
        documentSha256: row.pdfSha256!,
        ip: signer.ip ?? '',
        userAgent: (signer.userAgent || 'unknown').slice(0, 300),
        signedAt: at,
      });
      await tx.delete(codes).where(and(eq(codes.contractId, id), eq(codes.party, party)));
      await this.audit(tx, claims, 'contract.sign', 'contract', id, row.title, signer, { party });
      signed.add(party);
      if (signed.size === 2) await this.complete(tx, row, at);
      return null;
    });
    if (failure !== null)
      throw new HttpError(
        422,
        failure > 0 ? `Wrong code: ${failure} tries left.` : 'Wrong code: ask for a new one.',
        failure > 0 ? CoreErrors.contractCodeWrong : CoreErrors.contractCodeLocked,
      );
    return this.get(actor, id);
  }

  /** Both signed: the signature page added, the signed PDF and its SHA-256 kept; both told; the event. */
  private async complete(tx: Tx, row: Row, at: Date) {
    const sigs = await tx
      .select()
      .from(signatures)
      .where(eq(signatures.contractId, row.id))
      .orderBy(asc(signatures.signedAt));
    const signedPdf = await signedContractPdf(row.pdf!, { id: row.id, at }, sigs);
    const signedSha = sha256(signedPdf);
    await tx
      .update(contracts)
      .set({ status: 'signed', signedAt: at, signedPdf: Buffer.from(signedPdf), signedPdfSha256: signedSha })
      .where(eq(contracts.id, row.id));
    const [person] = await tx
      .select({ personId: staff.personId })
      .from(staff)
      .where(eq(staff.id, row.staffRecordId));
    const data: ContractSignedData = {
      organisationId: row.orgId,
      contractId: row.id,
      staffId: row.staffRecordId,
      personId: person?.personId ?? null,
      startDate: row.startDate,
      endDate: row.endDate,
      pdfSha256: row.pdfSha256!,
      signedPdfSha256: signedSha,
      signatures: sigs.map((s) => ({
        party: s.party,
        name: s.name,
        signedAt: iso(s.signedAt)!,
        documentSha256: s.documentSha256,
      })),
    };
    const told = new Set(sigs.map((s) => s.personId));
    await enqueue(tx, schema.outbox, [
      makeEnvelope(CoreEvents.contractSigned, data),
      ...[...told].map((p) => contractSignedNotice(p, row.id, row.title)),
    ]);
  }

  /** The record of a contract, for HR and its person: hashes and each signature with address and agent. */
  async record(actor: OrgActor, id: string): Promise<ContractRecord> {
    const c = await this.get(actor, id);
    return this.recordOf(id, c.status, true);
  }

  private async recordOf(id: string, status: Status, full: boolean): Promise<ContractRecord> {
    const [row] = await this.db
      .select({ c: contracts, personName: staff.name, organisation: schema.organisations.name })
      .from(contracts)
      .innerJoin(staff, eq(staff.id, contracts.staffRecordId))
      .innerJoin(schema.organisations, eq(schema.organisations.id, contracts.orgId))
      .where(eq(contracts.id, id));
    const sigs = await this.db
      .select()
      .from(signatures)
      .where(eq(signatures.contractId, id))
      .orderBy(asc(signatures.signedAt));
    return {
      id,
      title: row!.c.title,
      organisation: row!.organisation,
      personName: row!.personName,
      status,
      startDate: row!.c.startDate,
      endDate: row!.c.endDate,
      pdfSha256: row!.c.pdfSha256,
      signedPdfSha256: row!.c.signedPdfSha256,
      signatures: sigs.map((s) => ({
        party: s.party,
        name: s.name,
        signedAt: iso(s.signedAt)!,
        documentSha256: s.documentSha256,
        ...(full ? { ip: s.ip, userAgent: s.userAgent } : {}),
      })),
    };
  }

  /**
   * Anyone's check of a PDF: its SHA-256 against the documents on record (the one sent to sign, or the
   * signed one). One changed byte is another hash: not genuine. A match answers what the record says.
   */
  async check(bytes: Buffer): Promise<ContractCheck> {
    const hash = sha256(bytes);
    const [match] = await this.db
      .select({ id: contracts.id, timeZone: schema.organisations.timeZone })
      .from(contracts)
      .innerJoin(schema.organisations, eq(schema.organisations.id, contracts.orgId))
      .where(or(eq(contracts.pdfSha256, hash), eq(contracts.signedPdfSha256, hash)))
      .limit(1);
    if (!match) return { genuine: false, sha256: hash, document: null, contract: null };
    // Active or ended on its organisation's day.
    const [found] = (await this.db
      .select({
        id: contracts.id,
        signedSha: contracts.signedPdfSha256,
        status: this.statusSql(this.today(match.timeZone)),
      })
      .from(contracts)
      .where(eq(contracts.id, match.id))) as [{ id: string; signedSha: string | null; status: Status }];
    return {
      genuine: true,
      sha256: hash,
      document: found.signedSha === hash ? 'signed' : 'sent',
      contract: await this.recordOf(found.id, found.status, false),
    };
  }

  private audit(
    tx: Tx,
    claims: Claims,
    action: string,
    kind: string,
    id: string,
    label: string,
    request: RequestInfo,
    after?: Record<string, unknown>,
  ) {
    return recordAdminAction(tx, schema.outbox, 'core', {
      actor: claims,
      action,
      target: { module: 'core', kind, id, label },
      ...(after ? { after } : {}),
      request: { ip: request.ip, id: request.id },
    });
  }
}
