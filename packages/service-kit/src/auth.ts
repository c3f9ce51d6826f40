import fp from 'fastify-plugin';
import jwt from '@fastify/jwt';
import type { FastifyReply, FastifyRequest, preHandlerHookHandler } from 'fastify';
import type { AccessClaims, Role } from '@platform/contracts';
import { forbidden, unauthorized } from './errors';

export interface JwtOptions {
  /** PEM public key of svc-identity. */
  publicKey: string;
  /** PEM private key: only svc-identity passes it, so only it can mint tokens. */
  privateKey?: string;
  audience: string;
  issuer: string;
  /** Token lifetime for signing, e.g. '8h'. */
  expiresIn?: string;
  /** Extra rejection (revoked sessions): return false to refuse a verified token. */
  isTrusted?: (claims: AccessClaims) => boolean | Promise<boolean>;
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

export const authPlugin = fp<JwtOptions>(
  async (app, opts) => {
    await app.register(jwt, {
      secret: opts.privateKey
        ? { private: opts.privateKey, public: opts.publicKey }
        : { public: opts.publicKey },
      sign: { algorithm: 'EdDSA', aud: opts.audience, iss: opts.issuer, expiresIn: opts.expiresIn ?? '8h' },
      verify: { algorithms: ALLOWED_ALGORITHMS, allowedAud: opts.audience, allowedIss: opts.issuer },
      ...(opts.isTrusted
        ? { trusted: (_req: FastifyRequest, claims: unknown) => opts.isTrusted!(claims as AccessClaims) }
        : {}),
    });

    async function authenticate(request: FastifyRequest, _reply: FastifyReply) {
      if (!request.headers.authorization) throw unauthorized();
      try {
        await request.jwtVerify();
      } catch {
        throw unauthorized(
          'Your session has expired or is invalid. Please log in again.',
          'auth.session_invalid',
        );
      }
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
