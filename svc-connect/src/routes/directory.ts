import { ErrorResponse, ProfessionalListResponse, ProfessionalQuery } from '@platform/contracts';
import { pageOf, type App } from '@platform/service-kit';
import { maybeActor, optionalUser } from './actor';

export default async function directoryRoutes(app: App) {
  // Open to visitors (the Connect page is public); contact details only as toProfessional allows.
  app.get(
    '/api/connect/professionals',
    {
      preHandler: optionalUser(app),
      schema: {
        tags: ['connect'],
        querystring: ProfessionalQuery,
        response: { 200: ProfessionalListResponse, 400: ErrorResponse, 401: ErrorResponse },
      },
    },
    async (request) => {
      const viewer = await maybeActor(app, request);
      const { data, total, facets } = await app.people.search(request.query, viewer);
      const { page, limit } = pageOf(request.query);
      return { success: true as const, data, pageInfo: { page, limit, total }, facets };
    },
  );
}
