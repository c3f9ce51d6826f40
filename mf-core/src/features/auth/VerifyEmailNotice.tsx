import { useState } from 'react';
import { Alert, Button, failureText, useTranslation } from '@platform/ui';
import { coreApi } from '../../api';

/**
 * Said wherever an unverified address stops something (the profile, the team page): what it stops, and
 * "Send again" for a new link.
 */
export function VerifyEmailNotice({ email }: { email: string }) {
  const { t } = useTranslation('core');
  const [sending, setSending] = useState(false);
  const [result, setResult] = useState<{ kind: 'success' | 'error'; text: string } | null>(null);

  async function resend() {
    setSending(true);
    try {
      const res = await coreApi.resendVerification();
      setResult(
        res.ok
          ? { kind: 'success', text: t('verify.sent', { email }) }
          : { kind: 'error', text: failureText(t, res, 'verify.sendFailed') },
      );
    } catch (err) {
      setResult({ kind: 'error', text: failureText(t, err, 'verify.sendFailed') });
    }
    setSending(false);
  }

  return (
    <div className="verify-notice">
      <Alert kind="info">
        <p>{t('verify.needed', { email })}</p>
        <Button variant="secondary" loading={sending} onClick={() => void resend()}>
          {t('verify.sendAgain')}
        </Button>
      </Alert>
      {result && <Alert kind={result.kind}>{result.text}</Alert>}
    </div>
  );
}
