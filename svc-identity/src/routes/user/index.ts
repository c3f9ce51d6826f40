import { randomUUID } from 'node:crypto';

import type { FastifyRequest } from 'fastify';
import {
  DirectoryQuery,
  DirectoryResponse,
  ErrorAnswers,
  ErrorResponse,
  LoginBody,
  LoginResponse,
  MeResponse,
  MessageResponse,
  RegisterBody,
  UpdateProfileBody,
} from '@platform/contracts';
import {
  addressKey,
  HttpError,
  notFound,
  tooManyRequests,
  unauthorized,
  type App,
} from '@platform/service-kit';
import type { IdentityConfig } from '../../config';
import { HashingBusyError, type PasswordHasher } from '../../passwords';
import type { LoginLimiter } from '../../stores/login-limiter';
import { PASSWORD_RULES, passwordWeakness } from '../../password-policy';
import { normaliseEmail, toProfile, type UserStore } from '../../stores/user-store';
import { isSuspended, suspendedError } from './account-status';

export interface UserRoutesOptions {
  config: IdentityConfig;
  store: UserStore;
  hasher: PasswordHasher;
  limiter: LoginLimiter;
}

const errors = ErrorAnswers(400, 401, 403, 409, 429, 503);

/** Trims and lower-cases the e-mail before validation, so " Ann@Clinic.org " is ann@clinic.org. */
export async function normaliseEmailField(request: FastifyRequest) {
  const body = request.body as { email?: unknown } | undefined;
  if (body && typeof body === 'object' && typeof body.email === 'string')
    body.email = normaliseEmail(body.email);
}

/**
 * Trims a profile's text (and each skill) before validation, so a name of spaces is a blank name
 * that the schema refuses, and limits apply to what is stored. Passwords are taken as typed.
 */
async function trimProfileText(request: FastifyRequest) {
  const body = request.body as Record<string, unknown> | undefined;
  if (!body || typeof body !== 'object' || Array.isArray(body)) return;
  for (const [key, value] of Object.entries(body)) {
    if (key === 'password') continue;
    if (typeof value === 'string') body[key] = value.trim();
    else if (key === 'skills' && Array.isArray(value))
      body[key] = value.map((v: unknown) => (typeof v === 'string' ? v.trim() : v));
  }
  await normaliseEmailField(request);
}

function busy(err: unknown): never {
  if (err instanceof HashingBusyError)
    throw new HttpError(503, 'The service is busy. Please try again in a moment.', 'server.busy');
  throw err;
}

export default async function userRoutes(app: App, { config, store, hasher, limiter }: UserRoutesOptions) {
  const perIp = (max: number) => ({ rateLimit: { max, timeWindow: '1 minute' } });

  app.post(
    '/api/user/register',
    {
      config: perIp(config.REGISTER_IP_PER_MINUTE),
      preValidation: trimProfileText,
      schema: { tags: ['user'], body: RegisterBody, response: { 201: MessageResponse, ...errors } },
    },
    async (request, reply) => {
      const { password, ...profile } = request.body;
      const weakness = passwordWeakness(password, profile);
      if (weakness)
        throw new HttpError(400, `password: ${PASSWORD_RULES[weakness]}`, `auth.password_${weakness}`);
      if (await store.findByEmail(profile.email)) {
        throw new HttpError(409, 'An account with this email already exists.', 'auth.email_taken');
      }
      const passwordHash = await hasher.hash(password).catch(busy);
      await store.register(profile, passwordHash);
      return reply.status(201).send({ success: true, message: 'Account created. Please log in.' });
    },
  );

  app.post(
    '/api/user/login',
    {
      config: perIp(config.LOGIN_IP_PER_MINUTE),
      preValidation: normaliseEmailField,
      schema: { tags: ['user'], body: LoginBody, response: { 200: LoginResponse, ...errors } },
    },
    async (request, reply) => {
      const { email, password } = request.body;
      const address = addressKey(request.ip);
      // Before any hash: a refused attempt costs one query.
      const gate = await limiter.begin(email, address);
      if ('retryAfter' in gate) {
        reply.header('retry-after', String(gate.retryAfter));
        const from = gate.scope === 'address' ? ' from your network' : '';
        throw tooManyRequests(
          `Too many failed login attempts for this account${from}. Try again in ${gate.retryAfter} seconds.`,
          'auth.too_many_attempts',
        );
      }
      const user = await store.findByEmail(email);
      const ok = await (
        user ? hasher.verify(user.passwordHash, password) : hasher.verifyNothing(password)
      ).catch(async (err: unknown) => {
        await limiter.release(gate.attempt);
        return busy(err);
      });
      if (!user || !ok) {
        await limiter.failed(email);
        throw unauthorized('Invalid email or password.', 'auth.invalid_credentials');
      }
      await limiter.succeeded(email, address, user.id);
      // Told only to whoever knows the password: a suspension is not an oracle for which e-mails exist.
      if (isSuspended(user)) throw suspendedError(user);
      const jti = randomUUID();
      const profile = toProfile(user);
      const token = app.jwt.sign(
        {
          sub: user.id,
          email: user.email,
          name: user.name,
          role: user.role,
          orgId: user.orgId,
          entitlements: profile.entitlements,
          jti,
        },
        { expiresIn: config.JWT_TTL_SECONDS },
      );
      await store.createSession(jti, user.id, new Date(Date.now() + config.JWT_TTL_SECONDS * 1000));
      return { success: true as const, message: 'Login successful.', token, user: profile };
    },
  );

  app.post(
    '/api/user/logout',
    {
      preHandler: app.authenticate,
      schema: {
        tags: ['user'],
        security: [{ bearer: [] }],
        response: { 200: MessageResponse, 401: ErrorResponse },
      },
    },
    async (request) => {
      await store.revokeSession(request.user.jti, request.user.sub, request.user.exp);
      return { success: true, message: 'You have been logged out.' };
    },
  );

  app.get(
    '/api/user/me',
    {
      preHandler: app.authenticate,
      schema: {
        tags: ['user'],
        security: [{ bearer: [] }],
        response: { 200: MeResponse, 401: ErrorResponse, 404: ErrorResponse },
      },
    },
    async (request) => {
      const user = await store.findById(request.user.sub);
      if (!user) throw notFound('Account not found.', 'auth.account_not_found');
      return { success: true as const, user: toProfile(user) };
    },
  );

  app.put(
    '/api/user/me',
    {
      preHandler: app.authenticate,
      preValidation: trimProfileText,
      schema: {
        tags: ['user'],
        security: [{ bearer: [] }],
        body: UpdateProfileBody,
        response: { 200: MeResponse, 400: ErrorResponse, 401: ErrorResponse, 404: ErrorResponse },
      },
    },
    async (request) => {
      const user = await store.updateProfile(request.user.sub, request.body);
      if (!user) throw notFound('Account not found.', 'auth.account_not_found');
      return { success: true as const, message: 'Profile updated.', user: toProfile(user) };
    },
  );

  app.get(
    '/api/user/get',
    {
      schema: {
        tags: ['user'],
        description: 'The professional directory: directory fields only, newest first, paginated.',
        querystring: DirectoryQuery,
        response: { 200: DirectoryResponse, 400: ErrorResponse },
      },
    },
    async (request) => {
      const page = request.query.page ?? 1;
      const limit = request.query.limit ?? 20;
      const { users, total, totalCapped } = await store.listDirectory({ ...request.query, page, limit });
      return { success: true as const, users, pageInfo: { page, limit, total, totalCapped } };
    },
  );
}
