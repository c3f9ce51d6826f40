import cluster from 'node:cluster';
import type { Logger } from 'pino';
import { RATE_LIMIT_WINDOW_MS, serveCounts, WindowCounts } from './shared-rate-limit';

/**
 * The primary of a gateway run as `count` workers (GATEWAY_WORKERS > 1): it serves no request itself.
 * The workers share the port (the primary hands each new connection to the next worker), each
 * follows logouts from NATS itself, and all count a client's requests once, in the primary. A worker
 * that dies is replaced; SIGTERM/SIGINT stops every worker gracefully, then the primary.
 */
export function runPrimary(count: number, log: Logger): void {
  const counts = new WindowCounts();
  setInterval(() => counts.prune(RATE_LIMIT_WINDOW_MS), RATE_LIMIT_WINDOW_MS).unref();
  let stopping = false;
  const start = () => serveCounts(cluster.fork(), counts);
  cluster.on('exit', (worker, code, signal) => {
    if (stopping) {
      if (Object.keys(cluster.workers ?? {}).length === 0) process.exit(0);
      return;
    }
    log.error({ pid: worker.process.pid, code, signal }, 'gateway worker died; starting another');
    start();
  });
  for (let i = 0; i < count; i++) start();
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.once(signal, () => {
      stopping = true;
      for (const worker of Object.values(cluster.workers ?? {})) worker?.process.kill('SIGTERM');
    });
  }
}
