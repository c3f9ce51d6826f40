import { useEffect, useRef, useState, type FormEvent } from 'react';
import { coreApi } from '../../api';
import {
  Button,
  FormErrors,
  ModalCancel,
  SelectField,
  TextArea,
  TextField,
  useForm,
  useTranslation,
} from '@platform/ui';
import {
  FACILITY_TYPES,
  demoPayload,
  emptyDemoRequest,
  today,
  validateDemo,
  type DemoErrors,
  type DemoRequest,
} from './demo-form';
import { Honeypot } from '../contact/Honeypot';

/**
 * The demo request: really submitted (svc-content's inbox); the thank-you view only after the server accepted
 * it. In the landing page's dialog, or on its own page (`standalone`: no Cancel, and Close leads on).
 */
export default function DemoRequestForm({
  onClose,
  standalone = false,
}: {
  onClose(): void;
  standalone?: boolean;
}) {
  const { t } = useTranslation('core');
  const f = useForm<DemoRequest, NonNullable<DemoErrors[keyof DemoRequest]>>(
    'core',
    emptyDemoRequest,
    'demo.errors',
    { validate: validateDemo },
  );
  const { form, field } = f;
  const [state, setState] = useState<'idle' | 'sending' | 'sent'>('idle');
  // The thank-you replaces the form: focus goes to it, else it would be lost with the button pressed.
  const thanks = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    if (state !== 'sent') return;
    thanks.current?.focus({ preventScroll: true });
    thanks.current?.scrollIntoView?.({ block: 'center' });
  }, [state]);

  async function submit(e: FormEvent) {
    e.preventDefault();
    if (!f.check(validateDemo(form))) return;
    setState('sending');
    try {
      const res = await coreApi.requestDemo(demoPayload(form));
      if (res.ok) {
        // Sent: nothing left to lose, the dialog closes without asking.
        f.reset(form);
        setState('sent');
        return;
      }
      // Refused (too many from this network, ...): said why, in place, with the typed request kept.
      f.fail(res, 'demo.failed');
    } catch (err) {
      f.fail(err, 'demo.failed');
    }
    setState('idle');
  }

  if (state === 'sent') {
    return (
      <div className="stack" role="status">
        <h3 ref={thanks} tabIndex={-1}>
          {t('demo.thanksTitle')}
        </h3>
        <p>{t('demo.thanksText', { email: form.email.trim() })}</p>
        <Button onClick={onClose}>{t('demo.close')}</Button>
      </div>
    );
  }
  return (
    <form onSubmit={submit} noValidate>
      <p>{t('demo.intro')}</p>
      <FormErrors form={f} />
      <TextField label={t('demo.fullName')} required autoComplete="name" {...field('fullName')} />
      <TextField
        label={t('demo.organization')}
        required
        autoComplete="organization"
        {...field('organization')}
      />
      <SelectField
        label={t('demo.facilityType')}
        required
        {...field('facilityType')}
        options={FACILITY_TYPES.map((f) => ({ value: f, label: t(`demo.facility.${f}`) }))}
      />
      <TextField label={t('demo.email')} type="email" required autoComplete="email" {...field('email')} />
      <TextField label={t('demo.phone')} type="tel" autoComplete="tel" {...field('phone')} />
      <div className="form-grid">
        <TextField
          label={t('demo.preferredDate')}
          type="date"
          required
          min={today()}
          {...field('preferredDate')}
        />
        <TextField label={t('demo.preferredTime')} type="time" required {...field('preferredTime')} />
      </div>
      <TextArea label={t('demo.notes')} rows={3} {...field('notes')} />
      <Honeypot value={form.website} onChange={(website) => f.setForm((v) => ({ ...v, website }))} />
      <div className="row">
        <Button type="submit" loading={state === 'sending'}>
          {t('demo.submit')}
        </Button>
        {!standalone && <ModalCancel>{t('demo.cancel')}</ModalCancel>}
      </div>
    </form>
  );
}
