import './texts';
import { useId, useState, type ChangeEvent } from 'react';
import type { LeaveRequest } from '@platform/svc-core/contract';
import { Alert, Button, useDateFormat, useFileDownload, useTranslation } from '@platform/ui';
import { coreApi } from '../../api';
import { DOCUMENT_ACCEPT, MAX_FILE_BYTES } from './DocumentFile';
import { FileField } from './FileField';
import { useFailure, useSubmit } from './hr-access';
import { refreshLeave, useNameOf } from './leave-common';

/**
 * A leave request's document (a sick note): chosen while asking, attached, replaced or removed later while
 * the request is pending, opened by the person, their manager and HR. The service decides who may and
 * refuses to approve a request that needs one without it (HR alone may, with a reason).
 */

/** "Sick leave, 2 to 4 March" (and whose, for an approver): what each control is for, to a screen reader too. */
function useRequestLabel() {
  const { t } = useTranslation('core');
  const nameOf = useNameOf();
  const date = useDateFormat('UTC');
  return (r: LeaveRequest, withName: boolean) => {
    const when = r.from === r.to ? date(r.from) : t('leave.span', { from: date(r.from), to: date(r.to) });
    const type = nameOf(r.typeName);
    return withName
      ? t('leaveDocument.requestOf', { name: r.personName, type, when })
      : t('leaveDocument.request', { type, when });
  };
}

/** The request's document as one line: attached (with a button that opens it), missing, or waived by HR. */
export function LeaveDocumentStatus({ request: r, withName }: { request: LeaveRequest; withName: boolean }) {
  const { t } = useTranslation('core');
  const label = useRequestLabel()(r, withName);
  const download = useFileDownload('core', 'documentFile.downloadFailed');
  const file = r.document;
  if (file)
    return (
      <div>
        {t('leaveDocument.attached', { file: file.name })}{' '}
        <Button
          variant="secondary"
          loading={download.busy}
          onClick={() => void download.download(() => coreApi.leaveDocument(r.id), file.name)}
          aria-label={t('leaveDocument.openFor', { request: label })}
        >
          {t('leaveDocument.open')}
        </Button>
        {download.error && <Alert kind="error">{download.error}</Alert>}
      </div>
    );
  if (r.documentWaived) return <div>{t('leaveDocument.waived')}</div>;
  if (r.documentRequired)
    return (
      <div>
        <span className="hr-not-cleared">{t('leaveDocument.missing')}</span>
      </div>
    );
  return null;
}

/** One's own request: its document, and while pending a field to attach or replace it and a remove button. */
export function MyLeaveDocument({ request: r }: { request: LeaveRequest }) {
  const { t } = useTranslation('core');
  const label = useRequestLabel()(r, false);
  const send = useSendLeaveDocument();
  const remove = useSubmit();
  const [uploading, setUploading] = useState(false);
  const [error, setError] = useState<string | null>(null);
  if (r.status !== 'pending') return <LeaveDocumentStatus request={r} withName={false} />;

  async function choose(e: ChangeEvent<HTMLInputElement>) {
    const chosen = e.target.files?.[0];
    // The same file may be chosen again after an error.
    e.target.value = '';
    if (!chosen) return;
    setUploading(true);
    setError(await send(r.id, chosen));
    setUploading(false);
  }

  return (
    <>
      <LeaveDocumentStatus request={r} withName={false} />
      {(r.documentRequired || r.document) && (
        <FileField
          label={t(r.document ? 'leaveDocument.replace' : 'leaveDocument.attach', { request: label })}
          accept={DOCUMENT_ACCEPT}
          hint={t('documentFile.fileHint')}
          error={error}
          busy={uploading}
          busyLabel={t('documentFile.uploading')}
          onChoose={(e) => void choose(e)}
        />
      )}
      {r.document && (
        <Button
          variant="secondary"
          loading={remove.busy}
          onClick={() =>
            void remove.submit(() => coreApi.removeLeaveDocument(r.id), {
              refresh: ['/api/core/leave/requests'],
            })
          }
          aria-label={t('leaveDocument.removeFor', { request: label })}
        >
          {t('leaveDocument.remove')}
        </Button>
      )}
      {remove.message && <Alert kind={remove.message.kind}>{remove.message.text}</Alert>}
    </>
  );
}

/**
 * Sends a chosen document to request `id` (checked here for its size first; the service checks the rest)
 * and reads the lists again: null when it was attached, else why not in the page's language.
 */
export function useSendLeaveDocument() {
  const { t } = useTranslation('core');
  const failure = useFailure();
  return async (id: string, file: File): Promise<string | null> => {
    if (file.size > MAX_FILE_BYTES) return t('serverErrors.core.compliance_file_too_large');
    try {
      const res = await coreApi.uploadLeaveDocument(id, file);
      if (!res.ok) return failure(res);
      await refreshLeave();
      return null;
    } catch (caught) {
      return failure(caught);
    }
  };
}

/**
 * The document picked while asking for leave, sent once the request is made. Offered for a type that may
 * ask for one; the hint says it may also come later.
 */
export function LeaveDocumentChoice({
  needed,
  onChoose,
}: {
  /** Whether this request needs it (the quote says so); else it is optional. */
  needed: boolean;
  onChoose(file: File | null): void;
}) {
  const { t } = useTranslation('core');
  const [error, setError] = useState<string | null>(null);
  function choose(e: ChangeEvent<HTMLInputElement>) {
    const chosen = e.target.files?.[0] ?? null;
    setError(null);
    if (chosen && chosen.size > MAX_FILE_BYTES) {
      e.target.value = '';
      setError(t('serverErrors.core.compliance_file_too_large'));
      onChoose(null);
      return;
    }
    onChoose(chosen);
  }
  return (
    <FileField
      label={t(needed ? 'leaveDocument.chooseNeeded' : 'leaveDocument.choose')}
      accept={DOCUMENT_ACCEPT}
      hint={`${t('documentFile.fileHint')} ${t('leaveDocument.later')}`}
      error={error}
      busy={false}
      busyLabel=""
      onChoose={choose}
    />
  );
}

/**
 * The approver's warning when the document a request needs is missing, and HR's choice to approve it all
 * the same (the reason then says why). A manager waits for the document.
 */
export function DocumentWaiver({
  request: r,
  isHr,
  waive,
  onWaive,
}: {
  request: LeaveRequest;
  isHr: boolean;
  waive: boolean;
  onWaive(waive: boolean): void;
}) {
  const { t } = useTranslation('core');
  const id = useId();
  if (!r.documentRequired || r.document) return null;
  return (
    <div className="hr-not-cleared-banner">
      <p>{t('leaveDocument.missingWarning')}</p>
      {isHr && (
        <label className="hr-check" htmlFor={id}>
          <input id={id} type="checkbox" checked={waive} onChange={(e) => onWaive(e.target.checked)} />{' '}
          {t('leaveDocument.waive')}
        </label>
      )}
    </div>
  );
}
