import { useEffect } from 'react';
import { ApiFailure, useApiQuery } from '@platform/data';
import { Link, useLocation, useNavigate, useParams } from '@platform/router';
import { useSession } from '@platform/shell-state';
import {
  Alert,
  Button,
  failureText,
  Spinner,
  useDateFormat,
  useRouteMeta,
  useTranslation,
} from '@platform/ui';
import { eventsApi } from '../../api';
import { EventFacts } from '../shared/EventFacts';
import { isRegistered, opennessOf } from '../shared/event-state';
import { useWhen } from '../shared/when';
import { AddToCalendar } from './AddToCalendar';
import { RegistrationPanel } from './RegistrationPanel';
import '../shared/events.css';

/** /event/:id: one event with Register / Cancel registration, the ticket and add-to-calendar. */
export default function EventPage() {
  const { t } = useTranslation('events');
  const { id = '' } = useParams();
  const { search } = useLocation();
  const navigate = useNavigate();
  const date = useDateFormat();
  const when = useWhen();
  const signedIn = useSession((s) => s.user !== null);
  const answer = useApiQuery(eventsApi.event(id));
  const event = answer.data?.data;
  const missing =
    answer.error instanceof ApiFailure && (answer.error.status === 404 || answer.error.status === 400);
  useRouteMeta(
    event?.title ?? (missing ? t('event.notFound') : t('event.title')),
    event?.description.slice(0, 160),
  );

  const askToRegister = new URLSearchParams(search).get('register') === '1';
  const done = () => navigate(`/event/${id}`, { replace: true });
  useEffect(() => {
    // Back from logging in, but nothing to ask: already registered, the organiser, or registration closed.
    if (
      askToRegister &&
      event &&
      signedIn &&
      (isRegistered(event) || event.organizing || opennessOf(event) !== 'open')
    )
      navigate(`/event/${id}`, { replace: true });
  }, [askToRegister, event, signedIn, id, navigate]);

  if (missing)
    return (
      <div className="container section">
        <h1>{t('event.notFound')}</h1>
        <p>{t('event.notFoundText')}</p>
        <Link to="/event">{t('event.back')}</Link>
      </div>
    );
  if (answer.error)
    return (
      <div className="container section">
        <h1>{t('event.title')}</h1>
        <Alert kind="error">
          {failureText(t, answer.error, 'event.loadFailed')}{' '}
          <Button variant="secondary" onClick={answer.reload}>
            {t('list.retry')}
          </Button>
        </Alert>
      </div>
    );
  if (!event)
    return (
      <div className="container section">
        <Spinner label={t('event.loading')} />
      </div>
    );

  return (
    <div className="container section event-page">
      <p>
        <Link to="/event">{t('event.back')}</Link>
      </p>
      <article aria-labelledby="event-title">
        <h1 id="event-title">{event.title}</h1>
        {event.cancelled && (
          <Alert kind="info">
            <span className="badge badge-cancelled">{t('status.eventCancelled')}</span>{' '}
            {event.cancelledAt ? t('event.cancelledOn', { date: date(event.cancelledAt) }) : null}
          </Alert>
        )}
        <EventFacts event={event} long />
        {(event.speaker.name || event.speaker.designation) && (
          <p>
            {t('event.speaker')}: <strong>{event.speaker.name}</strong>
            {event.speaker.designation && `, ${event.speaker.designation}`}
          </p>
        )}
        {event.registrationDeadline && (
          <p className="muted">{t('event.deadline', { date: when.start(event.registrationDeadline) })}</p>
        )}
        <p className="event-description">{event.description}</p>
        {event.tags.length > 0 && (
          <ul className="tags" aria-label={t('event.tags')}>
            {event.tags.map((tag) => (
              <li key={tag}>{tag}</li>
            ))}
          </ul>
        )}
      </article>
      <RegistrationPanel event={event} askToRegister={askToRegister} onAsked={done} />
      <AddToCalendar event={event} />
    </div>
  );
}
