import { useState } from 'react';
import { refreshApi, useApiQuery } from '@platform/data';
import { Link } from '@platform/router';
import type { Subscription } from '@platform/svc-billing/contract';
import { Alert, Button, failureText, Spinner, useDateFormat, useTranslation } from '@platform/ui';
import { billingApi } from '../../api';

/** The limits a plan sets that a clinic meets day to day, in the order people ask about them. */
const LIMITS = ['openPostings', 'staff', 'locations', 'licenceAlertRoles', 'workflows'] as const;
/** The Core plans, cheapest first: changing to a dearer one is an upgrade paid now with the rest credited. */
const CORE_PLANS = ['essential', 'professional', 'enterprise'] as const;

/**
 * A clinic's plan on `/billing`: status (and the trial's days left), what it includes and its limits, the
 * renewal date, change plan (an upgrade is paid now, the unused part of the period credited; a cheaper
 * plan waits for the period's end), cancel at the period's end or resume.
 */
export function SubscriptionSummary() {
  const { t } = useTranslation('billing');
  const date = useDateFormat();
  const sub = useApiQuery(billingApi.subscription());
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<unknown>(null);

  if (sub.loading) return <Spinner label={t('plan.loading')} />;
  if (sub.error) return <Alert kind="error">{failureText(t, sub.error, 'plan.failed')}</Alert>;
  const s: Subscription = sub.data!.data;
  const held =
    s.plan ?? s.lines.map((l) => l.itemId).find((id) => ['hire', 'events', 'connect'].includes(id));
  const name = held ? t(`items.${held}`) : t('plan.none');
  const ends = date(s.periodEnd);

  const change = async (action: 'cancel' | 'resume') => {
    setBusy(true);
    setFailure(null);
    const res = await billingApi[action]().catch((err: unknown) => err);
    setBusy(false);
    if (res && typeof res === 'object' && 'ok' in res && res.ok)
      await refreshApi('/api/billing/subscription');
    else setFailure(res);
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
      {s.scheduledLines && <p>{t('plan.scheduled', { date: ends })}</p>}

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
            <dd>
              {s.entitlements.limits[key] === null
                ? t('limits.unlimited')
                : t('limits.upTo', { count: s.entitlements.limits[key] })}
            </dd>
          </div>
        ))}
      </dl>

      <h3>{t('plan.change')}</h3>
      <p className="muted">{t('plan.changeHow')}</p>
      <ul className="billing-change">
        {CORE_PLANS.filter((p) => p !== s.plan || s.status !== 'active').map((p) => (
          <li key={p}>
            <Link to={`/billing/checkout?items=${p}`}>{t('plan.choose', { name: t(`items.${p}`) })}</Link>
          </li>
        ))}
        <li>
          <Link to="/pricing">{t('plan.allPlans')}</Link>
        </li>
      </ul>

      {failure !== null && <Alert kind="error">{failureText(t, failure, 'plan.changeFailed')}</Alert>}
      {s.status === 'active' && !s.cancelAtPeriodEnd && (
        <Button variant="secondary" disabled={busy} onClick={() => void change('cancel')}>
          {t('plan.cancel', { date: ends })}
        </Button>
      )}
      {s.status === 'active' && s.cancelAtPeriodEnd && (
        <Button disabled={busy} onClick={() => void change('resume')}>
          {t('plan.resume')}
        </Button>
      )}
    </section>
  );
}
