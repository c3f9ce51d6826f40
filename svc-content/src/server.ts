import { exitOnStartupError, listenUntilSignalled } from '@platform/service-kit';
import { readConfig } from './config';
import { buildApp } from './app';

async function main() {
  const config = readConfig();
  const app = await buildApp(config);
  await listenUntilSignalled(app, { port: config.PORT, host: config.HOST });
}

main().catch(exitOnStartupError);
