import type { FastifyRequest } from 'fastify';
import type { Actor } from '../stores/job-store';

/** The acting account, from the verified token only. */
export function actorOf(request: FastifyRequest): Actor {
  const u = request.user;
  return { id: u.sub, email: u.email, role: u.role, ownerId: u.orgId ?? u.sub };
}
