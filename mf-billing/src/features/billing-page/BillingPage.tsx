import { useEffect } from 'react';
import { refreshApi, useApiPages } from '@platform/data';
import { Link, useSearchParams } from '@platform/router';
import { useSession } from '@platform/shell-state';
import { Alert, Button, failureText, formatMoney, Spinner, useRouteMeta, useTranslation } from '@platform/ui';
import { billingApi } from '../../api';
import { PaymentOutcome } from '../checkout/PaymentOutcome';
import { usePaymentStatus } from '../checkout/usePaymentStatus';
import { BillingDetailsForm } from '../details/BillingDetailsForm';
import { InvoiceList } from '../invoices/InvoiceList';
import { ListingList } from '../listings/ListingList';
import { SubscriptionSummary } from '../subscription/SubscriptionSummary';
import '../checkout/checkout.css';

/**
 * `/billing`: a clinic's plan (SubscriptionSummary) and single job listings, the payment it came back from
 * (the card page sends the browser to `/billing?payment=<id>`), its invoices, its billing details (KRA PIN)
 * and its payments, newest first, a page at a time.
 */
export default function BillingPage() {
  const { t, i18n } = useTranslation('billing');
  useRouteMeta(t('page.title'));
  const role = useSession((s) => s.user?.role ?? null);
  const isClinic = role === 'Clinic';
  const list = useApiPages((page) => billingApi.payments(page), { enabled: isClinic });
  const [params] = useSearchParams();
  const returned = params.get('payment');
  const payment = usePaymentStatus(
    isClinic && returned && /^[0-9a-f-]{36}$/.test(returned) ? returned : null,
  );
  // Once the payment come back from is paid, its invoice and its new status are in the lists.
  const paid = payment?.status === 'paid';
  useEffect(() => {
    if (paid)
      void Promise.all([
        refreshApi('/api/billing/invoices'),
        refreshApi('/api/billing/payments'),
        refreshApi('/api/billing/listings'),
      ]);
  }, [paid]);
  return (
    <div className="container section">
      <h1>{t('page.title')}</h1>
      <p className="muted">{t('page.intro')}</p>
      {role === null && (
        <p>
          <Link to="/login?next=/billing">{t('page.signIn')}</Link>
        </p>
      )}
      {role !== null && !isClinic && <p>{t('page.clinicsOnly')}</p>}
      {isClinic && payment && <PaymentOutcome payment={payment} />}
      {isClinic && <SubscriptionSummary />}
      {isClinic && <ListingList />}
      {isClinic && <InvoiceList />}
      {isClinic && <BillingDetailsForm />}
      {isClinic && list.loading && <Spinner label={t('page.loading')} />}
      {isClinic && list.error && <Alert kind="error">{failureText(t, list.error, 'page.failed')}</Alert>}
      {isClinic && !list.loading && !list.error && (
        <>
          <h2>{t('page.payments', { count: list.total })}</h2>
          {list.items.length === 0 ? (
            <p>{t('page.empty')}</p>
          ) : (
            <ul>
              {list.items.map((payment) => (
                <li key={payment.id}>
                  {t('page.payment', {
                    amount: formatMoney(payment.amount / 100, 'KES', i18n.language),
                    method: t(`method.${payment.method}`),
                    status: t(`status.${payment.status}`),
                  })}
                </li>
              ))}
            </ul>
          )}
          {list.hasMore && <Button onClick={list.loadMore}>{t('page.more')}</Button>}
        </>
      )}
    </div>
  );
}
