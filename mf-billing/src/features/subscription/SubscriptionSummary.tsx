import { useApiQuery } from '@platform/data';
import type { Subscription } from '@platform/svc-billing/contract';
import { Alert, Button, failureText, Spinner, useDateFormat, useTranslation } from '@platform/ui';
import { billingApi } from '../../api';
import { ChangePlan, mainItem } from './ChangePlan';
import { useSubscriptionChange } from './useSubscriptionChange';
import { useUsage } from './useUsage';

/** The limits a plan sets that a clinic meets day to day, in the order people ask about them. */
const LIMITS = ['openPostings', 'staff', 'locations', 'licenceAlertRoles', 'workflows'] as const;

/**
 * A clinic's plan on `/billing`: status (and the trial's days left), what it includes and its limits, the
 * renewal date, change plan (ChangePlan), cancel at the period's end or resume.
 */
export function SubscriptionSummary() {
  const { t } = useTranslation('billing');
  const date = useDateFormat();
  const sub = useApiQuery(billingApi.subscription());
  const { busy, failure, run } = useSubscriptionChange();
  const usage = useUsage(sub.data?.data);

  if (sub.loading) return <Spinner label={t('plan.loading')} />;
  if (sub.error) return <Alert kind="error">{failureText(t, sub.error, 'plan.failed')}</Alert>;
  const s: Subscription = sub.data!.data;
  const held = mainItem(s.lines);
  const name = held ? t(`items.${held}`) : t('plan.none');
  const ends = date(s.periodEnd);
  /** "2 of 2 used", "Unlimited · 12 in use", or the limit alone where the count is not known. */
  const limitText = (key: string, limit: number | null, used: number | undefined) => {
    if (used === undefined)
      return limit === null ? t('limits.unlimited') : t('limits.upTo', { count: limit });
    return limit === null
      ? t('limits.unlimitedInUse', { used })
      : t('limits.usedOf', { used, count: limit, context: used >= limit ? 'full' : undefined });
  };

  return (
    <section aria-labelledby="plan-title" className="billing-plan">
      <h2 id="plan-title">{t('plan.title', { name })}</h2>
      <p>
        <strong>{t(`plan.status.${s.status}`)}</strong>
        {s.status === 'trialing' && <> · {t('plan.trialDaysLeft', { count: s.trialDaysLeft })}</>}
      </p>
      {s.status === 'trialing' && <p>{t('plan.trialEnds', { date: ends })}</p>}
      {s.status === 'active' && !s.cancelAtPeriodEnd && <p>{t('plan.renews', { date: ends })}</p>}
      {s.status === 'active' && s.cancelAtPeriodEnd && <p>{t('plan.endsAt', { date: ends })}</p>}
      {s.status === 'past_due' && <Alert kind="error">{t('plan.pastDue', { date: ends })}</Alert>}
      {s.status === 'expired' && <Alert kind="error">{t('plan.expired')}</Alert>}

      <h3>{t('plan.includes')}</h3>
      {s.entitlements.modules.length === 0 ? (
        <p>{t('plan.noModules')}</p>
      ) : (
        <ul>
          {s.entitlements.modules.map((m) => (
            <li key={m}>{t(`modules.${m}`)}</li>
          ))}
        </ul>
      )}
      <h3>{t('plan.limits')}</h3>
      <dl className="billing-limits">
        {LIMITS.map((key) => (
          <div key={key}>
            <dt>{t(`limits.${key}`)}</dt>
            <dd>{limitText(key, s.entitlements.limits[key], usage[key as keyof typeof usage])}</dd>
          </div>
        ))}
      </dl>

      <ChangePlan sub={s} />

      {failure !== null && <Alert kind="error">{failureText(t, failure, 'plan.changeFailed')}</Alert>}
      {s.status === 'active' && !s.cancelAtPeriodEnd && (
        <Button variant="secondary" disabled={busy} onClick={() => void run(billingApi.cancel)}>
          {t('plan.cancel', { date: ends })}
        </Button>
      )}
      {s.status === 'active' && s.cancelAtPeriodEnd && (
        <Button disabled={busy} onClick={() => void run(billingApi.resume)}>
          {t('plan.resume')}
        </Button>
      )}
    </section>
  );
}
