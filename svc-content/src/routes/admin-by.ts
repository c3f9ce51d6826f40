import type { FastifyRequest } from 'fastify';
import type { AdminBy } from '../stores/db';

/** The signed-in admin and the request, as an audit entry names them (the token's claims, the client address). */
export const adminBy = (request: FastifyRequest): AdminBy => ({
  actor: request.user,
  request: { ip: request.ip, id: request.id },
});
