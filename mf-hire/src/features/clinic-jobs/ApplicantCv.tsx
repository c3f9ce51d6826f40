import type { Application } from '@platform/svc-hire/contract';
import { Button, useFileDownload, useTranslation } from '@platform/ui';
import { hireApi } from '../../api';

/** An applicant's CV: the stored PDF it was sent with (downloaded with the session's token), or the link. */
export function ApplicantCv({ application: a }: { application: Application }) {
  const { t } = useTranslation('hire');
  const file = useFileDownload('hire', 'cv.downloadFailed');
  if (!a.cv)
    return (
      // The server accepts only http(s) links; a new tab without access to this page.
      <a href={a.resumeUrl} target="_blank" rel="noopener noreferrer">
        {t('clinic.openResume')}
      </a>
    );
  const { fileName } = a.cv;
  return (
    <>
      <Button
        variant="secondary"
        loading={file.busy}
        aria-label={t('applicant.downloadCvOf', { name: a.fullName })}
        onClick={() => void file.download(() => hireApi.applicationCvFile(a.id), fileName)}
      >
        {t('applicant.downloadCv')}
      </Button>
      {file.error && (
        <p className="field-error" role="alert">
          {file.error}
        </p>
      )}
    </>
  );
}
