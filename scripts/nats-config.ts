import { readStartConfig } from './config';
import { composeNatsConfig, natsPasswords, platformNatsAuthorization } from './nats-accounts';

/**
 * Prints what a NATS server needs to give each service its own user:
 *   npm run -s nats-config               the `authorization` block to include in an existing server's config
 *   npm run -s nats-config -- passwords  <USER>_NATS_PASSWORD=… lines (made once under the data dir), for the
 *                                        server's environment, `.env` of docker compose, and each service
 *   npm run -s nats-config -- compose    the whole nats/nats.conf of docker compose
 */
function main() {
  const cfg = readStartConfig();
  const what = process.argv[2] ?? 'authorization';
  if (what === 'authorization') process.stdout.write(platformNatsAuthorization(cfg.natsPrefix));
  else if (what === 'compose') process.stdout.write(composeNatsConfig());
  else if (what === 'passwords') {
    for (const [name, value] of Object.entries(natsPasswords(cfg.dataDir))) console.log(`${name}=${value}`);
  } else {
    console.error(`unknown "${what}": use authorization, passwords or compose`);
    process.exit(1);
  }
}

main();
