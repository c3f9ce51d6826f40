import fp from 'fastify-plugin';
import type { App } from '@platform/service-kit';
import type { GatewayConfig } from '../config';
import { PreviewSource } from '../previews';

declare module 'fastify' {
  interface FastifyInstance {
    /** Link previews of the page routes the modules declare (previews.ts). */
    previews: PreviewSource;
  }
}

/** The link previews' source: asks each module's service, with a short cache of answers and misses. */
export const previewsPlugin = fp(
  async (app: App, { config }: { config: GatewayConfig }) => {
    app.decorate('previews', new PreviewSource(config.modules, config.upstreams));
  },
  { name: 'gateway-previews' },
);
