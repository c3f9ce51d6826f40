import fp from 'fastify-plugin';
import jwt from '@fastify/jwt';
import type { FastifyReply, FastifyRequest, preHandlerHookHandler } from 'fastify';
import type { AccessClaims, Role } from '@platform/contracts';
import { forbidden, HttpError, unauthorized } from './errors';
import { hasSoundClaims, MAX_TOKEN_LIFETIME_SECONDS, REQUIRED_CLAIMS, type RevocationState } from './trust';
import { VerifiedTokens } from './verified-tokens';
import {
  clearSessionCookie,
  isCrossSiteWrite,
  sessionCookieToken,
  setSessionCookie,
  withoutSessionCookie,
  type SessionCookieSettings,
} from './session-cookie';

export interface JwtOptions {
  /** PEM public key of svc-identity. */
  publicKey: string;
  /** PEM private key: only svc-identity passes it, so only it can mint tokens. */
  privateKey?: string;
  audience: string;
  issuer: string;
  /** Token lifetime for signing, in seconds (at most MAX_TOKEN_LIFETIME_SECONDS). */
  expiresInSeconds?: number;
  /**
   * Whether a verified token's session still holds. Required: a service that verifies tokens must
   * also refuse logged-out tokens and ended accounts, or reaching it directly would bypass logout.
   */
  revocations: RevocationState;
  /**
   * How many verified tokens to remember (0, the default: none; verified-tokens.ts). A hit is the very
   * same header, kept no longer than its token's `exp`; revocation and ended accounts are still checked
   * on every request.
   */
  verifiedCacheSize?: number;
  /**
   * Sessions in the session cookie (for clients that send cookies, not the Authorization header): the
   * origins whose writes it may carry, and whether it is always Secure. Default: no origin but what the
   * browser calls `Sec-Fetch-Site: same-origin`, Secure on HTTPS requests only.
   */
  sessions?: SessionCookieSettings;
}

declare module '@fastify/jwt' {
  interface FastifyJWT {
    payload: Omit<AccessClaims, 'exp' | 'iat' | 'aud' | 'iss'>;
    user: AccessClaims;
  }
}

declare module 'fastify' {
  interface FastifyInstance {
    /**
     * preHandler: 401 unless a valid, unrevoked token is present, in the bearer header or else in the
     * session cookie (then a write must come from the platform's pages: 403 `auth.cross_site_request`).
     */
    authenticate: preHandlerHookHandler;
    /** preHandler: 401 without a token, 403 unless the token's role is one of `roles`. */
    requireRole: (...roles: Role[]) => preHandlerHookHandler;
    /**
     * preHandler of routes open to visitors that show more to a signed-in caller: a bearer token, when sent,
     * must be valid (401); a session cookie that no longer holds is taken for none (and cleared), since the
     * browser sends it unasked; a cookie's write must come from the platform's pages (403).
     */
    authenticateIfSent: preHandlerHookHandler;
    /** Sets and clears the session cookie (svc-identity at sign-in and logout), as `sessions` says. */
    sessionCookie: {
      set(reply: FastifyReply, token: string, maxAgeSeconds: number): void;
      clear(reply: FastifyReply): void;
    };
  }
}

/** Whether the request carries a session, in the bearer header or in the session cookie (valid or not). */
export const hasCredentials = (request: FastifyRequest): boolean =>
  request.headers.authorization !== undefined || sessionCookieToken(request) !== undefined;

/** Algorithms we accept: asymmetric only, so nobody holding the public key can mint. */
export const ALLOWED_ALGORITHMS: ['EdDSA'] = ['EdDSA'];

const expired = () =>
  unauthorized('Your session has expired or is invalid. Please log in again.', 'auth.session_invalid');

const crossSite = () =>
  new HttpError(
    403,
    'Refused: a request signed in by cookie must come from this site’s own pages. Send it from the site, or sign it with the Authorization header.',
    'auth.cross_site_request',
  );

/**
 * The one trust model of the gateway and every service: signature (EdDSA only), `aud`, `iss`, `exp`
 * (required, and at most MAX_TOKEN_LIFETIME_SECONDS after `iat`), `sub`, `jti` and a known role;
 * then the session must not be revoked and the account's sessions not ended.
 */
export const authPlugin = fp<JwtOptions>(
  async (app, opts) => {
    const ttl = opts.expiresInSeconds ?? 8 * 3600;
    if (ttl > MAX_TOKEN_LIFETIME_SECONDS) throw new Error('token lifetime above MAX_TOKEN_LIFETIME_SECONDS');
    await app.register(jwt, {
      secret: opts.privateKey
        ? { private: opts.privateKey, public: opts.publicKey }
        : { public: opts.publicKey },
      // @fastify/jwt reads a number here as seconds.
      sign: { algorithm: 'EdDSA', aud: opts.audience, iss: opts.issuer, expiresIn: ttl },
      verify: {
        algorithms: ALLOWED_ALGORITHMS,
        allowedAud: opts.audience,
        allowedIss: opts.issuer,
        requiredClaims: [...REQUIRED_CLAIMS],
        maxAge: MAX_TOKEN_LIFETIME_SECONDS,
      },
    });
    // Signature checks are the dearest part of a signed-in request; failures are never remembered.
    const verified = opts.verifiedCacheSize ? new VerifiedTokens(opts.verifiedCacheSize) : undefined;

    const sessions = opts.sessions ?? { origins: [], secure: false };
    const sessionOrigins = new Set(sessions.origins);

    /** The bearer header's token, verified (the header as sent is the cache's key). */
    async function verifyHeader(request: FastifyRequest, header: string) {
      const known = verified?.get(header);
      if (known) request.user = known;
      else {
        try {
          await request.jwtVerify();
        } catch {
          throw expired();
        }
        if (!hasSoundClaims(request.user)) throw expired();
        verified?.set(header, request.user);
      }
    }

    /** The session cookie's token, verified as a bearer token is (cached under the same key). */
    function verifyCookie(request: FastifyRequest, token: string) {
      const key = `Bearer ${token}`;
      const known = verified?.get(key);
      if (known) request.user = known;
      else {
        let claims: AccessClaims;
        try {
          claims = app.jwt.verify<AccessClaims>(token);
        } catch {
          throw expired();
        }
        if (!hasSoundClaims(claims)) throw expired();
        request.user = claims;
        verified?.set(key, claims);
      }
    }

    /** Whether the verified token's session still holds (503 while the revocations are replayed). */
    async function checkRevoked(request: FastifyRequest) {
      if (!opts.revocations.isCurrent()) {
        // Right after a start, before the revocations are replayed: neither accept nor log the user out.
        throw new HttpError(
          503,
          'Sign-in checks are starting up. Please try again shortly.',
          'auth.starting',
        );
      }
      if (await opts.revocations.isRevoked(request.user)) throw expired();
    }

    /** The bearer header wins; the cookie counts only without one (a client sending both means the header). */
    async function authenticate(request: FastifyRequest, reply: FastifyReply | undefined) {
      const header = request.headers.authorization;
      if (header) {
        await verifyHeader(request, header);
        return checkRevoked(request);
      }
      const token = sessionCookieToken(request);
      if (!token) throw unauthorized();
      // Before anything is verified: a forged write is refused whatever its cookie holds.
      if (isCrossSiteWrite(request, sessionOrigins)) throw crossSite();
      try {
        verifyCookie(request, token);
        await checkRevoked(request);
      } catch (err) {
        // The browser would send a dead cookie with every call: told to drop it.
        if (reply && err instanceof HttpError && err.statusCode === 401) clearSessionCookie(reply, sessions);
        throw err;
      }
    }

    async function authenticateIfSent(request: FastifyRequest, reply: FastifyReply) {
      if (request.headers.authorization) return authenticate(request, reply);
      if (!sessionCookieToken(request)) return;
      try {
        await authenticate(request, reply);
      } catch (err) {
        if (!(err instanceof HttpError && err.statusCode === 401)) throw err;
        // A visitor now: nothing further (a proxied service, a handler) sees the dead cookie.
        request.user = null as never;
        withoutSessionCookie(request);
      }
    }

    app.decorate('authenticate', authenticate);
    app.decorate('requireRole', (...roles: Role[]) => {
      return async function requireRole(request: FastifyRequest, reply: FastifyReply) {
        await authenticate(request, reply);
        if (!roles.includes(request.user.role)) throw forbidden();
      };
    });
    app.decorate('authenticateIfSent', authenticateIfSent);
    app.decorate('sessionCookie', {
      set: (reply: FastifyReply, token: string, maxAgeSeconds: number) =>
        setSessionCookie(reply, sessions, token, maxAgeSeconds),
      clear: (reply: FastifyReply) => clearSessionCookie(reply, sessions),
    });
  },
  { name: 'platform-auth' },
);
