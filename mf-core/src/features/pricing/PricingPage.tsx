import { Link, useSearchParams } from '@platform/router';
import { useRouteMeta, useTranslation } from '@platform/ui';
import { PlanCards } from './PlanCards';
import { ADD_ONS, formatKsh, usePrices } from './plans';
import { useSubscribePath } from './subscribe';
import '../shared/core.css';

export default function PricingPage() {
  const { t, i18n } = useTranslation('core');
  const language = i18n.language;
  useRouteMeta(t('meta.pricingTitle'), t('meta.pricing'));
  const subscribePath = useSubscribePath();
  const priceOf = usePrices();
  // `?choose=hire`: a clinic sent here by a module it does not have ("Post job" without Hire).
  const [params] = useSearchParams();
  const chosen = ADD_ONS.find((a) => a.itemId !== null && a.itemId === params.get('choose'));
  // A professional never sees a price path: no Subscribe, and no column for it.
  const canSubscribe = subscribePath('hire') !== null;
  return (
    <div className="container section">
      <h1 className="center">{t('pricing.title')}</h1>
      <p className="center muted">{t('pricing.intro')}</p>
      <p className="center muted">{t('pricing.vatAndPayment')}</p>
      {chosen && (
        <div className="alert alert-info" role="status">
          {t('pricing.needsModule', { name: t(`pricing.addons.${chosen.key}`) })}{' '}
          <Link to={subscribePath(chosen.itemId!) ?? '/pricing'}>
            {t('pricing.subscribe', { name: t(`pricing.addons.${chosen.key}`) })}
          </Link>
        </div>
      )}
      <PlanCards full />
      <section className="section" aria-labelledby="addons-title">
        <h2 id="addons-title">{t('pricing.addons.title')}</h2>
        <div className="table-wrap">
          <table className="table">
            <thead>
              <tr>
                <th scope="col">{t('pricing.addons.item')}</th>
                <th scope="col">{t('pricing.addons.price')}</th>
                {canSubscribe && (
                  <th scope="col">
                    <span className="visually-hidden">{t('pricing.addons.action')}</span>
                  </th>
                )}
              </tr>
            </thead>
            <tbody>
              {ADD_ONS.map((a) => {
                const name = t(`pricing.addons.${a.key}`);
                const path = a.itemId ? subscribePath(a.itemId) : null;
                return (
                  <tr key={a.key} className={a === chosen ? 'addon-chosen' : undefined}>
                    <th scope="row">{name}</th>
                    <td>
                      {a.itemId === null
                        ? t('pricing.addons.quote')
                        : `${t(`pricing.addons.${a.kind}`, { price: formatKsh(priceOf(a.itemId), language) })} (${t('pricing.vatIncluded')})`}
                    </td>
                    {canSubscribe && (
                      <td>
                        {a.itemId === null ? (
                          <Link to="/requestdemo">{t('pricing.addons.askQuote')}</Link>
                        ) : (
                          path && (
                            <Link className="btn btn-secondary" to={path}>
                              {t('pricing.subscribe', { name })}
                            </Link>
                          )
                        )}
                      </td>
                    )}
                  </tr>
                );
              })}
            </tbody>
          </table>
        </div>
        <p className="muted">
          {t('pricing.addons.jobListing', { price: formatKsh(priceOf('job-listing'), language) })}
        </p>
      </section>
    </div>
  );
}
