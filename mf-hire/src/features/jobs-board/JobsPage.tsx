import { useDeferredValue, useEffect, useId, useState, type FormEvent } from 'react';
import { useLocation, useNavigate } from '@platform/router';
import { EXPERIENCE_LEVELS, JOB_TYPES } from '@platform/contracts/values';
import { useApiQuery } from '@platform/data';
import { hireApi } from '../../api';
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
import { BoardList, PAGE_SIZE } from './BoardList';
import { ApplyModal } from './ApplyModal';
import { activeFilterCount, apiQuery, boardUrl, NO_FILTERS, readFilters, type Filters } from './filters';
import { useApply } from './useApply';
import '../shared/hire.css';

/** /hire: the public job board. Filters live in the URL, so a filtered list can be shared or returned to. */
export default function JobsPage() {
  const { t } = useTranslation('hire');
  useRouteMeta(t('meta.boardTitle'), t('meta.board'));
  const { search } = useLocation();
  const navigate = useNavigate();
  const filters = readFilters(search);
  const [draft, setDraft] = useState<Filters>(filters);
  const board = useApiQuery(hireApi.board(apiQuery(filters, PAGE_SIZE)));
  // The cards are drawn in a render that yields to the browser every few milliseconds: a page of them
  // at once was the board's longest task on a phone (Total Blocking Time).
  const result = useDeferredValue(board.data);
  const error = board.error && failureText(t, board.error, 'board.loadFailed');
  const suggestionsId = useId();
  const prefix = draft.location.trim();
  const suggestions = useApiQuery(prefix.length >= 2 ? hireApi.locations(prefix) : null).data?.data ?? [];
  const applyFlow = useApply((job) => boardUrl({ ...filters, apply: job.id }));
  // Back from login with ?apply=<job id>: that job's form opens.
  const requested = useApiQuery(
    filters.apply && applyFlow.signedInProfessional ? hireApi.job(filters.apply) : null,
  );
  const applying = applyFlow.applying ?? requested.data?.data ?? null;

  useEffect(() => setDraft(readFilters(search)), [search]);

  const go = (next: Partial<Filters>) => navigate(boardUrl({ ...filters, ...next }));

  function submit(e: FormEvent) {
    e.preventDefault();
    go({ ...draft, page: 1, apply: '' });
  }

  function closeApply() {
    applyFlow.stopApplying();
    if (filters.apply) go({ apply: '' });
  }

  return (
    <div className="container section">
      <h1>{t('board.title')}</h1>
      <p className="muted">{t('board.intro')}</p>
      <div className="list-layout">
        <FilterPanel
          id="job-filters"
          title={t('board.filters')}
          toggleText={t('board.filtersButton', { count: activeFilterCount(filters) })}
        >
          <form onSubmit={submit} role="search">
            <TextField
              label={t('board.department')}
              placeholder={t('board.departmentPlaceholder')}
              maxLength={120}
              value={draft.department}
              onChange={(e) => setDraft((d) => ({ ...d, department: e.target.value }))}
            />
            <TextField
              label={t('board.jobTitle')}
              placeholder={t('board.jobTitlePlaceholder')}
              maxLength={160}
              value={draft.title}
              onChange={(e) => setDraft((d) => ({ ...d, title: e.target.value }))}
            />
            <TextField
              label={t('board.location')}
              placeholder={t('board.locationPlaceholder')}
              maxLength={160}
              list={suggestionsId}
              autoComplete="off"
              value={draft.location}
              onChange={(e) => setDraft((d) => ({ ...d, location: e.target.value }))}
            />
            <datalist id={suggestionsId}>
              {suggestions.map((place) => (
                <option key={place} value={place} />
              ))}
            </datalist>
            <TextField
              label={t('board.minSalary')}
              hint={t('board.minSalaryHint')}
              inputMode="numeric"
              pattern="[0-9]*"
              maxLength={9}
              value={draft.minSalary}
              onChange={(e) => setDraft((d) => ({ ...d, minSalary: e.target.value.replace(/\D/g, '') }))}
            />
            <SelectField
              label={t('board.experience')}
              value={draft.experience}
              onChange={(e) => setDraft((d) => ({ ...d, experience: e.target.value }))}
              options={[
                { value: '', label: t('board.allLevels') },
                ...EXPERIENCE_LEVELS.map((level) => ({ value: level, label: t(`experience.${level}`) })),
              ]}
            />
            <SelectField
              label={t('board.sort')}
              value={draft.sort}
              onChange={(e) => setDraft((d) => ({ ...d, sort: e.target.value }))}
              options={[
                { value: '', label: t('board.sortNewest') },
                { value: 'closing', label: t('board.sortClosing') },
              ]}
            />
            <SelectField
              label={t('board.jobType')}
              value={draft.type}
              onChange={(e) => setDraft((d) => ({ ...d, type: e.target.value }))}
              options={[
                { value: '', label: t('board.allTypes') },
                ...JOB_TYPES.map((type) => ({ value: type, label: t(`types.${type}`) })),
              ]}
            />
            <Button type="submit">{t('board.search')}</Button>
            <Button
              variant="ghost"
              onClick={() => {
                setDraft(NO_FILTERS);
                navigate('/hire');
              }}
            >
              {t('board.clear')}
            </Button>
          </form>
        </FilterPanel>
        <section aria-labelledby="jobs-title">
          <h2 id="jobs-title" className="visually-hidden">
            {t('board.jobsList')}
          </h2>
          {/* The first screen the gateway drew on the server (the bare /hire only), until the data is here. */}
          {!result && !error && <FirstScreen />}
          <BoardList
            result={result}
            error={error}
            onRetry={board.reload}
            filters={filters}
            canApply={applyFlow.canApply}
            onApply={(job) => applyFlow.apply(job)}
            onPage={(page) => go({ page })}
          />
        </section>
      </div>
      {applying && <ApplyModal job={applying} onClose={closeApply} />}
    </div>
  );
}
