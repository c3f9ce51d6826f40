import './texts';
import type { ReactNode } from 'react';
import { useApiPages, type Endpoint } from '@platform/data';
import { useSearchParams } from '@platform/router';
import { Alert, Button, SelectField, Spinner, useScrollToHash, useTranslation } from '@platform/ui';
import { useFailure } from './hr-access';

const WINDOWS = ['', '30', '60', '90'] as const;

type Page<T> = { data: T[]; pageInfo: { page: number; limit: number; total: number } };

/**
 * A list of what expires (compliance documents, training records), soonest first when filtered to those
 * expiring within 30/60/90 days: the window kept in the address (`?within=`, which the dashboard's figures
 * link to, with `#<id>`, brought into view once loaded), a page at a time with Show more. `texts` names the
 * list's keys in `core`: `listTitle`, `show`, `all`, `expiringWithin`, `none`, `noneExpiring`.
 */
export function ExpiringList<T extends { id: string }>({
  id,
  texts,
  pageOf,
  item,
}: {
  id: string;
  texts: string;
  pageOf: (page: number, within?: number) => Endpoint<Page<T>>;
  item: (entry: T) => ReactNode;
}) {
  const { t } = useTranslation('core');
  const failure = useFailure();
  const [params, setParams] = useSearchParams();
  const asked = params.get('within') ?? '';
  const within = (WINDOWS as readonly string[]).includes(asked) ? asked : '';
  const list = useApiPages((page) => pageOf(page, within ? Number(within) : undefined));
  useScrollToHash(!list.loading);
  return (
    <section className="card" tabIndex={-1} id={id} aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>{t(`${texts}.listTitle`)}</h2>
      <SelectField
        label={t(`${texts}.show`)}
        value={within}
        options={WINDOWS.map((w) => ({
          value: w,
          label: w ? t(`${texts}.expiringWithin`, { days: w }) : t(`${texts}.all`),
        }))}
        onChange={(e) =>
          setParams(
            (p) => {
              if (e.target.value) p.set('within', e.target.value);
              else p.delete('within');
              return p;
            },
            { replace: true },
          )
        }
      />
      {list.loading && <Spinner label={t('hrPage.loading')} />}
      {list.error && <Alert kind="error">{failure(list.error)}</Alert>}
      {!list.loading && !list.error && list.items.length === 0 && (
        <p>{within ? t(`${texts}.noneExpiring`, { days: within }) : t(`${texts}.none`)}</p>
      )}
      {list.items.length > 0 && <ul className="hr-list">{(list.items as T[]).map(item)}</ul>}
      {list.hasMore && <Button onClick={list.loadMore}>{t('hrPage.more')}</Button>}
    </section>
  );
}
