import { Type } from '@sinclair/typebox';
import { ErrorAnswers, FileAnswer, IdParams, MessageResponse } from '@platform/contracts';
import { CalendarFeedResponse, CalendarFeedStateResponse, EventsErrors } from '../../contract';
import { notFound, type App } from '@platform/service-kit';
import type { EventRow } from '../db/schema';
import { actorOf } from './actor';
import { toIcs, type IcsEvent } from './ics';

const errors = ErrorAnswers(400, 401, 403, 404);
/** A text or file answer, not JSON (documented as such in OpenAPI). */
const file = { 200: FileAnswer('text/calendar', 'the iCalendar text'), ...errors };
const secured = { tags: ['event'], security: [{ bearer: [] }] };
/** The feed's token as issued (base64url); anything else is not looked up. */
const FeedParams = Type.Object({ token: Type.String({ pattern: '^[A-Za-z0-9_-]{16,64}$' }) });

/** A calendar entry; the online link only where the reader is a confirmed registrant (the private feed). */
const entry = (e: EventRow, withLink: boolean): IcsEvent => ({
  uid: `${e.id}@events.afyahr`,
  title: e.title,
  description: e.description,
  location: e.location,
  startsAt: e.startsAt,
  endsAt: new Date(e.startsAt.getTime() + e.durationMinutes * 60_000),
  ...(withLink && e.zoomLink && !e.cancelledAt ? { url: e.zoomLink } : {}),
  cancelled: e.cancelledAt !== null,
  updatedAt: e.updatedAt,
});

export default async function calendarRoutes(app: App) {
  const { events, calendars } = app;

  // One event for "Add to calendar": public, so without the online link.
  app.get(
    '/api/event/:id/ics',
    { schema: { tags: ['event'], params: IdParams, response: file } },
    async (request, reply) => {
      const found = await events.find(request.params.id);
      if (!found || found.row.cancelledAt)
        throw notFound('This event could not be found.', EventsErrors.eventNotFound);
      return reply
        .type('text/calendar; charset=utf-8')
        .header('content-disposition', `attachment; filename="event-${found.row.date}.ics"`)
        .send(toIcs(found.row.title, [entry(found.row, false)]));
    },
  );

  // Whether to offer "Create" or "Create a new address" and "Stop": the address itself is shown only once.
  app.get(
    '/api/event/calendar/token',
    {
      preHandler: app.authenticate,
      schema: { ...secured, response: { 200: CalendarFeedStateResponse, ...errors } },
    },
    async (request, reply) => {
      const createdAt = await calendars.createdAt(actorOf(request).id);
      void reply.header('cache-control', 'private, no-store');
      return {
        success: true as const,
        data: { exists: createdAt !== undefined, createdAt: createdAt?.toISOString() ?? null },
      };
    },
  );

  app.post(
    '/api/event/calendar/token',
    {
      preHandler: app.authenticate,
      schema: { ...secured, response: { 201: CalendarFeedResponse, ...errors } },
    },
    async (request, reply) => {
      const token = await calendars.issue(actorOf(request).id);
      const message = 'Your calendar address is ready. Any earlier address no longer works.';
      return reply
        .status(201)
        .send({ success: true, message, data: { token, path: `/api/event/calendar/${token}.ics` } });
    },
  );

  app.delete(
    '/api/event/calendar/token',
    { preHandler: app.authenticate, schema: { ...secured, response: { 200: MessageResponse, ...errors } } },
    async (request) => {
      if (!(await calendars.revoke(actorOf(request).id)))
        throw notFound('You have no calendar address.', EventsErrors.calendarNotFound);
      return { success: true, message: 'Your calendar address no longer works.' };
    },
  );

  // Subscribed to by calendar apps, which send no login: the token in the address is the key.
  app.get(
    '/api/event/calendar/:token.ics',
    { schema: { tags: ['event'], params: FeedParams, response: file } },
    async (request, reply) => {
      const rows = await calendars.feed(request.params.token);
      if (!rows) throw notFound('This calendar address no longer works.', EventsErrors.calendarNotFound);
      return reply
        .type('text/calendar; charset=utf-8')
        .header('cache-control', 'private, no-store')
        .send(
          toIcs(
            'AfyaHR events',
            rows.map((e) => entry(e, true)),
          ),
        );
    },
  );
}
