import { ErrorAnswers, FileAnswer, IdParams, MessageResponse, PageQuery } from '@platform/contracts';
import {
  MyEventsQuery,
  MyEventsResponse,
  RegistrantListResponse,
  RegistrationResponse,
  type RegistrationStatus,
} from '../../contract';
import { pageOf, toCsv, type App } from '@platform/service-kit';
import { toEventView } from '../stores/event-store';
import { actorOf, adminActing, organisedEvent, organizes } from './actor';

const errors = ErrorAnswers(400, 401, 403, 404, 409, 422);
const file = { 200: FileAnswer('text/csv', 'the CSV'), ...errors };

/** A registration's status as the attendee list says it. */
const STATUS_WORDS: Record<RegistrationStatus, string> = {
  confirmed: 'Confirmed',
  waitlisted: 'Waiting list',
  cancelled: 'Cancelled',
};
/** `2026-11-28 01:04`: the day and clock time in `timeZone`. */
const localMinute = (at: Date, timeZone: string) =>
  new Intl.DateTimeFormat('sv-SE', { timeZone, dateStyle: 'short', timeStyle: 'short' }).format(at);
const secured = { tags: ['event'], security: [{ bearer: [] }] };

export default async function registrationRoutes(app: App) {
  const { registrations } = app;

  app.post(
    '/api/event/:id/registrations',
    {
      preHandler: app.authenticate,
      schema: { ...secured, params: IdParams, response: { 201: RegistrationResponse, ...errors } },
    },
    async (request, reply) => {
      const data = await registrations.register(request.params.id, actorOf(request));
      const message = data.status === 'confirmed' ? 'You are registered.' : 'You are on the waiting list.';
      return reply.status(201).send({ success: true, message, data });
    },
  );

  // The signed-in person's events: upcoming (with waiting-list places and tickets) or attended.
  app.get(
    '/api/event/registrations/me',
    {
      preHandler: app.authenticate,
      schema: { ...secured, querystring: MyEventsQuery, response: { 200: MyEventsResponse, ...errors } },
    },
    async (request) => {
      const actor = actorOf(request);
      const { data, total } = await registrations.ofUser(actor.id, request.query);
      const { page, limit } = pageOf(request.query);
      return {
        success: true as const,
        data: data.map((x) =>
          toEventView(x.event, x.posterName, {
            organizing: organizes(actor, x.event),
            registration: x.registration,
          }),
        ),
        pageInfo: { page, limit, total },
      };
    },
  );

  app.delete(
    '/api/event/:id/registrations/me',
    {
      preHandler: app.authenticate,
      schema: { ...secured, params: IdParams, response: { 200: MessageResponse, ...errors } },
    },
    async (request) => {
      await registrations.withdraw(request.params.id, actorOf(request).id);
      return { success: true, message: 'Your registration is cancelled.' };
    },
  );

  app.get(
    '/api/event/:id/registrations',
    {
      preHandler: app.authenticate,
      schema: {
        ...secured,
        params: IdParams,
        querystring: PageQuery,
        response: { 200: RegistrantListResponse, ...errors },
      },
    },
    async (request) => {
      await organisedEvent(app, request.params.id, actorOf(request), true);
      const { data, total } = await registrations.list(request.params.id, request.query);
      const { page, limit } = pageOf(request.query);
      return { success: true as const, data, pageInfo: { page, limit, total } };
    },
  );

  // For Excel: UTF-8 with a BOM, formula-like cells neutralised (see csv.ts).
  app.get(
    '/api/event/:id/registrations.csv',
    {
      preHandler: app.authenticate,
      schema: { ...secured, params: IdParams, response: file },
    },
    async (request, reply) => {
      const { row } = await organisedEvent(app, request.params.id, actorOf(request), true);
      const admin = adminActing(request, row);
      if (admin) await registrations.recordAdminExport(admin, row);
      const rows = await registrations.attendees(request.params.id);
      // Times as the organiser lives them: in the event's time zone, to the minute (not UTC ISO, where a
      // 01:04 registration in Nairobi lands on the day before).
      const local = (iso: string | null) => iso && localMinute(new Date(iso), row.timeZone);
      const csv = toCsv([
        [
          'Name',
          'E-mail',
          'Phone',
          'Designation',
          'Status',
          'Ticket code',
          'Waiting list position',
          `Registered at (${row.timeZone})`,
          `Checked in at (${row.timeZone})`,
        ],
        ...rows.map((r) => [
          r.name,
          r.email,
          r.phone,
          r.designation,
          STATUS_WORDS[r.status],
          r.ticketCode,
          r.position,
          local(r.registeredAt),
          local(r.checkedInAt),
        ]),
      ]);
      return reply
        .type('text/csv; charset=utf-8')
        .header(
          'content-disposition',
          `attachment; filename="registrations-${row.date}-${row.id.slice(0, 8)}.csv"`,
        )
        .header('cache-control', 'private, no-store')
        .send(csv);
    },
  );
}
