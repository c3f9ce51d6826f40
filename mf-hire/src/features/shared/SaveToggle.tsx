import { useState } from 'react';
import { refreshApi } from '@platform/data';
import { Button, failureText, useToast, useTranslation } from '@platform/ui';
import { hireApi } from '../../api';

/** Save / Saved for one job: a toggle button (aria-pressed) whose name says which job. */
export function SaveToggle({ jobId, title, saved }: { jobId: string; title: string; saved: boolean }) {
  const { t } = useTranslation('hire');
  const toast = useToast();
  const [busy, setBusy] = useState(false);

  async function toggle() {
    setBusy(true);
    try {
      const res = await hireApi.setSaved(jobId, !saved);
      if (res.ok) await Promise.all([refreshApi('/api/job/viewer-state'), refreshApi('/api/job/saved')]);
      else toast.show({ kind: 'error', message: failureText(t, res, 'saved.failed') });
    } catch (err) {
      toast.show({ kind: 'error', message: failureText(t, err, 'saved.failed') });
    }
    setBusy(false);
  }

  return (
    <Button
      variant="secondary"
      className="save-toggle"
      aria-pressed={saved}
      aria-label={t('saved.toggleName', { title })}
      loading={busy}
      onClick={toggle}
    >
      {saved ? t('saved.saved') : t('saved.save')}
    </Button>
  );
}
