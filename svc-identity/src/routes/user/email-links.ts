import {
  EmailLinkBody,
  EmailLinkRequestBody,
  ErrorAnswers,
  LoginResponse,
  MessageResponse,
  PasswordResetBody,
} from '@platform/contracts';
import { addressKey, HttpError, type App } from '@platform/service-kit';
import type { IdentityConfig } from '../../config';
import type { AccountMail } from '../../notifications/account-mail';
import type { PasswordHasher } from '../../passwords';
import type { EmailLinkStore } from '../../stores/email-link-store';
import type { LoginLimiter } from '../../stores/login-limiter';
import type { UserStore } from '../../stores/user-store';
import { isSuspended, suspendedError } from './account-status';
import { busy, normaliseEmailField, refuseWeakPassword, startSession } from './index';

export interface EmailLinkRoutesOptions {
  config: IdentityConfig;
  store: UserStore;
  links: EmailLinkStore;
  mail: AccountMail;
  hasher: PasswordHasher;
  limiter: LoginLimiter;
}

const errors = ErrorAnswers(400, 401, 403, 410, 429, 503);

/** The one answer to a request for a link, whether or not the address has an account. */
const SENT = {
  success: true,
  message: 'If an account uses this address, we have sent it an e-mail with a link.',
} as const;

const linkGone = () =>
  new HttpError(410, 'This link has expired or was already used. Ask for a new one.', 'auth.link_invalid');

/**
 * The ways back in and the proof of an address, each by a one-time link sent by e-mail (EmailLinkStore):
 * "Forgot password?" (a reset link), a sign-in link (the owner's way in while their account is under a
 * flood of failed logins), and the verification of the account's address. Asking for a link answers 202
 * the same way whether or not the address has an account; the link is made and sent after the answer.
 */
export default async function emailLinkRoutes(
  app: App,
  { config, store, links, mail, hasher, limiter }: EmailLinkRoutesOptions,
) {
  const perIp = { rateLimit: { max: config.EMAIL_LINK_IP_PER_MINUTE, timeWindow: '1 minute' } };

  for (const [url, purpose] of [
    ['/api/user/password/forgot', 'password-reset'],
    ['/api/user/login/link', 'sign-in'],
  ] as const)
    app.post(
      url,
      {
        config: perIp,
        preValidation: normaliseEmailField,
        schema: { tags: ['user'], body: EmailLinkRequestBody, response: { 202: MessageResponse, ...errors } },
      },
      async (request, reply) => {
        const { email } = request.body;
        mail.later(async () => {
          const user = await store.findByEmail(email);
          if (user && user.status !== 'deleted') await mail.sendLink(user, purpose);
        });
        return reply.status(202).send(SENT);
      },
    );

  app.post(
    '/api/user/password/reset',
    {
      config: perIp,
      schema: { tags: ['user'], body: PasswordResetBody, response: { 200: MessageResponse, ...errors } },
    },
    async (request) => {
      const { token, password } = request.body;
      const account = await links.peek(token, 'password-reset');
      if (!account) throw linkGone();
      refuseWeakPassword(password, account);
      const passwordHash = await hasher.hash(password, 'stranger').catch(busy);
      if (!(await links.resetPassword(token, passwordHash))) throw linkGone();
      return { success: true, message: 'Your password was changed. Please log in.' };
    },
  );

  app.post(
    '/api/user/login/link/redeem',
    {
      config: perIp,
      schema: { tags: ['user'], body: EmailLinkBody, response: { 200: LoginResponse, ...errors } },
    },
    async (request, reply) => {
      const user = await links.signIn(request.body.token);
      if (!user) throw linkGone();
      // The link proves the owner: this address becomes one of theirs, exempt from the account's ceiling.
      await limiter.succeeded(user.email, addressKey(request.ip), user.id);
      if (isSuspended(user)) throw suspendedError(user);
      return startSession(app, store, config, user, reply);
    },
  );

  app.post(
    '/api/user/email/verification',
    {
      config: perIp,
      preHandler: app.authenticate,
      schema: {
        tags: ['user'],
        security: [{ bearer: [] }],
        response: { 202: MessageResponse, ...errors },
      },
    },
    async (request, reply) => {
      const user = await store.findById(request.user.sub);
      if (user && !user.emailVerifiedAt) mail.later(() => mail.sendLink(user, 'email-verify'));
      return reply.status(202).send({
        success: true,
        message: user?.emailVerifiedAt
          ? 'Your address is already verified.'
          : 'We have sent you an e-mail with a link to verify your address.',
      });
    },
  );

  app.post(
    '/api/user/email/verify',
    {
      config: perIp,
      schema: { tags: ['user'], body: EmailLinkBody, response: { 200: MessageResponse, ...errors } },
    },
    async (request) => {
      if (!(await links.verify(request.body.token))) throw linkGone();
      return { success: true, message: 'Your e-mail address is verified.' };
    },
  );
}
