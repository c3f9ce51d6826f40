import {
  ErrorAnswers,
  ErrorResponse,
  IdParams,
  MessageResponse,
  PagePreviewResponse,
  PaymentRequiredResponse,
} from '@platform/contracts';
import {
  EventBody,
  EventListResponse,
  EventPatch,
  EventQuery,
  EventResponse,
  MyEventsQuery,
  MyEventsResponse,
  EventsErrors,
} from '../../contract';
import { AnswerCache, notFound, pageOf, requireEntitlement, type App } from '@platform/service-kit';
import { toEventView } from '../stores/event-store';
import { actorOf, adminActing, optionalUser, organisedEvent, organizes } from './actor';

const errors = ErrorAnswers(400, 401, 403, 404);
const secured = { tags: ['event'], security: [{ bearer: [] }] };
const ORGANISERS = ['Clinic', 'admin'] as const;

interface ListCaching {
  /** The list's answers by query; the app clears it on every change. */
  list: AnswerCache;
  /** Its Cache-Control for the gateway, when it keeps answers a second or more. */
  listCaching?: string;
}

export default async function eventRoutes(app: App, { list, listCaching }: ListCaching) {
  const { events, registrations } = app;

  app.get(
    '/api/event/get',
    {
      schema: {
        tags: ['event'],
        querystring: EventQuery,
        response: { 200: EventListResponse, 400: ErrorResponse },
      },
    },
    async (request, reply) => {
      const key = AnswerCache.keyOf(request.query);
      let body = list.get(key);
      if (!body) {
        const { rows, total, totalCapped } = await events.list(request.query);
        const { page, limit } = pageOf(request.query);
        // The public list: never the online link, whoever asks (so one answer serves everyone).
        const data = rows.map((r) => toEventView(r.row, r.posterName, { organizing: false }));
        body = reply.serialize({
          success: true,
          data,
          pageInfo: { page, limit, total, totalCapped },
        }) as string;
        list.set(key, body);
      }
      if (listCaching) reply.header('cache-control', listCaching);
      // A string is sent as is: the serialised answer is reused, not re-serialised.
      return reply.type('application/json; charset=utf-8').send(body as never);
    },
  );

  app.post(
    '/api/event/add',
    {
      preHandler: app.requireRole(...ORGANISERS),
      schema: {
        ...secured,
        body: EventBody,
        response: { 201: EventResponse, 402: PaymentRequiredResponse, ...errors },
      },
    },
    async (request, reply) => {
      const actor = actorOf(request);
      // What the clinic bought, from svc-billing's events: Events (or Core). Platform admins buy nothing.
      if (actor.role === 'Clinic')
        await requireEntitlement(await events.entitlementsOf(actor.organizerId), 'events');
      const row = await events.create(actor, request.body);
      const data = toEventView(row, request.user.name, { organizing: true });
      return reply.status(201).send({ success: true, message: 'Event posted.', data });
    },
  );

  // The organiser's own events, for its dashboard: with their seat counts and the online link.
  app.get(
    '/api/event/mine',
    {
      preHandler: app.requireRole(...ORGANISERS),
      schema: { ...secured, querystring: MyEventsQuery, response: { 200: MyEventsResponse, ...errors } },
    },
    async (request) => {
      const { rows, total } = await events.organisedBy(actorOf(request).organizerId, request.query);
      const { page, limit } = pageOf(request.query);
      const data = rows.map((r) => toEventView(r.row, r.posterName, { organizing: true }));
      return { success: true as const, data, pageInfo: { page, limit, total } };
    },
  );

  app.get(
    '/api/event/:id',
    {
      preHandler: optionalUser(app),
      schema: { tags: ['event'], params: IdParams, response: { 200: EventResponse, ...errors } },
    },
    async (request) => {
      const found = await events.find(request.params.id);
      const actor = request.user ? actorOf(request) : undefined;
      const registration = actor && (await registrations.mine(request.params.id, actor.id));
      // A cancelled event stays visible to those who registered (their history) and to its organiser.
      const organizing = !!found && organizes(actor, found.row);
      if (!found || (found.row.cancelledAt && !organizing && !registration))
        throw notFound('This event could not be found.', EventsErrors.eventNotFound);
      const data = toEventView(found.row, found.posterName, { organizing, registration });
      return { success: true as const, data };
    },
  );

  // The event page's link preview (the gateway's Open Graph tags): what, when, where, and the description's start.
  app.get(
    '/api/event/:id/preview',
    { schema: { tags: ['event'], params: IdParams, response: { 200: PagePreviewResponse, ...errors } } },
    async (request) => {
      const found = await events.find(request.params.id);
      if (!found || found.row.cancelledAt)
        throw notFound('This event could not be found.', EventsErrors.eventNotFound);
      const e = found.row;
      const text = e.description.replace(/\s+/g, ' ').trim();
      const excerpt = text.length > 140 ? `${text.slice(0, 137)}...` : text;
      return {
        success: true as const,
        data: {
          title: e.title,
          description: `${e.category}, ${e.date} ${e.time} (${e.timeZone}), ${e.location}. ${excerpt}`,
        },
      };
    },
  );

  app.patch(
    '/api/event/:id',
    {
      preHandler: app.requireRole(...ORGANISERS),
      schema: { ...secured, params: IdParams, body: EventPatch, response: { 200: EventResponse, ...errors } },
    },
    async (request) => {
      const found = await organisedEvent(app, request.params.id, actorOf(request));
      const row = await events.update(request.params.id, request.body, adminActing(request, found.row));
      if (!row) throw notFound('This event could not be found.', EventsErrors.eventNotFound);
      const data = toEventView(row, found.posterName, { organizing: true });
      return { success: true as const, message: 'Event updated.', data };
    },
  );

  app.delete(
    '/api/event/:id',
    {
      preHandler: app.requireRole(...ORGANISERS),
      schema: { ...secured, params: IdParams, response: { 200: MessageResponse, ...errors } },
    },
    async (request) => {
      const actor = actorOf(request);
      const found = await organisedEvent(app, request.params.id, actor);
      if (!(await events.cancel(request.params.id, actor, adminActing(request, found.row))))
        throw notFound('This event could not be found.', EventsErrors.eventNotFound);
      return { success: true, message: 'Event cancelled. Its registrants keep it in their history.' };
    },
  );
}
