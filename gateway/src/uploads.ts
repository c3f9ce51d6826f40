import type { FastifyRequest } from 'fastify';
import type { ModuleDescriptor } from '@platform/contracts';

/** Upload routes declared by the module descriptors (`service.uploads`): `METHOD path` -> largest body. */
export const uploadLimits = (modules: ModuleDescriptor[]): Map<string, number> =>
  new Map(
    modules.flatMap((m) =>
      (m.service?.uploads ?? []).map((u) => [`${u.method} ${u.path}`, u.maxBytes] as const),
    ),
  );

/**
 * The path the router matched, rebuilt from the route and its decoded wildcard (`/api/cv/*` with
 * `*` = `file` is `/api/cv/file`): never the raw URL, so no spelling reaches another route's limit.
 */
export function matchedPath(request: FastifyRequest): string | undefined {
  const route = request.routeOptions.url;
  if (!route) return undefined;
  if (!route.endsWith('/*')) return route;
  const rest = (request.params as Record<string, string | undefined>)['*'] ?? '';
  return `${route.slice(0, -1)}${rest}`;
}

/** The body limit of this request's route: an upload route's own, else the gateway's default. */
export function bodyLimitOf(request: FastifyRequest, uploads: Map<string, number>, fallback: number): number {
  const path = matchedPath(request);
  return (path !== undefined && uploads.get(`${request.method} ${path}`)) || fallback;
}
