import { internationalNumber } from './phone';

it('reads profile numbers in international form, national ones in the default country', () => {
  expect(internationalNumber('0712 345 678', '254')).toBe('+254712345678');
  expect(internationalNumber('+254 712-345-678', '254')).toBe('+254712345678');
  expect(internationalNumber('254712345678', '254')).toBe('+254712345678');
  expect(internationalNumber('00256772123456', '254')).toBe('+256772123456');
  expect(internationalNumber('+255 754 123 456', '254')).toBe('+255754123456');
  expect(internationalNumber('0788 123 456', '250')).toBe('+250788123456');
});

it('refuses what cannot be a phone number', () => {
  for (const bad of ['', '12345', 'call me', '+0712345678', '712345678', '+2547123456789012'])
    expect(internationalNumber(bad, '254')).toBeNull();
});
