import { exitOnStartupError, listenUntilSignalled } from '@platform/service-kit';
import { readConfig } from './config';
import { buildApp } from './app';
import { fileClock } from './test-clock';

async function main() {
  const config = readConfig();
  const clock = config.CORE_TEST_CLOCK_FILE ? fileClock(config.CORE_TEST_CLOCK_FILE) : undefined;
  const app = await buildApp(config, clock ? { now: clock.now } : {});
  if (clock) {
    clock.watch(() => void app.sweep().catch((err: unknown) => app.log.error({ err }, 'sweep failed')));
    app.addHook('onClose', async () => clock.stop());
  }
  await listenUntilSignalled(app, { port: config.PORT, host: config.HOST });
}

main().catch(exitOnStartupError);
