import { exitOnStartupError, listenUntilSignalled } from '@platform/service-kit';
import { readConfig } from './config';
import { buildApp } from './app';
import { fileClock } from './test-clock';

async function main() {
  const config = readConfig();
  const clock = config.BILLING_TEST_CLOCK_FILE;
  const app = await buildApp(config, clock ? { now: fileClock(clock) } : {});
  await listenUntilSignalled(app, { port: config.PORT, host: config.HOST });
}

main().catch(exitOnStartupError);
