import { useState, type FormEvent } from 'react';
import { Link } from '@platform/router';
import { Alert, Button, FormErrors, TextField, useForm, useRouteMeta, useTranslation } from '@platform/ui';
import { coreApi } from '../../api';
import { validateEmail, type EmailErrors } from './email-links';
import '../shared/core.css';

type Sent = 'reset' | 'sign-in';

/**
 * `/login/forgot`: a reset link, or a one-time sign-in link (the way in while someone floods the account
 * with wrong passwords), e-mailed to the address. The answer is the same whether or not it has an account.
 */
export default function ForgotPasswordPage() {
  const { t } = useTranslation('core');
  useRouteMeta(t('forgot.title'), t('meta.forgot'));
  const f = useForm<{ email: string }, NonNullable<EmailErrors['email']>>(
    'core',
    () => ({ email: '' }),
    'signup.errors',
  );
  const [sending, setSending] = useState<Sent | null>(null);
  const [sent, setSent] = useState<Sent | null>(null);

  async function send(kind: Sent) {
    setSent(null);
    if (!f.check(validateEmail(f.form))) return;
    setSending(kind);
    const email = f.form.email.trim();
    try {
      const res = await (kind === 'reset' ? coreApi.forgotPassword(email) : coreApi.askSignInLink(email));
      if (res.ok) setSent(kind);
      else f.fail(res, 'forgot.failed');
    } catch (err) {
      f.fail(err, 'forgot.failed');
    }
    setSending(null);
  }

  function submit(e: FormEvent) {
    e.preventDefault();
    void send('reset');
  }

  return (
    <div className="container">
      <section className="card auth-card" aria-labelledby="forgot-title">
        <h1 id="forgot-title">{t('forgot.title')}</h1>
        <p className="muted">{t('forgot.intro')}</p>
        <FormErrors form={f} />
        {sent && <Alert kind="success">{t(sent === 'reset' ? 'forgot.sentReset' : 'forgot.sentLink')}</Alert>}
        <form onSubmit={submit} noValidate>
          <TextField
            label={t('login.email')}
            type="email"
            name="email"
            autoComplete="email"
            required
            {...f.field('email')}
          />
          <Button type="submit" loading={sending === 'reset'} disabled={sending !== null}>
            {t('forgot.sendReset')}
          </Button>
          <p className="muted">{t('forgot.linkIntro')}</p>
          <Button
            variant="secondary"
            loading={sending === 'sign-in'}
            disabled={sending !== null}
            onClick={() => void send('sign-in')}
          >
            {t('forgot.sendLink')}
          </Button>
        </form>
        <p className="auth-switch">
          <Link to="/login">{t('forgot.back')}</Link>
        </p>
      </section>
    </div>
  );
}
