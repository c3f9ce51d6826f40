import { makeNotice } from '@platform/event-bus';
import type { Translated } from '@platform/contracts';
import type { EventRow } from './db/schema';

/** svc-events' notices in every language the platform speaks; the platform inbox stores and mails them. */
const TEXTS = {
  promoted: (event: string): Translated => ({
    en: `A seat is yours: ${event}`,
    sw: `Umepata nafasi: ${event}`,
    fr: `Une place vous est attribuée : ${event}`,
  }),
  cancelled: (event: string): Translated => ({
    en: `Event cancelled: ${event}`,
    sw: `Tukio limeghairiwa: ${event}`,
    fr: `Événement annulé : ${event}`,
  }),
};

/** When and where, as the organiser entered it: the day and time on the event's own clock, named. */
const whenAndWhere = (e: EventRow) => `${e.date} ${e.time} (${e.timeZone}) · ${e.location}`;

/** Someone on the waiting list got a seat: they hear at once, since they may have made other plans. */
export function promotedNotice(userId: string, event: EventRow) {
  return makeNotice('events', {
    userId,
    kind: 'events.seat-confirmed',
    title: TEXTS.promoted(event.title),
    body: whenAndWhere(event),
    link: `/event/${event.id}`,
    email: 'now',
  });
}

/** The organiser cancelled: everyone holding a seat or a waiting-list place hears at once. */
export function cancelledNotice(userId: string, event: EventRow) {
  return makeNotice('events', {
    userId,
    kind: 'events.event-cancelled',
    title: TEXTS.cancelled(event.title),
    body: whenAndWhere(event),
    link: `/event/${event.id}`,
    email: 'now',
  });
}
