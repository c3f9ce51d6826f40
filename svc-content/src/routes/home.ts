import {
  ErrorResponse,
  HOME_BLOCKS,
  MainComponentsResponse,
  UpsertMainComponentBody,
  type HomeBlock,
} from '@platform/contracts';
import { badRequest, type App } from '@platform/service-kit';
import { adminBy } from './admin-by';

/** The landing page's six blocks: anyone reads them; an admin writes one at a time. */
export default async function homeRoutes(app: App) {
  app.get(
    '/api/dashboard/main-components',
    { schema: { tags: ['content'], response: { 200: MainComponentsResponse } } },
    async () => ({ success: true as const, components: await app.blocks.all() }),
  );

  app.post(
    '/api/dashboard/upsert-main-components',
    {
      preHandler: app.requireRole('admin'),
      schema: {
        tags: ['content'],
        security: [{ bearer: [] }],
        body: UpsertMainComponentBody,
        response: { 200: MainComponentsResponse, 400: ErrorResponse, 401: ErrorResponse, 403: ErrorResponse },
      },
    },
    async (request) => {
      const [key, html] = Object.entries(request.body)[0] as [HomeBlock, string];
      if (!HOME_BLOCKS.includes(key))
        throw badRequest(`${key}: is not a content block`, 'content.unknown_block');
      const saved = await app.blocks.upsert(key, html, adminBy(request));
      if (saved === undefined) throw badRequest(`${key}: Content cannot be empty`, 'content.empty');
      return {
        success: true as const,
        message: `${key} updated successfully!`,
        components: await app.blocks.all(),
      };
    },
  );
}
