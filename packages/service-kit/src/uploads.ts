/**
 * Uploaded files checked by their content, whatever type or name the client declared: a service stores
 * only what these recognise, under a name these made safe.
 */

const PDF_HEADER = Buffer.from('%PDF-');
const PDF_TRAILER = Buffer.from('%%EOF');

/**
 * A PDF by its content: it starts with `%PDF-` and ends with an `%%EOF` marker (writers may add a line
 * break or a little padding after it).
 */
export function isPdf(bytes: Buffer): boolean {
  if (bytes.length < PDF_HEADER.length + PDF_TRAILER.length) return false;
  if (!bytes.subarray(0, PDF_HEADER.length).equals(PDF_HEADER)) return false;
  return bytes.subarray(Math.max(0, bytes.length - 1024)).includes(PDF_TRAILER);
}

/** The formats a scanned or photographed document comes in, with the extension its stored name gets. */
export const DOCUMENT_FORMATS = {
  'application/pdf': 'pdf',
  'image/jpeg': 'jpg',
  'image/png': 'png',
  'image/webp': 'webp',
} as const;
export type DocumentFormat = keyof typeof DOCUMENT_FORMATS;

const startsWith = (bytes: Buffer, signature: number[], at = 0) =>
  bytes.length >= at + signature.length && signature.every((b, i) => bytes[at + i] === b);

/** A PDF or an image (JPEG, PNG, WebP) by its first bytes (a PDF's trailer too); null for anything else. */
export function documentFormatOf(bytes: Buffer): DocumentFormat | null {
  if (isPdf(bytes)) return 'application/pdf';
  if (startsWith(bytes, [0xff, 0xd8, 0xff])) return 'image/jpeg';
  if (startsWith(bytes, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'image/png';
  if (startsWith(bytes, [0x52, 0x49, 0x46, 0x46]) && startsWith(bytes, [0x57, 0x45, 0x42, 0x50], 8))
    return 'image/webp';
  return null;
}

/** The formats a photo comes in (a document's but the PDF), with the extension its stored name gets. */
export const IMAGE_FORMATS = {
  'image/jpeg': 'jpg',
  'image/png': 'png',
  'image/webp': 'webp',
} as const;
export type ImageFormat = keyof typeof IMAGE_FORMATS;

/**
 * A JPEG, PNG or WebP image by its first bytes; null for anything else (an HTML or SVG file named
 * `.png`, a PDF), whatever type or name the client declared.
 */
export function imageFormatOf(bytes: Buffer): ImageFormat | null {
  const format = documentFormatOf(bytes);
  return format && format !== 'application/pdf' ? format : null;
}

/**
 * The stored name: the last path segment, letters, digits and `. _ - ( )` only (plain ASCII, so it fits a
 * Content-Disposition header as is), at most 100 characters, always ending in `.<extension>` (the name's
 * own `extensions`, any case, are dropped first); `fallback` when nothing is left.
 */
export function safeFileName(
  raw: string | undefined,
  fallback: string,
  extension: string,
  extensions: readonly string[] = [extension],
): string {
  const base = (raw ?? '').split(/[\\/]/).pop() ?? '';
  const own = new RegExp(`\\.(${extensions.join('|')})$`, 'i');
  const stem = base
    .replace(own, '')
    .replace(/[^A-Za-z0-9._() -]+/g, '_')
    .replace(/^[.\s_]+|[.\s_]+$/g, '')
    .slice(0, 96);
  return `${stem || fallback}.${extension}`;
}
