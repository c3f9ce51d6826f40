import type { FastifyRequest } from 'fastify';
import {
  AccountIdParams,
  type AdminAccount,
  AdminAccountListResponse,
  AdminAccountQuery,
  AdminAccountResponse,
  ChangeRoleBody,
  ErrorAnswers,
  MessageResponse,
  SuspendAccountBody,
  VerifyOrganisationBody,
} from '@platform/contracts';
import { badRequest, conflict, notFound, type App } from '@platform/service-kit';
import type { UserRow } from '../../db/schema';
import { isSuspended } from './account-status';
import type { AdminActor, UserStore } from '../../stores/user-store';

const errors = ErrorAnswers(400, 401, 403, 404, 409);

/** A timed suspension that has run out shows as active (the account signs in again by itself). */
function toAdminAccount(row: UserRow): AdminAccount {
  const ended = row.status === 'suspended' && !isSuspended(row);
  const u = ended ? { ...row, status: 'active' as const, suspendedReason: null, suspendedUntil: null } : row;
  return {
    id: u.id,
    name: u.name,
    email: u.email,
    designation: u.designation,
    phone: u.phone,
    address: u.address,
    role: u.role,
    status: u.status,
    plan: u.plan,
    suspendedReason: u.suspendedReason,
    suspendedUntil: u.suspendedUntil?.toISOString() ?? null,
    createdAt: u.createdAt.toISOString(),
  };
}

/** The admin and the request, for the audit log (address and request id). */
const by = (request: FastifyRequest): AdminActor => ({
  actor: request.user,
  request: { ip: request.ip, id: request.id },
});

/**
 * An admin's hold on accounts: suspend (with a reason, perhaps until a date), lift it, move between
 * user and Clinic, remove (each ends the account's sessions on every service, see UserStore); vouch for
 * an address.
 */
export default async function adminAccountRoutes(app: App, { store }: { store: UserStore }) {
  const admin = app.requireRole('admin');
  const base = { tags: ['admin'], security: [{ bearer: [] }], params: AccountIdParams };
  const answers = { response: { 200: AdminAccountResponse, ...errors } };

  /** Nobody removes their own access, nor the platform's last admin. */
  async function target(actorId: string, id: string): Promise<UserRow> {
    if (actorId === id) throw conflict('You cannot do this to your own account.', 'admin.own_account');
    const user = await store.findById(id);
    if (!user || user.status === 'deleted') throw notFound('Account not found.', 'auth.account_not_found');
    if (user.role === 'admin' && user.status === 'active' && (await store.countActiveAdmins()) <= 1)
      throw conflict('The last admin account cannot be changed.', 'admin.last_admin');
    return user;
  }

  app.get(
    '/api/user/admin/accounts',
    {
      preHandler: admin,
      schema: {
        tags: ['admin'],
        security: [{ bearer: [] }],
        description:
          'Every account but removed ones, newest first; search by name or e-mail, filter by role.',
        querystring: AdminAccountQuery,
        response: { 200: AdminAccountListResponse, ...errors },
      },
    },
    async (request) => {
      const page = request.query.page ?? 1;
      const limit = request.query.limit ?? 20;
      const { rows, total, counts } = await store.listAccounts({ ...request.query, page, limit });
      return {
        success: true as const,
        data: rows.map(toAdminAccount),
        pageInfo: { page, limit, total },
        counts,
      };
    },
  );

  app.post(
    '/api/user/admin/accounts/:id/suspend',
    { preHandler: admin, schema: { ...base, body: SuspendAccountBody, ...answers } },
    async (request) => {
      await target(request.user.sub, request.params.id);
      const until = request.body.until ? new Date(request.body.until) : null;
      if (until && until <= new Date()) throw badRequest('until: must be in the future');
      const user = await store.suspend(request.params.id, request.body.reason.trim(), until, by(request));
      if (!user) throw notFound('Account not found.', 'auth.account_not_found');
      return { success: true as const, message: 'Account suspended.', account: toAdminAccount(user) };
    },
  );

  app.post(
    '/api/user/admin/accounts/:id/unsuspend',
    { preHandler: admin, schema: { ...base, ...answers } },
    async (request) => {
      const user = await store.unsuspend(request.params.id, by(request));
      if (!user) throw notFound('Account not found.', 'auth.account_not_found');
      return { success: true as const, message: 'Suspension lifted.', account: toAdminAccount(user) };
    },
  );

  app.post(
    '/api/user/admin/accounts/:id/verify-email',
    {
      preHandler: admin,
      schema: {
        ...base,
        description: "Records the account's e-mail address as verified (the admin vouches for it; audited).",
        ...answers,
      },
    },
    async (request) => {
      const user = await store.verifyEmail(request.params.id, by(request));
      if (!user) throw notFound('Account not found.', 'auth.account_not_found');
      return { success: true as const, message: 'Address verified.', account: toAdminAccount(user) };
    },
  );

  app.post(
    '/api/user/admin/accounts/:id/verify-organisation',
    {
      preHandler: admin,
      schema: {
        ...base,
        description:
          "Verifies a Clinic account's organisation from its registration documents (the reference checked is kept; audited).",
        body: VerifyOrganisationBody,
        response: { 200: MessageResponse, ...errors },
      },
    },
    async (request) => {
      const done = await store.verifyOrganisation(
        request.params.id,
        request.body.reference.trim(),
        by(request),
      );
      if (!done) throw notFound('No clinic account with this id.', 'auth.account_not_found');
      return { success: true as const, message: `${done.name} is verified.` };
    },
  );

  app.patch(
    '/api/user/admin/accounts/:id',
    { preHandler: admin, schema: { ...base, body: ChangeRoleBody, ...answers } },
    async (request) => {
      await target(request.user.sub, request.params.id);
      const user = await store.changeRole(request.params.id, request.body.role, by(request));
      if (!user) throw notFound('Account not found.', 'auth.account_not_found');
      return { success: true as const, message: 'Role changed.', account: toAdminAccount(user) };
    },
  );

  app.delete(
    '/api/user/admin/accounts/:id',
    {
      preHandler: admin,
      schema: { ...base, response: { 200: MessageResponse, ...errors } },
    },
    async (request) => {
      await target(request.user.sub, request.params.id);
      if (!(await store.deleteAccount(request.params.id, by(request))))
        throw notFound('Account not found.', 'auth.account_not_found');
      return { success: true, message: 'Account removed.' };
    },
  );
}
