import { and, eq, isNull, sql } from 'drizzle-orm';
import { CV_MAX_BYTES, type CvInfo, HireErrors } from '../../contract';
import { HttpError, conflict, isPdf, isUniqueViolation, notFound, safeFileName } from '@platform/service-kit';
import { recordAdminAction, type AdminAction } from '@platform/event-bus';
import { applications, cvs, outbox, type CvRow } from '../db/schema';
import type { Db } from './job-store';
import type { Scope } from './application-store';

/** A stored CV's file: what its download route sends. */
export interface CvFile {
  fileName: string;
  content: Buffer;
}

export const cvNotFound = () => notFound('No CV is stored.', HireErrors.cvNotFound);

/** The stored name of a CV: safe as a header value, always ending in `.pdf`. */
const cvFileName = (raw: string | undefined): string => safeFileName(raw, 'cv', 'pdf');

/** Refuses anything that is not a PDF of at most CV_MAX_BYTES, before it is stored. */
export function checkCv(bytes: unknown): Buffer {
  if (!Buffer.isBuffer(bytes) || !isPdf(bytes))
    throw new HttpError(415, 'The CV must be a PDF file.', HireErrors.cvNotPdf);
  if (bytes.length > CV_MAX_BYTES) throw cvTooLarge();
  return bytes;
}

export const cvTooLarge = () => new HttpError(413, 'The CV must be at most 5 MB.', HireErrors.cvTooLarge);

export const toCvInfo = (cv: Pick<CvRow, 'id' | 'fileName' | 'size' | 'uploadedAt'>): CvInfo => ({
  id: cv.id,
  fileName: cv.fileName,
  size: cv.size,
  uploadedAt: cv.uploadedAt.toISOString(),
});

const infoColumns = { id: cvs.id, fileName: cvs.fileName, size: cvs.size, uploadedAt: cvs.uploadedAt };
type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

/** One current CV per person; applications keep the one they were sent with. */
export class CvStore {
  constructor(private readonly db: Db) {}

  async current(userId: string): Promise<CvInfo | undefined> {
    const [cv] = await this.db
      .select(infoColumns)
      .from(cvs)
      .where(and(eq(cvs.userId, userId), isNull(cvs.retiredAt)));
    return cv && toCvInfo(cv);
  }

  /** Stores `content` as the person's CV, retiring the previous one. */
  async upload(userId: string, name: string | undefined, content: Buffer): Promise<CvInfo> {
    try {
      return await this.db.transaction(async (tx) => {
        await this.retireCurrent(tx, userId);
        const [cv] = await tx
          .insert(cvs)
          .values({ userId, fileName: cvFileName(name), size: content.length, content })
          .returning(infoColumns);
        return toCvInfo(cv!);
      });
    } catch (err) {
      // Two uploads at once: the other one won.
      if (isUniqueViolation(err))
        throw conflict('Another upload of your CV is in progress.', HireErrors.cvConflict);
      throw err;
    }
  }

  async remove(userId: string): Promise<void> {
    const retired = await this.db.transaction((tx) => this.retireCurrent(tx, userId));
    if (!retired) throw cvNotFound();
  }

  /** The person's current CV's file. */
  async file(userId: string): Promise<CvFile | undefined> {
    const [cv] = await this.db
      .select({ fileName: cvs.fileName, content: cvs.content })
      .from(cvs)
      .where(and(eq(cvs.userId, userId), isNull(cvs.retiredAt)));
    return cv;
  }

  /** The CV an application was sent with, if `scope` may see that application. */
  async applicationFile(scope: Scope, applicationId: string): Promise<CvFile | undefined> {
    const visible =
      scope.kind === 'user'
        ? eq(applications.userId, scope.userId)
        : scope.kind === 'owner'
          ? eq(applications.jobOwnerId, scope.ownerId)
          : undefined;
    const [cv] = await this.db
      .select({ fileName: cvs.fileName, content: cvs.content })
      .from(applications)
      .innerJoin(cvs, eq(cvs.id, applications.cvId))
      .where(and(eq(applications.id, applicationId), visible));
    return cv;
  }

  /**
   * Records, for the audit log, that an admin downloaded the CV an application was sent with (personal
   * data of someone who did not send it to them): before the file is sent.
   */
  async recordAdminDownload(
    by: Pick<AdminAction, 'actor' | 'request'>,
    applicationId: string,
    fileName: string,
  ): Promise<void> {
    await this.db.transaction(async (tx) => {
      await recordAdminAction(tx, outbox, 'hire', {
        ...by,
        action: 'cv.download',
        target: { module: 'hire', kind: 'application', id: applicationId, label: `CV: ${fileName}` },
      });
    });
  }

  /**
   * Retires the current CV (locked, so an application being sent with it finishes first) and drops
   * its bytes unless an application was sent with it. Returns whether there was one.
   */
  private async retireCurrent(tx: Tx, userId: string): Promise<boolean> {
    const [cv] = await tx
      .select({ id: cvs.id })
      .from(cvs)
      .where(and(eq(cvs.userId, userId), isNull(cvs.retiredAt)))
      .for('update');
    if (!cv) return false;
    await tx.update(cvs).set({ retiredAt: new Date() }).where(eq(cvs.id, cv.id));
    await tx
      .delete(cvs)
      .where(
        and(
          eq(cvs.id, cv.id),
          sql`not exists (select 1 from ${applications} where ${applications.cvId} = ${cv.id})`,
        ),
      );
    return true;
  }
}
