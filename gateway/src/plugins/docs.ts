import fp from 'fastify-plugin';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import { GENERIC_CODES, refusal, type App } from '@platform/service-kit';

/**
 * OpenAPI at /docs and /docs/json in development alone (`GATEWAY_DOCS=1`): the public origin lists no
 * routes to strangers. Registered before any route, which it then describes. Off: both are 404, not the
 * shell page every other path without an extension gets.
 */
export const docsPlugin = fp(
  async (app: App, { enabled }: { enabled: boolean }) => {
    if (enabled) {
      await app.register(swagger, { openapi: { info: { title: 'gateway', version: '0.1.0' } } });
      await app.register(swaggerUi, { routePrefix: '/docs' });
      return;
    }
    const notFound = refusal('No route for /docs.', GENERIC_CODES[404]);
    const hidden = { schema: { hide: true } };
    app.all('/docs', hidden, async (_request, reply) => reply.status(404).send(notFound));
    app.all('/docs/*', hidden, async (_request, reply) => reply.status(404).send(notFound));
  },
  { name: 'gateway-docs' },
);
