import { Link } from '@platform/router';
import { useTranslation } from '@platform/ui';
import { CARD_FEATURES, PLANS, formatKsh, usePrices } from './plans';
import { useSubscribePath } from './subscribe';

/**
 * The three plan cards; `full` shows every feature (the pricing page, where the plan names are h2 under its
 * h1), otherwise the first five (h3 under the landing page's pricing section).
 */
export function PlanCards({ full = false }: { full?: boolean }) {
  const PlanName = full ? 'h2' : 'h3';
  const { t, i18n } = useTranslation('core');
  const language = i18n.language;
  const subscribePath = useSubscribePath();
  const priceOf = usePrices();
  return (
    <ul className="grid plan-grid" role="list">
      {PLANS.map((plan) => {
        const features = t(`pricing.plans.${plan.id}.features`, { returnObjects: true }) as string[];
        const name = t(`pricing.plans.${plan.id}.name`);
        const subscribe = subscribePath(plan.id);
        return (
          <li key={plan.id} className={`card plan${plan.isPopular ? ' plan-popular' : ''}`}>
            {plan.isPopular && <span className="badge">{t('pricing.popular')}</span>}
            <PlanName>{name}</PlanName>
            <p className="plan-price">
              <strong>{formatKsh(priceOf(plan.id), language)}</strong>{' '}
              <span className="muted">
                {t('pricing.perMonth')} · {t('pricing.vatIncluded')}
              </span>
            </p>
            <p className="muted">{t('pricing.idealFor', { text: t(`pricing.plans.${plan.id}.idealFor`) })}</p>
            <ul className="checklist">
              {(full ? features : features.slice(0, CARD_FEATURES)).map((f) => (
                <li key={f}>{f}</li>
              ))}
            </ul>
            {subscribe && (
              <Link className="btn btn-primary plan-cta" to={subscribe}>
                {t('pricing.subscribe', { name })}
              </Link>
            )}
          </li>
        );
      })}
    </ul>
  );
}
