import type { Static, TSchema } from '@sinclair/typebox';
import { ErrorAnswers, PaymentRequiredResponse } from '@platform/contracts';
import { pageOf, type App } from '@platform/service-kit';
import type { OrgActor } from '../domain/roles';
import type { OrgStore } from '../stores/org-store';
import { memberOf, secured } from './guard';

/**
 * `GET <path>`: a page of a member's list (the credentials, compliance documents or training records
 * expiring within N days, or all of them), the one way svc-core answers one: the query checked, a 402 when
 * the plan lacks Core, `{ success, data, pageInfo }`. `list` applies the caller's scope.
 */
export function pagedListRoute<Q extends TSchema>(
  app: App,
  orgs: OrgStore,
  path: string,
  options: {
    querystring: Q;
    response: TSchema;
    list: (actor: OrgActor, query: Static<Q>) => Promise<{ data: unknown[]; total: number }>;
  },
) {
  app.get<{ Querystring: Static<Q> }>(
    path,
    {
      preHandler: app.requireRole('user', 'Clinic'),
      schema: {
        ...secured,
        querystring: options.querystring,
        response: {
          200: options.response,
          402: PaymentRequiredResponse,
          ...ErrorAnswers(400, 401, 403),
        },
      },
    },
    async (request) => {
      const actor = await memberOf(orgs, request);
      const { page, limit } = pageOf(request.query as { page?: number; limit?: number });
      const { data, total } = await options.list(actor, request.query);
      return { success: true as const, data, pageInfo: { page, limit, total } };
    },
  );
}
