import {
  kshText,
  MoneyError,
  proportion,
  shillings,
  sumBreakdowns,
  toWholeShillings,
  vatBreakdown,
} from '../src/domain/money';

describe('money in cents', () => {
  it('converts whole shillings and refuses fractions', () => {
    expect(shillings(15000)).toBe(1_500_000);
    expect(() => shillings(10.5)).toThrow(MoneyError);
    expect(toWholeShillings(25_000)).toBe(250);
    expect(() => toWholeShillings(25_050)).toThrow(MoneyError);
    expect(() => toWholeShillings(0.5)).toThrow(MoneyError);
  });

  it('takes 16 % VAT out of a price that includes it, in whole cents that add up', () => {
    const b = vatBreakdown(shillings(15000), true);
    expect(b).toEqual({ net: 1_293_103, vat: 206_897, gross: 1_500_000, ratePercent: 16 });
    expect(b.net + b.vat).toBe(b.gross);
    const small = vatBreakdown(shillings(250), true);
    expect(small).toEqual({ net: 21_552, vat: 3_448, gross: 25_000, ratePercent: 16 });
  });

  it('adds 16 % VAT to a price that excludes it', () => {
    expect(vatBreakdown(shillings(1000), false)).toEqual({
      net: 100_000,
      vat: 16_000,
      gross: 116_000,
      ratePercent: 16,
    });
    expect(vatBreakdown(3, false).vat).toBe(0); // 0.48 cents rounds to 0
    expect(vatBreakdown(4, false).vat).toBe(1); // 0.64 cents rounds to 1
  });

  it('sums an invoice of lines and never produces a float', () => {
    const lines = [8000, 2500, 3500].map((k) => vatBreakdown(shillings(k), true));
    const total = sumBreakdowns(lines);
    expect(total.gross).toBe(shillings(14000));
    expect(total.net + total.vat).toBe(total.gross);
    for (const v of [total.net, total.vat, total.gross]) expect(Number.isInteger(v)).toBe(true);
  });

  it('credits a proportion rounded down, exact with large millisecond counts', () => {
    const month = 30 * 24 * 3600 * 1000;
    expect(proportion(shillings(15000), month / 2, month)).toBe(750_000);
    expect(proportion(shillings(1000), month / 3, month)).toBe(33_333);
    expect(proportion(shillings(1000), 0, month)).toBe(0);
    expect(proportion(shillings(1000), month * 2, month)).toBe(100_000);
    expect(() => proportion(1.5, 1, 2)).toThrow(MoneyError);
  });

  it('prints amounts as invoices show them, in shillings and cents with thousands grouped', () => {
    expect(kshText(100_000)).toBe('Ksh 1,000.00');
    expect(kshText(1_379_310)).toBe('Ksh 13,793.10');
    expect(kshText(5)).toBe('Ksh 0.05');
    expect(kshText(123_456_789_01)).toBe('Ksh 123,456,789.01');
    expect(kshText(-50_000)).toBe('-Ksh 500.00');
    expect(() => kshText(1.5)).toThrow(MoneyError);
  });
});
