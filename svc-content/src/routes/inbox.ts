import { ErrorAnswers, IdParams, MessageResponse } from '@platform/contracts';
import {
  ContactMessageBody,
  DemoRequestBody,
  InboxPatch,
  InboxQuery,
  InboxResponse,
  ContentErrors,
} from '../../contract';
import { addressKey, badRequest, pageOf, type App } from '@platform/service-kit';
import { adminBy } from './admin-by';
import { toInboxItem } from '../stores/inbox-store';

const errors = ErrorAnswers(400, 401, 403, 404, 429);

/** Today in East Africa (UTC+3), YYYY-MM-DD: a demo cannot be asked for a day already gone there. */
const todayInNairobi = (now = new Date()) =>
  new Date(now.getTime() + 3 * 3_600_000).toISOString().slice(0, 10);

/**
 * The public site's two forms and the admin's inbox of what they sent. A filled honeypot (`website`, a
 * field people never see) gets the same answer as a person and is stored nowhere, so a robot learns
 * nothing; people are limited per address (FORMS_PER_ADDRESS_PER_HOUR).
 */
export default async function inboxRoutes(app: App) {
  const { inbox } = app;

  app.post(
    '/api/content/contact-messages',
    { schema: { tags: ['inbox'], body: ContactMessageBody, response: { 201: MessageResponse, ...errors } } },
    async (request, reply) => {
      if (!request.body.website) await inbox.contact(request.body, addressKey(request.ip));
      return reply
        .status(201)
        .send({ success: true, message: "Message sent successfully! We'll contact you soon." });
    },
  );

  app.post(
    '/api/content/demo-requests',
    { schema: { tags: ['inbox'], body: DemoRequestBody, response: { 201: MessageResponse, ...errors } } },
    async (request, reply) => {
      if (request.body.preferredDate < todayInNairobi())
        throw badRequest('preferredDate: must be today or later', ContentErrors.datePast);
      if (!request.body.website) await inbox.demo(request.body, addressKey(request.ip));
      return reply
        .status(201)
        .send({ success: true, message: 'Thank you! We will contact you to arrange your demo.' });
    },
  );

  app.get(
    '/api/content/inbox',
    {
      preHandler: app.requireRole('admin'),
      schema: {
        tags: ['inbox'],
        security: [{ bearer: [] }],
        querystring: InboxQuery,
        response: { 200: InboxResponse, ...errors },
      },
    },
    async (request) => {
      const { rows, total, totalCapped } = await inbox.list(request.query);
      const { page, limit } = pageOf(request.query);
      return {
        success: true as const,
        data: rows.map(toInboxItem),
        pageInfo: { page, limit, total, totalCapped },
      };
    },
  );

  app.patch(
    '/api/content/inbox/:id',
    {
      preHandler: app.requireRole('admin'),
      schema: {
        tags: ['inbox'],
        security: [{ bearer: [] }],
        params: IdParams,
        body: InboxPatch,
        response: { 200: MessageResponse, ...errors },
      },
    },
    async (request) => {
      await inbox.mark(request.params.id, request.body, adminBy(request));
      return { success: true, message: 'Updated.' };
    },
  );
}
