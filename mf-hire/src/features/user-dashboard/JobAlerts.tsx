import { useState } from 'react';
import { Link } from '@platform/router';
import type { JobAlert } from '@platform/svc-hire/contract';
import { refreshApi, useApiQuery } from '@platform/data';
import { Alert, Button, failureText, Spinner, useToast, useTranslation } from '@platform/ui';
import { hireApi } from '../../api';
import { alertBoardUrl } from '../jobs-board/filters';

/** "Nurse · Maternity · Full-time": an alert's filters as the board shows them. */
function useSummary() {
  const { t } = useTranslation('hire');
  return (alert: JobAlert) =>
    Object.entries(alert.query)
      .filter(([, v]) => v !== undefined && v !== '')
      .map(([k, v]) => (k === 'type' ? t(`types.${String(v)}`) : String(v)))
      .join(' · ');
}

/** The professional's job alerts on /userdashboard: each opens the board with its search, or is deleted. */
export function JobAlerts() {
  const { t } = useTranslation('hire');
  const toast = useToast();
  const summary = useSummary();
  const alerts = useApiQuery(hireApi.alerts());
  const [deleting, setDeleting] = useState<string | null>(null);
  const error = alerts.error && failureText(t, alerts.error, 'alerts.loadFailed');
  const items = alerts.data?.data ?? [];

  async function remove(alert: JobAlert) {
    setDeleting(alert.id);
    try {
      const res = await hireApi.deleteAlert(alert.id);
      if (res.ok) {
        toast.show({ kind: 'success', message: t('alerts.deleted') });
        await refreshApi('/api/job/alerts');
      } else toast.show({ kind: 'error', message: failureText(t, res, 'alerts.deleteFailed') });
    } catch (err) {
      toast.show({ kind: 'error', message: failureText(t, err, 'alerts.deleteFailed') });
    }
    setDeleting(null);
  }

  return (
    <section className="dashboard-section" aria-labelledby="alerts-title">
      <h2 id="alerts-title">{t('alerts.title')}</h2>
      {error && <Alert kind="error">{error}</Alert>}
      {alerts.loading && <Spinner label={t('alerts.loading')} />}
      {alerts.data && items.length === 0 && (
        <p>
          {t('alerts.empty')} <Link to="/hire">{t('user.findJobs')}</Link>
        </p>
      )}
      {items.length > 0 && (
        <ul className="alert-list">
          {items.map((a) => (
            <li key={a.id} className="card alert-item">
              <Link to={alertBoardUrl(a.query)}>{summary(a)}</Link>
              <Button
                variant="secondary"
                loading={deleting === a.id}
                onClick={() => void remove(a)}
                aria-label={t('alerts.deleteNamed', { name: summary(a) })}
              >
                {t('alerts.delete')}
              </Button>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
