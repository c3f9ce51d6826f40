import { useState } from 'react';
import { useTranslation } from '@platform/ui';
import { Section } from '../shared/Section';

const MODULES = ['core', 'hire', 'events', 'connect'] as const;

/** Four module cards; a click expands one description (one open at a time). */
export function Ecosystem() {
  const { t } = useTranslation('core');
  const [open, setOpen] = useState<string | null>(null);
  return (
    <Section id="eco" title={t('ecosystem.title')} intro={t('ecosystem.intro')}>
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
    </Section>
  );
}
