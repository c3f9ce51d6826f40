import { useState } from 'react';
import { refreshApi } from '@platform/data';
import { useSession } from '@platform/shell-state';
import { Button, failureText, useToast, useTranslation } from '@platform/ui';
import { hireApi } from '../../api';
import { alertQuery, type Filters } from './filters';

/**
 * "Create alert for this search", for signed-in professionals with at least one filter chosen: the board's
 * current query is saved, and new jobs matching it notify them (in the app, and by e-mail in a daily digest).
 */
export function CreateAlertButton({ filters }: { filters: Filters }) {
  const { t } = useTranslation('hire');
  const toast = useToast();
  const role = useSession((s) => s.user?.role);
  const [busy, setBusy] = useState(false);
  const query = alertQuery(filters);
  if (role !== 'user' || Object.keys(query).length === 0) return null;

  async function create() {
    setBusy(true);
    try {
      const res = await hireApi.createAlert(query);
      if (res.ok) {
        // 200, not 201: the service already kept this search (it keeps one alert per search).
        toast.show({
          kind: 'success',
          message: t(res.status === 201 ? 'alerts.created' : 'alerts.alreadyKept'),
        });
        await refreshApi('/api/job/alerts');
      } else toast.show({ kind: 'error', message: failureText(t, res, 'alerts.createFailed') });
    } catch (err) {
      toast.show({ kind: 'error', message: failureText(t, err, 'alerts.createFailed') });
    }
    setBusy(false);
  }

  return (
    <Button variant="secondary" onClick={() => void create()} loading={busy}>
      {t('alerts.create')}
    </Button>
  );
}
