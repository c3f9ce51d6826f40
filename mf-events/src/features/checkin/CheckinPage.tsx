import { useState } from 'react';
import { ApiFailure, useApiQuery } from '@platform/data';
import { Link, Navigate, useParams } from '@platform/router';
import { loginPath, useSession } from '@platform/shell-state';
import { Alert, Button, failureText, Spinner, useRouteMeta, useTranslation } from '@platform/ui';
import { eventsApi } from '../../api';
import { CheckinPanel, type DoorCount } from '../clinic-events/CheckinPanel';
import { useWhen } from '../shared/when';
import '../shared/events.css';

/**
 * `/event/:id/checkin`: the organiser's check-in screen for one event, a tap from the event's page and from
 * the dashboard's event card. "12 of 30 checked in", then the door (`CheckinPanel`). The service decides
 * who may check people in; this page only says so when it refuses.
 */
export default function CheckinPage() {
  const { t } = useTranslation('events');
  const { id = '' } = useParams();
  const when = useWhen();
  const signedIn = useSession((s) => s.user !== null);
  const answer = useApiQuery(signedIn ? eventsApi.event(id) : null);
  const event = answer.data?.data;
  const organizing = !!event?.organizing;
  const counted = useApiQuery(organizing ? eventsApi.checkinCount(id) : null);
  const [live, setLive] = useState<DoorCount | null>(null);
  const count = live ?? counted.data?.data ?? null;
  const missing =
    answer.error instanceof ApiFailure && (answer.error.status === 404 || answer.error.status === 400);
  useRouteMeta(event ? t('door.title', { title: event.title }) : t('door.heading'));

  if (!signedIn) return <Navigate to={loginPath(`/event/${id}/checkin`)} replace />;
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
        <h1>{t('door.heading')}</h1>
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

  const back = (
    <p>
      <Link to={`/event/${event.id}`}>{t('door.back')}</Link>
    </p>
  );
  if (!organizing)
    return (
      <div className="container section">
        {back}
        <h1>{t('door.title', { title: event.title })}</h1>
        <Alert kind="error">{t('serverErrors.events.not_organizer')}</Alert>
      </div>
    );
  const over = event.cancelled || Date.parse(event.endsAt) <= Date.now();
  return (
    <div className="container narrow section checkin-page">
      {back}
      <h1>{t('door.title', { title: event.title })}</h1>
      <p className="muted">
        <time dateTime={event.startsAt}>{when.start(event.startsAt)}</time> · {event.location}
      </p>
      <p className="door-count">
        {count ? t('door.count', { checkedIn: count.checkedIn, registered: count.registered }) : '\u00a0'}
      </p>
      {over ? (
        <Alert kind="info">{event.cancelled ? t('status.eventCancelled') : t('door.ended')}</Alert>
      ) : (
        <>
          <p className="muted">{t('scanner.intro')}</p>
          <CheckinPanel event={event} onCount={setLive} />
        </>
      )}
    </div>
  );
}
