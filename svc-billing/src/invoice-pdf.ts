import { PDFDocument, StandardFonts, type PDFFont, type PDFPage } from 'pdf-lib';
import { printable } from '@platform/service-kit';
import type { InvoiceRow } from './db/schema';
import { kshText, VAT_RATE_PERCENT } from './domain/money';

/** Who sells, as the tax invoice must say: the legal name, postal address and KRA PIN (configuration). */
export interface Seller {
  name: string;
  address: string;
  kraPin: string;
}

const METHOD_NAMES: Record<string, string> = { mpesa: 'M-Pesa', airtel: 'Airtel Money', card: 'Card' };
/** What the provider's own reference is called on a receipt. */
const PROVIDER_RECEIPT: Record<string, string> = {
  mpesa: 'M-Pesa receipt number',
  airtel: 'Airtel Money transaction',
  card: 'Card payment reference',
};

/** A day as printed on the documents: Nairobi's date, in English (`28 Nov 2026`). */
const dayText = (at: Date) =>
  new Intl.DateTimeFormat('en-GB', { timeZone: 'Africa/Nairobi', dateStyle: 'medium' }).format(at);

const A4: [number, number] = [595, 842];
const LEFT = 56;
const RIGHT = 595 - 56;

/** One A4 page written top-down: a line at a time, text on the left and, optionally, right-aligned. */
class Sheet {
  private y = 842 - 64;
  private constructor(
    private readonly page: PDFPage,
    private readonly regular: PDFFont,
    private readonly bold: PDFFont,
  ) {}

  static async create(title: string, seller: Seller): Promise<{ pdf: PDFDocument; sheet: Sheet }> {
    const pdf = await PDFDocument.create();
    pdf.setTitle(title);
    pdf.setProducer(seller.name);
    const page = pdf.addPage(A4);
    const [regular, bold] = await Promise.all([
      pdf.embedFont(StandardFonts.Helvetica),
      pdf.embedFont(StandardFonts.HelveticaBold),
    ]);
    return { pdf, sheet: new Sheet(page, regular, bold) };
  }

  private text(value: string, x: number, size: number, font: PDFFont, alignRight = false) {
    const t = printable(font, value);
    const at = alignRight ? x - font.widthOfTextAtSize(t, size) : x;
    this.page.drawText(t, { x: at, y: this.y, size, font });
  }

  /** A line: its texts at the given columns (a negative x is a right edge), then the next line. */
  line(cells: [string, number][], opts: { size?: number; bold?: boolean; gap?: number } = {}) {
    const size = opts.size ?? 10;
    const font = opts.bold ? this.bold : this.regular;
    for (const [value, x] of cells) this.text(value, Math.abs(x), size, font, x < 0);
    this.y -= size + (opts.gap ?? 6);
  }

  rule() {
    this.page.drawLine({
      start: { x: LEFT, y: this.y + 4 },
      end: { x: RIGHT, y: this.y + 4 },
      thickness: 0.5,
    });
    this.y -= 10;
  }

  space(points: number) {
    this.y -= points;
  }
}

/**
 * The heading both documents share: the seller (legal name, postal address, KRA PIN), the document's name
 * and number, and the buyer (the clinic, and its KRA PIN when it gave one on /billing).
 */
function heading(sheet: Sheet, title: string, facts: [string, string][], row: InvoiceRow, seller: Seller) {
  sheet.line([[seller.name, LEFT]], { size: 18, bold: true, gap: 4 });
  sheet.line([[seller.address, LEFT]], { size: 9, gap: 3 });
  sheet.line([[`KRA PIN: ${seller.kraPin}`, LEFT]], { size: 9, gap: 14 });
  sheet.line([[title, LEFT]], { size: 14, gap: 18 });
  for (const [label, value] of facts)
    sheet.line([
      [label, LEFT],
      [value, LEFT + 130],
    ]);
  sheet.space(12);
  sheet.line([['Billed to', LEFT]], { bold: true });
  sheet.line([[row.orgName, LEFT]]);
  if (row.kraPin) sheet.line([[`KRA PIN: ${row.kraPin}`, LEFT]]);
  sheet.space(16);
}

/**
 * The tax invoice of a paid payment: seller, the clinic (and its KRA PIN when given), number, date, the
 * period paid for, each line with quantity and unit price, the credit of an upgrade, then net, VAT 16 %
 * and gross in Kenyan shillings. Prices include VAT, so net and VAT are taken out of the gross.
 */
export async function invoicePdf(row: InvoiceRow, seller: Seller): Promise<Uint8Array> {
  const { pdf, sheet } = await Sheet.create(`Invoice ${row.number}`, seller);
  const facts: [string, string][] = [
    ['Invoice number', row.number],
    ['Date', dayText(row.issuedAt)],
  ];
  if (row.periodStart && row.periodEnd)
    facts.push(['Period', `${dayText(row.periodStart)} to ${dayText(row.periodEnd)}`]);
  facts.push(['Receipt', row.receiptNumber]);
  heading(sheet, 'Tax invoice', facts, row, seller);

  const [qty, unit, amount] = [-(LEFT + 290), -(LEFT + 380), -RIGHT];
  sheet.line(
    [
      ['Item', LEFT],
      ['Quantity', qty],
      ['Unit price', unit],
      ['Amount', amount],
    ],
    { bold: true },
  );
  sheet.rule();
  for (const l of row.lines)
    sheet.line([
      [l.name, LEFT],
      [String(l.quantity), qty],
      [kshText(l.unitPrice), unit],
      [kshText(l.unitPrice * l.quantity), amount],
    ]);
  if (row.credit > 0)
    sheet.line([
      ['Credit: unused part of the previous plan', LEFT],
      [kshText(-row.credit), amount],
    ]);
  sheet.rule();
  sheet.line([
    ['Net (excluding VAT)', -(LEFT + 380)],
    [kshText(row.net), amount],
  ]);
  sheet.line([
    [`VAT ${VAT_RATE_PERCENT} %`, -(LEFT + 380)],
    [kshText(row.vat), amount],
  ]);
  sheet.line(
    [
      ['Total (VAT included)', -(LEFT + 380)],
      [kshText(row.gross), amount],
    ],
    { bold: true, gap: 24 },
  );
  sheet.line(
    [[`Paid by ${METHOD_NAMES[row.method] ?? row.method}. Prices include VAT ${VAT_RATE_PERCENT} %.`, LEFT]],
    {
      size: 9,
    },
  );
  return pdf.save();
}

/** The receipt of the same payment: its number, the invoice it settles, how it was paid and how much. */
export async function receiptPdf(row: InvoiceRow, seller: Seller): Promise<Uint8Array> {
  const { pdf, sheet } = await Sheet.create(`Receipt ${row.receiptNumber}`, seller);
  const facts: [string, string][] = [
    ['Receipt number', row.receiptNumber],
    ['Date', dayText(row.issuedAt)],
    ['For invoice', row.number],
    ['Payment method', METHOD_NAMES[row.method] ?? row.method],
  ];
  if (row.providerReceipt) facts.push([PROVIDER_RECEIPT[row.method] ?? 'Reference', row.providerReceipt]);
  heading(sheet, 'Payment receipt', facts, row, seller);
  sheet.line(
    [
      ['Amount paid', LEFT],
      [kshText(row.gross), -RIGHT],
    ],
    { size: 14, bold: true, gap: 10 },
  );
  sheet.line([[`Including VAT ${VAT_RATE_PERCENT} %: ${kshText(row.vat)}`, LEFT]], { size: 9 });
  return pdf.save();
}
