import type { FastifyRequest } from 'fastify';
import { ErrorAnswers, IdParams, MessageResponse } from '@platform/contracts';
import { JobAlertBody, JobAlertListResponse, JobAlertResponse, JobQuery, HireErrors } from '../../contract';
import { notFound, type App } from '@platform/service-kit';
import { actorOf } from './actor';

const errors = ErrorAnswers(400, 401, 403, 404, 409);
const secured = { tags: ['job-alerts'], security: [{ bearer: [] }] };

/** The board query's number fields (paging, and any numeric filter), read from its schema. */
const NUMBER_FIELDS = new Set(
  Object.entries(JobQuery.properties as Record<string, { type?: string }>)
    .filter(([, s]) => s.type === 'integer' || s.type === 'number')
    .map(([k]) => k),
);

/**
 * The board's filters arrive as the board sends them, text from its address: numbers are read as the
 * board's query string is ("50000" is 50000), then the board's own schema validates them.
 */
async function convertQuery(request: FastifyRequest) {
  const query = (request.body as { query?: unknown } | undefined)?.query;
  if (!query || typeof query !== 'object' || Array.isArray(query)) return;
  const q = query as Record<string, unknown>;
  for (const k of NUMBER_FIELDS)
    if (typeof q[k] === 'string' && /^-?\d+(\.\d+)?$/.test(q[k])) q[k] = Number(q[k]);
}

/** A professional's saved searches: each person sees, creates and deletes only their own. */
export default async function alertRoutes(app: App) {
  const alerts = app.alerts;
  const professional = app.requireRole('user');

  app.post(
    '/api/job/alerts',
    {
      preHandler: professional,
      preValidation: convertQuery,
      schema: {
        ...secured,
        body: JobAlertBody,
        response: { 200: JobAlertResponse, 201: JobAlertResponse, ...errors },
      },
    },
    async (request, reply) => {
      const { alert, created } = await alerts.create(actorOf(request).id, request.body.query);
      if (!created)
        return reply
          .status(200)
          .send({ success: true, message: 'You already have this job alert.', data: alert });
      return reply.status(201).send({ success: true, message: 'Job alert created.', data: alert });
    },
  );

  app.get(
    '/api/job/alerts',
    { preHandler: professional, schema: { ...secured, response: { 200: JobAlertListResponse, ...errors } } },
    async (request) => ({ success: true as const, data: await alerts.list(actorOf(request).id) }),
  );

  app.delete(
    '/api/job/alerts/:id',
    {
      preHandler: professional,
      schema: { ...secured, params: IdParams, response: { 200: MessageResponse, ...errors } },
    },
    async (request) => {
      if (!(await alerts.remove(actorOf(request).id, request.params.id)))
        throw notFound('Job alert not found.', HireErrors.alertNotFound);
      return { success: true, message: 'Job alert deleted.' };
    },
  );
}
