import { readStartConfig } from './config';
import { startPlatform } from './platform';

/** `npm start`: the whole platform on this machine; Ctrl-C stops it, data stays under .data/. */
async function main() {
  const cfg = readStartConfig();
  if (process.argv.includes('--demo'))
    console.log('Demo data arrives with the Hire, Events and Connect modules; nothing to load yet.');
  const platform = await startPlatform(cfg);
  console.log(`\nAfyaHR is running at ${platform.url}\nPress Ctrl-C to stop.\n`);
  let stopping = false;
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
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

main().catch((err: unknown) => {
  console.error(`npm start failed: ${err instanceof Error ? err.message : String(err)}`);
  process.exit(1);
});
