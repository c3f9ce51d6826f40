import { useState } from 'react';
import { failureText, useTranslation } from '@platform/ui';
import type { apiFile } from '@platform/shell-state';
import { saveFile } from './cv-file';

/** Downloads a file that needs the session's token (fetch, then save the Blob), with its busy and error state. */
export function useFileDownload() {
  const { t } = useTranslation('hire');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  async function download(fetchFile: () => ReturnType<typeof apiFile>, fileName: string) {
    setBusy(true);
    setError(null);
    try {
      const res = await fetchFile();
      if (res.ok) saveFile(res.blob, fileName);
      else setError(failureText(t, res, 'cv.downloadFailed'));
    } catch (err) {
      setError(failureText(t, err, 'cv.downloadFailed'));
    }
    setBusy(false);
  }
  return { download, busy, error };
}
