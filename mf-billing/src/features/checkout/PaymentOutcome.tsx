import { Link } from '@platform/router';
import type { Payment } from '@platform/svc-billing/contract';
import { Alert, Button, formatMoney, Spinner, useTranslation } from '@platform/ui';

/**
 * Where a payment stands, read out as it changes (status and alert regions): waiting for the phone, then paid, failed
 * or cancelled, each with its next step (see the plan; try again; another method).
 */
export function PaymentOutcome({
  payment,
  onRetry,
  onOtherMethod,
}: {
  payment: Payment;
  onRetry?: () => void;
  onOtherMethod?: () => void;
}) {
  const { t, i18n } = useTranslation('billing');
  const amount = formatMoney(payment.amount / 100, 'KES', i18n.language);
  return (
    <section className="payment-outcome" aria-labelledby="payment-outcome-title">
      <h2 id="payment-outcome-title">
        {payment.status === 'pending' && payment.method !== 'card'
          ? t('outcome.checkPhone')
          : t(`outcome.title.${payment.status}`)}
      </h2>
      <div>
        {payment.status === 'pending' && (
          <div>
            <p>{t(payment.method === 'card' ? 'outcome.pendingCard' : 'outcome.pending', { amount })}</p>
            <Spinner label={t('outcome.waiting')} />
          </div>
        )}
        {payment.status === 'paid' && (
          <Alert kind="success">
            {t('outcome.paid', { amount })}
            {payment.credit > 0
              ? ` ${t('outcome.credit', { credit: formatMoney(payment.credit / 100, 'KES', i18n.language) })}`
              : ''}
            {payment.receipt ? ` ${t('outcome.receipt', { receipt: payment.receipt })}` : ''}
          </Alert>
        )}
        {payment.status === 'cancelled' && <Alert kind="error">{t('outcome.cancelled')}</Alert>}
        {payment.status === 'failed' && (
          <Alert kind="error">
            {t(`outcome.failure.${payment.failureCode ?? 'other'}`, {
              defaultValue: t('outcome.failure.other'),
            })}
          </Alert>
        )}
      </div>
      <p className="checkout-actions">
        {payment.status === 'paid' && (
          <Link className="btn btn-primary" to="/billing">
            {t('outcome.seePlan')}
          </Link>
        )}
        {(payment.status === 'failed' || payment.status === 'cancelled') && (
          <>
            {onRetry && <Button onClick={onRetry}>{t('outcome.retry')}</Button>}
            {onOtherMethod && (
              <Button variant="secondary" onClick={onOtherMethod}>
                {t('outcome.otherMethod')}
              </Button>
            )}
          </>
        )}
      </p>
    </section>
  );
}
