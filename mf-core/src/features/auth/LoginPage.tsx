import { useState, type FormEvent } from 'react';
import { Link, useLocation, useNavigate } from '@platform/router';
import { journeyQuery, landingPath, useSession } from '@platform/shell-state';
import { coreApi } from '../../api';
import { Alert, Button, FormErrors, TextField, useForm, useRouteMeta, useTranslation } from '@platform/ui';
import { validateLogin, type LoginErrors, type LoginForm, type SignedUp } from './login';
import '../shared/core.css';

export default function LoginPage() {
  const { t } = useTranslation('core');
  useRouteMeta(t('login.title'), t('meta.login'));
  const navigate = useNavigate();
  const { search, state } = useLocation();
  // Sent back by a sign-up that started no session (the address already had an account): the address is
  // filled in (never the password), and a note says its owner has been e-mailed.
  const signedUp = (state as SignedUp | null)?.email;
  const f = useForm<LoginForm, NonNullable<LoginErrors[keyof LoginForm]>>(
    'core',
    () => ({ email: signedUp ?? '', password: '' }),
    'signup.errors',
  );
  const [submitting, setSubmitting] = useState(false);

  async function submit(e: FormEvent) {
    e.preventDefault();
    if (!f.check(validateLogin(f.form))) return;
    setSubmitting(true);
    try {
      const res = await coreApi.login({ email: f.form.email.trim(), password: f.form.password });
      if (res.ok && res.body.token) {
        useSession.getState().signIn(res.body.token, res.body.user);
        // Back to where the visitor was sent from (e.g. the job they wanted to apply for), else to
        // where the role's work is.
        navigate(landingPath(search, res.body.user.role));
        return;
      }
      f.fail(res, 'loginFailed');
    } catch (err) {
      f.fail(err, 'loginFailed');
    }
    setSubmitting(false);
  }

  return (
    <div className="container">
      <section className="card auth-card" aria-labelledby="login-title">
        <h1 id="login-title">{t('login.title')}</h1>
        <p className="muted">{t('login.intro')}</p>
        {signedUp && <Alert kind="info">{t('signup.checkEmail')}</Alert>}
        <FormErrors form={f} />
        <form onSubmit={submit} noValidate>
          <TextField
            label={t('login.email')}
            type="email"
            name="email"
            autoComplete="email"
            required
            {...f.field('email')}
          />
          <TextField
            label={t('login.password')}
            type="password"
            name="password"
            autoComplete="current-password"
            required
            {...f.field('password')}
          />
          <p className="auth-forgot">
            <Link to="/login/forgot">{t('login.forgot')}</Link>
          </p>
          <Button type="submit" loading={submitting}>
            {submitting ? t('login.submitting') : t('login.submit')}
          </Button>
        </form>
        <p className="auth-switch">
          {t('login.noAccount')} <Link to={`/signup${journeyQuery(search)}`}>{t('login.signupLink')}</Link>
        </p>
      </section>
    </div>
  );
}
