import { EVENT_CATEGORIES, EVENT_REGIONS, EVENT_TOPICS } from '@platform/contracts/values';

/** The events list's state, as its URL holds it (so a filtered list can be shared or returned to). */
export interface Filters {
  /** Words in the title, description, speaker or tags. */
  search: string;
  /** '' for every category. */
  category: string;
  /** '' for every topic (what it is about: the spec's filter categories). */
  topic: string;
  /** Events on or after this day (YYYY-MM-DD); '' for from today. */
  after: string;
  /** '' for every region. */
  region: string;
  page: number;
}

const oneOf = (value: string, list: readonly string[]) => (list.includes(value) ? value : '');
const isDay = (s: string) => /^\d{4}-\d{2}-\d{2}$/.test(s) && !Number.isNaN(Date.parse(`${s}T00:00:00Z`));

/** The list's state from its URL; unknown or broken values fall back to the defaults. */
export function readFilters(search: string): Filters {
  const q = new URLSearchParams(search);
  const page = Number(q.get('page'));
  const after = q.get('after') ?? '';
  return {
    search: (q.get('search') ?? '').slice(0, 100),
    category: oneOf(q.get('category') ?? '', EVENT_CATEGORIES),
    topic: oneOf(q.get('topic') ?? '', EVENT_TOPICS),
    after: isDay(after) ? after : '',
    region: oneOf(q.get('region') ?? '', EVENT_REGIONS),
    page: Number.isInteger(page) && page >= 1 && page <= 100000 ? page : 1,
  };
}

function params(f: Filters): URLSearchParams {
  const q = new URLSearchParams();
  if (f.search.trim()) q.set('search', f.search.trim());
  if (f.category) q.set('category', f.category);
  if (f.topic) q.set('topic', f.topic);
  if (f.after) q.set('after', f.after);
  if (f.region) q.set('region', f.region);
  if (f.page > 1) q.set('page', String(f.page));
  return q;
}

export const NO_FILTERS: Filters = readFilters('');

/** The query for GET /api/event/get (what the gateway preloads for a bare `/event`: `limit=10`). */
export function apiQuery(f: Filters, limit: number): string {
  const q = params(f);
  q.set('limit', String(limit));
  return q.toString();
}

/** The list's own URL for these filters. */
export function listUrl(f: Filters): string {
  const q = params(f);
  return q.size ? `/event?${q}` : '/event';
}

/** How many filters narrow the list (the phone's "Filters (n)"). */
export const activeFilterCount = (f: Filters) =>
  [f.search.trim(), f.category, f.topic, f.after, f.region].filter(Boolean).length;
