import { useEffect, useState, type FormEvent } from 'react';
import type { Job } from '@platform/contracts';
import { refreshApi, useApiQuery } from '@platform/data';
import { hireApi } from '../../api';
import {
  Button,
  FormErrors,
  Modal,
  ModalCancel,
  TextArea,
  TextField,
  useForm,
  useToast,
  useTranslation,
} from '@platform/ui';
import { withScheme } from '../shared/format';
import { applyPayload, validateApply, type ApplyError, type ApplyForm } from './apply-form';

const empty: ApplyForm = { fullName: '', email: '', phoneNumber: '', resumeUrl: '', coverLetter: '' };

/** The apply form for one job: name, e-mail and phone come from the profile; cleared on success. */
export function ApplyModal({ job, onClose }: { job: Job; onClose(): void }) {
  const { t } = useTranslation('hire');
  const toast = useToast();
  const f = useForm<ApplyForm, ApplyError>('hire', empty, 'apply.errors');
  const { form, setForm, field } = f;
  const [sending, setSending] = useState(false);

  const me = useApiQuery(hireApi.me());
  useEffect(() => {
    if (!me.data) return;
    const { name, email, phone } = me.data.user;
    // Only fill what the person has not started typing.
    setForm((f) => ({
      ...f,
      fullName: f.fullName || name,
      email: f.email || email,
      phoneNumber: f.phoneNumber || phone,
    }));
  }, [me.data, setForm]);

  async function submit(e: FormEvent) {
    e.preventDefault();
    if (!f.check(validateApply(form))) return;
    setSending(true);
    try {
      const res = await hireApi.apply(applyPayload(job.id, form));
      if (res.ok) {
        // The professional's dashboard lists it next time it shows.
        void refreshApi('/api/application');
        f.reset(empty);
        toast.show({ kind: 'success', message: t('apply.submitted', { title: job.title }) });
        onClose();
        return;
      }
      f.fail(res, 'apply.failed');
    } catch (err) {
      f.fail(err, 'apply.failed');
    }
    setSending(false);
  }

  const resume = field('resumeUrl');
  return (
    <Modal open onClose={onClose} dirty={f.dirty} title={t('apply.title', { title: job.title })}>
      <p className="muted">
        {job.organization} · {job.location}
      </p>
      <FormErrors form={f} />
      <form onSubmit={submit} noValidate>
        <TextField
          label={t('apply.fullName')}
          required
          autoComplete="name"
          maxLength={120}
          {...field('fullName')}
        />
        <div className="form-grid">
          <TextField
            label={t('apply.email')}
            type="email"
            required
            autoComplete="email"
            maxLength={254}
            {...field('email')}
          />
          <TextField
            label={t('apply.phone')}
            type="tel"
            required
            autoComplete="tel"
            maxLength={32}
            {...field('phoneNumber')}
          />
        </div>
        <TextField
          label={t('apply.resumeUrl')}
          type="url"
          inputMode="url"
          required
          maxLength={2048}
          hint={t('apply.resumeHint')}
          {...resume}
          // The original added http:// when showing a bare link; we add the scheme as it is typed in.
          onBlur={() => setForm((f) => ({ ...f, resumeUrl: withScheme(f.resumeUrl) }))}
        />
        <TextArea label={t('apply.coverLetter')} rows={5} maxLength={5000} {...field('coverLetter')} />
        <div className="row confirm-actions">
          <ModalCancel>{t('apply.cancel')}</ModalCancel>
          <Button type="submit" loading={sending}>
            {t('apply.submit')}
          </Button>
        </div>
      </form>
    </Modal>
  );
}
