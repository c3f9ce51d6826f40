import { eq } from 'drizzle-orm';
import { enqueue, recordAdminAction } from '@platform/event-bus';
import type { AccessClaims } from '@platform/contracts';
import { conflict, forbidden, notFound } from '@platform/service-kit';
import * as schema from '../db/schema';
import { isHr, type OrgActor } from '../domain/roles';
import { leaveTypeName } from '../leave/statutory';
import { leaveDocumentNotice } from '../notices';
import { CoreErrors, type LeaveRequest } from '../../contract';
import { checkedDocument, storedFile } from './document-files';
import type { Db, Tx } from './org-store';
import { requestOf, type LeaveStore } from './leave-store';

type Claims = Pick<AccessClaims, 'sub' | 'name' | 'email' | 'role' | 'orgId'>;
type RequestInfo = { ip?: string; id?: string };
type Found = Awaited<ReturnType<LeaveStore['requestIn']>>;

const files = schema.leaveRequestFiles;

/**
 * A leave request's document (the sick note that may come after the request): attached, replaced or
 * removed while the request is pending, by the person or HR (who may scan a note handed in on paper);
 * read by whoever may see the request (the person, their managers, HR: `LeaveStore.requestIn`), so
 * another organisation's or a colleague's is a 404. Each change is in the audit log.
 */
export class LeaveDocumentStore {
  constructor(
    private readonly db: Db,
    private readonly leave: LeaveStore,
  ) {}

  /** Stores the document (checked as every stored document is, before anything is written). */
  async attach(
    claims: Claims,
    actor: OrgActor,
    id: string,
    name: string | undefined,
    bytes: unknown,
    info: RequestInfo,
  ): Promise<LeaveRequest> {
    const values = checkedDocument(bytes, name, 'leave-document', claims.sub);
    return this.db.transaction(async (tx) => {
      const found = await this.changeable(tx, actor, id);
      await tx
        .insert(files)
        .values({ requestId: id, ...values })
        .onConflictDoUpdate({ target: files.requestId, set: values });
      const action = found.file ? 'leave.document-replace' : 'leave.document-attach';
      await this.audit(tx, claims, action, found, values, info);
      // The note a request waited for: those who decide are told it can be decided now.
      if (found.row.documentRequired && !found.file) await this.tellApprovers(tx, found, actor.personId);
      return requestOf(found.row, found.member, leaveTypeName(found.type), values);
    });
  }

  async remove(claims: Claims, actor: OrgActor, id: string, info: RequestInfo): Promise<LeaveRequest> {
    return this.db.transaction(async (tx) => {
      const found = await this.changeable(tx, actor, id);
      if (!found.file) throw missing();
      await tx.delete(files).where(eq(files.requestId, id));
      await this.audit(tx, claims, 'leave.document-remove', found, null, info);
      return requestOf(found.row, found.member, leaveTypeName(found.type), null);
    });
  }

  /** The document's bytes, for whoever may see the request. */
  async file(actor: OrgActor, id: string) {
    return this.db.transaction(async (tx) => {
      await this.leave.requestIn(tx, actor, id);
      const [file] = await tx
        .select({ fileName: files.fileName, contentType: files.contentType, content: files.content })
        .from(files)
        .where(eq(files.requestId, id));
      if (!file) throw missing();
      return file;
    });
  }

  private async tellApprovers(tx: Tx, { row, member, type }: Found, attachedBy: string) {
    const approvers = (await this.leave.approversOf(tx, member)).filter((id) => id !== attachedBy);
    const names = leaveTypeName(type);
    await enqueue(
      tx,
      schema.outbox,
      approvers.map((id) => leaveDocumentNotice(id, member.name, names, row.fromDay, row.toDay)),
    );
  }

  /** The request, locked, if the caller may change its document now: the person or HR, while pending. */
  private async changeable(tx: Tx, actor: OrgActor, id: string): Promise<Found> {
    const found = await this.leave.requestIn(tx, actor, id);
    if (found.member.personId !== actor.personId && !isHr(actor))
      throw forbidden('Only the person or HR attaches the document of a leave request.');
    if (found.row.status !== 'pending')
      throw conflict('This request was already decided or cancelled.', CoreErrors.leaveNotPending);
    return found;
  }

  private audit(
    tx: Tx,
    claims: Claims,
    action: string,
    { row, member, type, file: before }: Found,
    after: Found['file'],
    request: RequestInfo,
  ) {
    return recordAdminAction(tx, schema.outbox, 'core', {
      actor: claims,
      action,
      target: {
        module: 'core',
        kind: 'leave-request',
        id: row.id,
        label: `${member.name}, ${leaveTypeName(type).en}, ${row.fromDay}–${row.toDay}`,
      },
      before: { document: storedFile(before) },
      after: { document: storedFile(after) },
      request,
    } as Parameters<typeof recordAdminAction>[3]);
  }
}

const missing = () =>
  notFound('No document is attached to this leave request.', CoreErrors.leaveDocumentNotFound);
