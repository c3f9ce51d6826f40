import { nationalNumber, normaliseKenyanPhone } from '../src/domain/phone';

describe('normaliseKenyanPhone', () => {
  it.each([
    ['0708374149', '254708374149'],
    ['0112345678', '254112345678'],
    ['+254708374149', '254708374149'],
    ['254708374149', '254708374149'],
    ['0708 374 149', '254708374149'],
    ['+254-711-000-001', '254711000001'],
    ['708374149', '254708374149'],
    [' 0712345678 ', '254712345678'],
  ])('reads %s as %s', (input, expected) => {
    expect(normaliseKenyanPhone(input)).toBe(expected);
  });

  it.each([
    '',
    '0208374149', // a landline
    '070837414', // too short
    '07083741490', // too long
    '+255708374149', // Tanzania
    '2547083741491',
    '07o8374149',
    '254 7 0837 414 9x',
  ])('refuses %p', (input) => {
    expect(normaliseKenyanPhone(input)).toBeNull();
  });

  it('gives Airtel the number without the country code', () => {
    expect(nationalNumber('254733123456')).toBe('733123456');
  });
});
