import type { EventView } from '@platform/svc-events/contract';
import { useTranslation } from '@platform/ui';
import { useContext } from 'react';
import { EventClock, useWhen } from './when';

/** Seats left, "Full — waiting list", or open to all: what a person deciding to register needs. */
export function Seats({ event }: { event: EventView }) {
  const { t } = useTranslation('events');
  if (event.seatsLeft === null) return <span>{t('facts.noLimit')}</span>;
  if (event.seatsLeft <= 0) return <span className="badge badge-full">{t('facts.full')}</span>;
  return <span>{t('facts.seatsLeft', { count: event.seatsLeft })}</span>;
}

/** The location, then its region unless the location already ends with it ("Kisumu, Kenya"). */
function placeOf(event: EventView, regionName: string) {
  if (event.region === 'Online') return event.location;
  const last = event.location.split(',').pop()!.trim().toLowerCase();
  const named = [event.region.toLowerCase(), regionName.toLowerCase()].includes(last);
  return named ? event.location : `${event.location}, ${regionName}`;
}

/** An event's facts as the list's card and the event's page both show them. */
export function EventFacts({ event, long = false }: { event: EventView; long?: boolean }) {
  const { t } = useTranslation('events');
  const when = useWhen(useContext(EventClock) ? event.timeZone : undefined);
  return (
    <ul className="event-facts">
      <li>
        <span className="visually-hidden">{t('facts.when')}: </span>
        <time dateTime={event.startsAt}>{when.start(event.startsAt)}</time>
        {long && event.timeZone !== when.zone && (
          <span className="muted">
            {' '}
            ({t('facts.localTime', { time: when.clockIn(event.startsAt, event.timeZone) })})
          </span>
        )}
      </li>
      {long && <li>{t('facts.duration', { count: event.durationMinutes })}</li>}
      <li>
        <span className="visually-hidden">{t('facts.where')}: </span>
        {event.online ? t('facts.online') : placeOf(event, t(`regions.${event.region}`))}
      </li>
      <li>
        <span className="badge">{t(`categories.${event.category}`)}</span>
      </li>
      {event.topic && (
        <li>
          <span className="badge">{t(`topics.${event.topic}`)}</span>
        </li>
      )}
      {event.cpdPoints !== null && event.cpdPoints > 0 && (
        <li>
          <span className="badge badge-cpd">{t('facts.cpd', { count: event.cpdPoints })}</span>
        </li>
      )}
      {!event.cancelled && (
        <li>
          <Seats event={event} />
        </li>
      )}
      {long && event.postedBy && <li>{t('facts.organiser', { name: event.postedBy })}</li>}
    </ul>
  );
}
