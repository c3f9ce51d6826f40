import type { ProfessionalProfile } from '@platform/svc-connect/contract';
import { ApiFailure, useApiQuery } from '@platform/data';
import { Link, useParams } from '@platform/router';
import {
  Alert,
  Avatar,
  Button,
  failureText,
  Spinner,
  useDateFormat,
  useRouteMeta,
  useTranslation,
} from '@platform/ui';
import { connectApi } from '../../api';
import { ConnectAction, ContactDetails } from '../directory/ProfessionalCard';
import '../shared/connect.css';

/** The person's current licences verified in Core HR: professions, council, verifying clinic, last valid day. */
function Credentials({ person }: { person: ProfessionalProfile }) {
  const { t } = useTranslation('connect');
  // A day, not an instant: read in UTC so it is the same day everywhere.
  const day = useDateFormat('UTC');
  return (
    <section className="card person-section" aria-labelledby="credentials-title">
      <h2 id="credentials-title">{t('person.credentials')}</h2>
      {person.credentials.length === 0 ? (
        <p className="muted">{t('person.noCredentials')}</p>
      ) : (
        <ul className="credential-list">
          {person.credentials.map((c, i) => (
            <li key={i}>
              <p className="credential-professions">
                <span className="badge badge-connected">{t('person.verified')}</span>{' '}
                {c.professions.map((p) => t(`professions.${p}`, { ns: 'ui' })).join(', ')}
              </p>
              <dl className="credential-facts">
                {c.council && (
                  <>
                    <dt>{t('person.council')}</dt>
                    <dd>{c.council}</dd>
                  </>
                )}
                {c.verifiedBy && (
                  <>
                    <dt>{t('person.verifiedBy')}</dt>
                    <dd>{c.verifiedBy}</dd>
                  </>
                )}
                <dt>{t('person.validUntil')}</dt>
                <dd>
                  <time dateTime={c.validUntil}>{day(`${c.validUntil}T00:00:00Z`)}</time>
                </dd>
              </dl>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

/**
 * /connect/people/:id: one professional's page: what they chose to show (the service applies the rules:
 * a visitor reads the town only, contact details go to connections or by the person's choice), the whole
 * description, their verified licences, and the Connect button.
 */
export default function PersonPage() {
  const { t } = useTranslation('connect');
  const { id = '' } = useParams();
  const answer = useApiQuery(connectApi.professional(id));
  const person = answer.data?.data;
  const status = answer.error instanceof ApiFailure ? answer.error.status : 0;
  const missing = status === 404 || status === 400;
  useRouteMeta(person?.name ?? (missing ? t('person.notFound') : t('person.pageTitle')));
  const back = (
    <p>
      <Link to="/connect">{t('person.back')}</Link>
    </p>
  );

  if (missing)
    return (
      <div className="container section">
        <h1>{t('person.notFound')}</h1>
        <p>{t('person.notFoundText')}</p>
        {back}
      </div>
    );
  if (answer.error)
    return (
      <div className="container section">
        <h1>{t('person.pageTitle')}</h1>
        <Alert kind="error">
          {failureText(t, answer.error, 'person.loadFailed')}{' '}
          <Button variant="secondary" onClick={answer.reload}>
            {t('retry')}
          </Button>
        </Alert>
        {back}
      </div>
    );
  if (!person)
    return (
      <div className="container section" aria-busy="true">
        <Spinner label={t('person.loading')} />
      </div>
    );

  const place = [person.location, person.country].filter(Boolean).join(', ');
  return (
    <div className="container section person-page">
      {back}
      <section className="card person-section" aria-labelledby="person-name">
        <div className="person-head">
          <Avatar name={person.name} photo={person.photo} />
          <div className="person-title">
            <h1 id="person-name">{person.name}</h1>
            {person.designation && <p className="person-designation">{person.designation}</p>}
            {person.facility && <p>{person.facility}</p>}
            {place && <p className="muted">{place}</p>}
          </div>
        </div>
        {person.description && <p className="person-about">{person.description}</p>}
        {person.skills.length > 0 && (
          <ul className="chips" aria-label={t('directory.skills')}>
            {person.skills.map((skill) => (
              <li key={skill}>{skill}</li>
            ))}
          </ul>
        )}
        {person.address && person.address !== person.location && (
          <p>
            <span className="muted">{t('person.address')}: </span>
            {person.address}
          </p>
        )}
        <ContactDetails person={person} />
        <ConnectAction person={person} />
      </section>
      <Credentials person={person} />
    </div>
  );
}
