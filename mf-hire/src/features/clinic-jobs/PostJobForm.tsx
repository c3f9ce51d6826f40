import { useState, type FormEvent } from 'react';
import type { Job } from '@platform/svc-hire/contract';
import { EXPERIENCE_LEVELS, JOB_TYPES, SALARY_MAX, SALARY_PERIODS } from '@platform/contracts/values';
import type { PaymentRequiredResponse } from '@platform/contracts';
import { Link, useNavigate } from '@platform/router';
import { useSession } from '@platform/shell-state';
import { hireApi } from '../../api';
import {
  Alert,
  Button,
  FormErrors,
  ModalCancel,
  SelectField,
  TextArea,
  TextField,
  useForm,
  useToast,
  useTranslation,
} from '@platform/ui';
import {
  emptyJobForm,
  jobChanges,
  jobPayload,
  jobToForm,
  missingFields,
  salaryOutOfOrder,
  type JobForm,
} from './job-form';

// The 402 codes (`PaymentRequiredResponse`), as literals: no schema code in the browser.
const NOT_BOUGHT: PaymentRequiredResponse['code'] = 'billing.entitlement_required';
const LIMIT_REACHED: PaymentRequiredResponse['code'] = 'billing.limit_reached';

/**
 * "Post New Job": the spec's fields; the new job appears in Posted Jobs at once. With `job`, the same form
 * edits that job (inside the caller's dialog, which gives it its title): pre-filled, and saving sends only
 * what changed; its applicants are kept.
 */
export function PostJobForm({
  job,
  onPosted,
  onSaved,
}: {
  job?: Job;
  onPosted?(job: Job): void;
  onSaved?(job: Job): void;
}) {
  const { t } = useTranslation('hire');
  const toast = useToast();
  const orgName = useSession((s) => s.user?.name ?? '');
  const initial = () => (job ? jobToForm(job) : emptyJobForm(orgName));
  const f = useForm<JobForm, JobError>('hire', initial, 'apply.errors', {
    validate: jobErrors,
  });
  const { form, field } = f;
  const [sending, setSending] = useState(false);
  // The open postings the plan allows, once a posting was refused for it.
  const [limitReached, setLimitReached] = useState<number | null>(null);
  const navigate = useNavigate();

  async function submit(e: FormEvent) {
    e.preventDefault();
    if (!f.check(jobErrors(form))) return;
    if (job) return save(job);
    setSending(true);
    try {
      setLimitReached(null);
      const res = await hireApi.postJob(jobPayload(form));
      const refusal = res.ok ? null : (res.body as unknown as Partial<PaymentRequiredResponse>);
      const code = refusal?.code;
      // Not bought: the way out is the plans, Hire chosen, not an error. A limit: the way to a bigger plan.
      if (res.status === 402 && code === NOT_BOUGHT) {
        navigate('/pricing?choose=hire');
        return;
      }
      if (res.status === 402 && code === LIMIT_REACHED) {
        setLimitReached(refusal?.allowed ?? 0);
        setSending(false);
        return;
      }
      if (res.ok) {
        f.reset(emptyJobForm(orgName));
        toast.show({ kind: 'success', message: t('clinic.posted') });
        onPosted?.(res.body.data);
      } else f.fail(res, 'clinic.postFailed');
    } catch (err) {
      f.fail(err, 'clinic.postFailed');
    }
    setSending(false);
  }

  async function save(before: Job) {
    const changes = jobChanges(jobToForm(before), form);
    if (Object.keys(changes).length === 0) {
      onSaved?.(before);
      return;
    }
    setSending(true);
    try {
      const res = await hireApi.updateJob(before.id, changes);
      if (res.ok) {
        setSending(false);
        toast.show({ kind: 'success', message: t('clinic.saved') });
        onSaved?.(res.body.data);
        return;
      }
      f.fail(res, 'clinic.saveFailed');
    } catch (err) {
      f.fail(err, 'clinic.saveFailed');
    }
    setSending(false);
  }

  return (
    <section
      className={job ? 'edit-job' : 'card'}
      // Editing, the dialog's title names it.
      aria-labelledby={job ? undefined : 'post-job-title'}
    >
      {job ? (
        <p className="muted">{t('clinic.editApplicantsKept')}</p>
      ) : (
        <h2 id="post-job-title">{t('clinic.postTitle')}</h2>
      )}
      <FormErrors form={f} />
      {limitReached !== null && (
        <Alert kind="error">
          {t('clinic.limitReached', { count: limitReached })} <Link to="/pricing">{t('clinic.upgrade')}</Link>
        </Alert>
      )}
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
          <SelectField
            label={t('clinic.experience')}
            {...field('experienceLevel')}
            options={[
              { value: '', label: t('clinic.noLevel') },
              ...EXPERIENCE_LEVELS.map((level) => ({ value: level, label: t(`experience.${level}`) })),
            ]}
          />
        </div>
        <fieldset className="salary-fields">
          <legend>{t('clinic.salary')}</legend>
          <p className="muted">{t('clinic.salaryFiguresHint')}</p>
          <div className="form-grid">
            {(['salaryMin', 'salaryMax'] as const).map((k) => (
              <TextField
                key={k}
                label={t(`clinic.${k}`)}
                type="number"
                inputMode="numeric"
                min={0}
                max={SALARY_MAX}
                step={1}
                {...field(k)}
              />
            ))}
            <SelectField
              label={t('clinic.salaryPeriod')}
              {...field('salaryPeriod')}
              options={SALARY_PERIODS.map((p) => ({ value: p, label: t(`period.${p}`) }))}
            />
          </div>
        </fieldset>
        <TextField
          label={t('clinic.closesAt')}
          hint={t('clinic.closesAtHint')}
          type="date"
          min={new Date().toISOString().slice(0, 10)}
          {...field('closesAt')}
        />
        <TextArea
          label={t('clinic.description')}
          required
          rows={5}
          maxLength={10000}
          {...field('description')}
        />
        {job ? (
          <div className="row confirm-actions">
            <ModalCancel>{t('clinic.cancel')}</ModalCancel>
            <Button type="submit" loading={sending}>
              {t('clinic.save')}
            </Button>
          </div>
        ) : (
          <Button type="submit" loading={sending}>
            {t('clinic.post')}
          </Button>
        )}
      </form>
    </section>
  );
}

type JobError = 'required' | 'salaryOrder';

/** What the form refuses: each missing field, and a salary range upside down. */
function jobErrors(form: JobForm): Partial<Record<keyof JobForm, JobError>> {
  return {
    ...Object.fromEntries(missingFields(form).map((k) => [k, 'required' as const])),
    ...(salaryOutOfOrder(form) ? { salaryMax: 'salaryOrder' as const } : {}),
  };
}
