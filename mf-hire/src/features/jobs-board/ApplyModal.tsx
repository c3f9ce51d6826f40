import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import type { CvInfo, Job } from '@platform/svc-hire/contract';
import { refreshApi, useApiQuery } from '@platform/data';
import { hireApi } from '../../api';
import {
  Button,
  FormErrors,
  Modal,
  ModalCancel,
  TextArea,
  TextField,
  useDateFormat,
  useForm,
  useToast,
  useTranslation,
} from '@platform/ui';
import { withScheme } from '../shared/format';
import { CvUpload } from '../cv/CvUpload';
import { applyPayload, validateApply, type ApplyError, type ApplyForm, type CvChoice } from './apply-form';

const empty: ApplyForm = {
  fullName: '',
  email: '',
  phoneNumber: '',
  resumeUrl: '',
  coverLetter: '',
  cv: 'link',
};

/** The apply form for one job: name, e-mail and phone come from the profile; cleared on success. */
export function ApplyModal({ job, onClose }: { job: Job; onClose(): void }) {
  const { t } = useTranslation('hire');
  const toast = useToast();
  const f = useForm<ApplyForm, ApplyError>('hire', empty, 'apply.errors');
  const { form, setForm, setErrors, field } = f;
  const [sending, setSending] = useState(false);

  const date = useDateFormat();
  const choiceId = useId();
  // The stored CV, or the one just uploaded here (before the query has reloaded).
  const [uploaded, setUploaded] = useState<CvInfo | null>(null);
  const storedAnswer = useApiQuery(hireApi.myCv());
  const stored = uploaded ?? storedAnswer.data?.data ?? null;
  const choiceTouched = useRef(false);
  useEffect(() => {
    // A stored CV is the one-step choice, unless the person already picked another.
    if (stored && !choiceTouched.current) setForm((f) => ({ ...f, cv: 'stored' }));
  }, [stored, setForm]);
  const choose = (cv: CvChoice) => {
    choiceTouched.current = true;
    setForm((f) => ({ ...f, cv }));
  };

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
        void refreshApi('/api/job/viewer-state');
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
  const cvError = field('cv').error;
  const option = (value: CvChoice, label: string) => (
    <label className="choice">
      <input
        type="radio"
        name={`${choiceId}-cv`}
        value={value}
        checked={form.cv === value}
        onChange={() => choose(value)}
      />{' '}
      {label}
    </label>
  );
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
        <fieldset className="cv-choice" aria-describedby={cvError ? `${choiceId}-error` : undefined}>
          <legend>{t('cv.applyLegend')}</legend>
          {stored
            ? option('stored', t('cv.useStored', { name: stored.fileName, date: date(stored.uploadedAt) }))
            : option('upload', t('cv.uploadOption'))}
          {option('link', t('cv.linkOption'))}
          {cvError && (
            <p className="field-error" id={`${choiceId}-error`}>
              {cvError}
            </p>
          )}
        </fieldset>
        {form.cv === 'upload' && (
          <CvUpload
            label={t('cv.upload')}
            onUploaded={(cv) => {
              setUploaded(cv);
              setErrors((e) => ({ ...e, cv: undefined }));
              setForm((f) => ({ ...f, cv: 'stored' }));
            }}
          />
        )}
        {form.cv === 'link' && (
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
        )}
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
