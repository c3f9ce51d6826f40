import { useApiQuery } from '@platform/data';
import { Link } from '@platform/router';
import type { Subscription } from '@platform/svc-billing/contract';
import { Alert, Button, failureText, formatMoney, useDateFormat, useTranslation } from '@platform/ui';
import { billingApi } from '../../api';
import { ItemPrice } from '../shared/ItemPrice';
import { useSubscriptionChange } from './useSubscriptionChange';

/** The Core plans, cheapest first: a later one is an upgrade paid now, an earlier one waits for the period's end. */
export const CORE_PLANS = ['essential', 'professional', 'enterprise'] as const;
const MODULES = ['hire', 'events', 'connect'];

/** What a set of lines is called: its Core plan, else its first standalone module. */
export function mainItem(lines: Subscription['lines']): string | undefined {
  const ids = lines.map((l) => l.itemId);
  return (
    ids.find((id) => (CORE_PLANS as readonly string[]).includes(id)) ?? ids.find((id) => MODULES.includes(id))
  );
}

/**
 * "Change plan" on `/billing`: a dearer Core plan now through the checkout (the unused part credited), a
 * cheaper one for the period's end (the renewal then asks its price; the add-ons held are kept), and the
 * change waiting for the period's end with a way to keep the plan held instead.
 */
export function ChangePlan({ sub }: { sub: Subscription }) {
  const { t, i18n } = useTranslation('billing');
  const date = useDateFormat();
  const plans = useApiQuery(billingApi.plans());
  const { busy, failure, run } = useSubscriptionChange();
  const ends = date(sub.periodEnd);
  const priceOf = (id: string) => plans.data?.data?.find((p) => p.id === id);
  const held = sub.plan ? CORE_PLANS.indexOf(sub.plan as (typeof CORE_PLANS)[number]) : -1;
  // Only a running paid plan changes at the period's end; otherwise every plan is bought now.
  const changing = sub.status === 'active' && held >= 0;
  const current = mainItem(sub.lines);
  const scheduled = sub.scheduledLines && mainItem(sub.scheduledLines);
  const addOns = sub.lines
    .filter((l) => l.itemId !== sub.plan)
    .flatMap((l) => Array<string>(l.quantity).fill(l.itemId));

  return (
    <>
      <h3>{t('plan.change')}</h3>
      <p className="muted">{t('plan.changeHow')}</p>
      {sub.scheduledLines && scheduled && (
        <div>
          <p>
            {t('plan.scheduled', {
              date: ends,
              name: t(`items.${scheduled}`),
              price: formatMoney(
                sub.scheduledLines.reduce((sum, l) => sum + l.unitPrice * l.quantity, 0) / 100,
                'KES',
                i18n.language,
              ),
              current: t(`items.${current}`),
            })}
          </p>
          <Button disabled={busy} onClick={() => void run(billingApi.resume)}>
            {t('plan.keep', { name: t(`items.${current}`) })}
          </Button>
        </div>
      )}
      <ul className="billing-change">
        {CORE_PLANS.map((p, i) => {
          if (changing && (i === held || p === scheduled)) return null;
          const name = t(`items.${p}`);
          const price = priceOf(p);
          return (
            <li key={p}>
              {changing && i < held ? (
                <Button
                  variant="secondary"
                  disabled={busy}
                  onClick={() => void run(() => billingApi.downgrade({ items: [p, ...addOns] }))}
                >
                  {t('plan.downgradeTo', { name, date: ends })}
                </Button>
              ) : (
                <Link to={`/billing/checkout?items=${p}`}>
                  {t(changing ? 'plan.upgradeTo' : 'plan.choose', { name })}
                </Link>
              )}
              {price && (
                <>
                  {' '}
                  · <ItemPrice item={price} />
                </>
              )}
            </li>
          );
        })}
        <li>
          <Link to="/pricing">{t('plan.allPlans')}</Link>
        </li>
      </ul>
      {failure !== null && <Alert kind="error">{failureText(t, failure, 'plan.changeFailed')}</Alert>}
    </>
  );
}
