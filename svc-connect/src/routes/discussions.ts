import {
  ErrorAnswers,
  ErrorResponse,
  IdParams,
  MessageResponse,
  PageQuery,
  PaymentRequiredResponse,
} from '@platform/contracts';
import {
  DiscussionBody,
  DiscussionDetailResponse,
  DiscussionListResponse,
  DiscussionPatch,
  DiscussionQuery,
  DiscussionResponse,
  FlagBody,
  LikeResponse,
  ReplyBody,
  ReplyListResponse,
  ReplyResponse,
  ConnectErrors,
} from '../../contract';
import { notFound, pageOf, type App } from '@platform/service-kit';
import type { DiscussionRow as Row } from '../db/schema';
import { toDiscussionView, toReplyView } from '../stores/discussion-store';
import type { Actor } from '../stores/db';
import { actorOf, maybeActor, optionalUser, signedIn } from './actor';

const errors = ErrorAnswers(400, 401, 403, 404, 409, 422);
/** Clinic Internal posts and replies need the organisation's Connect (or Core). */
const paid = { 402: PaymentRequiredResponse };
const secured = { tags: ['discussion'], security: [{ bearer: [] }] };
/** The spec's misspelled prefix (its clients call it) and the right one. */
const PREFIXES = ['/api/dicussion', '/api/discussion'] as const;

export default async function discussionRoutes(app: App) {
  const { discussions } = app;
  const toPost = signedIn(app, 'Please log in to post a discussion', ConnectErrors.loginToPost);
  const toRead = signedIn(app, 'Please log in to read this discussion.', ConnectErrors.loginToRead);
  const auth = app.authenticate;

  async function view(row: Row, viewer: Actor) {
    const [found] = [{ row, currentName: (await app.people.find(row.authorId))?.name ?? null }];
    return toDiscussionView(found!, viewer, await discussions.marks(viewer.id, [row.id]));
  }

  async function readable(id: string, viewer: Actor) {
    const found = await discussions.findFor(id, viewer);
    if (!found) throw notFound('This discussion could not be found.', ConnectErrors.discussionNotFound);
    return found;
  }

  for (const prefix of PREFIXES) {
    app.get(
      `${prefix}/get`,
      {
        preHandler: optionalUser(app),
        schema: {
          tags: ['discussion'],
          querystring: DiscussionQuery,
          response: { 200: DiscussionListResponse, 400: ErrorResponse, 401: ErrorResponse },
        },
      },
      async (request) => {
        const viewer = await maybeActor(app, request);
        const { rows, marks, total, totalCapped } = await discussions.list(request.query, viewer);
        const { page, limit } = pageOf(request.query);
        return {
          success: true as const,
          data: rows.map((r) => toDiscussionView(r, viewer, marks)),
          pageInfo: { page, limit, total, totalCapped },
        };
      },
    );

    app.post(
      `${prefix}/add`,
      {
        preHandler: toPost,
        schema: {
          ...secured,
          body: DiscussionBody,
          response: { 201: DiscussionResponse, ...errors, ...paid },
        },
      },
      async (request, reply) => {
        const actor = await actorOf(app, request);
        const row = await discussions.create(actor, request.body);
        return reply
          .status(201)
          .send({ success: true, message: 'Discussion posted.', data: await view(row, actor) });
      },
    );
  }

  app.get(
    '/api/discussion/:id',
    {
      preHandler: toRead,
      schema: {
        ...secured,
        params: IdParams,
        querystring: PageQuery,
        response: { 200: DiscussionDetailResponse, ...errors },
      },
    },
    async (request) => {
      const viewer = await actorOf(app, request);
      const found = await readable(request.params.id, viewer);
      const marks = await discussions.marks(viewer.id, [found.row.id]);
      const { rows, total } = await discussions.replies(found.row.id, request.query);
      const { page, limit } = pageOf(request.query);
      return {
        success: true as const,
        data: { ...toDiscussionView(found, viewer, marks), replies: rows.map((r) => toReplyView(r, viewer)) },
        repliesPageInfo: { page, limit, total },
      };
    },
  );

  app.patch(
    '/api/discussion/:id',
    {
      preHandler: auth,
      schema: {
        ...secured,
        params: IdParams,
        body: DiscussionPatch,
        response: { 200: DiscussionResponse, ...errors },
      },
    },
    async (request) => {
      const actor = await actorOf(app, request);
      const row = await discussions.update(actor, request.params.id, request.body);
      return { success: true as const, message: 'Discussion updated.', data: await view(row, actor) };
    },
  );

  app.delete(
    '/api/discussion/:id',
    {
      preHandler: auth,
      schema: { ...secured, params: IdParams, response: { 200: MessageResponse, ...errors } },
    },
    async (request) => {
      await discussions.remove(await actorOf(app, request), request.params.id);
      return { success: true, message: 'Discussion deleted.' };
    },
  );

  app.get(
    '/api/discussion/:id/replies',
    {
      preHandler: toRead,
      schema: {
        ...secured,
        params: IdParams,
        querystring: PageQuery,
        response: { 200: ReplyListResponse, ...errors },
      },
    },
    async (request) => {
      const viewer = await actorOf(app, request);
      const found = await readable(request.params.id, viewer);
      const { rows, total } = await discussions.replies(found.row.id, request.query);
      const { page, limit } = pageOf(request.query);
      return {
        success: true as const,
        data: rows.map((r) => toReplyView(r, viewer)),
        pageInfo: { page, limit, total },
      };
    },
  );

  app.post(
    '/api/discussion/:id/replies',
    {
      preHandler: auth,
      schema: {
        ...secured,
        params: IdParams,
        body: ReplyBody,
        response: { 201: ReplyResponse, ...errors, ...paid },
      },
    },
    async (request, reply) => {
      const actor = await actorOf(app, request);
      const row = await discussions.addReply(actor, request.params.id, request.body.content);
      return reply.status(201).send({
        success: true,
        message: 'Reply posted.',
        data: toReplyView({ row, currentName: null }, actor),
      });
    },
  );

  app.patch(
    '/api/discussion/replies/:id',
    {
      preHandler: auth,
      schema: { ...secured, params: IdParams, body: ReplyBody, response: { 200: ReplyResponse, ...errors } },
    },
    async (request) => {
      const actor = await actorOf(app, request);
      const row = await discussions.updateReply(actor, request.params.id, request.body.content);
      return {
        success: true as const,
        message: 'Reply updated.',
        data: toReplyView({ row, currentName: null }, actor),
      };
    },
  );

  app.delete(
    '/api/discussion/replies/:id',
    {
      preHandler: auth,
      schema: { ...secured, params: IdParams, response: { 200: MessageResponse, ...errors } },
    },
    async (request) => {
      await discussions.removeReply(await actorOf(app, request), request.params.id);
      return { success: true, message: 'Reply deleted.' };
    },
  );

  app.post(
    '/api/discussion/:id/like',
    {
      preHandler: auth,
      schema: { ...secured, params: IdParams, response: { 200: LikeResponse, ...errors } },
    },
    async (request) => {
      const data = await discussions.toggleLike(await actorOf(app, request), request.params.id);
      return { success: true as const, data };
    },
  );

  app.post(
    '/api/discussion/:id/flags',
    {
      preHandler: auth,
      schema: { ...secured, params: IdParams, body: FlagBody, response: { 201: MessageResponse, ...errors } },
    },
    async (request, reply) => {
      const { hidden } = await discussions.flag(
        await actorOf(app, request),
        request.params.id,
        request.body.reason,
      );
      const message = hidden
        ? 'Thank you. The discussion is hidden until a moderator reviews it.'
        : 'Thank you. A moderator will review this discussion.';
      return reply.status(201).send({ success: true, message });
    },
  );
}
