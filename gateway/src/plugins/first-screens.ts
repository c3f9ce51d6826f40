import fp from 'fastify-plugin';
import type { App } from '@platform/service-kit';
import type { GatewayConfig } from '../config';
import { FirstScreens } from '../first-screens';

declare module 'fastify' {
  interface FastifyInstance {
    /** First screens drawn on the server for prerendered pages (first-screens.ts). */
    firstScreens: FirstScreens;
  }
}

/** The renderers of the remotes' first screens, in worker threads stopped with the gateway. */
export const firstScreensPlugin = fp(
  async (app: App, { config }: { config: GatewayConfig }) => {
    const firstScreens = new FirstScreens(config.modules, config.upstreams, config.REMOTES_ROOT);
    app.decorate('firstScreens', firstScreens);
    app.addHook('onClose', async () => firstScreens.close());
  },
  { name: 'gateway-first-screens' },
);
