import fp from 'fastify-plugin';
import type { Db } from './db';
import { EventStore } from './event-store';
import { RegistrationStore } from './registration-store';
import { Tickets } from './tickets';
import { CalendarStore } from './calendar-store';
import { CheckinStore } from './checkin-store';

declare module 'fastify' {
  interface FastifyInstance {
    events: EventStore;
    registrations: RegistrationStore;
    tickets: Tickets;
    calendars: CalendarStore;
    checkins: CheckinStore;
  }
}

/** svc-events' repositories, decorated on the app for its routes. */
export const eventsStores = fp<{ db: Db }>(
  async (app, { db }) => {
    const tickets = await Tickets.load(db);
    app.decorate('tickets', tickets);
    app.decorate('events', new EventStore(db));
    app.decorate('registrations', new RegistrationStore(db, tickets));
    app.decorate('calendars', new CalendarStore(db));
    app.decorate('checkins', new CheckinStore(db));
  },
  { name: 'events-stores' },
);
