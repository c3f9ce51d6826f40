import type { LeaveType } from '@platform/svc-core/contract';
import { refreshApi } from '@platform/data';
import { useLanguage } from '@platform/shell-state';

/** A leave type's name in the page's language (a preset's own words; HR's as written). */
export const useNameOf = () => {
  const language = useLanguage((s) => s.language);
  return (names: LeaveType['names']) => names[language] ?? names.en;
};

/** After a request is made, decided or cancelled, or a balance set: every leave list and balance. */
export const refreshLeave = () =>
  Promise.all([
    refreshApi('/api/core/leave/requests'),
    refreshApi('/api/core/leave/balances'),
    refreshApi('/api/core/leave/away'),
  ]);

/**
 * Days as HR types them (`21`, `10.5`, `10,5` in French) to two decimals and at most a year's 366; null
 * when not such a number.
 */
export function parseDays(text: string): number | null {
  const clean = text.trim().replace(',', '.');
  if (!/^\d{1,3}(\.\d{1,2})?$/.test(clean)) return null;
  const days = Number(clean);
  return days <= 366 ? days : null;
}

/** A whole number from `min` to `max`, or null. */
export function parseWhole(text: string, min: number, max: number): number | null {
  const clean = text.trim();
  if (!/^\d{1,3}$/.test(clean)) return null;
  const n = Number(clean);
  return n >= min && n <= max ? n : null;
}
