import { useEffect, useState } from 'react';
import { refreshApi } from '@platform/data';
import { Link, useLocation } from '@platform/router';
import { useSession } from '@platform/shell-state';
import { Alert, failureText, Spinner, useRouteMeta, useTranslation } from '@platform/ui';
import { coreApi } from '../../api';
import { linkToken } from './email-links';
import '../shared/core.css';

type Outcome = { kind: 'success' } | { kind: 'error'; text: string };

/** `/verify-email#token=…`, opened from the e-mail: proves the address is the account's, once. */
export default function VerifyEmailPage() {
  const { t } = useTranslation('core');
  useRouteMeta(t('verify.title'));
  const token = linkToken(useLocation().hash);
  const signedIn = useSession((s) => s.token !== null);
  const [outcome, setOutcome] = useState<Outcome | null>(
    token ? null : { kind: 'error', text: t('serverErrors.auth.link_invalid') },
  );

  useEffect(() => {
    if (!token) return;
    let live = true;
    coreApi
      .verifyEmail(token)
      .then(async (res) => {
        if (res.ok) await refreshApi('/api/user/me');
        if (live)
          setOutcome(
            res.ok ? { kind: 'success' } : { kind: 'error', text: failureText(t, res, 'verify.failed') },
          );
      })
      .catch(
        (err: unknown) => live && setOutcome({ kind: 'error', text: failureText(t, err, 'verify.failed') }),
      );
    return () => {
      live = false;
    };
    // Once per link opened.
  }, [token]);

  return (
    <div className="container">
      <section className="card auth-card" aria-labelledby="verify-title">
        <h1 id="verify-title">{t('verify.title')}</h1>
        {!outcome && <Spinner label={t('verify.checking')} />}
        {outcome?.kind === 'success' && <Alert kind="success">{t('verify.done')}</Alert>}
        {outcome?.kind === 'error' && (
          <>
            <Alert kind="error">{outcome.text}</Alert>
            <p className="muted">{t('verify.again')}</p>
          </>
        )}
        {outcome && (
          <p>
            <Link to={signedIn ? '/profile' : '/login'}>
              {t(signedIn ? 'verify.toProfile' : 'reset.login')}
            </Link>
          </p>
        )}
      </section>
    </div>
  );
}
