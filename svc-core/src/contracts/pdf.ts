import { createHash } from 'node:crypto';
import { PDFDocument, StandardFonts, type PDFFont, type PDFPage } from 'pdf-lib';
import { printable } from '@platform/service-kit';

export const sha256 = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');

const A4: [number, number] = [595.28, 841.89];
const MARGIN = 56;
const WIDTH = A4[0] - 2 * MARGIN;

/** Lines of `text` as wide as `width` at `size`: words wrapped, a word too long cut, line breaks kept. */
function wrap(font: PDFFont, text: string, size: number, width: number): string[] {
  const lines: string[] = [];
  for (const paragraph of printable(font, text.replace(/\t/g, '    ')).split(/\r?\n/)) {
    let line = '';
    for (const word of paragraph.split(/ +/)) {
      const next = line ? `${line} ${word}` : word;
      if (font.widthOfTextAtSize(next, size) <= width) {
        line = next;
        continue;
      }
      if (line) lines.push(line);
      // A word wider than the line: cut it where it fills one.
      let rest = word;
      while (font.widthOfTextAtSize(rest, size) > width) {
        let cut = rest.length - 1;
        while (cut > 1 && font.widthOfTextAtSize(rest.slice(0, cut), size) > width) cut--;
        lines.push(rest.slice(0, cut));
        rest = rest.slice(cut);
      }
      line = rest;
    }
    lines.push(line);
  }
  return lines;
}

/** Writes lines down pages, adding a page when one is full. */
class Writer {
  page!: PDFPage;
  y = 0;
  constructor(
    private readonly pdf: PDFDocument,
    readonly regular: PDFFont,
    readonly bold: PDFFont,
  ) {
    this.newPage();
  }
  newPage() {
    this.page = this.pdf.addPage(A4);
    this.y = A4[1] - MARGIN;
  }
  text(text: string, size = 11, font = this.regular, gap = 4) {
    for (const line of wrap(font, text, size, WIDTH)) {
      if (this.y - size < MARGIN) this.newPage();
      this.y -= size;
      this.page.drawText(line, { x: MARGIN, y: this.y, size, font });
      this.y -= gap;
    }
  }
  space(points: number) {
    this.y -= points;
  }
}

const fonts = async (pdf: PDFDocument) => ({
  regular: await pdf.embedFont(StandardFonts.Helvetica),
  bold: await pdf.embedFont(StandardFonts.HelveticaBold),
});

/** The contract as a PDF: its title, the organisation, the text, and its reference on every page. */
export async function contractPdf(c: {
  id: string;
  title: string;
  organisation: string;
  body: string;
  at: Date;
}): Promise<Uint8Array> {
  const pdf = await PDFDocument.create();
  pdf.setTitle(c.title);
  pdf.setAuthor(c.organisation);
  pdf.setProducer('AfyaHR');
  pdf.setCreator('AfyaHR');
  pdf.setCreationDate(c.at);
  pdf.setModificationDate(c.at);
  const { regular, bold } = await fonts(pdf);
  const w = new Writer(pdf, regular, bold);
  w.text(c.organisation, 10, regular);
  w.space(8);
  w.text(c.title, 18, bold, 8);
  w.space(8);
  w.text(c.body, 11, regular);
  const pages = pdf.getPages();
  pages.forEach((page, i) =>
    page.drawText(printable(regular, `Contract ${c.id} - page ${i + 1} of ${pages.length}`), {
      x: MARGIN,
      y: 28,
      size: 8,
      font: regular,
    }),
  );
  return pdf.save();
}

export interface SignatureLine {
  party: 'employee' | 'employer';
  name: string;
  signedAt: Date;
  ip: string;
  userAgent: string;
  documentSha256: string;
}

/**
 * The signed contract: the document both parties signed with a last page listing each signature (who, for
 * which side, when, from which address and agent) and the SHA-256 of the document they signed.
 */
export async function signedContractPdf(
  document: Uint8Array,
  c: { id: string; at: Date },
  signatures: SignatureLine[],
): Promise<Uint8Array> {
  const pdf = await PDFDocument.load(document);
  pdf.setModificationDate(c.at);
  const { regular, bold } = await fonts(pdf);
  const w = new Writer(pdf, regular, bold);
  w.text('Signatures', 18, bold, 10);
  w.text(`Contract ${c.id}`, 10);
  w.text(
    `SHA-256 of the document signed (all pages before this one): ${signatures[0]?.documentSha256 ?? ''}`,
    10,
  );
  w.space(12);
  for (const s of signatures) {
    w.text(`${s.party === 'employee' ? 'Employee' : 'For the employer'}: ${s.name}`, 12, bold, 6);
    w.text(`Signed at ${s.signedAt.toISOString()} (UTC) with a one-time code sent to them`, 10);
    w.text(`Address: ${s.ip}`, 10);
    w.text(`Agent: ${s.userAgent}`, 10);
    w.text(`Document SHA-256: ${s.documentSha256}`, 10);
    w.space(12);
  }
  w.text(
    'Anyone holding this PDF can check it against the record: AfyaHR, Core HR, Contracts, "Check a contract". ' +
      'A copy changed in any way is not genuine.',
    9,
  );
  return pdf.save();
}
