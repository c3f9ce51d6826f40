import { ErrorAnswers, PaymentRequiredResponse } from '@platform/contracts';
import type { App } from '@platform/service-kit';
import {
  IdParams,
  SwapDecisionBody,
  SwapListResponse,
  SwapOfferBody,
  SwapQuery,
  SwapResponse,
} from '../../contract';
import type { OrgStore } from '../stores/org-store';
import type { SwapStore } from '../stores/swap-store';
import { memberOf, requestInfo, secured } from './guard';
import { pagedListRoute } from './paged-list';

/**
 * Shift swaps: a person offers their own published, future shift; a colleague of the same profession
 * (cleared where the shift is clinical) takes it; HR or the department's manager approves or declines;
 * the person withdraws it until then.
 */
export default async function swapRoutes(app: App, { swaps, orgs }: { swaps: SwapStore; orgs: OrgStore }) {
  const member = { preHandler: app.requireRole('user', 'Clinic') };
  const answer = {
    200: SwapResponse,
    402: PaymentRequiredResponse,
    ...ErrorAnswers(400, 401, 403, 404, 409, 422),
  };

  app.post(
    '/api/core/rosters/assignments/:id/swap-offers',
    {
      ...member,
      schema: {
        ...secured,
        params: IdParams,
        body: SwapOfferBody,
        response: {
          201: SwapResponse,
          402: PaymentRequiredResponse,
          ...ErrorAnswers(400, 401, 403, 404, 409, 422),
        },
      },
    },
    async (request, reply) => {
      const actor = await memberOf(orgs, request);
      const data = await swaps.offer(actor, request.params.id, request.body ?? {});
      return reply.status(201).send({ success: true, data });
    },
  );

  pagedListRoute(app, orgs, '/api/core/swap-offers', {
    querystring: SwapQuery,
    response: SwapListResponse,
    list: (actor, query) => swaps.list(actor, query),
  });

  app.post(
    '/api/core/swap-offers/:id/take',
    {
      ...member,
      schema: { ...secured, params: IdParams, response: answer },
    },
    async (request) => ({
      success: true as const,
      data: await swaps.take(await memberOf(orgs, request), request.params.id),
    }),
  );

  app.patch(
    '/api/core/swap-offers/:id',
    {
      ...member,
      schema: {
        ...secured,
        params: IdParams,
        body: SwapDecisionBody,
        response: answer,
      },
    },
    async (request) => {
      const actor = await memberOf(orgs, request);
      const data = await swaps.decide(
        request.user,
        actor,
        request.params.id,
        request.body,
        requestInfo(request),
      );
      return { success: true as const, data };
    },
  );

  app.delete(
    '/api/core/swap-offers/:id',
    {
      ...member,
      schema: { ...secured, params: IdParams, response: answer },
    },
    async (request) => ({
      success: true as const,
      data: await swaps.withdraw(await memberOf(orgs, request), request.params.id),
    }),
  );
}
