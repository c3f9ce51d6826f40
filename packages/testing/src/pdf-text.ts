import { inflateSync } from 'node:zlib';

/**
 * The text a PDF draws, a line per drawn string: pdf-lib writes each as a hex string (`<…> Tj`) in
 * deflated content streams, so the raw bytes never show it. What a test asserts a PDF says.
 */
export function pdfText(pdf: Buffer): string {
  const raw = pdf.toString('latin1');
  let text = '';
  for (const m of raw.matchAll(/stream\r?\n([\s\S]*?)\r?\nendstream/g)) {
    let content: string;
    try {
      content = inflateSync(Buffer.from(m[1]!, 'latin1')).toString('latin1');
    } catch {
      content = m[1]!;
    }
    for (const h of content.matchAll(/<([0-9A-Fa-f]+)>\s*Tj/g))
      text += Buffer.from(h[1]!, 'hex').toString('latin1') + '\n';
  }
  return text;
}
