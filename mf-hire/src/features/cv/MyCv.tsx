import { useState } from 'react';
import { refreshApi, useApiQuery } from '@platform/data';
import {
  Alert,
  Button,
  ConfirmDialog,
  failureText,
  Spinner,
  useDateFormat,
  useFileDownload,
  useToast,
  useTranslation,
} from '@platform/ui';
import { hireApi } from '../../api';
import { CvUpload } from './CvUpload';
import { sizeText } from './cv-file';

/** The dashboard's "My CV": the stored PDF (download, replace, delete) or a file input to upload one. */
export function MyCv() {
  const { t, i18n } = useTranslation('hire');
  const toast = useToast();
  const date = useDateFormat();
  const answer = useApiQuery(hireApi.myCv());
  const cv = answer.data?.data ?? null;
  const file = useFileDownload('hire', 'cv.downloadFailed');
  const [confirming, setConfirming] = useState(false);
  const [deleting, setDeleting] = useState(false);
  const [deleteError, setDeleteError] = useState<string | null>(null);

  async function remove() {
    setDeleting(true);
    setDeleteError(null);
    try {
      const res = await hireApi.deleteCv();
      if (res.ok) {
        await refreshApi('/api/cv');
        setConfirming(false);
        toast.show({ kind: 'success', message: t('cv.deleted') });
      } else setDeleteError(failureText(t, res, 'cv.deleteFailed'));
    } catch (err) {
      setDeleteError(failureText(t, err, 'cv.deleteFailed'));
    }
    setDeleting(false);
  }

  return (
    <section className="card dashboard-section my-cv" aria-labelledby="my-cv-title">
      <h2 id="my-cv-title">{t('cv.title')}</h2>
      {answer.loading && <Spinner label={t('cv.loading')} />}
      {answer.error && <Alert kind="error">{failureText(t, answer.error, 'cv.loadFailed')}</Alert>}
      {!answer.loading && !answer.error && (
        <>
          {cv ? (
            <>
              <p>
                {t('cv.current', {
                  name: cv.fileName,
                  size: sizeText(cv.size, i18n.language),
                  date: date(cv.uploadedAt),
                })}
              </p>
              {file.error && <Alert kind="error">{file.error}</Alert>}
              <div className="job-actions">
                <Button
                  variant="secondary"
                  loading={file.busy}
                  onClick={() => void file.download(hireApi.myCvFile, cv.fileName)}
                >
                  {t('cv.download')}
                </Button>
                <Button variant="secondary" onClick={() => setConfirming(true)}>
                  {t('cv.delete')}
                </Button>
              </div>
            </>
          ) : (
            <p>{t('cv.none')}</p>
          )}
          <CvUpload
            label={cv ? t('cv.replace') : t('cv.upload')}
            onUploaded={() => toast.show({ kind: 'success', message: t('cv.saved') })}
          />
        </>
      )}
      <ConfirmDialog
        open={confirming}
        title={t('cv.deleteTitle')}
        message={t('cv.deleteText')}
        confirmLabel={t('cv.deleteConfirm')}
        cancelLabel={t('cv.keep')}
        busy={deleting}
        error={deleteError}
        onConfirm={() => void remove()}
        onCancel={() => {
          setConfirming(false);
          setDeleteError(null);
        }}
      />
    </section>
  );
}
