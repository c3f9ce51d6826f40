import { NatsEventBus } from '@platform/event-bus';
import { exitOnStartupError, listenUntilSignalled } from '@platform/service-kit';
import { readConfig } from './config';
import { buildApp } from './app';
import { FollowedRevocations } from './revocations';

/** Longest token lifetime svc-identity issues (24 h cap): revocations older than that are moot. */
const MAX_TOKEN_LIFETIME_MS = 24 * 3600_000;

async function main() {
  const config = readConfig();
  const bus = await NatsEventBus.connect({
    url: config.NATS_URL,
    prefix: config.NATS_PREFIX,
    name: 'gateway',
    user: config.NATS_USER,
    password: config.NATS_PASSWORD,
  });
  const revocations = new FollowedRevocations(bus, MAX_TOKEN_LIFETIME_MS);
  await revocations.start();
  const app = await buildApp(config, { revocations });
  app.addHook('onClose', async () => {
    await revocations.stop();
    await bus.close();
  });
  await listenUntilSignalled(app, { port: config.PORT, host: config.HOST });
}

main().catch(exitOnStartupError);
