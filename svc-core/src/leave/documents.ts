/** A leave request's document (`leave_request_files`): what the lists read of it, and the approval rule. */
import { eq } from 'drizzle-orm';
import { badRequest, conflict, forbidden } from '@platform/service-kit';
import * as schema from '../db/schema';
import { isHr, type OrgActor } from '../domain/roles';
import { CoreErrors, type LeaveDecisionBody } from '../../contract';

const files = schema.leaveRequestFiles;

/** What the requests' lists read of a request's document: never its bytes. */
export const leaveFileInfo = {
  fileName: files.fileName,
  contentType: files.contentType,
  size: files.size,
  uploadedAt: files.uploadedAt,
};
/** The left join that puts each request's document (or null) beside it. */
export const leaveFileJoin = eq(files.requestId, schema.leaveRequests.id);

/**
 * Whether an approval goes without the document the request needs, or why it may not. A request that
 * needs one (`document_required`, fixed when it was made: a sick note beyond the type's days) and has
 * none is not approved (409): a clinic pays sick leave on the note. HR alone may approve it all the same
 * (`withoutDocument`, with a reason, audited): the note seen on paper, a person still in hospital. A
 * manager waits for the note or asks HR.
 */
export function documentWaiver(
  actor: OrgActor,
  found: { row: { documentRequired: boolean }; file: unknown },
  body: LeaveDecisionBody,
  reason: string | null,
): boolean {
  if (body.status !== 'approved' || !found.row.documentRequired || found.file) return false;
  if (!body.withoutDocument)
    throw conflict('This leave needs its document before it is approved.', CoreErrors.leaveDocumentMissing);
  if (!isHr(actor))
    throw forbidden('Only HR approves leave without its document.', CoreErrors.leaveDocumentWaiverHr);
  if (!reason)
    throw badRequest(
      'Say why the leave is approved without its document.',
      CoreErrors.leaveDocumentWaiverReason,
    );
  return true;
}
