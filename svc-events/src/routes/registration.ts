import {
  ErrorResponse,
  IdParams,
  MessageResponse,
  PageQuery,
  RegistrantListResponse,
  RegistrationResponse,
} from '@platform/contracts';
import { pageOf, type App } from '@platform/service-kit';
import { actorOf, organisedEvent } from './actor';

const errors = {
  400: ErrorResponse,
  401: ErrorResponse,
  403: ErrorResponse,
  404: ErrorResponse,
  409: ErrorResponse,
  422: ErrorResponse,
};
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
}
