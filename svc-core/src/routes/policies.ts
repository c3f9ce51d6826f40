import { ErrorAnswers, PaymentRequiredResponse } from '@platform/contracts';
import { pageOf, type App } from '@platform/service-kit';
import {
  AcknowledgeBody,
  IdParams,
  PolicyBody,
  PolicyListResponse,
  PolicyPeopleQuery,
  PolicyQuery,
  PolicyResponse,
  PolicySummaryResponse,
  PolicyVersionBody,
  RemindResponse,
} from '../../contract';
import type { OrgStore } from '../stores/org-store';
import type { PolicyStore } from '../stores/policy-store';
import { documentFileRoutes } from './document-file';
import { memberOf, requestInfo, secured } from './guard';

/** Policies: HR writes, versions and reminds; each person acknowledges theirs; HR and managers follow. */
export default async function policyRoutes(
  app: App,
  { policies, orgs }: { policies: PolicyStore; orgs: OrgStore },
) {
  const member = { preHandler: app.requireRole('user', 'Clinic') };

  app.get(
    '/api/core/policies',
    {
      ...member,
      schema: {
        ...secured,
        querystring: PolicyQuery,
        response: { 200: PolicyListResponse, 402: PaymentRequiredResponse, ...ErrorAnswers(400, 401, 403) },
      },
    },
    async (request) => {
      const actor = await memberOf(orgs, request);
      const { page, limit } = pageOf(request.query);
      const { data, total } = await policies.list(actor, request.query);
      return { success: true as const, data, pageInfo: { page, limit, total } };
    },
  );

  app.post(
    '/api/core/policies',
    {
      ...member,
      schema: {
        ...secured,
        body: PolicyBody,
        response: {
          201: PolicySummaryResponse,
          402: PaymentRequiredResponse,
          ...ErrorAnswers(400, 401, 403, 404),
        },
      },
    },
    async (request, reply) => {
      const actor = await memberOf(orgs, request);
      const data = await policies.create(request.user, actor, request.body, requestInfo(request));
      return reply.status(201).send({ success: true, data });
    },
  );

  app.get(
    '/api/core/policies/:id',
    {
      ...member,
      schema: {
        ...secured,
        params: IdParams,
        querystring: PolicyPeopleQuery,
        response: { 200: PolicyResponse, 402: PaymentRequiredResponse, ...ErrorAnswers(400, 401, 403, 404) },
      },
    },
    async (request) => {
      const actor = await memberOf(orgs, request);
      return { success: true as const, ...(await policies.get(actor, request.params.id, request.query)) };
    },
  );

  app.post(
    '/api/core/policies/:id/versions',
    {
      ...member,
      schema: {
        ...secured,
        params: IdParams,
        body: PolicyVersionBody,
        response: {
          201: PolicySummaryResponse,
          402: PaymentRequiredResponse,
          ...ErrorAnswers(400, 401, 403, 404),
        },
      },
    },
    async (request, reply) => {
      const actor = await memberOf(orgs, request);
      const data = await policies.newVersion(
        request.user,
        actor,
        request.params.id,
        request.body,
        requestInfo(request),
      );
      return reply.status(201).send({ success: true, data });
    },
  );

  app.post(
    '/api/core/policies/:id/acknowledge',
    {
      ...member,
      schema: {
        ...secured,
        params: IdParams,
        body: AcknowledgeBody,
        response: {
          200: PolicySummaryResponse,
          402: PaymentRequiredResponse,
          ...ErrorAnswers(400, 401, 403, 404, 409),
        },
      },
    },
    async (request) => {
      const actor = await memberOf(orgs, request);
      const data = await policies.acknowledge(actor, request.params.id, request.body.version);
      return { success: true as const, data };
    },
  );

  app.post(
    '/api/core/policies/:id/remind',
    {
      ...member,
      schema: {
        ...secured,
        params: IdParams,
        response: { 200: RemindResponse, 402: PaymentRequiredResponse, ...ErrorAnswers(400, 401, 403, 404) },
      },
    },
    async (request) => {
      const actor = await memberOf(orgs, request);
      const data = await policies.remind(request.user, actor, request.params.id, requestInfo(request));
      return { success: true as const, data };
    },
  );

  // A policy version published as a PDF: HR uploads it; those who may see the policy open it.
  await documentFileRoutes(app, {
    path: '/api/core/policies',
    description: 'the policy (a PDF)',
    response: PolicySummaryResponse,
    read: async (request) => policies.file(await memberOf(orgs, request), request.params.id),
    store: async (request, name, bytes) =>
      policies.publishPdf(
        request.user,
        await memberOf(orgs, request),
        request.params.id,
        name,
        bytes,
        requestInfo(request),
      ),
  });
}
