import { Type } from '@sinclair/typebox';
import { ErrorAnswers, PageQuery, PaymentRequiredResponse } from '@platform/contracts';
import { pageOf, type App } from '@platform/service-kit';
import {
  IdParams,
  WorkflowBody,
  WorkflowListResponse,
  WorkflowPatch,
  WorkflowResponse,
  WorkflowRunListResponse,
  WorkflowTaskListResponse,
  WorkflowTaskQuery,
  WorkflowTaskResponse,
} from '../../contract';
import type { OrgStore } from '../stores/org-store';
import type { WorkflowStore } from '../stores/workflow-store';
import { memberOf, requestInfo, secured } from './guard';
import { pagedListRoute } from './paged-list';

/** HR's workflows (make, edit, on and off, their runs) and each person's tasks from their checklists. */
export default async function workflowRoutes(
  app: App,
  { workflows, orgs }: { workflows: WorkflowStore; orgs: OrgStore },
) {
  const member = { preHandler: app.requireRole('user', 'Clinic') };

  app.get(
    '/api/core/workflows',
    {
      ...member,
      schema: {
        ...secured,
        querystring: PageQuery,
        response: { 200: WorkflowListResponse, 402: PaymentRequiredResponse, ...ErrorAnswers(400, 401, 403) },
      },
    },
    async (request) => {
      const actor = await memberOf(orgs, request);
      const { page, limit } = pageOf(request.query);
      const { data, total, ...plan } = await workflows.list(actor, request.query);
      return { success: true as const, data, pageInfo: { page, limit, total }, ...plan };
    },
  );

  app.post(
    '/api/core/workflows',
    {
      ...member,
      schema: {
        ...secured,
        body: WorkflowBody,
        response: {
          201: WorkflowResponse,
          402: PaymentRequiredResponse,
          ...ErrorAnswers(400, 401, 403, 404),
        },
      },
    },
    async (request, reply) => {
      const actor = await memberOf(orgs, request);
      const data = await workflows.create(request.user, actor, request.body, requestInfo(request));
      return reply.status(201).send({ success: true, data });
    },
  );

  // The caller's own tasks (before `/:id`, which a uuid alone matches).
  pagedListRoute(app, orgs, '/api/core/workflows/tasks/mine', {
    querystring: WorkflowTaskQuery,
    response: WorkflowTaskListResponse,
    list: (actor, query) => workflows.myTasks(actor, query),
  });

  app.post(
    '/api/core/workflows/tasks/:id/done',
    {
      ...member,
      schema: {
        ...secured,
        params: IdParams,
        response: {
          200: WorkflowTaskResponse,
          402: PaymentRequiredResponse,
          ...ErrorAnswers(400, 401, 403, 404),
        },
      },
    },
    async (request) => {
      const actor = await memberOf(orgs, request);
      return { success: true as const, data: await workflows.completeTask(actor, request.params.id) };
    },
  );

  app.get(
    '/api/core/workflows/:id',
    {
      ...member,
      schema: {
        ...secured,
        params: IdParams,
        response: {
          200: WorkflowResponse,
          402: PaymentRequiredResponse,
          ...ErrorAnswers(400, 401, 403, 404),
        },
      },
    },
    async (request) => {
      const actor = await memberOf(orgs, request);
      return { success: true as const, data: await workflows.get(actor, request.params.id) };
    },
  );

  app.patch(
    '/api/core/workflows/:id',
    {
      ...member,
      schema: {
        ...secured,
        params: IdParams,
        body: WorkflowPatch,
        response: {
          200: WorkflowResponse,
          402: PaymentRequiredResponse,
          ...ErrorAnswers(400, 401, 403, 404),
        },
      },
    },
    async (request) => {
      const actor = await memberOf(orgs, request);
      const data = await workflows.update(
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
    '/api/core/workflows/:id/runs',
    {
      ...member,
      schema: {
        ...secured,
        params: IdParams,
        querystring: Type.Composite([PageQuery]),
        response: {
          200: WorkflowRunListResponse,
          402: PaymentRequiredResponse,
          ...ErrorAnswers(400, 401, 403, 404),
        },
      },
    },
    async (request) => {
      const actor = await memberOf(orgs, request);
      const { page, limit } = pageOf(request.query);
      const { data, total } = await workflows.runs(actor, request.params.id, request.query);
      return { success: true as const, data, pageInfo: { page, limit, total } };
    },
  );
}
