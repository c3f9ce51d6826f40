import { useState } from 'react';
import { Link } from '@platform/router';
import type { Application } from '@platform/svc-hire/contract';
import { refreshApi, useApiPages } from '@platform/data';
import { hireApi } from '../../api';
import {
  Alert,
  Button,
  ConfirmDialog,
  failureText,
  Spinner,
  usePreparedDateFormats,
  useToast,
  useTranslation,
} from '@platform/ui';
import { ApplicationItem } from './ApplicationItem';
import { MyCv } from '../cv/MyCv';
import { SavedJobs } from './SavedJobs';
import { JobAlerts } from './JobAlerts';
import '../shared/hire.css';

const PAGE_SIZE = 10;

const pathOf = (status: 'active' | 'withdrawn') => (page: number) =>
  hireApi.applications({ status }, page, PAGE_SIZE);
const activePath = pathOf('active');
const withdrawnPath = pathOf('withdrawn');

/**
 * Hire's widget on the shell's /userdashboard (slot `user-dashboard`, shown to professionals): their
 * applications (scoped by the server to their own), CV, saved jobs and job alerts.
 */
export default function UserJobs() {
  const { t } = useTranslation('hire');
  // The applications' dates come with their data, after the page is drawn.
  usePreparedDateFormats();
  const toast = useToast();
  const active = useApiPages(activePath);
  const withdrawn = useApiPages(withdrawnPath);
  const counts = active.first?.counts;
  const failed = active.error ?? withdrawn.error;
  const error = failed && failureText(t, failed, 'user.loadFailed');
  const [confirming, setConfirming] = useState<Application | null>(null);
  const [busy, setBusy] = useState(false);
  const [withdrawError, setWithdrawError] = useState<string | null>(null);

  const load = () => {
    active.reload();
    withdrawn.reload();
  };

  async function withdraw(application: Application) {
    setBusy(true);
    setWithdrawError(null);
    try {
      const res = await hireApi.setStatus(application.id, 'withdrawn');
      if (res.ok) {
        toast.show({ kind: 'success', message: t('user.withdrawn_done') });
        setConfirming(null);
        await refreshApi('/api/application');
      } else setWithdrawError(failureText(t, res, 'user.withdrawFailed'));
    } catch (err) {
      setWithdrawError(failureText(t, err, 'user.withdrawFailed'));
    }
    setBusy(false);
  }

  const loading = (active.loading || withdrawn.loading) && !error;
  const ready = counts && !active.loading && !withdrawn.loading;
  return (
    <div className="stack user-jobs">
      {error && (
        <Alert kind="error">
          {error}{' '}
          <Button variant="secondary" onClick={load}>
            {t('user.retry')}
          </Button>
        </Alert>
      )}
      {loading && <Spinner label={t('user.loading')} />}
      {ready && (
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
                {t('user.empty')} <Link to="/hire">{t('user.findJobs')}</Link>
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
            {active.hasMore && (
              <Button variant="secondary" onClick={active.loadMore}>
                {t('user.showMore')}
              </Button>
            )}
          </section>

          <MyCv />
          <SavedJobs />

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
              {withdrawn.hasMore && (
                <Button variant="secondary" onClick={withdrawn.loadMore}>
                  {t('user.showMore')}
                </Button>
              )}
            </section>
          )}
        </>
      )}
      <JobAlerts />
      <ConfirmDialog
        open={confirming !== null}
        title={t('user.withdrawTitle')}
        message={t('user.withdrawText', { title: confirming?.jobId.title || t('user.noTitle') })}
        confirmLabel={t('user.withdrawConfirm')}
        cancelLabel={t('user.keep')}
        busy={busy}
        error={withdrawError}
        onConfirm={() => confirming && void withdraw(confirming)}
        onCancel={() => {
          setConfirming(null);
          setWithdrawError(null);
        }}
      />
    </div>
  );
}
