import { formatMoney, formatSalary, type SalaryWords } from './money';

const words: SalaryWords = {
  negotiable: 'Negotiable',
  from: (a) => `from ${a}`,
  upTo: (a) => `up to ${a}`,
  per: (p) => `per ${p}`,
};
const NBSP = '\u00a0';
/** Intl's French thousands separator: the narrow no-break space. */
const NNBSP = '\u202f';

describe('formatMoney', () => {
  it('writes Ksh with comma thousands in English and Kiswahili', () => {
    expect(formatMoney(8000, 'KES', 'en')).toBe(`Ksh${NBSP}8,000`);
    expect(formatMoney(8000, 'KES', 'sw')).toBe(`Ksh${NBSP}8,000`);
  });

  it('groups French thousands with a narrow no-break space', () => {
    expect(formatMoney(8000, 'KES', 'fr')).toBe(`Ksh${NBSP}8${NNBSP}000`);
    expect(formatMoney(1250000, 'KES', 'fr')).toBe(`Ksh${NBSP}1${NNBSP}250${NNBSP}000`);
  });
});

describe('formatSalary', () => {
  const s = (min: number | null, max: number | null, period: 'month' | 'year' = 'month') => ({
    min,
    max,
    currency: 'KES' as const,
    period,
  });

  it('writes a range, one figure, an open end, or Negotiable', () => {
    expect(formatSalary(s(80000, 120000), 'en', words)).toBe(`Ksh${NBSP}80,000 - 120,000 per month`);
    expect(formatSalary(s(80000, 80000), 'en', words)).toBe(`Ksh${NBSP}80,000 per month`);
    expect(formatSalary(s(80000, null, 'year'), 'en', words)).toBe(`from Ksh${NBSP}80,000 per year`);
    expect(formatSalary(s(null, 90000), 'en', words)).toBe(`up to Ksh${NBSP}90,000 per month`);
    expect(formatSalary(null, 'en', words)).toBe('Negotiable');
    expect(formatSalary(s(null, null), 'en', words)).toBe('Negotiable');
  });

  it('uses the language’s grouping', () => {
    expect(formatSalary(s(80000, 120000), 'fr', words)).toBe(
      `Ksh${NBSP}80${NNBSP}000 - 120${NNBSP}000 per month`,
    );
  });
});
