import { Link } from '@platform/router';
import { useRouteMeta, useTranslation } from '@platform/ui';
import { useSession } from '@platform/shell-state';
import { DemoButton } from '../demo/DemoButton';
import '../shared/core.css';

export default function CorePage() {
  const { t } = useTranslation('core');
  useRouteMeta(t('corePage.title'), t('meta.core'));
  const signedIn = useSession((s) => Boolean(s.token));
  const items = t('corePage.items', { returnObjects: true }) as string[];
  return (
    <>
      <section className="hero" aria-labelledby="core-title">
        <div className="container hero-inner">
          <h1 id="core-title" className="hero-title">
            {t('corePage.title')}
          </h1>
          <p className="hero-text">{t('corePage.intro')}</p>
          <div className="row">
            <DemoButton variant="primary" />
            {!signedIn && (
              <Link className="btn btn-secondary" to="/pricing">
                {t('hero.joinNow')}
              </Link>
            )}
          </div>
        </div>
      </section>
      <section className="section" aria-labelledby="includes-title">
        <div className="container narrow">
          <h2 id="includes-title">{t('corePage.includes')}</h2>
          <ul className="checklist card">
            {items.map((i) => (
              <li key={i}>{i}</li>
            ))}
          </ul>
          <p>{t('corePage.unlocks')}</p>
        </div>
      </section>
    </>
  );
}
