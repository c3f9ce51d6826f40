import { Link } from '@platform/router';
import { useTranslation } from '@platform/ui';
import { DemoButton } from '../demo/DemoButton';

/** Each module's card links to its own page. */
const MODULE_PAGES = { core: '/core', hire: '/hire', events: '/event', connect: '/connect' } as const;

/**
 * The blog page's word on the product (the spec's blog page: what AfyaHR is, the module cards, Request a
 * Demo and Explore Features): the landing page's texts, each card a link to its module's page.
 */
export function ProductCards() {
  const { t } = useTranslation('core');
  return (
    <section className="section" aria-labelledby="blog-product-title">
      <h2 id="blog-product-title">{t('blog.productTitle')}</h2>
      <p>{t('hero.text')}</p>
      <ul className="grid" role="list">
        {(Object.keys(MODULE_PAGES) as Array<keyof typeof MODULE_PAGES>).map((m) => (
          <li key={m} className="card">
            <h3>
              <Link to={MODULE_PAGES[m]}>{t(`ecosystem.${m}.name`)}</Link>
            </h3>
            <p className="muted">{t(`ecosystem.${m}.short`)}</p>
            <p>{t(`ecosystem.${m}.long`)}</p>
          </li>
        ))}
      </ul>
      <div className="row">
        <DemoButton variant="primary" />
        <Link to="/" className="btn btn-secondary">
          {t('blog.exploreFeatures')}
        </Link>
      </div>
    </section>
  );
}
