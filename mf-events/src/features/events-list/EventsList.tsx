import type { EventListResponse } from '@platform/svc-events/contract';
import { ListStatus, Pager, useTranslation } from '@platform/ui';
import { EventCard } from './EventCard';

/** What a bare /event asks first; svc-events/module.json's `firstData` preloads the same. */
export const PAGE_SIZE = 10;

/**
 * The events list beside its filters: loading, error or the count, then the cards and the pager. The page
 * draws it, and so does the server's first screen (first-screens.tsx) with the same answer, so the two are
 * the same markup.
 */
export function EventsList({
  result,
  error,
  onRetry,
  page,
  onPage,
}: {
  result: EventListResponse | undefined;
  error: string | null | undefined;
  onRetry(): void;
  page: number;
  onPage(page: number): void;
}) {
  const { t } = useTranslation('events');
  const pages = result ? Math.max(1, Math.ceil(result.pageInfo.total / PAGE_SIZE)) : 1;
  return (
    <ListStatus
      error={error}
      loaded={!!result}
      pageInfo={result?.pageInfo}
      onRetry={onRetry}
      texts={{
        retry: t('list.retry'),
        loading: t('list.loading'),
        count: (count, capped) => t(capped ? 'list.countCapped' : 'list.count', { count }),
      }}
    >
      {result && (
        <>
          {result.data.length === 0 ? (
            <p>{t('list.empty')}</p>
          ) : (
            <ul className="card-list">
              {result.data.map((event) => (
                <li key={event.id}>
                  <EventCard event={event} />
                </li>
              ))}
            </ul>
          )}
          <Pager page={page} pages={pages} exact={!result.pageInfo.totalCapped} onPage={onPage} />
        </>
      )}
    </ListStatus>
  );
}
