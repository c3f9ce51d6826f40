import { EXPERIENCE_LEVELS, JOB_SORTS, JOB_TYPES, SALARY_MAX } from '@platform/contracts/values';

export interface Filters {
  department: string;
  title: string;
  /** '' for all types. */
  type: string;
  location: string;
  /** Monthly pay floor in Ksh as typed ('' for any). */
  minSalary: string;
  /** '' for every level. */
  experience: string;
  /** '' (newest first) or 'closing'. */
  sort: string;
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
  const minSalary = (q.get('minSalary') ?? '').trim();
  const experience = q.get('experience') ?? '';
  const sort = q.get('sort') ?? '';
  return {
    department: (q.get('department') ?? '').slice(0, 120),
    title: (q.get('title') ?? '').slice(0, 160),
    type: (JOB_TYPES as readonly string[]).includes(type) ? type : '',
    location: (q.get('location') ?? '').slice(0, 160),
    minSalary:
      /^\d{1,9}$/.test(minSalary) && Number(minSalary) <= SALARY_MAX ? String(Number(minSalary)) : '',
    experience: (EXPERIENCE_LEVELS as readonly string[]).includes(experience) ? experience : '',
    sort: sort !== 'newest' && (JOB_SORTS as readonly string[]).includes(sort) ? sort : '',
    page: Number.isInteger(page) && page >= 1 && page <= 100000 ? page : 1,
    apply: /^[0-9a-f-]{36}$/i.test(apply) ? apply : '',
  };
}

function params(f: Filters): URLSearchParams {
  const q = new URLSearchParams();
  if (f.department.trim()) q.set('department', f.department.trim());
  if (f.title.trim()) q.set('title', f.title.trim());
  if (f.type) q.set('type', f.type);
  if (f.location.trim()) q.set('location', f.location.trim());
  if (/^\d+$/.test(f.minSalary) && Number(f.minSalary) > 0) q.set('minSalary', String(Number(f.minSalary)));
  if (f.experience) q.set('experience', f.experience);
  if (f.sort) q.set('sort', f.sort);
  if (f.page > 1) q.set('page', String(f.page));
  return q;
}

/** The board with no filter. */
export const NO_FILTERS: Filters = readFilters('');

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

/**
 * The board's filters as a job alert saves them: the same fields the board sends, without paging (the
 * server keeps only the board query's fields and converts them as the board's query string is).
 */
export function alertQuery(f: Filters): Record<string, string> {
  return Object.fromEntries(params({ ...f, page: 1 }));
}

/** The board's address for a saved alert's query. */
export function alertBoardUrl(query: Record<string, unknown>): string {
  const q = new URLSearchParams();
  for (const [k, v] of Object.entries(query)) if (v !== undefined && v !== '') q.set(k, String(v));
  return q.size ? `/hire?${q}` : '/hire';
}

/** Fields of the board's state that do not narrow the list. */
const NOT_FILTERS = new Set(['page', 'apply', 'sort']);

/** How many filters narrow the list (what the "Filters (n)" button shows): every field but those. */
export function activeFilterCount(f: Filters): number {
  return Object.entries(f).filter(
    ([key, value]) => !NOT_FILTERS.has(key) && String(value ?? '').trim() !== '',
  ).length;
}
