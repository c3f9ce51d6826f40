import {
  ErrorAnswers,
  ErrorResponse,
  IdParams,
  MessageResponse,
  PagePreviewResponse,
  PageQuery,
} from '@platform/contracts';
import { SpecBlogListResponse } from '../../contract';
import {
  AdminBlogListResponse,
  BlogBody,
  BlogListResponse,
  BlogPostResponse,
  BlogSavedResponse,
  BlogVersionParams,
  BlogVersionsResponse,
  SlugParams,
  ContentErrors,
} from '../../contract';
import { Type } from '@sinclair/typebox';
import { notFound, pageOf, textOf, type App } from '@platform/service-kit';
import { adminBy } from './admin-by';
import { toBlogPost } from '../stores/blog-store';

/** Plain text from sanitised HTML's text: its entities decoded (the gateway escapes what it puts in a page). */
const decoded = (text: string) =>
  text.replace(
    /&(amp|lt|gt|quot|#39);/g,
    (_, e: string) => ({ amp: '&', lt: '<', gt: '>', quot: '"', '#39': "'" })[e]!,
  );

const errors = ErrorAnswers(400, 401, 403, 404);
/** Posts in the spec's bare array: the largest page a paged read may ask for. */
const SPEC_LIST_LIMIT = 100;
const admin = { tags: ['blog'], security: [{ bearer: [] }] };

/** The blog: published posts for everyone; drafts, versions and changes for admins. */
export default async function blogRoutes(app: App) {
  const { blog } = app;
  const onlyAdmin = app.requireRole('admin');

  app.get(
    '/api/blog/get',
    {
      schema: {
        tags: ['blog'],
        description:
          'Published posts, newest first: `{ data, pageInfo }` when asked with `page` or `limit`; without either, ' +
          'as the spec’s client asks, the array of posts itself (at most 100, the largest page).',
        querystring: PageQuery,
        response: { 200: Type.Union([BlogListResponse, SpecBlogListResponse]), 400: ErrorResponse },
      },
    },
    async (request) => {
      // The query as sent: the schema's defaults have filled `page` and `limit` in by now.
      const asked = new URLSearchParams(request.url.split('?')[1] ?? '');
      if (!asked.has('page') && !asked.has('limit')) {
        const { rows } = await blog.published({ page: 1, limit: SPEC_LIST_LIMIT });
        return rows.map(toBlogPost);
      }
      const { rows, total } = await blog.published(request.query);
      const { page, limit } = pageOf(request.query);
      return { success: true as const, data: rows.map(toBlogPost), pageInfo: { page, limit, total } };
    },
  );

  app.get(
    '/api/blog/posts/:slug',
    { schema: { tags: ['blog'], params: SlugParams, response: { 200: BlogPostResponse, ...errors } } },
    async (request) => {
      const row = await blog.bySlug(request.params.slug);
      if (!row) throw notFound('This blog post could not be found.', ContentErrors.blogNotFound);
      return { success: true as const, blog: toBlogPost(row) };
    },
  );

  // The post page's link preview (the gateway's Open Graph tags and title): published posts only, so a
  // draft's title never reaches a page.
  app.get(
    '/api/blog/posts/:slug/preview',
    { schema: { tags: ['blog'], params: SlugParams, response: { 200: PagePreviewResponse, ...errors } } },
    async (request) => {
      const row = await blog.bySlug(request.params.slug);
      if (!row) throw notFound('This blog post could not be found.', ContentErrors.blogNotFound);
      const text = decoded(textOf(row.data));
      const description = text.length > 200 ? `${text.slice(0, 197)}...` : text;
      return { success: true as const, data: { title: row.name, description } };
    },
  );

  app.get(
    '/api/blog/admin',
    {
      preHandler: onlyAdmin,
      schema: { ...admin, querystring: PageQuery, response: { 200: AdminBlogListResponse, ...errors } },
    },
    async (request) => {
      const { rows, stats } = await blog.all(request.query);
      const { page, limit } = pageOf(request.query);
      return {
        success: true as const,
        data: rows.map(toBlogPost),
        pageInfo: { page, limit, total: stats.total },
        stats,
      };
    },
  );

  app.post(
    '/api/blog/add',
    {
      preHandler: onlyAdmin,
      schema: { ...admin, body: BlogBody, response: { 201: BlogSavedResponse, ...errors } },
    },
    async (request, reply) => {
      const post = toBlogPost(await blog.create(request.body, adminBy(request)));
      return reply.status(201).send({ success: true, message: 'Blog post created.', ...post, blog: post });
    },
  );

  app.put(
    '/api/blog/update/:id',
    {
      preHandler: onlyAdmin,
      schema: { ...admin, params: IdParams, body: BlogBody, response: { 200: BlogSavedResponse, ...errors } },
    },
    async (request) => {
      const post = toBlogPost(await blog.update(request.params.id, request.body, adminBy(request)));
      return { success: true as const, message: 'Blog post updated.', ...post, blog: post };
    },
  );

  app.delete(
    '/api/blog/delete/:id',
    {
      preHandler: onlyAdmin,
      schema: { ...admin, params: IdParams, response: { 200: MessageResponse, ...errors } },
    },
    async (request) => {
      if (!(await blog.remove(request.params.id, adminBy(request))))
        throw notFound('This blog post could not be found.', ContentErrors.blogNotFound);
      return { success: true, message: 'Blog post deleted.' };
    },
  );

  app.get(
    '/api/blog/:id/versions',
    {
      preHandler: onlyAdmin,
      schema: { ...admin, params: IdParams, response: { 200: BlogVersionsResponse, ...errors } },
    },
    async (request) => ({ success: true as const, data: await blog.versions(request.params.id) }),
  );

  app.post(
    '/api/blog/:id/versions/:version/restore',
    {
      preHandler: onlyAdmin,
      schema: { ...admin, params: BlogVersionParams, response: { 200: BlogPostResponse, ...errors } },
    },
    async (request) => {
      const row = await blog.restore(request.params.id, request.params.version, adminBy(request));
      return {
        success: true as const,
        message: `Version ${request.params.version} restored.`,
        blog: toBlogPost(row),
      };
    },
  );
}
