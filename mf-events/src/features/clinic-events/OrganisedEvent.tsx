import { useId } from 'react';
import type { EventView } from '@platform/svc-events/contract';
import { Link } from '@platform/router';
import { Button, useTranslation } from '@platform/ui';
import { useWhen } from '../shared/when';
import { Attendees } from './Attendees';

export type Panel = 'attendees' | null;

/**
 * One of the organisation's events: its registration counts, Edit, Cancel event, attendees, and Check-in: a
 * link to the event's own check-in screen (`/event/:id/checkin`).
 */
export function OrganisedEvent({
  event,
  panel,
  onPanel,
  onEdit,
  onCancel,
}: {
  event: EventView;
  panel: Panel;
  onPanel(panel: Panel): void;
  onEdit(): void;
  onCancel(): void;
}) {
  const { t } = useTranslation('events');
  const when = useWhen();
  const id = useId();
  const ended = Date.parse(event.endsAt) <= Date.now();
  const toggle = (p: Exclude<Panel, null>) => onPanel(panel === p ? null : p);
  return (
    <article className="card event-item" aria-labelledby={`${id}-title`}>
      <h3 id={`${id}-title`}>
        <Link to={`/event/${event.id}`}>{event.title}</Link>
      </h3>
      <ul className="event-facts">
        <li>
          <time dateTime={event.startsAt}>{when.start(event.startsAt)}</time>
        </li>
        <li>{event.location}</li>
        {event.cancelled && (
          <li>
            <span className="badge badge-cancelled">{t('status.eventCancelled')}</span>
          </li>
        )}
        <li>
          {event.capacity === null
            ? t('clinic.registeredNoLimit', { count: event.seatsTaken })
            : t('clinic.registered', { count: event.seatsTaken, capacity: event.capacity })}
        </li>
        {event.waitlisted > 0 && <li>{t('clinic.waitlisted', { count: event.waitlisted })}</li>}
      </ul>
      <div className="event-actions">
        <Button
          variant="secondary"
          aria-expanded={panel === 'attendees'}
          aria-controls={`${id}-panel`}
          onClick={() => toggle('attendees')}
        >
          {panel === 'attendees' ? t('clinic.hideAttendees') : t('clinic.attendees')}
        </Button>
        {!event.cancelled && !ended && (
          <Link
            className="btn btn-secondary"
            to={`/event/${event.id}/checkin`}
            aria-label={t('clinic.checkinName', { title: event.title })}
          >
            {t('clinic.checkin')}
          </Link>
        )}
        {!event.cancelled && (
          <>
            <Button
              variant="ghost"
              onClick={onEdit}
              aria-label={t('clinic.editName', { title: event.title })}
            >
              {t('clinic.edit')}
            </Button>
            {!ended && (
              <Button
                variant="ghost"
                onClick={onCancel}
                aria-label={t('clinic.cancelName', { title: event.title })}
              >
                {t('clinic.cancelEvent')}
              </Button>
            )}
          </>
        )}
      </div>
      <div id={`${id}-panel`}>{panel === 'attendees' && <Attendees event={event} />}</div>
    </article>
  );
}
