import { useState } from 'react';
import { useTranslation } from '@platform/ui';

const MODULES = ['core', 'hire', 'events', 'connect'] as const;

/** Four module cards; a click expands one description (one open at a time). */
export function Ecosystem() {
  const { t } = useTranslation('core');
  const [open, setOpen] = useState<string | null>(null);
  return (
    <section className="section" aria-labelledby="eco-title">
      <div className="container">
        <h2 id="eco-title" className="display center">
          {t('ecosystem.title')}
        </h2>
        <p className="center muted">{t('ecosystem.intro')}</p>
        <ul className="grid" role="list">
          {MODULES.map((m) => {
            const expanded = open === m;
            return (
              <li key={m} className="card eco-card">
                <h3>
                  <button
                    type="button"
                    className="eco-trigger"
                    aria-expanded={expanded}
                    aria-controls={`eco-${m}`}
                    onClick={() => setOpen(expanded ? null : m)}
                  >
                    <span className="eco-name">{t(`ecosystem.${m}.name`)}</span>
                    <span className="eco-short">{t(`ecosystem.${m}.short`)}</span>
                    <span className="chevron" aria-hidden="true" />
                  </button>
                </h3>
                <p id={`eco-${m}`} hidden={!expanded}>
                  {t(`ecosystem.${m}.long`)}
                </p>
              </li>
            );
          })}
        </ul>
      </div>
    </section>
  );
}
