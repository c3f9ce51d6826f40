import { parseSalaryText, salaryText } from './salary';

describe('parseSalaryText', () => {
  it.each([
    ['Ksh 80,000 - 120,000', 80000, 120000, 'month'],
    ['80000-120000 KES', 80000, 120000, 'month'],
    ['KES 50k', 50000, 50000, 'month'],
    ['Kshs. 2,500 per day', 2500, 2500, 'day'],
    ['KES 1,200,000 per year', 1200000, 1200000, 'year'],
    ['Ksh 5k to 8k /hour', 5000, 8000, 'hour'],
  ])('reads "%s"', (text, min, max, period) => {
    expect(parseSalaryText(text)).toEqual({ min, max, currency: 'KES', period });
  });

  it.each([['$95,000 - $120,000'], ['Negotiable'], [''], ['120,000 - 80,000'], ['Ksh 999,999,999']])(
    'leaves "%s" without figures',
    (text) => expect(parseSalaryText(text)).toBeNull(),
  );

  it('writes the English text old clients read', () => {
    expect(salaryText(parseSalaryText('80000-120000 KES'))).toBe('Ksh 80,000 - 120,000');
    expect(salaryText({ min: 90000, max: null, currency: 'KES', period: 'year' })).toBe(
      'from Ksh 90,000 per year',
    );
    expect(salaryText(null)).toBe('');
  });
});
