import { ErrorAnswers, PaymentRequiredResponse } from '@platform/contracts';
import type { App } from '@platform/service-kit';
import { OrganisationBody, OrganisationResponse } from '../../contract';
import type { OrgStore } from '../stores/org-store';
import { memberOf, requestInfo, secured } from './guard';

/**
 * The organisation's settings: every member reads them (its time zone decides its "today" and its shift
 * times on their screens); HR changes its facility type and time zone.
 */
export default async function organisationRoutes(app: App, { orgs }: { orgs: OrgStore }) {
  const member = { preHandler: app.requireRole('user', 'Clinic') };

  app.get(
    '/api/core/organisation',
    {
      ...member,
      schema: {
        ...secured,
        response: { 200: OrganisationResponse, 402: PaymentRequiredResponse, ...ErrorAnswers(401, 403) },
      },
    },
    async (request) => ({ success: true as const, data: await orgs.settings(await memberOf(orgs, request)) }),
  );

  app.patch(
    '/api/core/organisation',
    {
      ...member,
      schema: {
        ...secured,
        body: OrganisationBody,
        response: {
          200: OrganisationResponse,
          402: PaymentRequiredResponse,
          ...ErrorAnswers(400, 401, 403, 422),
        },
      },
    },
    async (request) => {
      const actor = await memberOf(orgs, request);
      const data = await orgs.configure(request.user, actor, request.body, requestInfo(request));
      return { success: true as const, data };
    },
  );
}
