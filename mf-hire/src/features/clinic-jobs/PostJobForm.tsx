import { useState, type FormEvent } from 'react';
import type { Job } from '@platform/contracts';
import { JOB_TYPES } from '@platform/contracts/values';
import { useSession } from '@platform/shell-state';
import { hireApi } from '../../api';
import {
  Button,
  FormErrors,
  SelectField,
  TextArea,
  TextField,
  useForm,
  useToast,
  useTranslation,
} from '@platform/ui';
import { emptyJobForm, jobPayload, missingFields, type JobForm } from './job-form';

/** "Post New Job": the spec's fields; the new job appears in Posted Jobs at once. */
export function PostJobForm({ onPosted }: { onPosted(job: Job): void }) {
  const { t } = useTranslation('hire');
  const toast = useToast();
  const orgName = useSession((s) => s.user?.name ?? '');
  const f = useForm<JobForm, 'required'>('hire', () => emptyJobForm(orgName), 'apply.errors');
  const { form, field } = f;
  const [sending, setSending] = useState(false);

  async function submit(e: FormEvent) {
    e.preventDefault();
    if (!f.check(Object.fromEntries(missingFields(form).map((k) => [k, 'required'])))) return;
    setSending(true);
    try {
      const res = await hireApi.postJob(jobPayload(form));
      if (res.ok) {
        f.reset(emptyJobForm(orgName));
        toast.show({ kind: 'success', message: t('clinic.posted') });
        onPosted(res.body.data);
      } else f.fail(res, 'clinic.postFailed');
    } catch (err) {
      f.fail(err, 'clinic.postFailed');
    }
    setSending(false);
  }

  return (
    <section className="card" aria-labelledby="post-job-title">
      <h2 id="post-job-title">{t('clinic.postTitle')}</h2>
      <FormErrors form={f} />
      <form onSubmit={submit} noValidate>
        <div className="form-grid">
          <TextField label={t('clinic.jobTitle')} required maxLength={160} {...field('title')} />
          <TextField label={t('clinic.organization')} required maxLength={160} {...field('organization')} />
        </div>
        <div className="form-grid">
          <TextField label={t('clinic.location')} required maxLength={160} {...field('location')} />
          <TextField label={t('clinic.department')} maxLength={120} {...field('department')} />
        </div>
        <div className="form-grid">
          <SelectField
            label={t('clinic.jobType')}
            {...field('type')}
            options={JOB_TYPES.map((type) => ({ value: type, label: t(`types.${type}`) }))}
          />
          <TextField
            label={t('clinic.salary')}
            placeholder={t('clinic.salaryPlaceholder')}
            hint={t('clinic.salaryHint')}
            maxLength={120}
            {...field('salaryRange')}
          />
        </div>
        <TextArea
          label={t('clinic.description')}
          required
          rows={5}
          maxLength={10000}
          {...field('description')}
        />
        <Button type="submit" loading={sending}>
          {t('clinic.post')}
        </Button>
      </form>
    </section>
  );
}
