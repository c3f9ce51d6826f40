import { useState } from 'react';
import { refreshApi } from '@platform/data';
import { Button, failureText, useToast, useTranslation } from '@platform/ui';
import { hireApi } from '../../api';

/**
 * Save for one job: a toggle button whose name says which job. Its text stays "Save" (a toggle's label
 * must not change with its state, or "Saved, pressed" is announced); aria-pressed and the ✓ show it saved.
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
      aria-pressed={saved}
      aria-label={t('saved.toggleName', { title })}
      loading={busy}
      onClick={toggle}
    >
      {t('saved.save')}
    </Button>
  );
}
