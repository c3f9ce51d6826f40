import { useState, type ReactNode } from 'react';
import { useMediaQuery } from '../media-query';
import { Button } from './Button';

/**
 * From this width the filters sit beside the results. Below it a list page is one column and the filters
 * would fill the first screen. Asked as "wide?" so that a prerendered page and its hydration, which see
 * no media query match, draw the phone's layout: the one most visitors get, and no jump on their phones.
 */
const WIDE = '(min-width: 900px)';

/**
 * A list page's filter card (the job board's, the events list's): always shown on wide screens; on phones
 * folded behind a button saying how many filters are in use ("Filters (2)"), so the first result is on
 * the first screen. Put it first in a `.list-layout`.
 */
export function FilterPanel({
  id,
  title,
  toggleText,
  children,
}: {
  /** The card's id, which the phone's toggle controls. */
  id: string;
  title: string;
  /** The phone's toggle: "Filters (n)", n the filters in use. */
  toggleText: string;
  children: ReactNode;
}) {
  const narrow = !useMediaQuery(WIDE);
  const [open, setOpen] = useState(false);
  const shown = !narrow || open;
  return (
    <div className="list-filters">
      {narrow && (
        <Button
          variant="secondary"
          className="filters-toggle"
          aria-expanded={open}
          aria-controls={id}
          onClick={() => setOpen((o) => !o)}
        >
          {toggleText}
        </Button>
      )}
      <aside id={id} className="card" aria-labelledby={`${id}-title`} hidden={!shown}>
        <h2 id={`${id}-title`}>{title}</h2>
        {children}
      </aside>
    </div>
  );
}
