import { ErrorAnswers, IdParams } from '@platform/contracts';
import {
  ApplicationListResponse,
  ApplicationQuery,
  ApplicationResponse,
  ApplyBody,
  StatusBody,
  HireErrors,
} from '../../contract';
import { notFound, pageOf, type App } from '@platform/service-kit';
import { scopeOf } from '../stores/application-store';
import { actorOf } from './actor';

const errors = ErrorAnswers(400, 401, 403, 404, 409);
const secured = { tags: ['application'], security: [{ bearer: [] }] };

export default async function applicationRoutes(app: App) {
  const applications = app.applications;
  app.post(
    '/api/application/apply',
    {
      preHandler: app.requireRole('user'),
      schema: { ...secured, body: ApplyBody, response: { 201: ApplicationResponse, ...errors } },
    },
    async (request, reply) => {
      const application = await applications.apply(actorOf(request), request.body);
      return reply.status(201).send({
        success: true,
        message: `Application submitted for ${application.jobId.title}`,
        data: application,
      });
    },
  );

  app.get(
    '/api/application/get',
    {
      preHandler: app.authenticate,
      schema: {
        ...secured,
        querystring: ApplicationQuery,
        response: { 200: ApplicationListResponse, ...errors },
      },
    },
    async (request) => {
      const { data, counts, total } = await applications.list(scopeOf(actorOf(request)), request.query);
      const { page, limit } = pageOf(request.query);
      return { success: true as const, data, counts, pageInfo: { page, limit, total } };
    },
  );

  app.get(
    '/api/application/:id',
    {
      preHandler: app.authenticate,
      schema: { ...secured, params: IdParams, response: { 200: ApplicationResponse, ...errors } },
    },
    async (request) => {
      const application = await applications.find(scopeOf(actorOf(request)), request.params.id);
      if (!application) throw notFound('Application not found.', HireErrors.applicationNotFound);
      return { success: true as const, data: application };
    },
  );

  app.patch(
    '/api/application/:id',
    {
      preHandler: app.authenticate,
      schema: {
        ...secured,
        params: IdParams,
        body: StatusBody,
        response: { 200: ApplicationResponse, ...errors },
      },
    },
    async (request) => {
      const application = await applications.changeStatus(actorOf(request), request.params.id, request.body);
      return { success: true as const, message: 'Application updated.', data: application };
    },
  );
}
