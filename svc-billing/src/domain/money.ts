/**
 * Money is an integer count of the currency's smallest unit (cents of a shilling), never a float.
 * VAT in Kenya is 16 %; every price says whether it includes VAT, and invoices show it.
 */
export type Cents = number;

export const VAT_RATE_PERCENT = 16;
export const CURRENCY = 'KES';

export class MoneyError extends Error {}

export function assertCents(amount: number): Cents {
  if (!Number.isSafeInteger(amount)) throw new MoneyError(`not an integer amount of cents: ${amount}`);
  return amount;
}

/** Whole shillings to cents. */
export function shillings(ksh: number): Cents {
  if (!Number.isSafeInteger(ksh)) throw new MoneyError(`not a whole number of shillings: ${ksh}`);
  return ksh * 100;
}

/** Cents to whole shillings, for APIs that take whole shillings only (Daraja's Amount). */
export function toWholeShillings(amount: Cents): number {
  assertCents(amount);
  if (amount % 100 !== 0) throw new MoneyError(`${amount} cents is not a whole number of shillings`);
  return amount / 100;
}

/** Integer division rounding half away from zero, so no float ever holds money. */
function divideRounded(numerator: number, denominator: number): number {
  const quotient = Math.trunc(numerator / denominator);
  const remainder = numerator - quotient * denominator;
  return Math.abs(remainder) * 2 >= denominator ? quotient + Math.sign(numerator) : quotient;
}

export interface VatBreakdown {
  net: Cents;
  vat: Cents;
  gross: Cents;
  ratePercent: number;
}

/** Splits a price into net, VAT and gross; `vatIncluded` says whether the price already holds the VAT. */
export function vatBreakdown(
  price: Cents,
  vatIncluded: boolean,
  ratePercent = VAT_RATE_PERCENT,
): VatBreakdown {
  assertCents(price);
  if (vatIncluded) {
    const vat = divideRounded(price * ratePercent, 100 + ratePercent);
    return { net: price - vat, vat, gross: price, ratePercent };
  }
  const vat = divideRounded(price * ratePercent, 100);
  return { net: price, vat, gross: price + vat, ratePercent };
}

/** Sums several breakdowns (an invoice's lines). */
export function sumBreakdowns(lines: VatBreakdown[], ratePercent = VAT_RATE_PERCENT): VatBreakdown {
  return lines.reduce(
    (total, line) => ({
      net: total.net + line.net,
      vat: total.vat + line.vat,
      gross: total.gross + line.gross,
      ratePercent,
    }),
    { net: 0, vat: 0, gross: 0, ratePercent },
  );
}

/** The part of `amount` for `part` out of `whole` (e.g. the unused milliseconds of a period), rounded down. */
export function proportion(amount: Cents, part: number, whole: number): Cents {
  assertCents(amount);
  if (whole <= 0 || part <= 0) return 0;
  if (part >= whole) return amount;
  // BigInt: amount × milliseconds can pass 2^53.
  return Number((BigInt(amount) * BigInt(Math.floor(part))) / BigInt(Math.floor(whole)));
}

/** An amount as printed on invoices and receipts: `Ksh 1,234.50` (integer arithmetic, no float). */
export function kshText(amount: Cents): string {
  assertCents(amount);
  const whole = Math.trunc(Math.abs(amount) / 100);
  const cents = String(Math.abs(amount) % 100).padStart(2, '0');
  const grouped = String(whole).replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  return `${amount < 0 ? '-' : ''}Ksh ${grouped}.${cents}`;
}
