import { CV_MAX_BYTES } from '@platform/contracts/values';

export type CvFileProblem = 'tooLarge' | 'notPdf';

/**
 * What the browser can tell before sending: the size, and that it looks like a PDF. The server checks
 * the content itself; this only spares a 5 MB upload that would be refused.
 */
export function cvFileProblem(file: File): CvFileProblem | null {
  if (file.size > CV_MAX_BYTES) return 'tooLarge';
  if (file.type !== 'application/pdf' && !/\.pdf$/i.test(file.name)) return 'notPdf';
  return null;
}

/** "1.2 MB" / "350 KB" in the page's language. */
export function sizeText(bytes: number, locale: string): string {
  const mb = bytes >= 1024 * 1024;
  const n = new Intl.NumberFormat(locale, { maximumFractionDigits: mb ? 1 : 0 }).format(
    mb ? bytes / (1024 * 1024) : Math.max(1, Math.round(bytes / 1024)),
  );
  return `${n} ${mb ? 'MB' : 'KB'}`;
}
