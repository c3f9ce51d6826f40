import type { FastifyReply, FastifyRequest, RequestPayload } from 'fastify';
import { HttpError, mentionsSessionCookie, type App } from '@platform/service-kit';
import { isApiRoute } from './api-route';
import { bodyLimitOf } from './uploads';

/**
 * What every request to an API route passes before a service sees it: a body within the limit
 * (proxied bodies are streamed, not parsed, so the limit is read from Content-Length; an upload route
 * a module declares has its own larger one, every other route the default), sent as it is (no
 * Content-Encoding: a packed body's length says nothing of what it unpacks to, and no service unpacks
 * one) and, when a
 * token is sent, a valid, unexpired one for this platform that was not logged out; when the session cookie
 * carries it instead, a write from the platform's own pages, and a cookie that no longer holds is dropped.
 * Requests without a token pass: services decide what is public. Runs as a preParsing hook: after the rate limit, so
 * refused requests count too, and before a byte of the body is read.
 */
export function apiRequestChecks(app: App, bodyLimitBytes: number, uploads: Map<string, number> = new Map()) {
  // A callback hook, not an async function: most requests are settled without waiting on anything.
  return function checkApiRequest(
    request: FastifyRequest,
    reply: FastifyReply,
    payload: RequestPayload,
    done: (err: Error | null, payload?: RequestPayload) => void,
  ): void {
    if (!isApiRoute(request)) return done(null, payload);
    const length = Number(request.headers['content-length'] ?? 0);
    if (length > bodyLimitOf(request, uploads, bodyLimitBytes))
      return done(new HttpError(413, 'The request body is too large.'));
    const encoding = request.headers['content-encoding'];
    if (encoding && encoding.trim().toLowerCase() !== 'identity')
      return done(new HttpError(415, 'Send the request body uncompressed, without a Content-Encoding.'));
    if (
      request.headers['transfer-encoding'] &&
      !request.headers['content-length'] &&
      request.method !== 'GET'
    )
      return done(new HttpError(411, 'Send the request with a Content-Length.'));
    if (!request.headers.authorization && !mentionsSessionCookie(request)) return done(null, payload);
    // A bearer token must hold (401); a session cookie's write must come from the platform's pages (403),
    // and a cookie that no longer holds goes no further, cleared in the answer: the service meets a visitor.
    Promise.resolve(app.authenticateIfSent.call(app, request, reply, () => {})).then(
      () => done(null, payload),
      (err: Error) => done(err),
    );
  };
}
