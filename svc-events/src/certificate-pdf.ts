import { PDFDocument, StandardFonts, rgb } from 'pdf-lib';
import QRCode from 'qrcode';
import { printable } from '@platform/service-kit';
import type { CertificateRow } from './db/schema';

/**
 * A one-page A4 landscape CPD certificate: holder, event, date, organiser, points, whether the platform
 * verified the organiser, and a QR code of its public verify address (drawn as vector squares: no image library, no native build).
 */
export async function certificatePdf(
  c: CertificateRow,
  verifyUrl: string,
  issuerVerified: boolean,
): Promise<Uint8Array> {
  const pdf = await PDFDocument.create();
  pdf.setTitle(`CPD certificate: ${c.eventTitle}`);
  pdf.setProducer('AfyaHR');
  const page = pdf.addPage([842, 595]);
  const regular = await pdf.embedFont(StandardFonts.Helvetica);
  const bold = await pdf.embedFont(StandardFonts.HelveticaBold);
  const centred = (text: string, y: number, size: number, font = regular) => {
    const t = printable(font, text);
    page.drawText(t, { x: (842 - font.widthOfTextAtSize(t, size)) / 2, y, size, font });
  };
  centred('Certificate of Continuing Professional Development', 490, 24, bold);
  centred('This certifies that', 440, 14);
  centred(c.holderName, 405, 28, bold);
  centred('attended', 370, 14);
  centred(c.eventTitle, 340, 18, bold);
  centred(`on ${c.eventDate}, organised by ${c.organizerName}`, 310, 14);
  centred(`${c.points} CPD point${c.points === 1 ? '' : 's'}`, 270, 20, bold);
  // Anyone can open an account under any name: say whether the platform checked the issuer's documents.
  centred(
    issuerVerified
      ? `${c.organizerName} is an organisation verified by AfyaHR.`
      : `${c.organizerName} is NOT an organisation verified by AfyaHR.`,
    230,
    12,
    issuerVerified ? regular : bold,
  );
  page.drawText(printable(regular, `Certificate ${c.id}`), { x: 60, y: 60, size: 9, font: regular });
  page.drawText(printable(regular, `Verify: ${verifyUrl}`), { x: 60, y: 46, size: 9, font: regular });

  const qr = QRCode.create(verifyUrl, { errorCorrectionLevel: 'M' });
  const cell = 3;
  const size = qr.modules.size;
  const left = 842 - 60 - size * cell;
  for (let y = 0; y < size; y++)
    for (let x = 0; x < size; x++)
      if (qr.modules.get(x, y))
        page.drawRectangle({
          x: left + x * cell,
          y: 40 + (size - 1 - y) * cell,
          width: cell,
          height: cell,
          color: rgb(0, 0, 0),
        });
  return pdf.save();
}
