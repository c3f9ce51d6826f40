import fp from 'fastify-plugin';
import type { App } from '@platform/service-kit';
import { EdgeCache } from '../edge-cache';

declare module 'fastify' {
  interface FastifyInstance {
    /** Answers services mark public, kept at the edge (edge-cache.ts). */
    edgeCache: EdgeCache;
  }
}

/** The edge cache of this process (`EDGE_CACHE_BYTES`, 0 keeps nothing), for the API routes to share. */
export const cachePlugin = fp(
  async (app: App, { maxBytes }: { maxBytes: number }) => {
    app.decorate('edgeCache', new EdgeCache(maxBytes));
  },
  { name: 'gateway-cache' },
);
