import type { Job, JobListResponse } from '@platform/svc-hire/contract';
import { useSession } from '@platform/shell-state';
import { ListStatus, Pager, useTranslation } from '@platform/ui';
import { JobCard } from './JobCard';
import { CreateAlertButton } from './CreateAlertButton';
import type { Filters } from './filters';
import { useViewerState } from '../shared/viewer-state';

export const PAGE_SIZE = 10;

/**
 * The board's list beside its filters: loading, error or the count, then the cards and the pager. The
 * page draws it, and so does the server's first screen (first-screens.tsx) with the same answer, so the
 * two are the same markup.
 */
export function BoardList({
  result,
  error,
  onRetry,
  filters,
  canApply,
  onApply,
  onPage,
}: {
  result: JobListResponse | undefined;
  error: string | null | undefined;
  onRetry(): void;
  filters: Filters;
  canApply: boolean;
  onApply(job: Job): void;
  onPage(page: number): void;
}) {
  const { t } = useTranslation('hire');
  const user = useSession((s) => s.user);
  const viewer = useViewerState(result?.data.map((j) => j.id) ?? []);
  const pages = result ? Math.max(1, Math.ceil(result.pageInfo.total / PAGE_SIZE)) : 1;
  return (
    <ListStatus
      error={error}
      loaded={!!result}
      pageInfo={result?.pageInfo}
      onRetry={onRetry}
      texts={{
        retry: t('board.retry'),
        loading: t('board.loading'),
        count: (count, capped) => t(capped ? 'board.countCapped' : 'board.count', { count }),
      }}
    >
      {result && (
        <>
          <CreateAlertButton filters={filters} />
          {result.data.length === 0 ? (
            <p>{t('board.empty')}</p>
          ) : (
            <ul className="card-list">
              {result.data.map((job) => (
                <li key={job.id}>
                  <JobCard job={job} canApply={canApply} onApply={() => onApply(job)} viewer={viewer} />
                </li>
              ))}
            </ul>
          )}
          <Pager page={filters.page} pages={pages} exact={!result.pageInfo.totalCapped} onPage={onPage} />
          {user && user.role !== 'user' && <p className="muted">{t('board.clinicCannotApply')}</p>}
        </>
      )}
    </ListStatus>
  );
}
