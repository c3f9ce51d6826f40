import cluster from 'node:cluster';
import {
  connectServiceBus,
  createLogger,
  exitOnStartupError,
  FollowedRevocations,
  listenUntilSignalled,
} from '@platform/service-kit';
import { readConfig } from './config';
import { buildApp } from './app';
import { runPrimary } from './workers';
import { CountsFromPrimary, RATE_LIMIT_WINDOW_MS, storeOver, WindowCounts } from './shared-rate-limit';
import { KvCounts, RATE_LIMIT_BUCKET, storeInKv } from './rate-limit-kv';

/** Where this process counts a client while NATS cannot: with workers the primary, else its own memory. */
function localCounts() {
  if (cluster.isWorker) return CountsFromPrimary;
  const counts = new WindowCounts();
  setInterval(() => counts.prune(RATE_LIMIT_WINDOW_MS), RATE_LIMIT_WINDOW_MS).unref();
  return storeOver(counts);
}

async function main() {
  const config = readConfig();
  // One logger for the gateway and its bus: a NATS disconnect leaves a line like any request does.
  const log = createLogger({ name: 'gateway', level: config.LOG_LEVEL });
  const workers = config.GATEWAY_WORKERS;
  if (workers > 1 && cluster.isPrimary) return runPrimary(workers, log);
  // Refuses a NATS that admits anyone, or no NATS user, unless DANGEROUSLY_ALLOW_OPEN_NATS=1 (as the services).
  const bus = await connectServiceBus('gateway', config, log.child({ component: 'event-bus' }));
  // Replays one token lifetime of logouts and ended accounts before serving, then keeps following.
  const revocations = new FollowedRevocations(bus);
  await revocations.start();
  // Every gateway instance (and worker) of the deployment counts a client once, in NATS (rate-limit-kv.ts).
  const counts = new KvCounts({
    bucket: () => bus.keyValue(RATE_LIMIT_BUCKET, config.RATE_LIMIT_NATS_TIMEOUT_MS),
    fallback: localCounts(),
    log: log.child({ component: 'rate-limit' }),
    maxWindowMs: RATE_LIMIT_BUCKET.ttlMs,
  });
  const app = await buildApp(config, { revocations, logger: log, rateLimitStore: storeInKv(counts) });
  app.addHook('onClose', async () => {
    await revocations.stop();
    await bus.close();
  });
  await listenUntilSignalled(app, { port: config.PORT, host: config.HOST });
}

main().catch(exitOnStartupError);
