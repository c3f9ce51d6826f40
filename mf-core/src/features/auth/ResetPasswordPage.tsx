import { useState, type FormEvent } from 'react';
import { Link, useLocation } from '@platform/router';
import { Alert, Button, FormErrors, TextField, useForm, useRouteMeta, useTranslation } from '@platform/ui';
import { coreApi } from '../../api';
import {
  linkToken,
  NEW_PASSWORD_SERVER_FIELDS,
  validateNewPassword,
  type NewPasswordErrors,
  type NewPasswordForm,
} from './email-links';
import '../shared/core.css';

/** `/reset-password#token=…`, opened from the e-mail: a new password, once; every session then ends. */
export default function ResetPasswordPage() {
  const { t } = useTranslation('core');
  useRouteMeta(t('reset.title'), t('meta.reset'));
  const token = linkToken(useLocation().hash);
  const f = useForm<NewPasswordForm, NonNullable<NewPasswordErrors[keyof NewPasswordForm]>>(
    'core',
    () => ({ password: '', confirmPassword: '' }),
    'signup.errors',
    { serverFields: NEW_PASSWORD_SERVER_FIELDS },
  );
  const [submitting, setSubmitting] = useState(false);
  const [done, setDone] = useState(false);
  const [gone, setGone] = useState(false);

  async function submit(e: FormEvent) {
    e.preventDefault();
    if (!token || !f.check(validateNewPassword(f.form))) return;
    setSubmitting(true);
    try {
      const res = await coreApi.resetPassword({ token, password: f.form.password });
      if (res.ok) setDone(true);
      else if ((res.body as { code?: string }).code === 'auth.link_invalid') setGone(true);
      else f.fail(res, 'reset.failed');
    } catch (err) {
      f.fail(err, 'reset.failed');
    }
    setSubmitting(false);
  }

  return (
    <div className="container">
      <section className="card auth-card" aria-labelledby="reset-title">
        <h1 id="reset-title">{t('reset.title')}</h1>
        {done ? (
          <>
            <Alert kind="success">{t('reset.done')}</Alert>
            <p>
              <Link to="/login">{t('reset.login')}</Link>
            </p>
          </>
        ) : !token || gone ? (
          <>
            <Alert kind="error">{t('reset.gone')}</Alert>
            <p>
              <Link to="/login/forgot">{t('reset.askAgain')}</Link>
            </p>
          </>
        ) : (
          <>
            <p className="muted">{t('reset.intro')}</p>
            <FormErrors form={f} />
            <form onSubmit={submit} noValidate>
              <TextField
                label={t('reset.password')}
                type="password"
                name="password"
                autoComplete="new-password"
                hint={t('signup.passwordHint')}
                required
                {...f.field('password')}
              />
              <TextField
                label={t('signup.confirmPassword')}
                type="password"
                name="confirmPassword"
                autoComplete="new-password"
                required
                {...f.field('confirmPassword')}
              />
              <Button type="submit" loading={submitting}>
                {t('reset.submit')}
              </Button>
            </form>
          </>
        )}
      </section>
    </div>
  );
}
