import { useState } from 'react';
import { SafeHtml, useTranslation } from '@platform/ui';
import { Section } from '../shared/Section';
import type { HomeBlocks } from './home-blocks';

const MODULES = ['core', 'hire', 'events', 'connect'] as const;
/** The admin's block for each module's description (the original product's keys). */
const BLOCK_OF = {
  core: 'coreDescription',
  hire: 'hiredescription',
  events: 'namedescription',
  connect: 'conectdescription',
} as const;

/** Four module cards; a click expands one description (one open at a time), the admin's where written. */
export function Ecosystem({ blocks = {} }: { blocks?: HomeBlocks }) {
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
              {blocks[BLOCK_OF[m]] ? (
                <div id={`eco-${m}`} hidden={!expanded}>
                  <SafeHtml html={blocks[BLOCK_OF[m]]!} />
                </div>
              ) : (
                <p id={`eco-${m}`} hidden={!expanded}>
                  {t(`ecosystem.${m}.long`)}
                </p>
              )}
            </li>
          );
        })}
      </ul>
    </Section>
  );
}
