import fp from 'fastify-plugin';
import type { ExpirySweep } from '../stores/expiry-alerts';

/**
 * Runs the expiry sweep (credentials and compliance documents) every `everyMs` on each instance (and once at start, so a restart catches up):
 * the store's advisory lock lets one instance sweep at a time and its alert rows send each alert once, so
 * the daily windows are met within `everyMs` of midnight without a scheduler of its own. `everyMs` 0: never
 * by itself (tests run `app.sweep()` on their clock).
 */
export const alertSweep = fp<{ expiry: ExpirySweep; everyMs: number }>(
  async (app, { expiry, everyMs }) => {
    if (everyMs <= 0) return;
    const run = () => expiry.sweep().catch((err: unknown) => app.log.error({ err }, 'expiry sweep failed'));
    const timer = setInterval(run, everyMs);
    timer.unref();
    app.addHook('onReady', async () => {
      void run();
    });
    app.addHook('onClose', async () => clearInterval(timer));
  },
  { name: 'core-alert-sweep' },
);
