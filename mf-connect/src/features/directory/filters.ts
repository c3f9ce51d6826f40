import { DISCUSSION_CATEGORIES, PROFESSIONS } from '@platform/contracts/values';

/**
 * Connect's state, as its URLs hold it (so a filtered list can be shared or returned to): /connect's
 * directory filters (the spec's Search, Role, Facility, Location, Country) and page, and
 * /connect/discussions' search, category and page (`q`, `category`, `dpage`).
 */
export interface Filters {
  search: string;
  /** The spec's Role: '' for All Roles. */
  profession: string;
  facility: string;
  location: string;
  country: string;
  page: number;
}
export interface DiscussionFilters {
  q: string;
  /** '' for every category. */
  category: string;
  page: number;
}

const oneOf = (value: string, list: readonly string[]) => (list.includes(value) ? value : '');
const pageOf = (raw: string | null) => {
  const n = Number(raw);
  return Number.isInteger(n) && n >= 1 && n <= 100000 ? n : 1;
};

export function readFilters(search: string): Filters {
  const q = new URLSearchParams(search);
  return {
    search: (q.get('search') ?? '').slice(0, 100),
    profession: oneOf(q.get('profession') ?? '', PROFESSIONS),
    facility: (q.get('facility') ?? '').slice(0, 160),
    location: (q.get('location') ?? '').slice(0, 160),
    country: (q.get('country') ?? '').slice(0, 80),
    page: pageOf(q.get('page')),
  };
}

export function readDiscussionFilters(search: string): DiscussionFilters {
  const q = new URLSearchParams(search);
  return {
    q: (q.get('q') ?? '').slice(0, 100),
    category: oneOf(q.get('category') ?? '', DISCUSSION_CATEGORIES),
    page: pageOf(q.get('dpage')),
  };
}

function params(f: Filters): URLSearchParams {
  const q = new URLSearchParams();
  for (const key of ['search', 'profession', 'facility', 'location', 'country'] as const)
    if (f[key].trim()) q.set(key, f[key].trim());
  if (f.page > 1) q.set('page', String(f.page));
  return q;
}

function discussionParams(d: DiscussionFilters): URLSearchParams {
  const q = new URLSearchParams();
  if (d.q.trim()) q.set('q', d.q.trim());
  if (d.category) q.set('category', d.category);
  if (d.page > 1) q.set('dpage', String(d.page));
  return q;
}

export const NO_FILTERS: Filters = readFilters('');
export const NO_DISCUSSION_FILTERS: DiscussionFilters = readDiscussionFilters('');

/** Find Professionals' own URL for these filters. */
export function connectUrl(f: Filters): string {
  const q = params(f);
  return q.size ? `/connect?${q}` : '/connect';
}

/** The Discussions tab's own URL for this search. */
export function discussionsUrl(d: DiscussionFilters): string {
  const q = discussionParams(d);
  return q.size ? `/connect/discussions?${q}` : '/connect/discussions';
}

/** Whether a URL holds a discussion search (an older link to /connect, when both sections were one page). */
export const hasDiscussionFilters = (search: string) =>
  ['q', 'category', 'dpage'].some((key) => new URLSearchParams(search).has(key));

/** The query for GET /api/connect/professionals. */
export function directoryQuery(f: Filters, limit: number): string {
  const q = params(f);
  q.set('limit', String(limit));
  return q.toString();
}

/** The query for GET /api/discussion/get. */
export function discussionQuery(d: DiscussionFilters, limit: number): string {
  const q = new URLSearchParams();
  if (d.q.trim()) q.set('search', d.q.trim());
  if (d.category) q.set('category', d.category);
  if (d.page > 1) q.set('page', String(d.page));
  q.set('limit', String(limit));
  return q.toString();
}

/** How many filters narrow the directory (the phone's "Filters (n)"). */
export const activeFilterCount = (f: Filters) =>
  [f.search.trim(), f.profession, f.facility, f.location, f.country].filter(Boolean).length;

/** Text cut to `max` characters with an ellipsis (the spec's previews: 100 for people, 150 for posts). */
export const cut = (text: string, max: number) => {
  const t = text.replace(/\s+/g, ' ').trim();
  return t.length > max ? `${t.slice(0, max).trimEnd()}…` : t;
};

/** Plain text of the server's sanitised HTML (for a preview): parsed inertly, never inserted. */
export function plainText(html: string): string {
  if (!html) return '';
  const doc = new DOMParser().parseFromString(html, 'text/html');
  return doc.body.textContent ?? '';
}
