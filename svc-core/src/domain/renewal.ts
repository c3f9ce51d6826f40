import type { RenewalCycle } from '../councils/councils';
import { addDays, addMonths, type LocalDate } from './dates';

/**
 * The expiry date a form offers for a licence issued on `issuedOn` under `renewal` (HR still reads it off
 * the licence): the cycle's fixed end day on or after the issue date (a KMPDC licence issued in March ends
 * that 31 December), else the day before the cycle's length has passed, else nothing when the council sets it.
 */
export function suggestedExpiry(renewal: RenewalCycle, issuedOn: LocalDate): LocalDate | null {
  if (renewal.endsOn) {
    const { month, day } = renewal.endsOn;
    const year = Number(issuedOn.slice(0, 4));
    const pad = (n: number) => String(n).padStart(2, '0');
    const thisYear = `${year}-${pad(month)}-${pad(day)}`;
    return thisYear >= issuedOn ? thisYear : `${year + 1}-${pad(month)}-${pad(day)}`;
  }
  if (renewal.months !== null) return addDays(addMonths(issuedOn, renewal.months), -1);
  return null;
}
