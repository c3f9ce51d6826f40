import { useEffect, useState } from 'react';
import type { Application } from '@platform/svc-hire/contract';
import { DECISION_MESSAGE_MAX } from '@platform/contracts/values';
import { Alert, Button, Modal, TextArea, failureText, useTranslation } from '@platform/ui';
import { hireApi } from '../../api';

export type Decision = 'accepted' | 'rejected';

/**
 * Asks the clinic to confirm an Accept or Reject, with an optional short message to the applicant (sent
 * with the decision and shown to them). A failure shows inside the dialog: the page under it is inert.
 */
export function DecisionDialog({
  application,
  decision,
  onDone,
  onCancel,
}: {
  application: Application | null;
  decision: Decision;
  onDone(application: Application, decision: Decision): void;
  onCancel(): void;
}) {
  const { t } = useTranslation('hire');
  const [message, setMessage] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  // A new dialog starts empty.
  useEffect(() => {
    setMessage('');
    setError(null);
  }, [application?.id, decision]);

  const name = application?.fullName ?? '';
  async function confirm() {
    if (!application) return;
    setBusy(true);
    setError(null);
    try {
      const res = await hireApi.setStatus(application.id, decision, message.trim() || undefined);
      if (res.ok) onDone(application, decision);
      else setError(failureText(t, res, 'clinic.decideFailed'));
    } catch (err) {
      setError(failureText(t, err, 'clinic.decideFailed'));
    }
    setBusy(false);
  }

  return (
    <Modal
      open={application !== null}
      onClose={onCancel}
      title={t(decision === 'accepted' ? 'decision.acceptTitle' : 'decision.rejectTitle', { name })}
    >
      <form
        onSubmit={(e) => {
          e.preventDefault();
          void confirm();
        }}
      >
        <p>{t(decision === 'accepted' ? 'decision.acceptText' : 'decision.rejectText', { name })}</p>
        <TextArea
          label={t('decision.messageLabel')}
          hint={t('decision.messageHint', {
            max: DECISION_MESSAGE_MAX,
            left: DECISION_MESSAGE_MAX - message.length,
          })}
          value={message}
          maxLength={DECISION_MESSAGE_MAX}
          rows={4}
          onChange={(e) => setMessage(e.target.value)}
        />
        {error && <Alert kind="error">{error}</Alert>}
        <div className="row confirm-actions">
          <Button type="button" variant="secondary" onClick={onCancel} disabled={busy}>
            {t('decision.cancel')}
          </Button>
          <Button type="submit" loading={busy}>
            {t(decision === 'accepted' ? 'decision.confirmAccept' : 'decision.confirmReject')}
          </Button>
        </div>
      </form>
    </Modal>
  );
}
