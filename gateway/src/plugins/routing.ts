import fp from 'fastify-plugin';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { refusal, type App } from '@platform/service-kit';
import { upstreamOptions, type GatewayConfig } from '../config';
import { API_ROUTE_CONFIG } from '../api-route';
import { serviceRoutes } from '../modules';
import { proxiedRequestOf, sendAnswer, ServiceUpstream, UpstreamFailure } from '../proxy';

/** The 503 of a service not deployed or down. */
export const unavailable = (label: string) =>
  refusal(`The ${label} service is temporarily unavailable. Please try again shortly.`, 'server.unavailable');

/** What the client gets when a service gave no usable answer (proxy.ts UpstreamFailure). */
function failure(label: string, reason: UpstreamFailure['reason']) {
  switch (reason) {
    case 'unreachable':
      return unavailable(label);
    case 'busy':
      return refusal(
        `The ${label} service is very busy right now. Please try again in a moment.`,
        'server.busy',
      );
    case 'late':
      return refusal(
        `The ${label} service took too long to answer. Please try again shortly.`,
        'server.unavailable',
      );
    case 'malformed':
      return refusal(
        `The ${label} service sent an answer the gateway could not read. Please try again shortly.`,
        'server.unavailable',
      );
  }
}

/**
 * `/api/*` to the services, as the module descriptors route them: each prefix to its service's pool
 * (proxy.ts), through the edge cache (cache.ts). Proxied bodies stream through unread (the checks read
 * only Content-Length): a scope of its own whose one parser hands the body over as it arrives.
 */
export const routingPlugin = fp(
  async (app: App, { config }: { config: GatewayConfig }) => {
    const upstreams: ServiceUpstream[] = [];
    app.addHook('onClose', async () => {
      await Promise.all(upstreams.map((u) => u.close()));
    });
    await app.register(async (proxied) => {
      proxied.removeAllContentTypeParsers();
      proxied.addContentTypeParser('*', (_request, payload, done) => done(null, payload));
      for (const route of serviceRoutes(config.modules)) {
        const urls = config.instances[route.module] ?? [];
        const upstream = urls.length ? new ServiceUpstream(urls, upstreamOptions(config)) : undefined;
        if (upstream) upstreams.push(upstream);
        for (const prefix of route.prefixes) {
          // The edge cache's answer, else the service's (then kept when it may be).
          const forward = async (request: FastifyRequest, reply: FastifyReply) => {
            if (!upstream) return reply.status(503).send(unavailable(route.label));
            const asked = proxiedRequestOf(request);
            const hit = app.edgeCache.lookup(asked);
            if (hit) return sendAnswer(reply, hit);
            try {
              const answer = await upstream.ask(asked);
              app.edgeCache.store(asked, prefix, answer);
              return sendAnswer(reply, answer);
            } catch (err) {
              if (!(err instanceof UpstreamFailure)) throw err;
              request.log.warn({ err, upstream: urls }, `upstream ${err.reason}`);
              // A body not read to its end leaves the connection unusable for a next request: closed.
              if (!request.raw.complete) reply.header('connection', 'close');
              return reply.status(err.statusCode).send(failure(route.label, err.reason));
            }
          };
          proxied.all(prefix, { config: API_ROUTE_CONFIG }, forward);
          proxied.all(`${prefix}/*`, { config: API_ROUTE_CONFIG }, forward);
        }
      }
    });
  },
  { name: 'gateway-routing', dependencies: ['gateway-cache'] },
);
