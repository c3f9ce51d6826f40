import { ErrorAnswers, PaymentRequiredResponse } from '@platform/contracts';
import type { App } from '@platform/service-kit';
import {
  ComplianceBody,
  ComplianceChangeBody,
  ComplianceListResponse,
  ComplianceQuery,
  ComplianceResponse,
  ComplianceTypesResponse,
  IdParams,
} from '../../contract';
import type { ComplianceStore } from '../stores/compliance-store';
import { documentFileRoutes } from './document-file';
import type { OrgStore } from '../stores/org-store';
import { pagedListRoute } from './paged-list';
import { memberOf, requestInfo, secured } from './guard';

/**
 * The organisation's own documents (and each one's scan or photo) and the types it must hold (its facility
 * type is set with `PATCH /api/core/organisation`, routes/organisation.ts): HR's alone (owner, HR admin); a manager or staff member is refused (403) and sees none.
 */
export default async function complianceRoutes(
  app: App,
  { compliance, orgs }: { compliance: ComplianceStore; orgs: OrgStore },
) {
  const member = { preHandler: app.requireRole('user', 'Clinic') };

  app.get(
    '/api/core/compliance/types',
    {
      ...member,
      schema: {
        ...secured,
        response: { 200: ComplianceTypesResponse, 402: PaymentRequiredResponse, ...ErrorAnswers(401, 403) },
      },
    },
    async (request) => ({
      success: true as const,
      data: await compliance.types(await memberOf(orgs, request)),
    }),
  );

  pagedListRoute(app, orgs, '/api/core/compliance', {
    querystring: ComplianceQuery,
    response: ComplianceListResponse,
    list: (actor, query) => compliance.list(actor, query),
  });

  app.post(
    '/api/core/compliance',
    {
      ...member,
      schema: {
        ...secured,
        body: ComplianceBody,
        response: {
          201: ComplianceResponse,
          402: PaymentRequiredResponse,
          ...ErrorAnswers(400, 401, 403, 404, 409),
        },
      },
    },
    async (request, reply) => {
      const actor = await memberOf(orgs, request);
      const data = await compliance.create(request.user, actor, request.body);
      return reply.status(201).send({ success: true, data });
    },
  );

  app.patch(
    '/api/core/compliance/:id',
    {
      ...member,
      schema: {
        ...secured,
        params: IdParams,
        body: ComplianceChangeBody,
        response: {
          200: ComplianceResponse,
          402: PaymentRequiredResponse,
          ...ErrorAnswers(400, 401, 403, 404, 409),
        },
      },
    },
    async (request) => {
      const actor = await memberOf(orgs, request);
      const data = await compliance.change(
        request.user,
        actor,
        request.params.id,
        request.body,
        requestInfo(request),
      );
      return { success: true as const, data };
    },
  );

  await documentFileRoutes(app, {
    path: '/api/core/compliance',
    description: 'the document (a PDF or an image)',
    response: ComplianceResponse,
    read: async (request) => compliance.file(await memberOf(orgs, request), request.params.id),
    store: async (request, name, bytes) =>
      compliance.attach(request.user, await memberOf(orgs, request), request.params.id, name, bytes),
  });
}
