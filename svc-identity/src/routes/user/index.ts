import { randomUUID } from 'node:crypto';

import type { FastifyReply, FastifyRequest } from 'fastify';
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
  RegisterResponse,
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
import { HashingBusyError, type HashLane, type PasswordHasher } from '../../passwords';
import type { LoginLimiter } from '../../stores/login-limiter';
import { normaliseEmail, type UserStore } from '../../stores/user-store';
import type { UserRow } from '../../db/schema';
import { PASSWORD_RULES, passwordWeakness } from '../../password-policy';
import { isSuspended, suspendedError } from './account-status';
import type { AccountMail } from '../../notifications/account-mail';

export interface UserRoutesOptions {
  config: IdentityConfig;
  store: UserStore;
  hasher: PasswordHasher;
  limiter: LoginLimiter;
  mail: AccountMail;
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

/**
 * A new session for the account: its token, recorded so that it can be revoked, and its profile. The token
 * also rides in the session cookie (HttpOnly, SameSite=Lax, for `/api` only, as long as the token lives) for
 * clients that send cookies rather than the Authorization header.
 */
export async function startSession(
  app: App,
  store: UserStore,
  config: IdentityConfig,
  user: UserRow,
  reply: FastifyReply,
) {
  const jti = randomUUID();
  const profile = await store.profile(user);
  const token = app.jwt.sign(
    {
      sub: user.id,
      email: user.email,
      name: user.name,
      role: user.role,
      orgId: user.orgId,
      jti,
    },
    { expiresIn: config.JWT_TTL_SECONDS },
  );
  await store.createSession(jti, user.id, new Date(Date.now() + config.JWT_TTL_SECONDS * 1000));
  app.sessionCookie.set(reply, token, config.JWT_TTL_SECONDS);
  return { success: true as const, message: 'Login successful.', token, user: profile };
}

/** 400 for a password refused for this account (password-policy), with the estimator's feedback as hints. */
export function refuseWeakPassword(password: string, account: { name: string; email: string }): void {
  const verdict = passwordWeakness(password, account);
  if (verdict)
    throw new HttpError(
      400,
      `password: ${PASSWORD_RULES[verdict.weakness]}`,
      `auth.password_${verdict.weakness}`,
      verdict.hints.length ? { hints: verdict.hints } : undefined,
    );
}

/** Another sign-up with the same address won the race: answered as a taken address is. */
function ifTaken(err: unknown): undefined {
  if (err instanceof HttpError && err.code === 'auth.email_taken') return undefined;
  throw err;
}

export function busy(err: unknown): never {
  if (err instanceof HashingBusyError)
    throw new HttpError(503, 'The service is busy. Please try again in a moment.', 'server.busy');
  throw err;
}

/**
 * Sign-up's message, whether the address was free or already had an account (whose owner is told). A new
 * account also gets its session; a taken address cannot, so that difference is the one thing a sign-up tells
 * about an address, at REGISTER_IP_PER_MINUTE per network.
 */
const SIGNED_UP = {
  success: true,
  message: 'Account created. We have sent you an e-mail to verify your address.',
} as const;

export default async function userRoutes(
  app: App,
  { config, store, hasher, limiter, mail }: UserRoutesOptions,
) {
  const perIp = (max: number) => ({ rateLimit: { max, timeWindow: '1 minute' } });

  app.post(
    '/api/user/register',
    {
      config: perIp(config.REGISTER_IP_PER_MINUTE),
      preValidation: trimProfileText,
      schema: { tags: ['user'], body: RegisterBody, response: { 201: RegisterResponse, ...errors } },
    },
    async (request, reply) => {
      const { password, ...profile } = request.body;
      refuseWeakPassword(password, profile);
      // A new account's first hash: a stranger's, whoever asks. Computed for a taken address too, so the
      // answer takes as long and says the same: only the address's owner learns, by e-mail, of the attempt.
      const passwordHash = await hasher.hash(password, 'stranger').catch(busy);
      const taken = await store.findByEmail(profile.email);
      const user = taken ? undefined : await store.register(profile, passwordHash).catch(ifTaken);
      mail.later(async () => {
        if (user) return mail.sendLink(user, 'email-verify');
        const owner = taken ?? (await store.findByEmail(profile.email));
        if (owner) await mail.signupTaken(owner);
      });
      if (!user) return reply.status(201).send(SIGNED_UP);
      // Signed in at once, as a login would; the address is still unverified, so what needs a proven
      // address (joining an organisation, contact details in Connect) waits for the e-mailed link.
      const session = await startSession(app, store, config, user, reply);
      return reply.status(201).send({ ...session, message: SIGNED_UP.message });
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
      // Strangers' share of the hashing is full (a flood from addresses nobody logged in from lately): one
      // more from such an address is refused for one read, before the writes and queries of an attempt,
      // which would otherwise crowd the database that the known people's logins need. Whatever the account.
      if (hasher.isFull('stranger') && !(await limiter.addressKnown(address))) busy(new HashingBusyError());
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
      // Decided before looking the account up: whether it exists never changes its place in the queue.
      const lane: HashLane = gate.knownHere ? 'owner' : gate.addressKnown ? 'returning' : 'stranger';
      const user = await store.findByEmail(email);
      const ok = await (
        user ? hasher.verify(user.passwordHash, password, lane) : hasher.verifyNothing(password, lane)
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
      return startSession(app, store, config, user, reply);
    },
  );

  app.post(
    '/api/user/logout',
    {
      preHandler: app.authenticate,
      schema: {
        tags: ['user'],
        security: [{ bearer: [] }],
        response: { 200: MessageResponse, 401: ErrorResponse, 403: ErrorResponse },
      },
    },
    async (request, reply) => {
      await store.revokeSession(request.user.jti, request.user.sub, request.user.exp);
      // Whichever way the session came, the browser drops its cookie (a refused logout's dead cookie is
      // cleared by authenticate itself).
      app.sessionCookie.clear(reply);
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
      return { success: true as const, user: await store.profile(user) };
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
      return { success: true as const, message: 'Profile updated.', user: await store.profile(user) };
    },
  );

  app.get(
    '/api/user/get',
    {
      // A token, when sent, must be valid: members read each person's town, visitors no address.
      preHandler: app.authenticateIfSent,
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
      const { users, total, totalCapped } = await store.listDirectory(
        { ...request.query, page, limit },
        !!request.user,
      );
      return { success: true as const, users, pageInfo: { page, limit, total, totalCapped } };
    },
  );
}
