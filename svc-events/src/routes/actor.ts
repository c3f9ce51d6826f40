import type { FastifyRequest } from 'fastify';
import { forbidden, notFound, type App } from '@platform/service-kit';
import type { EventRow } from '../db/schema';
import type { Actor, AdminBy } from '../stores/db';
import { EventsErrors } from '../../contract';

/** The acting account, from the verified token only. */
export function actorOf(request: FastifyRequest): Actor {
  const u = request.user;
  return { id: u.sub, name: u.name, role: u.role, organizerId: u.orgId ?? u.sub };
}

/** Whether the actor may manage the event: its organising organisation, or an admin. */
export const organizes = (actor: Actor | undefined, event: EventRow) =>
  !!actor && (actor.role === 'admin' || (actor.role === 'Clinic' && actor.organizerId === event.organizerId));

/**
 * When an admin manages an event another organisation runs, who they are and the request they acted
 * with (their change is recorded for the audit log); undefined for an organiser acting on its own.
 */
export function adminActing(request: FastifyRequest, event: EventRow): AdminBy | undefined {
  const actor = actorOf(request);
  if (actor.role !== 'admin' || actor.organizerId === event.organizerId) return undefined;
  return { actor: request.user, request };
}

/**
 * preHandler for public routes that show more to a signed-in caller: a token, when sent, must be valid (a
 * session cookie that no longer holds counts as none: service-kit's `authenticateIfSent`).
 */
export function optionalUser(app: App) {
  return app.authenticateIfSent;
}

/** Loads an event the actor organises (cancelled ones too when `cancelledToo`), else 404 / 403. */
export async function organisedEvent(app: App, id: string, actor: Actor, cancelledToo = false) {
  const found = await app.events.find(id);
  if (!found || (found.row.cancelledAt && !cancelledToo))
    throw notFound('This event could not be found.', EventsErrors.eventNotFound);
  if (!organizes(actor, found.row))
    throw forbidden('Only the organisation running this event can do this.', EventsErrors.notOrganizer);
  return found;
}
