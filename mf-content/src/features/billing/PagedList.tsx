import type { ReactNode } from 'react';
import type { ApiQuery } from '@platform/data';
import { ListStatus, Pager, failureText, formatMoney, useTranslation } from '@platform/ui';

/** Cents as the reader's language writes shillings ("Ksh 8,000"). */
export function useMoney(): (cents: number) => string {
  const { i18n } = useTranslation('admin');
  return (cents) => formatMoney(cents / 100, 'KES', i18n.language);
}

/**
 * One of the billing page's paged lists: its count (or failure, with Try again), the rows once there
 * is an answer (`empty` when none), and Previous / Next under them.
 */
export function PagedList<I>({
  list,
  page,
  onPage,
  name,
  empty,
  children,
}: {
  list: ApiQuery<{ data: I[]; pageInfo: { total: number; limit: number } }>;
  page: number;
  onPage(page: number): void;
  /** The list's key under `billing.lists` (its texts: loading, failed, count, empty, pages). */
  name: string;
  empty?: ReactNode;
  children(rows: I[]): ReactNode;
}) {
  const { t } = useTranslation('admin');
  const info = list.data?.pageInfo;
  const pages = info ? Math.max(1, Math.ceil(info.total / info.limit)) : 1;
  const key = `billing.lists.${name}`;
  return (
    <ListStatus
      error={list.error ? failureText(t, list.error, `${key}.failed`) : null}
      loaded={!!list.data}
      pageInfo={info && { total: info.total, totalCapped: false }}
      onRetry={list.reload}
      texts={{
        retry: t('retry'),
        loading: t(`${key}.loading`),
        count: (total) => t(`${key}.count`, { count: total }),
      }}
    >
      {list.data && (list.data.data.length === 0 ? (empty ?? null) : children(list.data.data))}
      <Pager page={page} pages={pages} onPage={onPage} label={t(`${key}.pages`)} />
    </ListStatus>
  );
}
