import type { FastifyRequest } from 'fastify';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Set on every route that answers /api/*: the edge's checks follow it. */
    apiRoute?: boolean;
  }
}

/**
 * Config of every route that answers /api/* (proxied, or 503 for a service not deployed). The edge's
 * checks (rate limit, body size, token) follow the route the router matched, never the URL's
 * spelling: the router decodes `/%61pi/...` to the `/api/...` route, so a test of the raw URL is
 * skipped by every spelling it does not foresee.
 */
export const API_ROUTE_CONFIG = { apiRoute: true };

export const isApiRoute = (request: FastifyRequest): boolean =>
  request.routeOptions.config?.apiRoute === true;
