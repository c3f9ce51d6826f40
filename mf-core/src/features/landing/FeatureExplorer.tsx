import { useRef, useState, type KeyboardEvent } from 'react';
import { Accordion, useMediaQuery, useTranslation } from '@platform/ui';
import { Section } from '../shared/Section';

export const FEATURES = [
  { id: 'onboarding', badge: 'badgePopular' },
  { id: 'roles' },
  { id: 'workflow' },
  { id: 'credentials' },
  { id: 'community', badge: 'badgeNew' },
  { id: 'training' },
  { id: 'dashboards' },
  { id: 'security' },
] as const;

const WIDE = '(min-width: 768px)';

/** Eight features: ARIA tabs on large screens, an accordion on small ones. */
export function FeatureExplorer() {
  const { t } = useTranslation('core');
  const wide = useMediaQuery(WIDE);
  const [active, setActive] = useState(0);
  const tabs = useRef<Array<HTMLButtonElement | null>>([]);
  const badge = (f: (typeof FEATURES)[number]) => ('badge' in f ? t(`features.${f.badge}`) : undefined);

  const onKey = (e: KeyboardEvent) => {
    const last = FEATURES.length - 1;
    const to = {
      ArrowRight: active + 1,
      ArrowDown: active + 1,
      ArrowLeft: active - 1,
      ArrowUp: active - 1,
      Home: 0,
      End: last,
    }[e.key];
    if (to === undefined) return;
    e.preventDefault();
    const next = (to + FEATURES.length) % FEATURES.length;
    setActive(next);
    tabs.current[next]?.focus();
  };

  return (
    <Section id="features" title={t('features.title')}>
      {wide ? (
        <div className="tabs">
          <div
            role="tablist"
            aria-label={t('features.tablist')}
            aria-orientation="vertical"
            className="tablist"
            onKeyDown={onKey}
          >
            {FEATURES.map((f, i) => (
              <button
                key={f.id}
                ref={(el) => {
                  tabs.current[i] = el;
                }}
                type="button"
                role="tab"
                id={`tab-${f.id}`}
                aria-selected={active === i}
                aria-controls={`panel-${f.id}`}
                tabIndex={active === i ? 0 : -1}
                className="tab"
                onClick={() => setActive(i)}
              >
                <span>{t(`features.items.${f.id}.title`)}</span>
                {badge(f) && <span className="badge">{badge(f)}</span>}
              </button>
            ))}
          </div>
          {FEATURES.map((f, i) => (
            <div
              key={f.id}
              role="tabpanel"
              id={`panel-${f.id}`}
              aria-labelledby={`tab-${f.id}`}
              hidden={active !== i}
              tabIndex={0}
              className="card tabpanel"
            >
              <h3>{t(`features.items.${f.id}.title`)}</h3>
              <p>{t(`features.items.${f.id}.text`)}</p>
            </div>
          ))}
        </div>
      ) : (
        <Accordion
          items={FEATURES.map((f) => ({
            id: f.id,
            title: t(`features.items.${f.id}.title`),
            badge: badge(f),
            content: <p>{t(`features.items.${f.id}.text`)}</p>,
          }))}
        />
      )}
    </Section>
  );
}
