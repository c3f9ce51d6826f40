import { useState, type ReactNode } from 'react';
import { Button, useMediaQuery, useTranslation } from '@platform/ui';

/** Below this width the board is one column and the filters would fill the first screen. */
const NARROW = '(max-width: 899px)';

/**
 * The board's filter card: always shown on wide screens; on phones folded behind a "Filters (n)" button
 * (n = filters in use), so the first job is on the first screen.
 */
export function FilterPanel({ active, children }: { active: number; children: ReactNode }) {
  const { t } = useTranslation('hire');
  const narrow = useMediaQuery(NARROW);
  const [open, setOpen] = useState(false);
  const shown = !narrow || open;
  return (
    <div className="hire-filters">
      {narrow && (
        <Button
          variant="secondary"
          className="filters-toggle"
          aria-expanded={open}
          aria-controls="job-filters"
          onClick={() => setOpen((o) => !o)}
        >
          {t('board.filtersButton', { count: active })}
        </Button>
      )}
      <aside id="job-filters" className="card" aria-labelledby="filters-title" hidden={!shown}>
        <h2 id="filters-title">{t('board.filters')}</h2>
        {children}
      </aside>
    </div>
  );
}
