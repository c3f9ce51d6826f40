import { Button, useTranslation } from '@platform/ui';

/** Previous / Next with "Page x of y"; nothing when everything fits on one page. */
export function Pager({
  page,
  pages,
  onPage,
  exact = true,
}: {
  page: number;
  pages: number;
  onPage(page: number): void;
  /** False when the total is only a lower bound: "Page 3", not "Page 3 of 7". */
  exact?: boolean;
}) {
  const { t } = useTranslation('hire');
  if (pages <= 1) return null;
  return (
    <nav className="pager" aria-label={t('pager.label')}>
      <Button variant="secondary" disabled={page <= 1} onClick={() => onPage(page - 1)}>
        {t('pager.previous')}
      </Button>
      <span aria-live="polite">
        {exact ? t('pager.page', { page, pages }) : t('pager.pageOnly', { page })}
      </span>
      <Button variant="secondary" disabled={page >= pages} onClick={() => onPage(page + 1)}>
        {t('pager.next')}
      </Button>
    </nav>
  );
}
