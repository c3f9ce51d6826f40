import type { FastifyReply } from 'fastify';
import { ErrorAnswers, IdParams, MessageResponse, PageQuery } from '@platform/contracts';
import {
  ConnectBody,
  ConnectionListResponse,
  ConnectionRequestBody,
  ConnectionRequestListResponse,
  ConnectionRequestPatch,
  ConnectionRequestQuery,
  ConnectionRequestResponse,
  type ConnectionRequestView,
  type PersonRef,
  ConnectErrors,
} from '../../contract';
import { HttpError, notFound, pageOf, type App } from '@platform/service-kit';
import type { RequestRow, UserRow } from '../db/schema';
import { RetryLater } from '../stores/request-store';
import type { Actor } from '../stores/db';
import { actorOf, signedIn } from './actor';

const errors = ErrorAnswers(400, 401, 403, 404, 409, 422, 429);
const secured = { tags: ['connect'], security: [{ bearer: [] }] };

const personRef = (id: string, u: UserRow | undefined): PersonRef => ({
  id,
  name: u?.name ?? 'Deleted account',
  designation: u?.designation ?? '',
  profession: u?.profession ?? 'Other',
  photo: u?.photo ?? '',
});

export default async function requestRoutes(app: App) {
  const { people, requests } = app;
  const login = signedIn(app, 'Please login first', ConnectErrors.loginRequired);

  async function views(rows: RequestRow[]): Promise<ConnectionRequestView[]> {
    const known = await people.findMany(rows.flatMap((r) => [r.fromId, r.toId]));
    return rows.map((r) => ({
      id: r.id,
      status: r.status,
      from: personRef(r.fromId, known.get(r.fromId)),
      to: personRef(r.toId, known.get(r.toId)),
      createdAt: r.createdAt.toISOString(),
      decidedAt: r.decidedAt?.toISOString() ?? null,
    }));
  }

  async function send(actor: Actor, to: UserRow | undefined, reply: FastifyReply) {
    if (!to)
      throw notFound('No professional with this address is in the directory.', ConnectErrors.personNotFound);
    try {
      const row = await requests.send(actor, to);
      const [data] = await views([row]);
      return reply
        .status(201)
        .send({ success: true, message: 'Connection request sent successfully!', data });
    } catch (err) {
      if (err instanceof RetryLater) reply.header('retry-after', String(err.retryAfterSeconds));
      throw err;
    }
  }

  /**
   * The spec's call: whom by e-mail; the sender is the token's account (userName/userEmail are ignored).
   * An e-mail is not something a member may look a person up by: the answer is the same 202 whether the
   * address is a professional's, nobody's, or one a request cannot go to now (already asked, connected,
   * cooling off), and names nobody. The directory's Connect button (by id) says what happened.
   */
  app.post(
    '/api/connect',
    {
      preHandler: login,
      schema: { ...secured, body: ConnectBody, response: { 202: MessageResponse, ...errors } },
    },
    async (request, reply) => {
      const actor = await actorOf(app, request);
      const to = await people.findListedByEmail(request.body.clientEmail);
      if (to && to.id !== actor.id)
        await requests.send(actor, to).catch((err: unknown) => {
          if (!(err instanceof HttpError && err.statusCode < 500)) throw err;
        });
      return reply.status(202).send({
        success: true,
        message: 'If this address is a professional’s in the directory, your request was sent to them.',
      });
    },
  );

  app.post(
    '/api/connect/requests',
    {
      preHandler: login,
      schema: {
        ...secured,
        body: ConnectionRequestBody,
        response: { 201: ConnectionRequestResponse, ...errors },
      },
    },
    async (request, reply) =>
      send(await actorOf(app, request), await people.findListed(request.body.userId), reply),
  );

  app.patch(
    '/api/connect/requests/:id',
    {
      preHandler: login,
      schema: {
        ...secured,
        params: IdParams,
        body: ConnectionRequestPatch,
        response: { 200: ConnectionRequestResponse, ...errors },
      },
    },
    async (request) => {
      const actor = await actorOf(app, request);
      const row = await requests.decide(actor, request.params.id, request.body.status);
      const data = (await views([row]))[0]!;
      const message =
        row.status === 'accepted'
          ? 'Connection request accepted.'
          : row.status === 'declined'
            ? 'Connection request declined.'
            : 'Connection request withdrawn.';
      return { success: true as const, message, data };
    },
  );

  app.get(
    '/api/connect/requests',
    {
      preHandler: login,
      schema: {
        ...secured,
        querystring: ConnectionRequestQuery,
        response: { 200: ConnectionRequestListResponse, ...errors },
      },
    },
    async (request) => {
      const actor = await actorOf(app, request);
      const { rows, total } = await requests.box(actor, request.query);
      const { page, limit } = pageOf(request.query);
      return { success: true as const, data: await views(rows), pageInfo: { page, limit, total } };
    },
  );

  app.get(
    '/api/connect/connections',
    {
      preHandler: login,
      schema: { ...secured, querystring: PageQuery, response: { 200: ConnectionListResponse, ...errors } },
    },
    async (request) => {
      const actor = await actorOf(app, request);
      const { rows, total } = await requests.connections(actor, request.query);
      const known = await people.findMany(rows.map((r) => (r.fromId === actor.id ? r.toId : r.fromId)));
      const data = rows.map((r) => {
        const otherId = r.fromId === actor.id ? r.toId : r.fromId;
        const other = known.get(otherId);
        // Contact details reach only a member who proved their own address (as on the directory's cards).
        const live = other && !other.deleted && actor.emailVerified;
        return {
          requestId: r.id,
          since: (r.decidedAt ?? r.createdAt).toISOString(),
          person: {
            ...personRef(otherId, other),
            email: live ? other.email : '',
            phone: live ? other.phone : '',
          },
        };
      });
      const { page, limit } = pageOf(request.query);
      return {
        success: true as const,
        data,
        pageInfo: { page, limit, total },
        ...(actor.emailVerified ? {} : { contactsNeedVerifiedEmail: true }),
      };
    },
  );
}
