import { ErrorAnswers, PaymentRequiredResponse } from '@platform/contracts';
import type { App } from '@platform/service-kit';
import { LicenceAlertRoleBody, LicenceAlertRoleParams, LicenceAlertRolesResponse } from '../../contract';
import type { OrgStore } from '../stores/org-store';
import type { LicenceAlertRoleStore } from '../stores/licence-alert-roles';
import { memberOf, requestInfo, secured } from './guard';

/** Which staff roles' licences alert HR: the plan limits how many (Essential: 3); HR chooses them. */
export default async function licenceAlertRoutes(
  app: App,
  { alertRoles, orgs }: { alertRoles: LicenceAlertRoleStore; orgs: OrgStore },
) {
  const hr = { preHandler: app.requireRole('user', 'Clinic') };

  app.get(
    '/api/core/licence-alerts/roles',
    {
      ...hr,
      schema: {
        ...secured,
        response: { 200: LicenceAlertRolesResponse, 402: PaymentRequiredResponse, ...ErrorAnswers(401, 403) },
      },
    },
    async (request) => ({
      success: true as const,
      data: await alertRoles.view(await memberOf(orgs, request)),
    }),
  );

  app.post(
    '/api/core/licence-alerts/roles',
    {
      ...hr,
      schema: {
        ...secured,
        body: LicenceAlertRoleBody,
        response: {
          200: LicenceAlertRolesResponse,
          201: LicenceAlertRolesResponse,
          402: PaymentRequiredResponse,
          ...ErrorAnswers(400, 401, 403, 422),
        },
      },
    },
    async (request, reply) => {
      const actor = await memberOf(orgs, request);
      const { added, data } = await alertRoles.track(
        request.user,
        actor,
        request.body.profession,
        requestInfo(request),
      );
      return reply.status(added ? 201 : 200).send({ success: true, data });
    },
  );

  app.delete(
    '/api/core/licence-alerts/roles/:profession',
    {
      ...hr,
      schema: {
        ...secured,
        params: LicenceAlertRoleParams,
        response: {
          200: LicenceAlertRolesResponse,
          402: PaymentRequiredResponse,
          ...ErrorAnswers(400, 401, 403),
        },
      },
    },
    async (request) => {
      const actor = await memberOf(orgs, request);
      const data = await alertRoles.untrack(
        request.user,
        actor,
        request.params.profession,
        requestInfo(request),
      );
      return { success: true as const, data };
    },
  );
}
