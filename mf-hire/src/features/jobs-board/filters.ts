import { JOB_TYPES } from '@platform/contracts/values';

export interface Filters {
  department: string;
  title: string;
  /** '' for all types. */
  type: string;
  page: number;
  /** A job whose application form opens on arrival (after a visitor logged in to apply). */
  apply: string;
}

/** The board's state from its URL; unknown or broken values fall back to the defaults. */
export function readFilters(search: string): Filters {
  const q = new URLSearchParams(search);
  const type = q.get('type') ?? '';
  const page = Number(q.get('page'));
  const apply = q.get('apply') ?? '';
  return {
    department: (q.get('department') ?? '').slice(0, 120),
    title: (q.get('title') ?? '').slice(0, 160),
    type: (JOB_TYPES as readonly string[]).includes(type) ? type : '',
    page: Number.isInteger(page) && page >= 1 && page <= 100000 ? page : 1,
    apply: /^[0-9a-f-]{36}$/i.test(apply) ? apply : '',
  };
}

function params(f: Filters): URLSearchParams {
  const q = new URLSearchParams();
  if (f.department.trim()) q.set('department', f.department.trim());
  if (f.title.trim()) q.set('title', f.title.trim());
  if (f.type) q.set('type', f.type);
  if (f.page > 1) q.set('page', String(f.page));
  return q;
}

/** The query for GET /api/job/get. */
export function apiQuery(f: Filters, limit: number): string {
  const q = params(f);
  q.set('limit', String(limit));
  return q.toString();
}

/** The board's own URL for these filters. */
export function boardUrl(f: Filters): string {
  const q = params(f);
  if (f.apply) q.set('apply', f.apply);
  return q.size ? `/hire?${q}` : '/hire';
}

/** How many filters narrow the list (what the "Filters (n)" button shows): every field but the page and apply. */
export function activeFilterCount(f: Filters): number {
  return Object.entries(f).filter(
    ([key, value]) => key !== 'page' && key !== 'apply' && String(value ?? '').trim() !== '',
  ).length;
}
