import { makeStreams } from '@platform/event-bus';
import { platformBuckets, platformStreams, STREAMS_USER } from './nats-accounts';

/**
 * Makes the platform's streams and key-value buckets on NATS_URL as the NATS user `streams` (NATS_PASSWORD its password), then
 * exits: docker compose runs it once NATS is up, before any service (no service may make a stream).
 * `npm start` does the same itself.
 */
async function main() {
  const url = process.env.NATS_URL;
  const password = process.env.NATS_PASSWORD;
  // 3 on a three-node JetStream cluster (deploy/k8s), so a server lost loses no event; 1 on a single server.
  const replicas = Number(process.env.NATS_STREAM_REPLICAS ?? '1');
  if (!Number.isInteger(replicas) || replicas < 1 || replicas > 5)
    throw new Error('NATS_STREAM_REPLICAS must be a whole number from 1 to 5');
  if (!url || !password)
    throw new Error(`NATS_URL and NATS_PASSWORD (of the NATS user ${STREAMS_USER}) are needed`);
  const done = await makeStreams({
    url,
    user: STREAMS_USER,
    password,
    prefix: process.env.NATS_PREFIX ?? '',
    producers: platformStreams(),
    buckets: platformBuckets(),
    waitMs: 60_000,
    replicas,
  });
  for (const [name, what] of Object.entries(done))
    console.log(name.startsWith('kv:') ? `bucket ${name.slice(3)}: ${what}` : `stream of ${name}: ${what}`);
}

main().catch((err: unknown) => {
  console.error(`nats-streams: ${err instanceof Error ? err.message : String(err)}`);
  process.exit(1);
});
