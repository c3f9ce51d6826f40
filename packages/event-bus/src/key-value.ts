import { nanos } from '@nats-io/transport-node';
import { StorageType, type JetStreamClient, type StreamConfig } from '@nats-io/jetstream';
import { Kvm, type KV } from '@nats-io/kv';
import { streamName } from './naming';
import { isStreamMissing } from './streams';

/**
 * A JetStream key-value bucket the platform keeps (the gateway's shared rate-limit counts): made, like the
 * streams, by the NATS user `streams` before anyone uses it, read and written only by the accounts that
 * name it in `buckets` (nats-permissions.ts).
 */
export interface KeyValueBucket {
  /** Its name without the deployment prefix, e.g. `gateway-rate-limits`. */
  name: string;
  /** How long a key lives after its last write (the stream's max_age). */
  ttlMs: number;
  /** The bucket's size at most; a write past it is refused (discard new). */
  maxBytes: number;
}

/** The bucket's name on the server: `<PREFIX><NAME>`, as a stream's (`T_X_GATEWAY-RATE-LIMITS`). */
export function bucketName(prefix: string, name: string): string {
  return streamName(prefix, name);
}

/** The stream JetStream keeps a bucket in. */
export function bucketStream(prefix: string, name: string): string {
  return `KV_${bucketName(prefix, name)}`;
}

/** The subjects a bucket's keys are written on (`$KV.<bucket>.<key>`). */
export function bucketSubjects(prefix: string, name: string): string {
  return `$KV.${bucketName(prefix, name)}.>`;
}

/**
 * Counts live in memory: they are worth nothing after their window, and a server restarted with an empty
 * bucket only opens every client's window anew. One value per key (history 1); reads straight from any
 * server (direct get), which the accounts' permissions name.
 */
const bucketOptions = (bucket: KeyValueBucket) => ({
  history: 1,
  ttl: bucket.ttlMs,
  max_bytes: bucket.maxBytes,
  storage: StorageType.Memory,
  allow_direct: true,
});

/** What makes a bucket's stream another than the platform's (copies its writes elsewhere, or others' in). */
function foreignBucketSettings(config: Partial<StreamConfig>, prefix: string, name: string): string[] {
  const found: string[] = [];
  if (config.republish) found.push(`republishes to ${config.republish.dest}`);
  if (config.sources?.length) found.push(`copies from ${config.sources.map((s) => s.name).join(', ')}`);
  if (config.mirror) found.push(`mirrors ${config.mirror.name}`);
  const subjects = config.subjects ?? [];
  if (subjects.length !== 1 || subjects[0] !== bucketSubjects(prefix, name))
    found.push(`takes subjects ${subjects.join(', ')}`);
  return found;
}

/**
 * Makes a bucket as the platform defines it, or brings one that exists to its TTL and size. One with
 * settings the platform never gives is refused, as a stream would be.
 */
export async function ensureBucket(
  js: JetStreamClient,
  prefix: string,
  bucket: KeyValueBucket,
): Promise<'made' | 'updated' | 'kept'> {
  const jsm = await js.jetstreamManager();
  const stream = bucketStream(prefix, bucket.name);
  const info = await jsm.streams.info(stream).catch((err: unknown) => {
    if (isStreamMissing(err)) return undefined;
    throw err;
  });
  if (!info) {
    await new Kvm(js).create(bucketName(prefix, bucket.name), bucketOptions(bucket));
    return 'made';
  }
  const foreign = foreignBucketSettings(info.config, prefix, bucket.name);
  if (foreign.length)
    throw new Error(
      `key-value stream ${stream} ${foreign.join(' and ')}: the platform never makes one so; ` +
        `remove it (nats stream rm ${stream}) and start again`,
    );
  const c = info.config;
  if (c.max_age === nanos(bucket.ttlMs) && c.max_bytes === bucket.maxBytes && c.allow_direct) return 'kept';
  await jsm.streams.update(stream, {
    ...c,
    max_age: nanos(bucket.ttlMs),
    max_bytes: bucket.maxBytes,
    allow_direct: true,
  });
  return 'updated';
}

/**
 * A handle on a bucket made beforehand (no request to the server: a user allowed only the bucket's keys
 * may not ask for its stream's state). Reads go to `$JS.API.DIRECT.GET.<stream>.<subject>`.
 */
export function openBucket(js: JetStreamClient, prefix: string, bucket: KeyValueBucket): Promise<KV> {
  return new Kvm(js).open(bucketName(prefix, bucket.name), { allow_direct: true });
}

/** JetStream's refusal of a write whose expected revision is no longer the key's last. */
export const isRevisionConflict = (err: unknown): boolean =>
  (err as { code?: number })?.code === 10071 || /wrong last sequence/i.test((err as Error)?.message ?? '');
