import { useState, type FormEvent } from 'react';
import { apiRequest } from '@platform/shell-state';
import { Alert, Button, SelectField, TextArea, TextField, useTranslation } from '@platform/ui';
import {
  FACILITY_TYPES,
  demoPayload,
  emptyDemoRequest,
  today,
  validateDemo,
  type DemoErrors,
  type DemoRequest,
} from './demo-form';

/** The demo request: really submitted; the thank-you view only after the server accepted it. */
export default function DemoRequestForm({ onClose }: { onClose(): void }) {
  const { t } = useTranslation('core');
  const [form, setForm] = useState<DemoRequest>(emptyDemoRequest);
  const [errors, setErrors] = useState<DemoErrors>({});
  const [state, setState] = useState<'idle' | 'sending' | 'sent' | 'failed'>('idle');

  const set = (key: keyof DemoRequest) => (e: { target: { value: string } }) =>
    setForm((f) => ({ ...f, [key]: e.target.value }));
  const err = (key: keyof DemoRequest) => (errors[key] ? t(`demo.errors.${errors[key]}`) : undefined);

  async function submit(e: FormEvent) {
    e.preventDefault();
    const found = validateDemo(form);
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    setState('sending');
    try {
      const res = await apiRequest('/api/content/demo-requests', { method: 'POST', body: demoPayload(form) });
      setState(res.ok ? 'sent' : 'failed');
    } catch {
      setState('failed');
    }
  }

  if (state === 'sent') {
    return (
      <div className="stack" role="status">
        <h3>{t('demo.thanksTitle')}</h3>
        <p>{t('demo.thanksText', { email: form.email.trim() })}</p>
        <Button onClick={onClose}>{t('demo.close')}</Button>
      </div>
    );
  }
  return (
    <form onSubmit={submit} noValidate>
      <p>{t('demo.intro')}</p>
      {state === 'failed' && <Alert kind="error">{t('demo.failed')}</Alert>}
      <TextField
        label={t('demo.fullName')}
        required
        autoComplete="name"
        value={form.fullName}
        onChange={set('fullName')}
        error={err('fullName')}
      />
      <TextField
        label={t('demo.organization')}
        required
        autoComplete="organization"
        value={form.organization}
        onChange={set('organization')}
        error={err('organization')}
      />
      <SelectField
        label={t('demo.facilityType')}
        required
        value={form.facilityType}
        onChange={set('facilityType')}
        options={FACILITY_TYPES.map((f) => ({ value: f, label: t(`demo.facility.${f}`) }))}
      />
      <TextField
        label={t('demo.email')}
        type="email"
        required
        autoComplete="email"
        value={form.email}
        onChange={set('email')}
        error={err('email')}
      />
      <TextField
        label={t('demo.phone')}
        type="tel"
        autoComplete="tel"
        value={form.phone}
        onChange={set('phone')}
      />
      <div className="form-grid">
        <TextField
          label={t('demo.preferredDate')}
          type="date"
          required
          min={today()}
          value={form.preferredDate}
          onChange={set('preferredDate')}
          error={err('preferredDate')}
        />
        <TextField
          label={t('demo.preferredTime')}
          type="time"
          required
          value={form.preferredTime}
          onChange={set('preferredTime')}
          error={err('preferredTime')}
        />
      </div>
      <TextArea label={t('demo.notes')} rows={3} value={form.notes} onChange={set('notes')} />
      <div className="row">
        <Button type="submit" loading={state === 'sending'}>
          {t('demo.submit')}
        </Button>
        <Button variant="secondary" onClick={onClose}>
          {t('demo.cancel')}
        </Button>
      </div>
    </form>
  );
}
