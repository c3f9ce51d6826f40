/**
 * A KRA PIN (Kenya Revenue Authority's personal identification number) as printed on tax invoices: a
 * letter, nine digits, a letter (`P051234567X`; P for companies, A for individuals). The server's schema and
 * the form on /billing use this one definition.
 */
export const KRA_PIN_PATTERN = '^[A-Z][0-9]{9}[A-Z]$';

/** The PIN as KRA prints it (capital letters, no spaces), or null when it is not one. */
export function normaliseKraPin(input: string): string | null {
  const pin = input.trim().replace(/\s+/g, '').toUpperCase();
  return new RegExp(KRA_PIN_PATTERN).test(pin) ? pin : null;
}
