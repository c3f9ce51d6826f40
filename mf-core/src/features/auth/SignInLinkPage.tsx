import { useState } from 'react';
import { Link, useLocation, useNavigate } from '@platform/router';
import { landingPath, useSession } from '@platform/shell-state';
import { Alert, Button, failureText, useRouteMeta, useTranslation } from '@platform/ui';
import { coreApi } from '../../api';
import { linkToken } from './email-links';
import '../shared/core.css';

/**
 * `/login/link#token=…`, opened from the e-mail: signs the owner in without the password, once. It waits
 * for a press, so a mail scanner that opens links uses nothing up.
 */
export default function SignInLinkPage() {
  const { t } = useTranslation('core');
  useRouteMeta(t('signInLink.title'), t('meta.login'));
  const navigate = useNavigate();
  const token = linkToken(useLocation().hash);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(token ? null : t('serverErrors.auth.link_invalid'));

  async function signIn() {
    if (!token) return;
    setBusy(true);
    setError(null);
    try {
      const res = await coreApi.redeemSignInLink(token);
      if (res.ok) {
        useSession.getState().signIn(res.body.token, res.body.user);
        navigate(landingPath('', res.body.user.role));
        return;
      }
      setError(failureText(t, res, 'loginFailed'));
    } catch (err) {
      setError(failureText(t, err, 'loginFailed'));
    }
    setBusy(false);
  }

  return (
    <div className="container">
      <section className="card auth-card" aria-labelledby="link-title">
        <h1 id="link-title">{t('signInLink.title')}</h1>
        {error ? (
          <>
            <Alert kind="error">{error}</Alert>
            <p>
              <Link to="/login/forgot">{t('reset.askAgain')}</Link>
            </p>
          </>
        ) : (
          <p className="muted">{t('signInLink.intro')}</p>
        )}
        {token && (
          <Button loading={busy} onClick={() => void signIn()}>
            {t('signInLink.submit')}
          </Button>
        )}
      </section>
    </div>
  );
}
