import { Link } from '@platform/router';
import { useSession } from '@platform/shell-state';
import { Accordion, SafeHtml, useRouteMeta, useTranslation } from '@platform/ui';
import { DemoButton } from '../demo/DemoButton';
import { PlanCards } from '../pricing/PlanCards';
import { Section } from '../shared/Section';
import { Ecosystem } from './Ecosystem';
import { FeatureExplorer } from './FeatureExplorer';
import { useHomeBlocks } from './home-blocks';
import '../shared/core.css';

export const DEMO_SITE = 'https://demo.afyahr.example';
const STEPS = ['signup', 'team', 'automate', 'connect'] as const;

export default function LandingPage() {
  const { t } = useTranslation('core');
  useRouteMeta(t('hero.title'), t('meta.landing'));
  const signedIn = useSession((s) => Boolean(s.token));
  const claims = t('claims.items', { returnObjects: true }) as Array<{ quote: string; who: string }>;
  const services = t('how.steps.automate.services', { returnObjects: true }) as string[];
  const blocks = useHomeBlocks();

  return (
    <>
      <section className="hero" aria-labelledby="hero-title">
        <div className="container hero-inner">
          <h1 id="hero-title" className="hero-title">
            {t('hero.title')}
          </h1>
          {blocks.Hero ? (
            <SafeHtml html={blocks.Hero} className="hero-text" />
          ) : (
            <p className="hero-text">{t('hero.text')}</p>
          )}
          <div className="row">
            <a className="btn btn-secondary" href={DEMO_SITE} target="_blank" rel="noopener noreferrer">
              {t('hero.watchDemo')} <span className="visually-hidden">{t('hero.watchDemoHint')}</span>
            </a>
            {/* A way in for each: a professional joins free and never meets a price, a clinic signs up. */}
            {!signedIn && (
              <>
                <Link className="btn btn-primary" to="/signup?role=user">
                  {t('hero.joinProfessional')}
                </Link>
                <Link className="btn btn-primary" to="/signup?role=Clinic">
                  {t('hero.joinClinic')}
                </Link>
              </>
            )}
            <DemoButton />
          </div>
        </div>
      </section>

      <Section id="about" title={t('about.title')} narrow>
        {blocks.AboutUs ? (
          <SafeHtml html={blocks.AboutUs} className="center" />
        ) : (
          <p className="center">{t('about.text')}</p>
        )}
      </Section>

      <Ecosystem blocks={blocks} />

      <Section id="claims" title={t('claims.title')}>
        <ul className="grid" role="list">
          {claims.map((c) => (
            <li key={c.who} className="card claim">
              <blockquote>
                <p>“{c.quote}”</p>
                <footer className="muted">{c.who}</footer>
              </blockquote>
            </li>
          ))}
        </ul>
      </Section>

      <Section id="how" title={t('how.title')} narrow>
        <Accordion
          items={STEPS.map((s, i) => ({
            id: s,
            title: `${i + 1}. ${t(`how.steps.${s}.title`)}`,
            content: (
              <>
                <p>{t(`how.steps.${s}.text`)}</p>
                {s === 'automate' && (
                  <ul className="checklist">
                    {services.map((x) => (
                      <li key={x}>{x}</li>
                    ))}
                  </ul>
                )}
              </>
            ),
          }))}
        />
      </Section>

      <Section id="pricing" title={t('pricing.title')} intro={t('pricing.intro')}>
        <PlanCards />
        <p className="center">
          <Link to="/pricing">{t('pricing.seeAll')}</Link>
        </p>
      </Section>

      <FeatureExplorer />

      <section className="section center">
        <DemoButton variant="primary" />
      </section>
    </>
  );
}
