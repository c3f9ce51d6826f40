import { useState } from 'react';
import { failureText } from './forms';
import { useTranslation } from './use-translation';

/** A downloaded file handed to the browser's save: a link to an object URL, clicked once, then freed. */
export function saveFile(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = fileName;
  document.body.appendChild(a);
  a.click();
  a.remove();
  // Some browsers read the URL after click returns.
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

type FileAnswer =
  { ok: true; blob: Blob } | { ok: false; status: number; body: { message?: string; code?: string } };

/**
 * Downloads a file that needs the session's token (fetch, then save the Blob: a plain link cannot carry
 * the token), with its busy state and its failure in the page's language (`fallbackKey` in `ns`).
 */
export function useFileDownload(ns: string, fallbackKey: string) {
  const { t } = useTranslation(ns);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  async function download(fetchFile: () => Promise<FileAnswer>, fileName: string): Promise<boolean> {
    setBusy(true);
    setError(null);
    let saved = false;
    try {
      const res = await fetchFile();
      if (res.ok) {
        saveFile(res.blob, fileName);
        saved = true;
      } else setError(failureText(t, res, fallbackKey));
    } catch (err) {
      setError(failureText(t, err, fallbackKey));
    }
    setBusy(false);
    return saved;
  }
  return { download, busy, error };
}
