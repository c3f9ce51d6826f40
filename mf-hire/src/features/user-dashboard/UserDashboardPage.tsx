import { useCallback, useEffect, useState } from 'react';
import { Link, Redirect } from 'wouter';
import type { Application, ApplicationCounts } from '@platform/contracts';
import { apiRequest, loginPath, useSession } from '@platform/shell-state';
import { Alert, Button, ConfirmDialog, failureText, Spinner, useToast, useTranslation } from '@platform/ui';
import { ApplicationItem } from './ApplicationItem';
import '../shared/hire.css';

const PAGE_SIZE = 10;

interface ListPage {
  data: Application[];
  pageInfo: { page: number; total: number };
  counts: ApplicationCounts;
}
interface ListState {
  items: Application[];
  total: number;
  page: number;
}

const fetchPage = (status: 'active' | 'withdrawn', page: number) =>
  apiRequest<ListPage>(`/api/application/get?status=${status}&page=${page}&limit=${PAGE_SIZE}`);

/** /userdashboard: a professional's applications, scoped by the server to their own. */
export default function UserDashboardPage() {
  const { t } = useTranslation('hire');
  const toast = useToast();
  const user = useSession((s) => s.user);
  const [counts, setCounts] = useState<ApplicationCounts | null>(null);
  const [active, setActive] = useState<ListState | null>(null);
  const [withdrawn, setWithdrawn] = useState<ListState | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [confirming, setConfirming] = useState<Application | null>(null);
  const [busy, setBusy] = useState(false);

  const load = useCallback(async () => {
    setError(null);
    try {
      const [a, w] = await Promise.all([fetchPage('active', 1), fetchPage('withdrawn', 1)]);
      if (!a.ok || !w.ok) return setError(failureText(t, a.ok ? w : a, 'user.loadFailed'));
      setCounts(a.body.counts);
      setActive({ items: a.body.data, total: a.body.pageInfo.total, page: 1 });
      setWithdrawn({ items: w.body.data, total: w.body.pageInfo.total, page: 1 });
    } catch (err) {
      setError(failureText(t, err, 'user.loadFailed'));
    }
  }, [t]);

  useEffect(() => {
    if (user?.role === 'user') void load();
  }, [user, load]);

  if (!user) return <Redirect to={loginPath('/userdashboard')} replace />;
  if (user.role !== 'user')
    return (
      <div className="container section">
        <h1>{t('user.title')}</h1>
        <p role="status">{t('user.wrongRole')}</p>
        {user.role === 'Clinic' && <Link href="/clinicdashboard">{t('user.toClinic')}</Link>}
      </div>
    );

  async function more(status: 'active' | 'withdrawn') {
    const list = status === 'active' ? active : withdrawn;
    const set = status === 'active' ? setActive : setWithdrawn;
    if (!list) return;
    try {
      const res = await fetchPage(status, list.page + 1);
      if (!res.ok) return setError(failureText(t, res, 'user.loadFailed'));
      set({ items: [...list.items, ...res.body.data], total: res.body.pageInfo.total, page: list.page + 1 });
    } catch (err) {
      setError(failureText(t, err, 'user.loadFailed'));
    }
  }

  async function withdraw(application: Application) {
    setBusy(true);
    try {
      const res = await apiRequest(`/api/application/${application.id}`, {
        method: 'PATCH',
        body: { status: 'withdrawn' },
      });
      if (res.ok) {
        toast.show({ kind: 'success', message: t('user.withdrawn_done') });
        setConfirming(null);
        await load();
      } else toast.show({ kind: 'error', message: failureText(t, res, 'user.withdrawFailed') });
    } catch (err) {
      toast.show({ kind: 'error', message: failureText(t, err, 'user.withdrawFailed') });
    }
    setBusy(false);
  }

  const loading = !counts && !error;
  return (
    <div className="container section">
      <h1>{t('user.title')}</h1>
      {error && (
        <Alert kind="error">
          {error}{' '}
          <Button variant="secondary" onClick={() => void load()}>
            {t('user.retry')}
          </Button>
        </Alert>
      )}
      {loading && <Spinner label={t('user.loading')} />}
      {counts && active && withdrawn && (
        <>
          <h2 className="visually-hidden">{t('user.tiles')}</h2>
          <ul className="tiles">
            <li className="card tile">
              <span className="tile-value">{counts.total}</span> {t('user.total')}
            </li>
            <li className="card tile">
              <span className="tile-value">{counts.total - counts.withdrawn}</span> {t('user.active')}
            </li>
            <li className="card tile">
              <span className="tile-value">{counts.withdrawn}</span> {t('user.withdrawn')}
            </li>
          </ul>

          <section aria-labelledby="applications-title">
            <h2 id="applications-title">{t('user.applications')}</h2>
            {active.items.length === 0 ? (
              <p>
                {t('user.empty')} <Link href="/hire">{t('user.findJobs')}</Link>
              </p>
            ) : (
              <ul className="application-list">
                {active.items.map((a) => (
                  <li key={a.id}>
                    <ApplicationItem application={a} onWithdraw={() => setConfirming(a)} />
                  </li>
                ))}
              </ul>
            )}
            {active.items.length < active.total && (
              <Button variant="secondary" onClick={() => void more('active')}>
                {t('user.showMore')}
              </Button>
            )}
          </section>

          {withdrawn.total > 0 && (
            <section className="dashboard-section" aria-labelledby="withdrawn-title">
              <h2 id="withdrawn-title">{t('user.withdrawnSection')}</h2>
              <ul className="application-list">
                {withdrawn.items.map((a) => (
                  <li key={a.id}>
                    <ApplicationItem application={a} />
                  </li>
                ))}
              </ul>
              {withdrawn.items.length < withdrawn.total && (
                <Button variant="secondary" onClick={() => void more('withdrawn')}>
                  {t('user.showMore')}
                </Button>
              )}
            </section>
          )}
        </>
      )}
      <ConfirmDialog
        open={confirming !== null}
        title={t('user.withdrawTitle')}
        message={t('user.withdrawText', { title: confirming?.jobId.title || t('user.noTitle') })}
        confirmLabel={t('user.withdrawConfirm')}
        cancelLabel={t('user.keep')}
        busy={busy}
        onConfirm={() => confirming && void withdraw(confirming)}
        onCancel={() => setConfirming(null)}
      />
    </div>
  );
}
