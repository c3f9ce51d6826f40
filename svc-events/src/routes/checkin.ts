import { ErrorAnswers, FileAnswer, IdParams } from '@platform/contracts';
import {
  CertificateCheckResponse,
  CheckinBody,
  CheckinCountResponse,
  CheckinResponse,
  CpdQuery,
  CpdResponse,
  EventsErrors,
} from '../../contract';
import { badRequest, forbidden, HttpError, notFound, type App } from '@platform/service-kit';
import { certificatePdf } from '../certificate-pdf';
import { actorOf, adminActing, organisedEvent } from './actor';

const errors = ErrorAnswers(400, 401, 403, 404, 422);
const pdfFile = { 200: FileAnswer('application/pdf', 'the PDF'), ...errors };
const secured = { tags: ['event'], security: [{ bearer: [] }] };

/** HH:MM of `at` in the event's zone: what the scanner shows ("already checked in at 09:42"). */
const clock = (at: Date, timeZone: string) =>
  new Intl.DateTimeFormat('en-GB', { timeZone, hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }).format(
    at,
  );

export default async function checkinRoutes(app: App, { publicUrl }: { publicUrl: string }) {
  const { tickets, checkins, registrations } = app;

  app.post(
    '/api/event/:id/checkins',
    {
      preHandler: app.authenticate,
      schema: {
        ...secured,
        params: IdParams,
        body: CheckinBody,
        response: { 200: CheckinResponse, 201: CheckinResponse, ...errors },
      },
    },
    async (request, reply) => {
      const { row: event } = await organisedEvent(app, request.params.id, actorOf(request));
      // The signature first: a forged or mistyped code never reaches the database. The scanned ticket,
      // or its short code typed at the door (which names this event in its signature).
      const typed = request.body.ticket.trim();
      const ticket = tickets.verify(typed);
      const code = ticket ? undefined : tickets.verifyCode(event.id, typed);
      const registrationId =
        ticket?.registrationId ?? (code && (await registrations.idBySeq(event.id, code.seq)));
      if (!registrationId) throw badRequest('ticket: this is not a valid ticket', EventsErrors.ticketInvalid);
      if (ticket && ticket.eventId !== event.id)
        throw new HttpError(422, 'This ticket is for another event.', EventsErrors.ticketOtherEvent);
      const r = await checkins.checkIn(event.id, registrationId, new Date(), adminActing(request, event));
      const at = clock(r.checkedInAt, event.timeZone);
      const data = {
        registrationId: r.registrationId,
        name: r.name,
        checkedInAt: r.checkedInAt.toISOString(),
        alreadyCheckedIn: !r.first,
        certificateId: r.certificateId,
        ...(await checkins.counts(event.id)),
      };
      // A second scan is not an error: the door staff see who and since when.
      if (!r.first) return { success: true as const, message: `Already checked in at ${at}.`, data };
      return reply.status(201).send({ success: true, message: `Checked in at ${at}.`, data });
    },
  );

  // The check-in screen's "12 of 30 checked in": the organiser's alone (another organisation: 403).
  app.get(
    '/api/event/:id/checkins/count',
    {
      preHandler: app.authenticate,
      schema: { ...secured, params: IdParams, response: { 200: CheckinCountResponse, ...errors } },
    },
    async (request) => {
      const { row: event } = await organisedEvent(app, request.params.id, actorOf(request));
      return { success: true as const, data: await checkins.counts(event.id) };
    },
  );

  app.get(
    '/api/event/cpd/me',
    {
      preHandler: app.authenticate,
      schema: { ...secured, querystring: CpdQuery, response: { 200: CpdResponse, ...errors } },
    },
    async (request) => {
      const year = request.query.year ?? new Date().getUTCFullYear();
      const rows = await checkins.ledger(actorOf(request).id, year);
      const entries = rows.map((c) => ({
        certificateId: c.id,
        eventId: c.eventId,
        eventTitle: c.eventTitle,
        eventDate: c.eventDate,
        organizer: c.organizerName,
        points: c.points,
        issuedAt: c.issuedAt.toISOString(),
      }));
      return {
        success: true as const,
        data: { year, total: entries.reduce((sum, e) => sum + e.points, 0), entries },
      };
    },
  );

  // The public verify page's question: is this certificate genuine, and what does it say? (Its id, a
  // random UUID, is printed on the certificate: whoever holds the paper may compare it.) And is its issuer
  // an organisation the platform verified?
  app.get(
    '/api/event/certificates/:id',
    { schema: { tags: ['event'], params: IdParams, response: { 200: CertificateCheckResponse, ...errors } } },
    async (request) => {
      const found = await checkins.certificateWithIssuer(request.params.id);
      if (!found) return { success: true as const, data: { genuine: false } };
      const c = found.certificate;
      return {
        success: true as const,
        data: {
          genuine: true,
          certificate: {
            holderName: c.holderName,
            eventTitle: c.eventTitle,
            eventDate: c.eventDate,
            points: c.points,
            issuer: c.organizerName,
            issuerVerified: found.issuerVerified,
            issuedAt: c.issuedAt.toISOString(),
          },
        },
      };
    },
  );

  // The certificate itself: for its holder (and the organiser or an admin, who may print it for them).
  app.get(
    '/api/event/certificates/:id/pdf',
    { preHandler: app.authenticate, schema: { ...secured, params: IdParams, response: pdfFile } },
    async (request, reply) => {
      const found = await checkins.certificateWithIssuer(request.params.id);
      if (!found) throw notFound('This certificate could not be found.', EventsErrors.certificateNotFound);
      const c = found.certificate;
      const actor = actorOf(request);
      if (c.userId !== actor.id) {
        try {
          await organisedEvent(app, c.eventId, actor, true);
        } catch {
          throw forbidden('Only the certificate holder can download it.', EventsErrors.notCertificateHolder);
        }
      }
      const pdf = await certificatePdf(c, `${publicUrl}/event/certificates/${c.id}`, found.issuerVerified);
      return reply
        .type('application/pdf')
        .header('content-disposition', `attachment; filename="cpd-certificate-${c.eventDate}.pdf"`)
        .header('cache-control', 'private, no-store')
        .send(Buffer.from(pdf));
    },
  );
}
