import { activeFilterCount, apiQuery, listUrl, NO_FILTERS, readFilters } from './filters';

describe("the events list's filters", () => {
  it('read from the URL, keeping only what the service accepts', () => {
    expect(readFilters('?search=neonatal&category=Workshop&after=2026-12-01&region=Uganda&page=3')).toEqual({
      search: 'neonatal',
      category: 'Workshop',
      topic: '',
      after: '2026-12-01',
      region: 'Uganda',
      page: 3,
    });
    expect(readFilters('?category=CPD&topic=Workshop&after=tomorrow&region=Mars&page=-2')).toEqual(
      NO_FILTERS,
    );
    // CPD is a topic (what it is about), not a type.
    expect(readFilters('?topic=CPD').topic).toBe('CPD');
  });

  it('write back the same URL and the query the page asks the service', () => {
    const f = readFilters('?search=%20triage%20&region=Online&page=2');
    expect(listUrl(f)).toBe('/event?search=triage&region=Online&page=2');
    expect(apiQuery(f, 10)).toBe('search=triage&region=Online&page=2&limit=10');
    // What a bare /event asks first: the gateway preloads exactly this (svc-events/module.json).
    expect(apiQuery(NO_FILTERS, 10)).toBe('limit=10');
    expect(listUrl(NO_FILTERS)).toBe('/event');
  });

  it('count the filters in use, not the page', () => {
    expect(activeFilterCount(readFilters('?search=x&after=2026-12-01&page=4'))).toBe(2);
    expect(activeFilterCount(readFilters('?category=Webinar&topic=Community%20Health'))).toBe(2);
    expect(activeFilterCount(NO_FILTERS)).toBe(0);
  });
});
