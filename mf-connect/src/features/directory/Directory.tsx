import { useEffect, useState, type FormEvent } from 'react';
import type { FacetCount } from '@platform/svc-connect/contract';
import { PROFESSIONS } from '@platform/contracts/values';
import { useApiQuery } from '@platform/data';
import {
  Button,
  failureText,
  FilterPanel,
  ListStatus,
  Pager,
  SelectField,
  TextField,
  useTranslation,
} from '@platform/ui';
import { connectApi } from '../../api';
import { ProfessionalCard } from './ProfessionalCard';
import { activeFilterCount, directoryQuery, NO_FILTERS, type Filters } from './filters';

export const DIRECTORY_PAGE_SIZE = 12;

/** A facet's options ("Nairobi (3)"), keeping the chosen value even when this result has none of it. */
function facetOptions(all: string, facet: FacetCount[] | undefined, chosen: string) {
  const options = (facet ?? []).map((f) => ({ value: f.value, label: `${f.value} (${f.count})` }));
  if (chosen && !options.some((o) => o.value.toLowerCase() === chosen.toLowerCase()))
    options.unshift({ value: chosen, label: chosen });
  return [{ value: '', label: all }, ...options];
}

/**
 * The spec's "Find Professionals": filters Search, Role, Facility, Location and Country (the last three
 * offer what the whole result holds, with the server's counts), "{n} professionals found", a spinner, the
 * error or the spec's empty text, the cards and Previous / Next.
 */
export function Directory({ filters, onChange }: { filters: Filters; onChange(next: Filters): void }) {
  const { t } = useTranslation('connect');
  const [draft, setDraft] = useState<Filters>(filters);
  const list = useApiQuery(connectApi.professionals(directoryQuery(filters, DIRECTORY_PAGE_SIZE)));
  const result = list.data;
  const error = list.error && failureText(t, list.error, 'directory.loadFailed');
  const key = JSON.stringify(filters);
  useEffect(() => setDraft(filters), [key]);

  function submit(e: FormEvent) {
    e.preventDefault();
    onChange({ ...draft, page: 1 });
  }
  const set = (name: keyof Filters) => (e: { target: { value: string } }) =>
    setDraft((d) => ({ ...d, [name]: e.target.value }));
  const pages = result ? Math.max(1, Math.ceil(result.pageInfo.total / DIRECTORY_PAGE_SIZE)) : 1;

  return (
    <section className="connect-section" aria-labelledby="directory-title">
      <h2 id="directory-title">{t('directory.title')}</h2>
      <div className="list-layout">
        <FilterPanel
          id="directory-filters"
          title={t('directory.filters')}
          toggleText={t('directory.filtersButton', { count: activeFilterCount(filters) })}
        >
          <form onSubmit={submit} role="search" aria-label={t('directory.filters')}>
            <TextField
              label={t('directory.search')}
              placeholder={t('directory.searchPlaceholder')}
              type="search"
              maxLength={100}
              value={draft.search}
              onChange={set('search')}
            />
            <SelectField
              label={t('directory.role')}
              value={draft.profession}
              onChange={set('profession')}
              options={[
                { value: '', label: t('directory.allRoles') },
                ...PROFESSIONS.map((p) => ({ value: p, label: t(`professions.${p}`, { ns: 'ui' }) })),
              ]}
            />
            <SelectField
              label={t('directory.facility')}
              value={draft.facility}
              onChange={set('facility')}
              options={facetOptions(t('directory.allFacilities'), result?.facets.facility, draft.facility)}
            />
            <SelectField
              label={t('directory.location')}
              value={draft.location}
              onChange={set('location')}
              options={facetOptions(t('directory.allLocations'), result?.facets.location, draft.location)}
            />
            <SelectField
              label={t('directory.country')}
              value={draft.country}
              onChange={set('country')}
              options={facetOptions(t('directory.allCountries'), result?.facets.country, draft.country)}
            />
            <Button type="submit">{t('directory.apply')}</Button>
            <Button
              variant="ghost"
              onClick={() => {
                setDraft(NO_FILTERS);
                onChange(NO_FILTERS);
              }}
            >
              {t('directory.clear')}
            </Button>
          </form>
        </FilterPanel>
        <div className="directory-results" aria-busy={!result && !error}>
          <ListStatus
            error={error}
            loaded={!!result}
            pageInfo={result && { total: result.pageInfo.total, totalCapped: false }}
            onRetry={list.reload}
            texts={{
              retry: t('retry'),
              loading: t('directory.loading'),
              count: (count) => t('directory.count', { count }),
            }}
          >
            {result && (
              <>
                {result.data.length === 0 ? (
                  <p>{t('directory.empty')}</p>
                ) : (
                  <ul className="card-list people-grid">
                    {result.data.map((person) => (
                      <li key={person.id}>
                        <ProfessionalCard person={person} />
                      </li>
                    ))}
                  </ul>
                )}
                {pages > 1 && (
                  <Pager
                    page={filters.page}
                    pages={pages}
                    label={t('directory.pages')}
                    onPage={(page) => onChange({ ...filters, page })}
                  />
                )}
              </>
            )}
          </ListStatus>
        </div>
      </div>
    </section>
  );
}
