import { useId, useState, type ChangeEvent } from 'react';
import type { CvInfo } from '@platform/svc-hire/contract';
import { refreshApi } from '@platform/data';
import { failureText, Spinner, useTranslation } from '@platform/ui';
import { hireApi } from '../../api';
import { cvFileProblem } from './cv-file';

/**
 * A labelled file input that stores the chosen PDF as the person's CV at once: "Uploading…" while it
 * goes, and a clear reason (too large, not a PDF, the server's) when it is refused.
 */
export function CvUpload({ label, onUploaded }: { label: string; onUploaded(cv: CvInfo): void }) {
  const { t } = useTranslation('hire');
  const id = useId();
  const [uploading, setUploading] = useState(false);
  const [error, setError] = useState<string | null>(null);

  async function choose(e: ChangeEvent<HTMLInputElement>) {
    const file = e.target.files?.[0];
    // The same file may be chosen again after an error.
    e.target.value = '';
    if (!file) return;
    const problem = cvFileProblem(file);
    setError(problem && t(`cv.${problem}`));
    if (problem) return;
    setUploading(true);
    try {
      const res = await hireApi.uploadCv(file);
      if (res.ok && res.body.data) {
        void refreshApi('/api/cv');
        onUploaded(res.body.data);
      } else setError(failureText(t, res, 'cv.uploadFailed'));
    } catch (err) {
      setError(failureText(t, err, 'cv.uploadFailed'));
    }
    setUploading(false);
  }

  return (
    <div className={`field${error ? ' has-error' : ''}`}>
      <label htmlFor={id}>{label}</label>
      <input
        id={id}
        type="file"
        accept="application/pdf,.pdf"
        onChange={(e) => void choose(e)}
        disabled={uploading}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : `${id}-hint`}
      />
      {!error && (
        <p className="field-hint" id={`${id}-hint`}>
          {t('cv.hint')}
        </p>
      )}
      {error && (
        <p className="field-error" id={`${id}-error`} role="alert">
          {error}
        </p>
      )}
      {uploading && <Spinner label={t('cv.uploading')} />}
    </div>
  );
}
