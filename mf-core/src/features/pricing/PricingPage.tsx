import { useRouteMeta, useTranslation } from '@platform/ui';
import { PlanCards } from './PlanCards';
import { ADD_ONS, JOB_LISTING_PER_WEEK, formatKsh } from './plans';
import '../shared/core.css';

export default function PricingPage() {
  const { t, i18n } = useTranslation('core');
  const language = i18n.language;
  useRouteMeta(t('meta.pricingTitle'), t('meta.pricing'));
  return (
    <div className="container section">
      <h1 className="display center">{t('pricing.title')}</h1>
      <p className="center muted">{t('pricing.intro')}</p>
      <PlanCards full />
      <section className="section" aria-labelledby="addons-title">
        <h2 id="addons-title">{t('pricing.addons.title')}</h2>
        <div className="table-wrap">
          <table className="table">
            <thead>
              <tr>
                <th scope="col">{t('pricing.addons.item')}</th>
                <th scope="col">{t('pricing.addons.price')}</th>
              </tr>
            </thead>
            <tbody>
              {ADD_ONS.map((a) => (
                <tr key={a.key}>
                  <th scope="row">{t(`pricing.addons.${a.key}`)}</th>
                  <td>
                    {a.price === null
                      ? t('pricing.addons.quote')
                      : t(`pricing.addons.${a.kind}`, { price: formatKsh(a.price, language) })}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
        <p className="muted">
          {t('pricing.addons.jobListing', { price: formatKsh(JOB_LISTING_PER_WEEK, language) })}
        </p>
      </section>
    </div>
  );
}
