import type { FastifyReply, FastifyRequest } from 'fastify';
import { professionOf } from '@platform/contracts';
import { hasCredentials, unauthorized, type App } from '@platform/service-kit';
import type { Actor } from '../stores/db';

/**
 * The acting account: who from the verified token only; their organisation, profession, verified
 * professions (licences verified in Core HR), facility, country
 * and the account's age from the users projection (an account not projected yet counts as new, in no
 * organisation, profession from its role), that row reused until an event about it (PeopleStore.caller).
 * The organisation never comes from the token: a member who leaves or is removed keeps a valid token for
 * hours, and its `orgId` claim with it.
 */
export async function actorOf(app: App, request: FastifyRequest): Promise<Actor> {
  const u = request.user;
  const { row, verifiedProfessions } = await app.people.caller(u.sub);
  const known = row && !row.deleted ? row : undefined;
  return {
    id: u.sub,
    name: u.name,
    role: u.role,
    orgId: known?.orgId ?? u.sub,
    profession: known?.profession ?? professionOf(u.role, ''),
    verifiedProfessions: known ? verifiedProfessions : [],
    facility: known?.facility ?? '',
    country: known?.country ?? '',
    accountCreatedAt: known?.accountCreatedAt ?? new Date(),
    emailVerified: known?.emailVerified ?? false,
  };
}

/** The actor when a token was sent (it must then be valid), else undefined: a visitor. */
export const maybeActor = (app: App, request: FastifyRequest) =>
  request.user ? actorOf(app, request) : Promise.resolve(undefined);

/**
 * preHandler for routes open to visitors that show more to a signed-in caller: a token, when sent, must be
 * valid (a session cookie that no longer holds counts as none: service-kit's `authenticateIfSent`).
 */
export function optionalUser(app: App) {
  return app.authenticateIfSent;
}

/**
 * preHandler for routes only signed-in people use, answering a visitor with the spec's own words (e.g.
 * 'Please log in to post a discussion'); a token that is sent, in the header or the session cookie, is
 * checked as everywhere.
 */
export function signedIn(app: App, message: string, code: string) {
  return async (request: FastifyRequest, reply: FastifyReply) => {
    if (!hasCredentials(request)) throw unauthorized(message, code);
    await app.authenticate.call(app, request, reply, () => {});
  };
}
