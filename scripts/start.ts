import { readStartConfig } from './config';
import { startPlatform } from './platform';
import { loadDemo, signInLines } from './demo';
import { stopOnSignals } from './stop-on-signals';

/** `npm start`: the whole platform on this machine; Ctrl-C stops it, data stays under .data/. */
async function main() {
  const cfg = readStartConfig();
  const demo = cfg.demo || process.argv.includes('--demo');
  if (demo && (!cfg.adminEmail || !cfg.adminPassword))
    throw new Error(
      'the demo needs ADMIN_EMAIL and ADMIN_PASSWORD (it signs in as the admin); set them in .env',
    );
  // `--no-build` serves what is already built (the API alone where nothing is), for runs that need no pages.
  const platform = await startPlatform(cfg, console.log, {
    buildFrontends: !process.argv.includes('--no-build'),
  });
  const others = platform.gateways.slice(1);
  console.log(
    `\nAfyaHR is running at ${platform.url} (its bus: ${platform.natsUrl})` +
      (others.length ? `\nIts other gateway instances (one rate limit for all): ${others.join(', ')}` : '') +
      `\nPress Ctrl-C to stop.\n`,
  );
  stopOnSignals(platform);
  if (demo) {
    // A demo that fails to load leaves the platform running, and says why.
    await loadDemo(platform.url, { email: cfg.adminEmail!, password: cfg.adminPassword! }).then(
      (summary) => console.log(`\n${signInLines(summary).join('\n')}`),
      (err: unknown) =>
        console.error(`The demo was not loaded: ${err instanceof Error ? err.message : String(err)}`),
    );
  }
}

main().catch((err: unknown) => {
  console.error(`npm start failed: ${err instanceof Error ? err.message : String(err)}`);
  process.exit(1);
});
