import { ErrorAnswers, PageQuery, PaymentRequiredResponse } from '@platform/contracts';
import { pageOf, type App } from '@platform/service-kit';
import {
  IdParams,
  MyTrainingsResponse,
  TrainingRecordBody,
  TrainingRecordListResponse,
  TrainingRecordQuery,
  TrainingRecordResponse,
  TrainingTypeBody,
  TrainingTypeChangeBody,
  TrainingTypeListResponse,
  TrainingTypeResponse,
} from '../../contract';
import type { OrgStore } from '../stores/org-store';
import type { TrainingStore } from '../stores/training-store';
import { pagedListRoute } from './paged-list';
import { memberOf, requestInfo, secured } from './guard';

/**
 * Trainings: every member reads the organisation's trainings and their own required ones; HR sets the
 * trainings and records completions for anyone; a member records their own; completions are read within
 * the caller's scope (HR: all; a manager: their departments and locations; staff: their own).
 */
export default async function trainingRoutes(
  app: App,
  { trainings, orgs }: { trainings: TrainingStore; orgs: OrgStore },
) {
  const member = { preHandler: app.requireRole('user', 'Clinic') };

  app.get(
    '/api/core/trainings/types',
    {
      ...member,
      schema: {
        ...secured,
        querystring: PageQuery,
        response: {
          200: TrainingTypeListResponse,
          402: PaymentRequiredResponse,
          ...ErrorAnswers(400, 401, 403),
        },
      },
    },
    async (request) => {
      const actor = await memberOf(orgs, request);
      const { page, limit } = pageOf(request.query);
      const { data, total } = await trainings.types(actor, request.query);
      return { success: true as const, data, pageInfo: { page, limit, total } };
    },
  );

  app.post(
    '/api/core/trainings/types',
    {
      ...member,
      schema: {
        ...secured,
        body: TrainingTypeBody,
        response: {
          201: TrainingTypeResponse,
          402: PaymentRequiredResponse,
          ...ErrorAnswers(400, 401, 403, 409),
        },
      },
    },
    async (request, reply) => {
      const actor = await memberOf(orgs, request);
      const data = await trainings.createType(request.user, actor, request.body, requestInfo(request));
      return reply.status(201).send({ success: true, data });
    },
  );

  app.patch(
    '/api/core/trainings/types/:id',
    {
      ...member,
      schema: {
        ...secured,
        params: IdParams,
        body: TrainingTypeChangeBody,
        response: {
          200: TrainingTypeResponse,
          402: PaymentRequiredResponse,
          ...ErrorAnswers(400, 401, 403, 404, 409),
        },
      },
    },
    async (request) => {
      const actor = await memberOf(orgs, request);
      const data = await trainings.changeType(
        request.user,
        actor,
        request.params.id,
        request.body,
        requestInfo(request),
      );
      return { success: true as const, data };
    },
  );

  app.get(
    '/api/core/trainings/me',
    {
      ...member,
      schema: {
        ...secured,
        response: { 200: MyTrainingsResponse, 402: PaymentRequiredResponse, ...ErrorAnswers(401, 403, 404) },
      },
    },
    async (request) => ({
      success: true as const,
      data: await trainings.mine(await memberOf(orgs, request)),
    }),
  );

  pagedListRoute(app, orgs, '/api/core/trainings', {
    querystring: TrainingRecordQuery,
    response: TrainingRecordListResponse,
    list: (actor, query) => trainings.list(actor, query),
  });

  app.post(
    '/api/core/trainings',
    {
      ...member,
      schema: {
        ...secured,
        body: TrainingRecordBody,
        response: {
          201: TrainingRecordResponse,
          402: PaymentRequiredResponse,
          ...ErrorAnswers(400, 401, 403, 404, 409),
        },
      },
    },
    async (request, reply) => {
      const actor = await memberOf(orgs, request);
      const data = await trainings.create(request.user, actor, request.body);
      return reply.status(201).send({ success: true, data });
    },
  );

  app.post(
    '/api/core/trainings/:id/verify',
    {
      ...member,
      schema: {
        ...secured,
        params: IdParams,
        response: {
          200: TrainingRecordResponse,
          402: PaymentRequiredResponse,
          ...ErrorAnswers(400, 401, 403, 404),
        },
      },
    },
    async (request) => {
      const actor = await memberOf(orgs, request);
      const data = await trainings.verify(request.user, actor, request.params.id, requestInfo(request));
      return { success: true as const, data };
    },
  );
}
