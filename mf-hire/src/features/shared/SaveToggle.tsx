import { useState } from 'react';
import { refreshApi } from '@platform/data';
import { Button, failureText, useToast, useTranslation } from '@platform/ui';
import { hireApi } from '../../api';

/**
 * Save or Unsave one job: a button that says what it will do (a pressed "Save" read as unfinished to
 * people), its name saying which job.
 */
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
      aria-label={t(saved ? 'saved.unsaveName' : 'saved.saveName', { title })}
      loading={busy}
      onClick={toggle}
    >
      {t(saved ? 'saved.unsave' : 'saved.save')}
    </Button>
  );
}
