import { useState, type FormEvent } from 'react';
import { Link, useLocation, useNavigate } from '@platform/router';
import { nextPath, useSession } from '@platform/shell-state';
import { coreApi } from '../../api';
import { Alert, Button, failureText, TextField, useRouteMeta, useTranslation } from '@platform/ui';
import '../shared/core.css';

export default function LoginPage() {
  const { t } = useTranslation('core');
  useRouteMeta(t('login.title'), t('meta.login'));
  const navigate = useNavigate();
  const { search } = useLocation();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [submitting, setSubmitting] = useState(false);

  async function submit(e: FormEvent) {
    e.preventDefault();
    setError(null);
    setSubmitting(true);
    try {
      const res = await coreApi.login({ email: email.trim(), password });
      if (res.ok && res.body.token) {
        useSession.getState().signIn(res.body.token, res.body.user);
        // Back to where the visitor was sent from (e.g. the job they wanted to apply for).
        navigate(nextPath(search));
        return;
      }
      setError(failureText(t, res, 'loginFailed'));
    } catch (err) {
      setError(failureText(t, err, 'loginFailed'));
    }
    setSubmitting(false);
  }

  return (
    <div className="container">
      <section className="card auth-card" aria-labelledby="login-title">
        <h1 id="login-title">{t('login.title')}</h1>
        <p className="muted">{t('login.intro')}</p>
        {error && <Alert kind="error">{error}</Alert>}
        <form onSubmit={submit}>
          <TextField
            label={t('login.email')}
            type="email"
            name="email"
            autoComplete="email"
            required
            value={email}
            onChange={(e) => setEmail(e.target.value)}
          />
          <TextField
            label={t('login.password')}
            type="password"
            name="password"
            autoComplete="current-password"
            required
            value={password}
            onChange={(e) => setPassword(e.target.value)}
          />
          <Button type="submit" loading={submitting}>
            {submitting ? t('login.submitting') : t('login.submit')}
          </Button>
        </form>
        <p className="auth-switch">
          {t('login.noAccount')} <Link to="/signup">{t('login.signupLink')}</Link>
        </p>
      </section>
    </div>
  );
}
