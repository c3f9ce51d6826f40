import fp from 'fastify-plugin';
import jwt from '@fastify/jwt';
import type { FastifyReply, FastifyRequest, preHandlerHookHandler } from 'fastify';
import type { AccessClaims, Role } from '@platform/contracts';
import { forbidden, HttpError, unauthorized } from './errors';
import { hasSoundClaims, MAX_TOKEN_LIFETIME_SECONDS, REQUIRED_CLAIMS, type RevocationState } from './trust';
import { VerifiedTokens } from './verified-tokens';

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
}

declare module '@fastify/jwt' {
  interface FastifyJWT {
    payload: Omit<AccessClaims, 'exp' | 'iat' | 'aud' | 'iss'>;
    user: AccessClaims;
  }
}

declare module 'fastify' {
  interface FastifyInstance {
    /** preHandler: 401 unless a valid, unrevoked bearer token is present. */
    authenticate: preHandlerHookHandler;
    /** preHandler: 401 without a token, 403 unless the token's role is one of `roles`. */
    requireRole: (...roles: Role[]) => preHandlerHookHandler;
  }
}

/** Algorithms we accept: asymmetric only, so nobody holding the public key can mint. */
export const ALLOWED_ALGORITHMS: ['EdDSA'] = ['EdDSA'];

const expired = () =>
  unauthorized('Your session has expired or is invalid. Please log in again.', 'auth.session_invalid');

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

    async function authenticate(request: FastifyRequest, _reply: FastifyReply) {
      const header = request.headers.authorization;
      if (!header) throw unauthorized();
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
    app.decorate('authenticate', authenticate);
    app.decorate('requireRole', (...roles: Role[]) => {
      return async function requireRole(request: FastifyRequest, reply: FastifyReply) {
        await authenticate(request, reply);
        if (!roles.includes(request.user.role)) throw forbidden();
      };
    });
  },
  { name: 'platform-auth' },
);
