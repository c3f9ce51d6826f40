import { ErrorAnswers, IdParams, MessageResponse, PageQuery } from '@platform/contracts';
import { ModerationDecisionBody, ModerationResponse } from '../../contract';
import { pageOf, type App } from '@platform/service-kit';
import { adminBy } from './admin-by';
import { toModerationItem } from '../stores/moderation-store';

const errors = ErrorAnswers(400, 401, 403, 404, 409);
const secured = { tags: ['moderation'], security: [{ bearer: [] }] };

/** The moderation queue: posts hidden by flags in other modules, restored, kept hidden or deleted by an admin. */
export default async function moderationRoutes(app: App) {
  const onlyAdmin = app.requireRole('admin');

  app.get(
    '/api/content/moderation',
    {
      preHandler: onlyAdmin,
      schema: { ...secured, querystring: PageQuery, response: { 200: ModerationResponse, ...errors } },
    },
    async (request) => {
      const { rows, total } = await app.moderation.open(request.query);
      const { page, limit } = pageOf(request.query);
      return {
        success: true as const,
        data: rows.map((r) => toModerationItem(r.row, r.authorName)),
        pageInfo: { page, limit, total },
      };
    },
  );

  app.post(
    '/api/content/moderation/:id/decision',
    {
      preHandler: onlyAdmin,
      schema: {
        ...secured,
        params: IdParams,
        body: ModerationDecisionBody,
        response: { 200: MessageResponse, ...errors },
      },
    },
    async (request) => {
      const { decision, reason } = request.body;
      await app.moderation.decide(request.params.id, decision, adminBy(request), reason);
      return { success: true, message: 'Decision sent.' };
    },
  );
}
