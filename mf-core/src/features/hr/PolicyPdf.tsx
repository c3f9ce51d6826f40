import './texts';
import { type ChangeEvent } from 'react';
import type { PolicySummary } from '@platform/svc-core/contract';
import { refreshApi } from '@platform/data';
import { Alert, Button, useFileDownload, useTranslation } from '@platform/ui';
import { FileField } from './FileField';
import { coreApi } from '../../api';
import { useSubmit } from './hr-access';

/** The service's DOCUMENT_FILE_MAX_BYTES: a larger file is refused before it is sent. */
const MAX_PDF_BYTES = 5 * 1024 * 1024;

/**
 * A policy version published as a PDF: open it (a download; the service keeps that the caller opened it,
 * which acknowledging such a version needs).
 */
export function OpenPolicyPdf({ policy: p }: { policy: PolicySummary }) {
  const { t } = useTranslation('core');
  const download = useFileDownload('core', 'policies.pdfFailed');
  if (!p.file) return null;
  const file = p.file;
  async function open() {
    if (await download.download(() => coreApi.policyFile(p.id), file.name))
      await refreshApi('/api/core/policies');
  }
  return (
    <p>
      {t('policies.pdfFile', { file: file.name })}{' '}
      <Button
        variant="secondary"
        loading={download.busy}
        onClick={() => void open()}
        aria-label={t('policies.openPdfFor', { title: p.title })}
      >
        {t('policies.openPdf')}
      </Button>
      {download.error && <Alert kind="error">{download.error}</Alert>}
    </p>
  );
}

/** HR publishes a PDF as the policy's new version (everyone it is assigned to is asked again). */
export function PublishPolicyPdf({ policy: p, done }: { policy: PolicySummary; done(): void }) {
  const { t } = useTranslation('core');
  const { submit, busy, message, setMessage } = useSubmit();

  function choose(e: ChangeEvent<HTMLInputElement>) {
    const chosen = e.target.files?.[0];
    // The same file may be chosen again after an error.
    e.target.value = '';
    if (!chosen) return;
    if (chosen.size > MAX_PDF_BYTES)
      return setMessage({ kind: 'error', text: t('serverErrors.core.compliance_file_too_large') });
    void submit(() => coreApi.publishPolicyPdf(p.id, chosen), { refresh: ['/api/core/policies'], done });
  }

  return (
    <FileField
      label={t('policies.publishPdf')}
      accept="application/pdf,.pdf"
      hint={t('policies.pdfHint')}
      error={message?.text ?? null}
      busy={busy}
      busyLabel={t('policies.pdfPublishing')}
      onChoose={choose}
    />
  );
}
