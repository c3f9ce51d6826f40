import { ApiFailure, useApiQuery } from '@platform/data';
import { Link, useParams } from '@platform/router';
import { Alert, failureText, Spinner, useRouteMeta, useTranslation } from '@platform/ui';
import { eventsApi } from '../../api';
import '../shared/events.css';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * /event/certificates/:id, the page a certificate's QR code opens: whether AfyaHR issued it ("genuine")
 * or not ("not found"); what a genuine one says (holder, event, date, points, issuer), to compare with the
 * paper; and whether its issuer is an organisation the platform verified.
 */
export default function CertificatePage() {
  const { t } = useTranslation('events');
  useRouteMeta(t('verify.title'), t('verify.description'));
  const { id = '' } = useParams();
  const wellFormed = UUID.test(id);
  const answer = useApiQuery(wellFormed ? eventsApi.certificate(id) : null);
  const notFound =
    !wellFormed ||
    answer.data?.data.genuine === false ||
    (answer.error instanceof ApiFailure && [400, 404].includes(answer.error.status));
  const genuine = answer.data?.data.genuine === true;
  const c = answer.data?.data.certificate;
  return (
    <div className="container section">
      <h1>{t('verify.title')}</h1>
      <p className="muted">{t('verify.number', { id })}</p>
      {!notFound && answer.loading && <Spinner label={t('verify.loading')} />}
      {!notFound && answer.error && (
        <Alert kind="error">{failureText(t, answer.error, 'verify.failed')}</Alert>
      )}
      {genuine && (
        <div className="card verify-result" role="status">
          <span className="verify-mark" aria-hidden="true">
            ✓
          </span>
          <h2>{t('verify.genuine')}</h2>
          <p>{t('verify.genuineText')}</p>
          {c && (
            <>
              <p>{t('verify.compare')}</p>
              <dl className="verify-details">
                <dt>{t('verify.holder')}</dt>
                <dd>{c.holderName}</dd>
                <dt>{t('verify.event')}</dt>
                <dd>{c.eventTitle}</dd>
                <dt>{t('verify.date')}</dt>
                <dd>{c.eventDate}</dd>
                <dt>{t('verify.points')}</dt>
                <dd>{c.points}</dd>
                <dt>{t('verify.issuer')}</dt>
                <dd>{c.issuer}</dd>
              </dl>
              {c.issuerVerified ? (
                <Alert kind="success">{t('verify.issuerVerified')}</Alert>
              ) : (
                <Alert kind="error">{t('verify.issuerNotVerified')}</Alert>
              )}
            </>
          )}
        </div>
      )}
      {notFound && (
        <div className="card verify-result" role="status">
          <h2>{t('verify.notFound')}</h2>
          <p>{t('verify.notFoundText')}</p>
        </div>
      )}
      <p>
        <Link to="/event">{t('verify.toEvents')}</Link>
      </p>
    </div>
  );
}
