import { readConfig } from './config';
import { buildApp } from './app';

async function main() {
  const config = readConfig();
  const app = await buildApp(config);
  await app.listen({ port: config.PORT, host: config.HOST });
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.once(signal, () => {
      app.log.info({ signal }, 'shutting down');
      app.close().then(
        () => process.exit(0),
        () => process.exit(1),
      );
    });
  }
}

main().catch((err: unknown) => {
  console.error(err instanceof Error ? err.message : err);
  process.exit(1);
});
