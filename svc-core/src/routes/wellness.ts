import { ErrorAnswers, PaymentRequiredResponse } from '@platform/contracts';
import type { App } from '@platform/service-kit';
import {
  IdParams,
  SurveyAnswerBody,
  SurveyAnsweredResponse,
  SurveyBody,
  SurveyListResponse,
  SurveyQuery,
  SurveyResponse,
  SurveyResultsQuery,
  SurveyResultsResponse,
} from '../../contract';
import type { OrgStore } from '../stores/org-store';
import type { WellnessStore } from '../stores/wellness-store';
import { memberOf, requestInfo, secured } from './guard';
import { pagedListRoute } from './paged-list';

/**
 * Anonymous pulse surveys: HR makes, sends and closes them and reads their results (only from 5 answers,
 * never per person); the members of the departments a survey is sent to answer it once.
 */
export default async function wellnessRoutes(
  app: App,
  { wellness, orgs }: { wellness: WellnessStore; orgs: OrgStore },
) {
  const member = { preHandler: app.requireRole('user', 'Clinic') };

  pagedListRoute(app, orgs, '/api/core/wellness/surveys', {
    querystring: SurveyQuery,
    response: SurveyListResponse,
    list: (actor, query) => wellness.list(actor, query),
  });

  app.post(
    '/api/core/wellness/surveys',
    {
      ...member,
      schema: {
        ...secured,
        body: SurveyBody,
        response: {
          201: SurveyResponse,
          402: PaymentRequiredResponse,
          ...ErrorAnswers(400, 401, 403, 404, 422),
        },
      },
    },
    async (request, reply) => {
      const actor = await memberOf(orgs, request);
      const data = await wellness.create(request.user, actor, request.body, requestInfo(request));
      return reply.status(201).send({ success: true, data });
    },
  );

  app.get(
    '/api/core/wellness/surveys/:id',
    {
      ...member,
      schema: {
        ...secured,
        params: IdParams,
        response: { 200: SurveyResponse, 402: PaymentRequiredResponse, ...ErrorAnswers(400, 401, 403, 404) },
      },
    },
    async (request) => ({
      success: true as const,
      data: await wellness.get(await memberOf(orgs, request), request.params.id),
    }),
  );

  for (const action of ['send', 'close'] as const)
    app.post(
      `/api/core/wellness/surveys/:id/${action}`,
      {
        ...member,
        schema: {
          ...secured,
          params: IdParams,
          response: {
            200: SurveyResponse,
            402: PaymentRequiredResponse,
            ...ErrorAnswers(400, 401, 403, 404, 409, 422),
          },
        },
      },
      async (request) => {
        const actor = await memberOf(orgs, request);
        const data = await wellness[action](request.user, actor, request.params.id, requestInfo(request));
        return { success: true as const, data };
      },
    );

  app.post(
    '/api/core/wellness/surveys/:id/answers',
    {
      ...member,
      schema: {
        ...secured,
        params: IdParams,
        body: SurveyAnswerBody,
        response: {
          201: SurveyAnsweredResponse,
          402: PaymentRequiredResponse,
          ...ErrorAnswers(400, 401, 403, 404, 409, 422),
        },
      },
    },
    async (request, reply) => {
      const actor = await memberOf(orgs, request);
      const data = await wellness.answer(actor, request.params.id, request.body);
      return reply.status(201).send({ success: true, data });
    },
  );

  app.get(
    '/api/core/wellness/surveys/:id/results',
    {
      ...member,
      schema: {
        ...secured,
        params: IdParams,
        querystring: SurveyResultsQuery,
        response: {
          200: SurveyResultsResponse,
          402: PaymentRequiredResponse,
          ...ErrorAnswers(400, 401, 403, 404),
        },
      },
    },
    async (request) => ({
      success: true as const,
      data: await wellness.results(await memberOf(orgs, request), request.params.id),
    }),
  );
}
