import { useEffect, useState, type FormEvent } from 'react';
import { refreshApi, useApiQuery } from '@platform/data';
import { normaliseKraPin } from '@platform/svc-billing/contract/kra-pin';
import { Alert, Button, failureText, TextField, useTranslation } from '@platform/ui';
import { billingApi } from '../../api';

/**
 * "Billing details" on `/billing`: the organisation's KRA PIN, which the invoices issued from then on print
 * as the buyer's (those already issued keep what they said). Checked here as the server checks it (a
 * letter, 9 digits, a letter); left empty, the invoices carry none.
 */
export function BillingDetailsForm() {
  const { t } = useTranslation('billing');
  const details = useApiQuery(billingApi.details());
  const saved = details.data?.data?.kraPin ?? null;
  const [pin, setPin] = useState('');
  const [error, setError] = useState<string | undefined>();
  const [failure, setFailure] = useState<unknown>(null);
  const [busy, setBusy] = useState(false);
  const [done, setDone] = useState<string | null | undefined>(undefined);
  useEffect(() => setPin(saved ?? ''), [saved]);

  async function onSubmit(e: FormEvent) {
    e.preventDefault();
    setDone(undefined);
    setFailure(null);
    const kraPin = pin.trim() === '' ? null : normaliseKraPin(pin);
    if (kraPin === null && pin.trim() !== '') {
      setError(t('details.kraPinInvalid'));
      return;
    }
    setError(undefined);
    setBusy(true);
    const res = await billingApi.saveDetails({ kraPin }).catch((err: unknown) => err);
    setBusy(false);
    if (res && typeof res === 'object' && 'ok' in res && res.ok) {
      setDone(kraPin);
      await refreshApi('/api/billing/details');
    } else setFailure(res);
  }

  return (
    <section aria-labelledby="billing-details" className="billing-details">
      <h2 id="billing-details">{t('details.title')}</h2>
      <p className="muted">{t('details.intro')}</p>
      {details.error && <Alert kind="error">{failureText(t, details.error, 'details.failed')}</Alert>}
      <form onSubmit={(e) => void onSubmit(e)} noValidate>
        <TextField
          label={t('details.kraPin')}
          hint={t('details.kraPinHint')}
          error={error}
          name="kraPin"
          autoComplete="off"
          autoCapitalize="characters"
          spellCheck={false}
          maxLength={20}
          value={pin}
          disabled={details.loading}
          onChange={(e) => setPin(e.target.value)}
        />
        <Button type="submit" loading={busy} disabled={details.loading}>
          {t('details.save')}
        </Button>
      </form>
      <p role="status">
        {done !== undefined && (done ? t('details.saved', { kraPin: done }) : t('details.removed'))}
      </p>
      {failure !== null && <Alert kind="error">{failureText(t, failure, 'details.saveFailed')}</Alert>}
    </section>
  );
}
