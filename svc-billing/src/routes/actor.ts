import type { FastifyRequest } from 'fastify';

/** The organisation a clinic account pays for (its own id when it has no organisation yet). */
export function orgOf(request: FastifyRequest): string {
  const u = request.user;
  return u.orgId ?? u.sub;
}
