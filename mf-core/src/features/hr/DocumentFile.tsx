import './texts';
import { useState, type ChangeEvent } from 'react';
import type { StoredFile } from '@platform/svc-core/contract';
import { refreshApi } from '@platform/data';
import type { ApiResult, apiFile } from '@platform/shell-state';
import { Alert, Button, useFileDownload, useTranslation } from '@platform/ui';
import { FileField } from './FileField';
import { useFailure } from './hr-access';

/** The service's DOCUMENT_FILE_MAX_BYTES: a larger file is refused before it is sent. */
export const MAX_FILE_BYTES = 5 * 1024 * 1024;
/** What the file picker offers: the formats the service recognises by their content. */
export const DOCUMENT_ACCEPT = 'application/pdf,.pdf,image/jpeg,image/png,image/webp';

/**
 * A scanned document's file (a compliance document's, a licence's): download the one stored, upload one or
 * its replacement. A PDF or an image of at most 5 MB; the service checks the content and says why it
 * refused. `name` and `number` say whose file each control is for (to a screen reader too).
 */
export function DocumentFile({
  file: stored,
  name,
  number,
  upload,
  fetchFile,
  refresh,
}: {
  file: StoredFile | null;
  name: string;
  number: string;
  upload(file: File): Promise<ApiResult<unknown>>;
  fetchFile(): ReturnType<typeof apiFile>;
  /** The API paths whose answers show the file, read again after an upload. */
  refresh: string[];
}) {
  const { t } = useTranslation('core');
  const failure = useFailure();
  const download = useFileDownload('core', 'documentFile.downloadFailed');
  const [uploading, setUploading] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const labels = { name, number };

  async function choose(e: ChangeEvent<HTMLInputElement>) {
    const chosen = e.target.files?.[0];
    // The same file may be chosen again after an error.
    e.target.value = '';
    if (!chosen) return;
    setError(null);
    if (chosen.size > MAX_FILE_BYTES) return setError(t('serverErrors.core.compliance_file_too_large'));
    setUploading(true);
    try {
      const res = await upload(chosen);
      if (res.ok) await Promise.all(refresh.map((path) => refreshApi(path)));
      else setError(failure(res));
    } catch (caught) {
      setError(failure(caught));
    }
    setUploading(false);
  }

  return (
    <div>
      {stored && (
        <p>
          {t('documentFile.fileStored', { file: stored.name })}{' '}
          <Button
            variant="secondary"
            loading={download.busy}
            onClick={() => void download.download(fetchFile, stored.name)}
            aria-label={t('documentFile.downloadFor', labels)}
          >
            {t('documentFile.download')}
          </Button>
        </p>
      )}
      {download.error && <Alert kind="error">{download.error}</Alert>}
      <FileField
        label={t(stored ? 'documentFile.replaceFile' : 'documentFile.uploadFile', labels)}
        accept={DOCUMENT_ACCEPT}
        hint={t('documentFile.fileHint')}
        error={error}
        busy={uploading}
        busyLabel={t('documentFile.uploading')}
        onChoose={(e) => void choose(e)}
      />
    </div>
  );
}
