import { useState } from 'react';
import { useApiQuery } from '@platform/data';
import { Button, useDateFormat, useTranslation } from '@platform/ui';
import { adminApi, type AdminPrice, type AdminSummary } from '../../api';
import { AdminFrame } from '../layout/AdminFrame';
import { LoadState } from '../shared/LoadState';
import { PriceDialog } from './BillingDialogs';
import { ClinicBilling, PaymentsTable, planName } from './ClinicBilling';
import { scrollable } from '../shared/scrollable';
import { PagedList, useMoney } from './PagedList';

const STATUSES = ['trialing', 'active', 'past_due', 'cancelled', 'expired'] as const;

/**
 * /admin/billing (svc-billing): the monthly recurring revenue and the subscriptions by plan and status;
 * failed payments and callbacks that matched no payment; a clinic's subscription, payments and invoices,
 * its period extended or a plan granted; the catalogue's prices, changed for purchases to come. Every
 * change asks a reason, which the audit log keeps.
 */
export default function BillingPage() {
  return (
    <AdminFrame section="billing">
      <Billing />
    </AdminFrame>
  );
}

function Billing() {
  const { t } = useTranslation('admin');
  const prices = useApiQuery(adminApi.prices());
  const items = prices.data?.data ?? [];
  return (
    <>
      <Summary plans={items} />
      <Failures />
      <ClinicBilling plans={items} />
      <section aria-labelledby="billing-prices">
        <h2 id="billing-prices">{t('billing.prices')}</h2>
        <p className="muted">{t('billing.pricesIntro')}</p>
        <LoadState
          loading={prices.loading}
          error={prices.error}
          onRetry={prices.reload}
          loadingText={t('billing.loadingPrices')}
          failedKey="billing.pricesFailed"
        >
          <PricesTable items={items} />
        </LoadState>
      </section>
    </>
  );
}

function Summary({ plans }: { plans: AdminPrice[] }) {
  const { t } = useTranslation('admin');
  const money = useMoney();
  const summary = useApiQuery(adminApi.billingSummary());
  const data = summary.data?.data;
  return (
    <section aria-labelledby="billing-summary">
      <h2 id="billing-summary" className="visually-hidden">
        {t('billing.summary')}
      </h2>
      <LoadState
        loading={summary.loading}
        error={summary.error}
        onRetry={summary.reload}
        loadingText={t('billing.loadingSummary')}
        failedKey="billing.summaryFailed"
      >
        {data && (
          <>
            <dl className="admin-tiles" aria-label={t('billing.summary')}>
              <div className="admin-tile card">
                <dt>{t('billing.mrr')}</dt>
                <dd>{money(data.mrr)}</dd>
              </div>
              {(['active', 'trialing', 'past_due'] as const).map((status) => (
                <div className="admin-tile card" key={status}>
                  <dt>{t(`billing.statuses.${status}`)}</dt>
                  <dd>{countOf(data, undefined, status)}</dd>
                </div>
              ))}
            </dl>
            <p className="muted">{t('billing.mrrHint')}</p>
            <ByPlan data={data} plans={plans} />
          </>
        )}
      </LoadState>
    </section>
  );
}

/** How many subscriptions hold `plan` (undefined: any) in `status`. */
const countOf = (data: AdminSummary, plan: string | null | undefined, status: string) =>
  data.subscriptions
    .filter((c) => (plan === undefined || c.plan === plan) && c.status === status)
    .reduce((sum, c) => sum + c.count, 0);

function ByPlan({ data, plans }: { data: AdminSummary; plans: AdminPrice[] }) {
  const { t } = useTranslation('admin');
  const rows = [...new Set(data.subscriptions.map((c) => c.plan))];
  if (rows.length === 0) return <p>{t('billing.noSubscriptions')}</p>;
  return (
    <div className="admin-table-wrap" {...scrollable(t('billing.byPlan'))}>
      <table className="admin-table">
        <caption>{t('billing.byPlan')}</caption>
        <thead>
          <tr>
            <th scope="col">{t('billing.plan')}</th>
            {STATUSES.map((s) => (
              <th scope="col" key={s}>
                {t(`billing.statuses.${s}`)}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((plan) => (
            <tr key={plan ?? ''}>
              <th scope="row">{planName(plan, plans, t)}</th>
              {STATUSES.map((s) => (
                <td key={s}>{countOf(data, plan, s)}</td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** Failed payments of every clinic, and provider callbacks that changed nothing. */
function Failures() {
  const { t } = useTranslation('admin');
  const date = useDateFormat();
  const [failedPage, setFailedPage] = useState(1);
  const [rejectedPage, setRejectedPage] = useState(1);
  const failed = useApiQuery(adminApi.failedPayments(failedPage));
  const rejected = useApiQuery(adminApi.rejectedCallbacks(rejectedPage));
  return (
    <>
      <section aria-labelledby="billing-failed">
        <h2 id="billing-failed">{t('billing.failedPayments')}</h2>
        <PagedList
          list={failed}
          page={failedPage}
          onPage={setFailedPage}
          name="failed"
          empty={<p>{t('billing.lists.failed.empty')}</p>}
        >
          {(rows) => <PaymentsTable payments={rows} caption={t('billing.failedPayments')} withClinic />}
        </PagedList>
      </section>
      <section aria-labelledby="billing-rejected">
        <h2 id="billing-rejected">{t('billing.rejected')}</h2>
        <p className="muted">{t('billing.rejectedIntro')}</p>
        <PagedList
          list={rejected}
          page={rejectedPage}
          onPage={setRejectedPage}
          name="rejected"
          empty={<p>{t('billing.lists.rejected.empty')}</p>}
        >
          {(rows) => (
            <div className="admin-table-wrap" {...scrollable(t('billing.rejected'))}>
              <table className="admin-table">
                <caption className="visually-hidden">{t('billing.rejected')}</caption>
                <thead>
                  <tr>
                    <th scope="col">{t('billing.date')}</th>
                    <th scope="col">{t('billing.method')}</th>
                    <th scope="col">{t('billing.why')}</th>
                    <th scope="col">{t('billing.reference')}</th>
                  </tr>
                </thead>
                <tbody>
                  {rows.map((r) => (
                    <tr key={r.id}>
                      <th scope="row">{date(r.receivedAt)}</th>
                      <td>{r.method}</td>
                      <td>{r.reason}</td>
                      <td className="admin-billing-ref">{r.providerRef ?? r.paymentId ?? t('na')}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          )}
        </PagedList>
      </section>
    </>
  );
}

function PricesTable({ items }: { items: AdminPrice[] }) {
  const { t } = useTranslation('admin');
  const date = useDateFormat();
  const money = useMoney();
  const [editing, setEditing] = useState<AdminPrice | null>(null);
  return (
    <>
      <div className="admin-table-wrap" {...scrollable(t('billing.prices'))}>
        <table className="admin-table">
          <caption className="visually-hidden">{t('billing.prices')}</caption>
          <thead>
            <tr>
              <th scope="col">{t('billing.item')}</th>
              <th scope="col">{t('billing.price.column')}</th>
              <th scope="col">{t('billing.changed')}</th>
              <th scope="col">{t('billing.actions')}</th>
            </tr>
          </thead>
          <tbody>
            {items.map((item) => (
              <tr key={item.id}>
                <th scope="row">{item.name}</th>
                <td>
                  {money(item.price)} {t(`billing.durations.${item.duration}`)}
                </td>
                <td>{date(item.updatedAt)}</td>
                <td>
                  <Button
                    variant="secondary"
                    aria-label={t('billing.price.button', { name: item.name })}
                    onClick={() => setEditing(item)}
                  >
                    {t('billing.price.short')}
                  </Button>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      {editing && <PriceDialog item={editing} onClose={() => setEditing(null)} />}
    </>
  );
}
