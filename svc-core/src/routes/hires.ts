import { ErrorAnswers, MessageResponse, PageQuery, PaymentRequiredResponse } from '@platform/contracts';
import { pageOf, type App } from '@platform/service-kit';
import { HireListResponse, IdParams } from '../../contract';
import type { HireStore } from '../stores/hire-store';
import type { OrgStore } from '../stores/org-store';
import { memberOf, secured } from './guard';

/** Hire to staff: the applicants the organisation accepted in Hire, for HR to invite or dismiss. */
export default async function hireRoutes(app: App, { hires, orgs }: { hires: HireStore; orgs: OrgStore }) {
  const member = { preHandler: app.requireRole('user', 'Clinic') };

  app.get(
    '/api/core/hires',
    {
      ...member,
      schema: {
        ...secured,
        querystring: PageQuery,
        response: { 200: HireListResponse, 402: PaymentRequiredResponse, ...ErrorAnswers(400, 401, 403) },
      },
    },
    async (request) => {
      const { page, limit } = pageOf(request.query);
      const { data, total } = await hires.pending(await memberOf(orgs, request), request.query);
      return { success: true as const, data, pageInfo: { page, limit, total } };
    },
  );

  app.post(
    '/api/core/hires/:id/dismiss',
    {
      ...member,
      schema: {
        ...secured,
        params: IdParams,
        response: { 200: MessageResponse, 402: PaymentRequiredResponse, ...ErrorAnswers(400, 401, 403, 404) },
      },
    },
    async (request) => {
      await hires.dismiss(await memberOf(orgs, request), request.params.id);
      return { success: true, message: 'Dismissed.' };
    },
  );
}
