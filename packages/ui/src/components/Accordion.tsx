import { useId, useState, type ReactNode } from 'react';

export interface AccordionItem {
  id: string;
  title: ReactNode;
  content: ReactNode;
  badge?: string;
}

/** One item open at a time; clicking the open item closes it. */
export function Accordion({ items, headingLevel = 3 }: { items: AccordionItem[]; headingLevel?: 2 | 3 | 4 }) {
  const [open, setOpen] = useState<string | null>(null);
  const base = useId();
  const Heading = `h${headingLevel}` as 'h3';
  return (
    <div className="accordion">
      {items.map((item) => {
        const expanded = open === item.id;
        const panelId = `${base}-${item.id}-panel`;
        const buttonId = `${base}-${item.id}-button`;
        return (
          <div className={`accordion-item${expanded ? ' is-open' : ''}`} key={item.id}>
            <Heading className="accordion-heading">
              <button
                type="button"
                id={buttonId}
                className="accordion-trigger"
                aria-expanded={expanded}
                aria-controls={panelId}
                onClick={() => setOpen(expanded ? null : item.id)}
              >
                <span>{item.title}</span>
                {item.badge && <span className="badge">{item.badge}</span>}
                <span className="chevron" aria-hidden="true" />
              </button>
            </Heading>
            <div
              id={panelId}
              role="region"
              aria-labelledby={buttonId}
              className="accordion-panel"
              hidden={!expanded}
            >
              {item.content}
            </div>
          </div>
        );
      })}
    </div>
  );
}
