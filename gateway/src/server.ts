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
import { CountsFromPrimary } from './shared-rate-limit';

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
  const app = await buildApp(config, {
    revocations,
    logger: log,
    rateLimitStore: cluster.isWorker ? CountsFromPrimary : undefined,
  });
  app.addHook('onClose', async () => {
    await revocations.stop();
    await bus.close();
  });
  await listenUntilSignalled(app, { port: config.PORT, host: config.HOST });
}

main().catch(exitOnStartupError);
