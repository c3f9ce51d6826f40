import { ErrorAnswers, PaymentRequiredResponse } from '@platform/contracts';
import type { App } from '@platform/service-kit';
import {
  AssignmentBody,
  AssignmentParams,
  IdParams,
  MyShiftListResponse,
  MyShiftsQuery,
  RosterBody,
  RosterListResponse,
  RosterQuery,
  RosterResponse,
  ShiftTemplateBody,
  ShiftTemplateChangeBody,
  ShiftTemplateListResponse,
  ShiftTemplateQuery,
  ShiftTemplateResponse,
} from '../../contract';
import type { OrgStore } from '../stores/org-store';
import type { RosterStore } from '../stores/roster-store';
import type { ShiftTemplateStore } from '../stores/shift-template-store';
import { memberOf, requestInfo, secured } from './guard';
import { pagedListRoute } from './paged-list';

/**
 * Shifts and rosters: every member reads a department's shifts and their own published shifts; HR (every
 * department) and a department's manager (theirs) set its shifts, make, fill and publish its rosters.
 */
export default async function rosterRoutes(
  app: App,
  { templates, rosters, orgs }: { templates: ShiftTemplateStore; rosters: RosterStore; orgs: OrgStore },
) {
  const member = { preHandler: app.requireRole('user', 'Clinic') };

  pagedListRoute(app, orgs, '/api/core/shift-templates', {
    querystring: ShiftTemplateQuery,
    response: ShiftTemplateListResponse,
    list: (actor, query) => templates.list(actor, query),
  });

  app.post(
    '/api/core/shift-templates',
    {
      ...member,
      schema: {
        ...secured,
        body: ShiftTemplateBody,
        response: {
          201: ShiftTemplateResponse,
          402: PaymentRequiredResponse,
          ...ErrorAnswers(400, 401, 403, 404, 409),
        },
      },
    },
    async (request, reply) => {
      const actor = await memberOf(orgs, request);
      const data = await templates.create(request.user, actor, request.body, requestInfo(request));
      return reply.status(201).send({ success: true, data });
    },
  );

  app.patch(
    '/api/core/shift-templates/:id',
    {
      ...member,
      schema: {
        ...secured,
        params: IdParams,
        body: ShiftTemplateChangeBody,
        response: {
          200: ShiftTemplateResponse,
          402: PaymentRequiredResponse,
          ...ErrorAnswers(400, 401, 403, 404, 409),
        },
      },
    },
    async (request) => {
      const actor = await memberOf(orgs, request);
      const data = await templates.change(
        request.user,
        actor,
        request.params.id,
        request.body,
        requestInfo(request),
      );
      return { success: true as const, data };
    },
  );

  pagedListRoute(app, orgs, '/api/core/rosters', {
    querystring: RosterQuery,
    response: RosterListResponse,
    list: (actor, query) => rosters.list(actor, query),
  });

  app.post(
    '/api/core/rosters',
    {
      ...member,
      schema: {
        ...secured,
        body: RosterBody,
        response: {
          201: RosterResponse,
          402: PaymentRequiredResponse,
          ...ErrorAnswers(400, 401, 403, 404, 409),
        },
      },
    },
    async (request, reply) => {
      const actor = await memberOf(orgs, request);
      const data = await rosters.create(request.user, actor, request.body, requestInfo(request));
      return reply.status(201).send({ success: true, data });
    },
  );

  app.get(
    '/api/core/rosters/:id',
    {
      ...member,
      schema: {
        ...secured,
        params: IdParams,
        response: { 200: RosterResponse, 402: PaymentRequiredResponse, ...ErrorAnswers(400, 401, 403, 404) },
      },
    },
    async (request) => ({
      success: true as const,
      data: await rosters.get(await memberOf(orgs, request), request.params.id),
    }),
  );

  app.post(
    '/api/core/rosters/:id/assignments',
    {
      ...member,
      schema: {
        ...secured,
        params: IdParams,
        body: AssignmentBody,
        response: {
          201: RosterResponse,
          402: PaymentRequiredResponse,
          ...ErrorAnswers(400, 401, 403, 404, 409, 422),
        },
      },
    },
    async (request, reply) => {
      const actor = await memberOf(orgs, request);
      const data = await rosters.assign(
        request.user,
        actor,
        request.params.id,
        request.body,
        requestInfo(request),
      );
      return reply.status(201).send({ success: true, data });
    },
  );

  app.delete(
    '/api/core/rosters/:id/assignments/:assignmentId',
    {
      ...member,
      schema: {
        ...secured,
        params: AssignmentParams,
        response: {
          200: RosterResponse,
          402: PaymentRequiredResponse,
          ...ErrorAnswers(400, 401, 403, 404, 409),
        },
      },
    },
    async (request) => {
      const actor = await memberOf(orgs, request);
      const data = await rosters.unassign(actor, request.params.id, request.params.assignmentId);
      return { success: true as const, data };
    },
  );

  app.post(
    '/api/core/rosters/:id/fill',
    {
      ...member,
      schema: {
        ...secured,
        params: IdParams,
        response: {
          200: RosterResponse,
          402: PaymentRequiredResponse,
          ...ErrorAnswers(400, 401, 403, 404, 409),
        },
      },
    },
    async (request) => {
      const actor = await memberOf(orgs, request);
      return {
        success: true as const,
        data: await rosters.fill(request.user, actor, request.params.id, requestInfo(request)),
      };
    },
  );

  app.post(
    '/api/core/rosters/:id/publish',
    {
      ...member,
      schema: {
        ...secured,
        params: IdParams,
        response: {
          200: RosterResponse,
          402: PaymentRequiredResponse,
          ...ErrorAnswers(400, 401, 403, 404, 409),
        },
      },
    },
    async (request) => {
      const actor = await memberOf(orgs, request);
      return {
        success: true as const,
        data: await rosters.publish(request.user, actor, request.params.id, requestInfo(request)),
      };
    },
  );

  pagedListRoute(app, orgs, '/api/core/shifts/mine', {
    querystring: MyShiftsQuery,
    response: MyShiftListResponse,
    list: (actor, query) => rosters.mine(actor, query),
  });
}
