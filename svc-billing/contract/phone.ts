/**
 * Kenyan mobile numbers as people type them (07…, 01…, +2547…, 2547…, with spaces or dashes) and as
 * M-Pesa and Airtel want them: 12 digits, 2547XXXXXXXX or 2541XXXXXXXX.
 */
const KENYAN_MOBILE = /^254[17]\d{8}$/;

/** The number in the 2547…/2541… form, or null when it is not a Kenyan mobile number. */
export function normaliseKenyanPhone(input: string): string | null {
  const compact = input.trim().replace(/[\s\-().]/g, '');
  let digits: string;
  if (/^\+254\d+$/.test(compact)) digits = compact.slice(1);
  else if (/^254\d+$/.test(compact)) digits = compact;
  else if (/^0[17]\d{8}$/.test(compact)) digits = `254${compact.slice(1)}`;
  else if (/^[17]\d{8}$/.test(compact)) digits = `254${compact}`;
  else return null;
  return KENYAN_MOBILE.test(digits) ? digits : null;
}

/** The national part Airtel's collection API wants (no country code): 7XXXXXXXX or 1XXXXXXXX. */
export function nationalNumber(msisdn: string): string {
  return msisdn.startsWith('254') ? msisdn.slice(3) : msisdn;
}
