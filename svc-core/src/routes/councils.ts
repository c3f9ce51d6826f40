import { ErrorAnswers, PaymentRequiredResponse } from '@platform/contracts';
import { pageOf, type App } from '@platform/service-kit';
import { CouncilBody, CouncilListResponse, CouncilQuery, CouncilResponse } from '../../contract';
import type { OrgStore } from '../stores/org-store';
import type { CredentialStore } from '../stores/credential-store';
import { memberOf, requestInfo, secured } from './guard';

/**
 * The councils a licence may come from: any signed-in person reads the platform's and their organisation's.
 * HR adds one for its organisation; a platform admin adds one for everyone.
 */
export default async function councilRoutes(
  app: App,
  { credentials, orgs }: { credentials: CredentialStore; orgs: OrgStore },
) {
  app.post(
    '/api/core/councils',
    {
      preHandler: app.requireRole('user', 'Clinic', 'admin'),
      schema: {
        ...secured,
        body: CouncilBody,
        response: { 201: CouncilResponse, 402: PaymentRequiredResponse, ...ErrorAnswers(400, 401, 403, 409) },
      },
    },
    async (request, reply) => {
      const actor = request.user.role === 'admin' ? null : await memberOf(orgs, request);
      const data = await credentials.addCouncil(request.user, actor, request.body, requestInfo(request));
      return reply.status(201).send({ success: true, data });
    },
  );

  app.get(
    '/api/core/councils',
    {
      preHandler: app.authenticate,
      schema: {
        ...secured,
        querystring: CouncilQuery,
        response: { 200: CouncilListResponse, ...ErrorAnswers(400, 401) },
      },
    },
    async (request) => {
      const { page, limit } = pageOf(request.query);
      const { role, orgId } = request.user;
      const viewer = {
        orgId: role === 'user' || role === 'Clinic' ? (orgId ?? null) : null,
        all: role === 'admin',
      };
      const { data, total } = await credentials.councils(viewer, request.query);
      return { success: true as const, data, pageInfo: { page, limit, total } };
    },
  );
}
