import { ErrorResponse, type Language } from '@platform/contracts';
import {
  BlockLanguageQuery,
  BlockTextBody,
  BlockTextParams,
  BlockTextsResponse,
  HOME_BLOCKS,
  MainComponentsResponse,
  UpsertMainComponentBody,
  type HomeBlock,
  ContentErrors,
} from '../../contract';
import { badRequest, type App } from '@platform/service-kit';
import { adminBy } from './admin-by';

const empty = (key: HomeBlock) => badRequest(`${key}: Content cannot be empty`, ContentErrors.empty);

/**
 * The landing page's six blocks, each in English, Kiswahili and French apart: anyone reads one language's;
 * an admin writes one block in one language at a time, or puts it back to the page's own text.
 */
export default async function homeRoutes(app: App) {
  const components = async (lang: Language) => {
    const all = await app.blocks.all(lang);
    const isDefault = Object.fromEntries(HOME_BLOCKS.map((b) => [b, all[b] === ''])) as Record<
      HomeBlock,
      boolean
    >;
    return { components: all, ...all, lang, isDefault };
  };
  const admin = { preHandler: app.requireRole('admin') };
  const adminErrors = { 400: ErrorResponse, 401: ErrorResponse, 403: ErrorResponse };

  app.get(
    '/api/dashboard/main-components',
    {
      schema: {
        tags: ['content'],
        querystring: BlockLanguageQuery,
        response: { 200: MainComponentsResponse },
      },
    },
    async (request) => ({ success: true as const, ...(await components(request.query.lang ?? 'en')) }),
  );

  // The spec's call: `{ <block>: html }` writes that block's English (or `?lang=`) text only.
  app.post(
    '/api/dashboard/upsert-main-components',
    {
      ...admin,
      schema: {
        tags: ['content'],
        security: [{ bearer: [] }],
        querystring: BlockLanguageQuery,
        body: UpsertMainComponentBody,
        response: { 200: MainComponentsResponse, ...adminErrors },
      },
    },
    async (request) => {
      const [key, html] = Object.entries(request.body)[0] as [HomeBlock, string];
      if (!HOME_BLOCKS.includes(key))
        throw badRequest(`${key}: is not a content block`, ContentErrors.unknownBlock);
      const lang = request.query.lang ?? 'en';
      const saved = await app.blocks.upsert(key, lang, html, adminBy(request));
      if (saved === undefined) throw empty(key);
      return { success: true as const, message: `${key} updated successfully!`, ...(await components(lang)) };
    },
  );

  app.get(
    '/api/content/blocks',
    {
      ...admin,
      schema: {
        tags: ['content'],
        security: [{ bearer: [] }],
        response: { 200: BlockTextsResponse, ...adminErrors },
      },
    },
    async () => ({ success: true as const, blocks: await app.blocks.texts() }),
  );

  app.put(
    '/api/content/blocks/:key/:lang',
    {
      ...admin,
      schema: {
        tags: ['content'],
        security: [{ bearer: [] }],
        params: BlockTextParams,
        body: BlockTextBody,
        response: { 200: BlockTextsResponse, ...adminErrors },
      },
    },
    async (request) => {
      const { key, lang } = request.params;
      if ((await app.blocks.upsert(key, lang, request.body.html, adminBy(request))) === undefined)
        throw empty(key);
      return {
        success: true as const,
        message: `${key} updated successfully!`,
        blocks: await app.blocks.texts(),
      };
    },
  );

  // Restore default: the block shows the page's own text in that language again (already the default: no change).
  app.delete(
    '/api/content/blocks/:key/:lang',
    {
      ...admin,
      schema: {
        tags: ['content'],
        security: [{ bearer: [] }],
        params: BlockTextParams,
        response: { 200: BlockTextsResponse, ...adminErrors },
      },
    },
    async (request) => {
      const { key, lang } = request.params;
      await app.blocks.restore(key, lang, adminBy(request));
      return {
        success: true as const,
        message: `${key} restored to default`,
        blocks: await app.blocks.texts(),
      };
    },
  );
}
