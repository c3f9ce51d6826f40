import { useEffect, useRef, useState } from 'react';
import { useApiQuery } from '@platform/data';
import { Link, useSearchParams } from '@platform/router';
import { Button, TextField, useDateFormat, useTranslation } from '@platform/ui';
import { adminApi, type AdminPayment, type AdminPrice } from '../../api';
import { LoadState } from '../shared/LoadState';
import { ExtendDialog, GrantDialog } from './BillingDialogs';
import { scrollable } from '../shared/scrollable';
import { PagedList, useMoney } from './PagedList';

/**
 * Clinics searched by name or e-mail; the one opened (kept in the address as `?clinic=`) shows its
 * subscription, payments, invoices and single job listings (the job each posted), with Extend period and
 * Grant a plan.
 */
export function ClinicBilling({ plans }: { plans: AdminPrice[] }) {
  const { t } = useTranslation('admin');
  const [params, setParams] = useSearchParams();
  const search = params.get('search') ?? '';
  const opened = params.get('clinic');
  const [typed, setTyped] = useState(search);
  const [page, setPage] = useState(1);
  const list = useApiQuery(adminApi.clinics(search, page));
  const date = useDateFormat();

  const go = (next: { search?: string; clinic?: string | null }) => {
    const p = new URLSearchParams();
    const s = (next.search ?? search).trim();
    if (s) p.set('search', s);
    const clinic = next.clinic === undefined ? opened : next.clinic;
    if (clinic) p.set('clinic', clinic);
    setParams(p);
  };

  return (
    <section aria-labelledby="billing-clinics">
      <h2 id="billing-clinics">{t('billing.clinics')}</h2>
      <form
        className="admin-toolbar"
        role="search"
        onSubmit={(e) => {
          e.preventDefault();
          setPage(1);
          go({ search: typed });
        }}
      >
        <TextField
          type="search"
          label={t('billing.search')}
          placeholder={t('billing.searchPlaceholder')}
          value={typed}
          onChange={(e) => setTyped(e.target.value)}
          maxLength={100}
        />
        <Button type="submit" variant="secondary">
          {t('billing.searchButton')}
        </Button>
      </form>
      <PagedList
        list={list}
        page={page}
        onPage={setPage}
        name="clinics"
        empty={<p>{t('billing.lists.clinics.empty')}</p>}
      >
        {(rows) => (
          <div className="admin-table-wrap" {...scrollable(t('billing.clinics'))}>
            <table className="admin-table">
              <caption className="visually-hidden">{t('billing.clinics')}</caption>
              <thead>
                <tr>
                  <th scope="col">{t('billing.clinic')}</th>
                  <th scope="col">{t('billing.email')}</th>
                  <th scope="col">{t('billing.plan')}</th>
                  <th scope="col">{t('billing.status')}</th>
                  <th scope="col">{t('billing.periodEnd')}</th>
                  <th scope="col">{t('billing.actions')}</th>
                </tr>
              </thead>
              <tbody>
                {rows.map((c) => (
                  <tr key={c.orgId}>
                    <th scope="row">{c.name || t('na')}</th>
                    <td>{c.email || t('na')}</td>
                    <td>{planName(c.plan, plans, t)}</td>
                    <td>{c.status ? t(`billing.statuses.${c.status}`) : t('na')}</td>
                    <td>{c.periodEnd ? date(c.periodEnd) : t('na')}</td>
                    <td>
                      <Button
                        variant="secondary"
                        aria-label={t('billing.openLabel', { name: c.name || c.email })}
                        aria-pressed={opened === c.orgId}
                        onClick={() => go({ clinic: c.orgId })}
                      >
                        {t('billing.open')}
                      </Button>
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </PagedList>
      {opened && (
        <ClinicHistory key={opened} orgId={opened} plans={plans} onClose={() => go({ clinic: null })} />
      )}
    </section>
  );
}

type Translate = ReturnType<typeof useTranslation>['t'];

export const planName = (plan: string | null, plans: AdminPrice[], t: Translate) =>
  plan === null ? t('billing.modulesOnly') : (plans.find((p) => p.id === plan)?.name ?? plan);

/** One clinic's billing: where its subscription stands, the changes an admin may make, its papers. */
function ClinicHistory({ orgId, plans, onClose }: { orgId: string; plans: AdminPrice[]; onClose(): void }) {
  const { t } = useTranslation('admin');
  const date = useDateFormat();
  const money = useMoney();
  const clinic = useApiQuery(adminApi.clinic(orgId));
  const [paymentsPage, setPaymentsPage] = useState(1);
  const [invoicesPage, setInvoicesPage] = useState(1);
  const payments = useApiQuery(adminApi.clinicPayments(orgId, paymentsPage));
  const invoices = useApiQuery(adminApi.clinicInvoices(orgId, invoicesPage));
  const [listingsPage, setListingsPage] = useState(1);
  const listings = useApiQuery(adminApi.clinicListings(orgId, listingsPage));
  const [dialog, setDialog] = useState<'extend' | 'grant' | null>(null);
  // The clinic opened from the list: the reader is taken to it (keyboard and screen reader alike).
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);
  const org = clinic.data?.data.organisation;
  const sub = clinic.data?.data.subscription;
  const label = org ? org.name || org.email || org.orgId : '';
  const extendable = sub && ['trialing', 'active', 'past_due'].includes(sub.status);

  return (
    <section className="card admin-billing-clinic" aria-labelledby="billing-history">
      <div className="row admin-billing-clinic-head">
        <h3 id="billing-history" ref={heading} tabIndex={-1}>
          {t('billing.history', { name: label })}
        </h3>
        <Button variant="secondary" onClick={onClose}>
          {t('billing.close')}
        </Button>
      </div>
      <LoadState
        loading={clinic.loading}
        error={clinic.error}
        onRetry={clinic.reload}
        loadingText={t('billing.loadingClinic')}
        failedKey="billing.clinicFailed"
      >
        {org && (
          <>
            {sub ? (
              <dl className="admin-billing-facts">
                <div>
                  <dt>{t('billing.plan')}</dt>
                  <dd>{planName(sub.plan, plans, t)}</dd>
                </div>
                <div>
                  <dt>{t('billing.status')}</dt>
                  <dd>{t(`billing.statuses.${sub.status}`)}</dd>
                </div>
                <div>
                  <dt>{sub.trialEndsAt ? t('billing.trialEnds') : t('billing.periodEnd')}</dt>
                  <dd>{date(sub.periodEnd)}</dd>
                </div>
                <div>
                  <dt>{t('billing.monthly')}</dt>
                  <dd>{money(sub.lines.reduce((sum, l) => sum + l.unitPrice * l.quantity, 0))}</dd>
                </div>
              </dl>
            ) : (
              <p>{t('billing.noSubscription')}</p>
            )}
            {sub && (
              <div className="admin-actions">
                {extendable && (
                  <Button variant="secondary" onClick={() => setDialog('extend')}>
                    {t('billing.extend.button')}
                  </Button>
                )}
                <Button variant="secondary" onClick={() => setDialog('grant')}>
                  {t('billing.grant.button')}
                </Button>
              </div>
            )}
            {dialog === 'extend' && (
              <ExtendDialog clinic={{ ...org, periodEnd: sub!.periodEnd }} onClose={() => setDialog(null)} />
            )}
            {dialog === 'grant' && (
              <GrantDialog
                clinic={org}
                plans={plans.filter((p) => p.kind === 'plan')}
                onClose={() => setDialog(null)}
              />
            )}
          </>
        )}
      </LoadState>
      <h4>{t('billing.payments')}</h4>
      <PagedList
        list={payments}
        page={paymentsPage}
        onPage={setPaymentsPage}
        name="payments"
        empty={<p>{t('billing.lists.payments.empty')}</p>}
      >
        {(rows) => <PaymentsTable payments={rows} caption={t('billing.payments')} />}
      </PagedList>
      <h4>{t('billing.invoices')}</h4>
      <PagedList
        list={invoices}
        page={invoicesPage}
        onPage={setInvoicesPage}
        name="invoices"
        empty={<p>{t('billing.lists.invoices.empty')}</p>}
      >
        {(rows) => (
          <div className="admin-table-wrap" {...scrollable(t('billing.invoices'))}>
            <table className="admin-table">
              <caption className="visually-hidden">{t('billing.invoices')}</caption>
              <thead>
                <tr>
                  <th scope="col">{t('billing.number')}</th>
                  <th scope="col">{t('billing.date')}</th>
                  <th scope="col">{t('billing.amount')}</th>
                  <th scope="col">{t('billing.method')}</th>
                </tr>
              </thead>
              <tbody>
                {rows.map((i) => (
                  <tr key={i.id}>
                    <th scope="row">{i.number}</th>
                    <td>{date(i.issuedAt)}</td>
                    <td>{money(i.gross)}</td>
                    <td>{t(`billing.methods.${i.method}`)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </PagedList>
      <h4>{t('billing.listings')}</h4>
      <PagedList
        list={listings}
        page={listingsPage}
        onPage={setListingsPage}
        name="listings"
        empty={<p>{t('billing.lists.listings.empty')}</p>}
      >
        {(rows) => (
          <div className="admin-table-wrap" {...scrollable(t('billing.listings'))}>
            <table className="admin-table">
              <caption className="visually-hidden">{t('billing.listings')}</caption>
              <thead>
                <tr>
                  <th scope="col">{t('billing.bought')}</th>
                  <th scope="col">{t('billing.runsUntil')}</th>
                  <th scope="col">{t('billing.usedOn')}</th>
                  <th scope="col">{t('billing.job')}</th>
                </tr>
              </thead>
              <tbody>
                {rows.map((l) => (
                  <tr key={l.id}>
                    <th scope="row">{l.boughtAt ? date(l.boughtAt) : t('na')}</th>
                    <td>{date(l.expiresAt)}</td>
                    <td>{l.usedAt ? date(l.usedAt) : t('billing.notUsed')}</td>
                    <td>{l.jobId ? <Link to={`/hire/${l.jobId}`}>{l.jobId}</Link> : t('na')}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </PagedList>
    </section>
  );
}

/** Payments, newest first: when, whose (on the failed list), how much, how, and how it ended. */
export function PaymentsTable({
  payments,
  caption,
  withClinic = false,
}: {
  payments: AdminPayment[];
  caption: string;
  withClinic?: boolean;
}) {
  const { t } = useTranslation('admin');
  const date = useDateFormat();
  const money = useMoney();
  return (
    <div className="admin-table-wrap" {...scrollable(caption)}>
      <table className="admin-table">
        <caption className="visually-hidden">{caption}</caption>
        <thead>
          <tr>
            <th scope="col">{t('billing.date')}</th>
            {withClinic && <th scope="col">{t('billing.clinic')}</th>}
            <th scope="col">{t('billing.amount')}</th>
            <th scope="col">{t('billing.method')}</th>
            <th scope="col">{t('billing.status')}</th>
          </tr>
        </thead>
        <tbody>
          {payments.map((p) => (
            <tr key={p.id}>
              <th scope="row">{date(p.createdAt)}</th>
              {withClinic && <td>{p.orgName || t('na')}</td>}
              <td>{money(p.amount)}</td>
              <td>{t(`billing.methods.${p.method}`)}</td>
              <td>
                {t(`billing.paymentStatuses.${p.status}`)}
                {p.failureCode && (
                  <>
                    <br />
                    <small>
                      {p.failureCode}
                      {p.failureReason && ` — ${p.failureReason}`}
                    </small>
                  </>
                )}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
