import {
  ErrorAnswers,
  IdParams,
  InviteBody,
  InviteListResponse,
  InviteResponse,
  LoginResponse,
  MemberListResponse,
  MemberQuery,
  MeResponse,
  MessageResponse,
  MyTeamResponse,
} from '@platform/contracts';
import { notFound, pageOf, type App } from '@platform/service-kit';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { TeamStore } from '../../stores/team-store';
import type { UserStore } from '../../stores/user-store';
import type { IdentityConfig } from '../../config';
import { normaliseEmailField, startSession } from './index';

const secured = { tags: ['team'], security: [{ bearer: [] }] };
const errors = ErrorAnswers(400, 401, 403, 404, 409, 410, 422);

/**
 * A clinic's team (Core): the clinic invites professionals by e-mail and manages its members; a
 * professional answers the invitations addressed to their account's e-mail and may leave. Who may do
 * what is decided here from the account as stored, never from the token's claims.
 */
export default async function teamRoutes(
  app: App,
  { users, team, config }: { users: UserStore; team: TeamStore; config: IdentityConfig },
) {
  const account = async (request: FastifyRequest) => {
    const user = await users.findById(request.user.sub);
    if (!user || user.status === 'deleted') throw notFound('Account not found.', 'auth.account_not_found');
    return user;
  };
  /**
   * Joining or leaving changes the token's `orgId` claim: the answer carries a new session with the
   * membership as stored, so the open page follows at once, without signing out and in. The services
   * still decide from the membership they know, never from this claim alone.
   */
  const freshSession = async (userId: string, message: string, reply: FastifyReply) => {
    const user = await users.findById(userId);
    if (!user) throw notFound('Account not found.', 'auth.account_not_found');
    return { ...(await startSession(app, users, config, user, reply)), message };
  };
  const clinicOnly = app.requireRole('Clinic');
  const professionalOnly = app.requireRole('user');

  app.post(
    '/api/user/org/invites',
    {
      preHandler: clinicOnly,
      // " Ann@Clinic.org " is ann@clinic.org, as account e-mails are.
      preValidation: normaliseEmailField,
      schema: { ...secured, body: InviteBody, response: { 201: InviteResponse, ...errors } },
    },
    async (request, reply) => {
      const invite = await team.invite(await account(request), request.body.email);
      return reply.status(201).send({ success: true as const, message: 'Invitation sent.', data: invite });
    },
  );

  app.get(
    '/api/user/org/invites',
    { preHandler: clinicOnly, schema: { ...secured, response: { 200: InviteListResponse, ...errors } } },
    async (request) => ({ success: true as const, data: await team.pending(await account(request)) }),
  );

  app.delete(
    '/api/user/org/invites/:id',
    {
      preHandler: clinicOnly,
      schema: { ...secured, params: IdParams, response: { 200: MessageResponse, ...errors } },
    },
    async (request) => {
      await team.revoke(await account(request), request.params.id);
      return { success: true as const, message: 'Invitation withdrawn.' };
    },
  );

  app.get(
    '/api/user/org/members',
    {
      preHandler: clinicOnly,
      schema: { ...secured, querystring: MemberQuery, response: { 200: MemberListResponse, ...errors } },
    },
    async (request) => {
      const { data, total } = await team.members(await account(request), request.query);
      const { page, limit } = pageOf(request.query);
      return { success: true as const, data, pageInfo: { page, limit, total } };
    },
  );

  app.delete(
    '/api/user/org/members/:id',
    {
      preHandler: clinicOnly,
      schema: { ...secured, params: IdParams, response: { 200: MessageResponse, ...errors } },
    },
    async (request) => {
      await team.removeMember(await account(request), request.params.id);
      return { success: true as const, message: 'Removed from your team.' };
    },
  );

  app.get(
    '/api/user/org',
    { preHandler: app.authenticate, schema: { ...secured, response: { 200: MyTeamResponse, ...errors } } },
    async (request) => ({
      success: true as const,
      organization: await team.organisationOf(await account(request)),
    }),
  );

  app.get(
    '/api/user/org/invites/mine',
    {
      preHandler: professionalOnly,
      schema: { ...secured, response: { 200: InviteListResponse, ...errors } },
    },
    async (request) => ({ success: true as const, data: await team.mine(await account(request)) }),
  );

  app.post(
    '/api/user/org/invites/:id/accept',
    {
      preHandler: professionalOnly,
      schema: { ...secured, params: IdParams, response: { 200: LoginResponse, ...errors } },
    },
    async (request, reply) => {
      const user = await team.answer(request.user.sub, request.params.id, 'accepted');
      return freshSession(user.id, 'You joined the team.', reply);
    },
  );

  app.post(
    '/api/user/org/invites/:id/decline',
    {
      preHandler: professionalOnly,
      schema: { ...secured, params: IdParams, response: { 200: MeResponse, ...errors } },
    },
    async (request) => {
      const user = await team.answer(request.user.sub, request.params.id, 'declined');
      return { success: true as const, message: 'Invitation declined.', user: await users.profile(user) };
    },
  );

  app.post(
    '/api/user/org/leave',
    { preHandler: professionalOnly, schema: { ...secured, response: { 200: LoginResponse, ...errors } } },
    async (request, reply) => {
      await team.leave(request.user.sub);
      return freshSession(request.user.sub, 'You left the team.', reply);
    },
  );
}
