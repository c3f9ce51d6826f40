import { documentFormatOf, imageFormatOf, isPdf, safeFileName } from './uploads';

const bytes = (...parts: (number[] | string)[]) =>
  Buffer.concat(parts.map((p) => (typeof p === 'string' ? Buffer.from(p) : Buffer.from(p))));

describe('documentFormatOf', () => {
  it('knows a PDF and the images by their content', () => {
    expect(documentFormatOf(bytes('%PDF-1.7\n...\n%%EOF\n'))).toBe('application/pdf');
    expect(documentFormatOf(bytes([0xff, 0xd8, 0xff, 0xe0], 'JFIF'))).toBe('image/jpeg');
    expect(documentFormatOf(bytes([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a], 'IHDR'))).toBe(
      'image/png',
    );
    expect(documentFormatOf(bytes('RIFF', [0, 0, 0, 0], 'WEBPVP8 '))).toBe('image/webp');
  });

  it('refuses anything else, a PDF without its end, and a RIFF that is not WebP', () => {
    expect(documentFormatOf(bytes('<html></html>'))).toBeNull();
    expect(isPdf(bytes('%PDF-1.7\ncut short'))).toBe(false);
    expect(documentFormatOf(bytes('RIFF', [0, 0, 0, 0], 'WAVEfmt '))).toBeNull();
    expect(documentFormatOf(Buffer.alloc(0))).toBeNull();
  });
});

describe('imageFormatOf', () => {
  it('knows the images by their content and refuses a PDF, HTML or SVG whatever its name', () => {
    expect(imageFormatOf(bytes([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a], 'IHDR'))).toBe('image/png');
    expect(imageFormatOf(bytes([0xff, 0xd8, 0xff, 0xe0], 'JFIF'))).toBe('image/jpeg');
    expect(imageFormatOf(bytes('RIFF', [0, 0, 0, 0], 'WEBPVP8 '))).toBe('image/webp');
    expect(imageFormatOf(bytes('%PDF-1.7\n...\n%%EOF\n'))).toBeNull();
    expect(imageFormatOf(bytes('<svg xmlns="http://www.w3.org/2000/svg"/>'))).toBeNull();
    expect(imageFormatOf(bytes('<!doctype html><img src=x onerror=alert(1)>'))).toBeNull();
  });
});

describe('safeFileName', () => {
  it('keeps the last segment, safe characters and the extension of what the file is', () => {
    expect(safeFileName('C:\\scans\\Fire cert.PDF', 'document', 'pdf')).toBe('Fire cert.pdf');
    expect(safeFileName('../../etc/passwd', 'document', 'png')).toBe('passwd.png');
    expect(safeFileName('leseni ya NEMA ✓.jpeg', 'document', 'jpg', ['jpg', 'jpeg'])).toBe(
      'leseni ya NEMA.jpg',
    );
    expect(safeFileName(undefined, 'cv', 'pdf')).toBe('cv.pdf');
  });
});
