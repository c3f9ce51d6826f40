/**
 * A phone number as people type it on their profile, in the international form SMS providers want
 * (`+2547XXXXXXXX`), or null when it cannot be one. A national number (`0712 345 678`) is read in the
 * platform's default country (`SMS_DEFAULT_COUNTRY_CODE`, Kenya's 254).
 */
export function internationalNumber(input: string, defaultCountryCode: string): string | null {
  const compact = input.trim().replace(/[\s\-().]/g, '');
  let digits: string;
  if (/^\+\d+$/.test(compact)) digits = compact.slice(1);
  else if (/^00\d+$/.test(compact)) digits = compact.slice(2);
  else if (/^0\d+$/.test(compact)) digits = `${defaultCountryCode}${compact.slice(1)}`;
  else if (compact.startsWith(defaultCountryCode) && /^\d+$/.test(compact)) digits = compact;
  else return null;
  // E.164: a country code that does not start with 0, at most 15 digits in all; 10 at least in the region.
  return /^[1-9]\d{9,14}$/.test(digits) ? `+${digits}` : null;
}
