import {
  documentSeries,
  firstGap,
  formatDocumentNumber,
  parseDocumentNumber,
} from '../src/domain/document-number';

describe('invoice and receipt numbers', () => {
  it('formats and parses one series per kind and Nairobi year', () => {
    const series = documentSeries('invoice', new Date('2026-03-04T10:00:00Z'));
    expect(formatDocumentNumber(series, 1)).toBe('INV-2026-000001');
    expect(formatDocumentNumber(documentSeries('receipt', new Date('2026-03-04T10:00:00Z')), 42)).toBe(
      'RCT-2026-000042',
    );
    expect(parseDocumentNumber('RCT-2026-000042')).toEqual({ kind: 'receipt', year: 2026, sequence: 42 });
    expect(parseDocumentNumber('INV-2026-1234567')?.sequence).toBe(1_234_567);
    expect(parseDocumentNumber('INV-26-1')).toBeNull();
    expect(() => formatDocumentNumber(series, 0)).toThrow(RangeError);
  });

  it('counts New Year in Nairobi time (UTC+3), not UTC', () => {
    expect(documentSeries('invoice', new Date('2026-12-31T21:30:00Z')).year).toBe(2027);
    expect(documentSeries('invoice', new Date('2026-12-31T20:59:59Z')).year).toBe(2026);
  });

  it('finds the first gap or repeat in a series', () => {
    expect(firstGap(['INV-2026-000002', 'INV-2026-000001', 'INV-2026-000003'])).toBeNull();
    expect(firstGap(['INV-2026-000001', 'INV-2026-000003'])).toBe(2);
    expect(firstGap(['INV-2026-000001', 'INV-2026-000001'])).toBe(2);
    expect(firstGap(['INV-2026-000002'])).toBe(1);
    expect(firstGap([])).toBeNull();
  });
});
