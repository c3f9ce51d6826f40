import { useId } from 'react';
import type { EventView } from '@platform/svc-events/contract';
import { Link } from '@platform/router';
import { EventFacts } from '../shared/EventFacts';

const PREVIEW = 200;

/** One event in the list: its title links to its own page, where Register is. */
export function EventCard({ event }: { event: EventView }) {
  const id = useId();
  const text =
    event.description.length > PREVIEW
      ? `${event.description.slice(0, PREVIEW).trimEnd()}…`
      : event.description;
  return (
    <article className="card event-card" aria-labelledby={`${id}-title`}>
      <h3 id={`${id}-title`}>
        <Link to={`/event/${event.id}`}>{event.title}</Link>
      </h3>
      <EventFacts event={event} />
      <p className="event-description">{text}</p>
    </article>
  );
}
