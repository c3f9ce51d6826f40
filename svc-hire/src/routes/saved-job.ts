import { ErrorAnswers, IdParams, MessageResponse, PageQuery } from '@platform/contracts';
import { SavedJobListResponse, ViewerStateQuery, ViewerStateResponse } from '../../contract';
import { pageOf, type App } from '@platform/service-kit';

const errors = ErrorAnswers(400, 401, 403, 404);
const secured = { tags: ['saved-job'], security: [{ bearer: [] }] };

/** A professional's saved jobs, and their own state (applied, saved) for the jobs a page shows. */
export default async function savedJobRoutes(app: App) {
  const saved = app.savedJobs;
  const professional = app.requireRole('user');

  app.put(
    '/api/job/:id/save',
    {
      preHandler: professional,
      schema: { ...secured, params: IdParams, response: { 200: MessageResponse, ...errors } },
    },
    async (request) => {
      await saved.save(request.user.sub, request.params.id);
      return { success: true, message: 'Job saved.' };
    },
  );

  app.delete(
    '/api/job/:id/save',
    {
      preHandler: professional,
      schema: { ...secured, params: IdParams, response: { 200: MessageResponse, ...errors } },
    },
    async (request) => {
      await saved.unsave(request.user.sub, request.params.id);
      return { success: true, message: 'Job removed from your saved jobs.' };
    },
  );

  app.get(
    '/api/job/saved',
    {
      preHandler: professional,
      schema: { ...secured, querystring: PageQuery, response: { 200: SavedJobListResponse, ...errors } },
    },
    async (request) => {
      const { data, total } = await saved.list(request.user.sub, request.query);
      const { page, limit } = pageOf(request.query);
      return { success: true as const, data, pageInfo: { page, limit, total } };
    },
  );

  // The board's list is public and cached for everyone; what this person did with its jobs comes apart.
  app.get(
    '/api/job/viewer-state',
    {
      preHandler: professional,
      schema: {
        ...secured,
        querystring: ViewerStateQuery,
        response: { 200: ViewerStateResponse, ...errors },
      },
    },
    async (request) => {
      const ids = [...new Set(request.query.ids.toLowerCase().split(','))];
      return { success: true as const, data: await saved.viewerState(request.user.sub, ids) };
    },
  );
}
