import {
  DOCUMENT_FORMATS,
  documentFormatOf,
  HttpError,
  safeFileName,
  type DocumentFormat,
} from '@platform/service-kit';
import { CoreErrors, DOCUMENT_FILE_MAX_BYTES, type StoredFile } from '../../contract';

/**
 * The one check every scanned document svc-core keeps passes (a compliance document's, a credential's): a
 * PDF or an image by its content, whatever the client declared, at most DOCUMENT_FILE_MAX_BYTES.
 */

export const fileTooLarge = () =>
  new HttpError(413, 'The file must be at most 5 MB.', CoreErrors.complianceFileTooLarge);

/** The row a stored file is saved as (its subject's key aside), or a 415/413 before anything is written. */
export function checkedDocument(
  bytes: unknown,
  name: string | undefined,
  fallback: string,
  uploadedBy: string,
): {
  fileName: string;
  contentType: DocumentFormat;
  size: number;
  content: Buffer;
  uploadedBy: string;
  uploadedAt: Date;
} {
  const format = Buffer.isBuffer(bytes) ? documentFormatOf(bytes) : null;
  if (!format)
    throw new HttpError(
      415,
      'The file must be a PDF or an image (JPEG, PNG, WebP).',
      CoreErrors.complianceFileType,
    );
  const content = bytes as Buffer;
  if (content.length > DOCUMENT_FILE_MAX_BYTES) throw fileTooLarge();
  return {
    fileName: safeFileName(name, fallback, DOCUMENT_FORMATS[format], ['pdf', 'jpg', 'jpeg', 'png', 'webp']),
    contentType: format,
    size: content.length,
    content,
    uploadedBy,
    uploadedAt: new Date(),
  };
}

type FileRow = { fileName: string; contentType: string; size: number; uploadedAt: Date };

/** What a list or a record says of a stored file: never its bytes. */
export const storedFile = (file: FileRow | null | undefined): StoredFile | null =>
  file
    ? {
        name: file.fileName,
        contentType: file.contentType,
        size: file.size,
        uploadedAt: file.uploadedAt.toISOString(),
      }
    : null;
