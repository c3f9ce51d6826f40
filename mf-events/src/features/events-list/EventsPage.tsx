import { useEffect, useState, type FormEvent } from 'react';
import { useLocation, useNavigate } from '@platform/router';
import { EVENT_CATEGORIES, EVENT_REGIONS, EVENT_TOPICS } from '@platform/contracts/values';
import { useApiQuery } from '@platform/data';
import {
  Button,
  failureText,
  FilterPanel,
  FirstScreen,
  SelectField,
  TextField,
  useRouteMeta,
  useTranslation,
} from '@platform/ui';
import { eventsApi } from '../../api';
import { EventsList, PAGE_SIZE } from './EventsList';
import { activeFilterCount, apiQuery, listUrl, NO_FILTERS, readFilters, type Filters } from './filters';
import '../shared/events.css';

/** /event: the public list of CPD events, soonest first. Filters live in the URL. */
export default function EventsPage() {
  const { t } = useTranslation('events');
  useRouteMeta(t('meta.listTitle'), t('meta.list'));
  const { search } = useLocation();
  const navigate = useNavigate();
  const filters = readFilters(search);
  const [draft, setDraft] = useState<Filters>(filters);
  const list = useApiQuery(eventsApi.list(apiQuery(filters, PAGE_SIZE)));
  const result = list.data;
  const error = list.error && failureText(t, list.error, 'list.loadFailed');

  useEffect(() => setDraft(readFilters(search)), [search]);

  const go = (next: Partial<Filters>) => navigate(listUrl({ ...filters, ...next }));
  function submit(e: FormEvent) {
    e.preventDefault();
    go({ ...draft, page: 1 });
  }
  const set = (key: keyof Filters) => (e: { target: { value: string } }) =>
    setDraft((d) => ({ ...d, [key]: e.target.value }));

  return (
    <div className="container section">
      <h1>{t('list.title')}</h1>
      <p className="muted">{t('list.intro')}</p>
      <div className="list-layout">
        <FilterPanel
          id="event-filters"
          title={t('list.filters')}
          toggleText={t('list.filtersButton', { count: activeFilterCount(filters) })}
        >
          <form onSubmit={submit} role="search" aria-label={t('list.filters')}>
            <TextField
              label={t('list.keyword')}
              placeholder={t('list.keywordPlaceholder')}
              maxLength={100}
              type="search"
              value={draft.search}
              onChange={set('search')}
            />
            <SelectField
              label={t('list.category')}
              value={draft.category}
              onChange={set('category')}
              options={[
                { value: '', label: t('list.allCategories') },
                ...EVENT_CATEGORIES.map((c) => ({ value: c, label: t(`categories.${c}`) })),
              ]}
            />
            <SelectField
              label={t('list.topic')}
              value={draft.topic}
              onChange={set('topic')}
              options={[
                { value: '', label: t('list.allTopics') },
                ...EVENT_TOPICS.map((c) => ({ value: c, label: t(`topics.${c}`) })),
              ]}
            />
            <TextField
              label={t('list.after')}
              hint={t('list.afterHint')}
              type="date"
              value={draft.after}
              onChange={set('after')}
            />
            <SelectField
              label={t('list.region')}
              value={draft.region}
              onChange={set('region')}
              options={[
                { value: '', label: t('list.allRegions') },
                ...EVENT_REGIONS.map((r) => ({ value: r, label: t(`regions.${r}`) })),
              ]}
            />
            <Button type="submit">{t('list.search')}</Button>
            <Button
              variant="ghost"
              onClick={() => {
                setDraft(NO_FILTERS);
                navigate('/event');
              }}
            >
              {t('list.clear')}
            </Button>
          </form>
        </FilterPanel>
        <section aria-labelledby="events-title">
          <h2 id="events-title" className="visually-hidden">
            {t('list.results')}
          </h2>
          {/* The first screen the gateway drew on the server (the bare /event only), until the data is here. */}
          {!result && !error && <FirstScreen />}
          <EventsList
            result={result}
            error={error}
            onRetry={list.reload}
            page={filters.page}
            onPage={(page) => go({ page })}
          />
        </section>
      </div>
    </div>
  );
}
