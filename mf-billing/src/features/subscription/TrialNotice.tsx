import { useApiQuery } from '@platform/data';
import { Link } from '@platform/router';
import { useTranslation } from '@platform/ui';
import { billingApi } from '../../api';

/**
 * On the clinic's dashboard: the trial's days left with the way to a plan, or that a payment is due or the
 * plan expired; nothing while a paid plan runs (or while the answer is not there).
 */
export default function TrialNotice() {
  const { t } = useTranslation('billing');
  const sub = useApiQuery(billingApi.subscription()).data?.data;
  if (!sub || !['trialing', 'past_due', 'expired'].includes(sub.status)) return null;
  return (
    <section className="alert alert-info" aria-labelledby="trial-notice-title">
      <h2 id="trial-notice-title">
        {sub.status === 'trialing'
          ? t('notice.trial', { count: sub.trialDaysLeft })
          : t(`notice.${sub.status}`)}
      </h2>
      <p>
        <Link to={sub.status === 'trialing' ? '/pricing' : '/billing'}>
          {t(sub.status === 'trialing' ? 'notice.choosePlan' : 'notice.seeBilling')}
        </Link>
      </p>
    </section>
  );
}
