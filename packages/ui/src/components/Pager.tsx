import { useTranslation } from '../use-translation';
import { Button } from './Button';

/**
 * Previous / Next with "Page x of y" under a list (the job board, the events list, a registrant list);
 * nothing when everything fits on one page. The page number is announced as it changes.
 */
export function Pager({
  page,
  pages,
  onPage,
  exact = true,
  label,
}: {
  page: number;
  pages: number;
  onPage(page: number): void;
  /** False when the total is only a lower bound: "Page 3", not "Page 3 of 7". */
  exact?: boolean;
  /** The navigation's name where a page has more than one pager ("Pages of registrants"). */
  label?: string;
}) {
  const { t } = useTranslation('ui');
  if (pages <= 1) return null;
  return (
    <nav className="pager" aria-label={label ?? t('pager.label')}>
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
