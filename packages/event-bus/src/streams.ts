import { connect, nanos } from '@nats-io/transport-node';
import {
  StorageType,
  jetstream,
  jetstreamManager,
  type JetStreamManager,
  type StreamConfig,
} from '@nats-io/jetstream';
import { inboxPrefix, streamName, streamSubjects } from './naming';
import { ensureBucket, type KeyValueBucket } from './key-value';

/** JetStream drops a repeated message id seen within this window (it covers the relay's retries). */
export const DUPLICATE_WINDOW_MS = 10 * 60_000;
/** Streams keep events 30 days: long enough for a consumer that was down to catch up or rebuild. */
export const STREAM_MAX_AGE_MS = 30 * 24 * 3600_000;

/** JetStream's answer when a stream does not exist (yet). */
export const isStreamMissing = (err: unknown) => /stream not found/i.test((err as Error)?.message ?? '');

/**
 * One producer's stream exactly as the platform makes it: its own subjects, and nothing that copies messages;
 * kept on `replicas` servers (3 on a three-node JetStream cluster, so losing a server loses no event; 1 alone).
 */
export function streamConfig(prefix: string, producer: string, replicas = 1) {
  return {
    name: streamName(prefix, producer),
    subjects: [streamSubjects(prefix, producer)],
    storage: StorageType.File,
    duplicate_window: nanos(DUPLICATE_WINDOW_MS),
    max_age: nanos(STREAM_MAX_AGE_MS),
    num_replicas: replicas,
  };
}

/**
 * What makes a stream another than the platform's: a stream that republishes its messages writes them onto
 * other subjects (into another producer's stream, bypassing that subject's publish permission); one that
 * sources or mirrors copies another stream's messages (read without that stream's consumer permissions).
 * None of them can be undone by an update (JetStream refuses to change `republish`).
 */
export function foreignSettings(config: Partial<StreamConfig>, prefix: string, producer: string): string[] {
  const own = streamSubjects(prefix, producer);
  const found: string[] = [];
  if (config.republish) found.push(`republishes to ${config.republish.dest}`);
  if (config.sources?.length) found.push(`copies from ${config.sources.map((s) => s.name).join(', ')}`);
  if (config.mirror) found.push(`mirrors ${config.mirror.name}`);
  const subjects = config.subjects ?? [];
  if (subjects.length !== 1 || subjects[0] !== own) found.push(`takes subjects ${subjects.join(', ')}`);
  return found;
}

/** Why a client could not make or fix a stream: a NATS user without the right, or another reason. */
function explain(err: unknown, name: string, what: string): Error {
  if (!/permissions violation/i.test((err as Error)?.message ?? '')) return err as Error;
  return new Error(
    `stream ${name} ${what}, and this NATS user may not change streams: the platform's streams are made by ` +
      `the NATS user "streams" (npm start does it; docker compose runs nats-streams)`,
    { cause: err },
  );
}

/**
 * Makes a producer's stream, or brings one that exists to the platform's configuration. A stream that
 * carries settings the platform never gives (`foreignSettings`) is refused, not used: someone made it to
 * forge or to read events.
 */
export async function ensurePlatformStream(
  jsm: JetStreamManager,
  prefix: string,
  producer: string,
  /** How many servers keep it (the streams user says; a service checking its stream leaves it as it is). */
  replicas?: number,
): Promise<'made' | 'updated' | 'kept'> {
  const want = streamConfig(prefix, producer, replicas);
  const info = await jsm.streams.info(want.name).catch((err: unknown) => {
    if (isStreamMissing(err)) return undefined;
    throw err;
  });
  if (!info) {
    await jsm.streams.add(want).catch((err: unknown) => {
      throw explain(err, want.name, 'does not exist');
    });
    return 'made';
  }
  const foreign = foreignSettings(info.config, prefix, producer);
  if (foreign.length)
    throw new Error(
      `stream ${want.name} ${foreign.join(' and ')}: the platform never makes a stream so, and uses none; ` +
        `remove it (nats stream rm ${want.name}) and start again`,
    );
  const c = info.config;
  if (
    c.storage === want.storage &&
    c.duplicate_window === want.duplicate_window &&
    c.max_age === want.max_age &&
    (replicas === undefined || (c.num_replicas || 1) === replicas)
  )
    return 'kept';
  await jsm.streams
    .update(want.name, { ...want, num_replicas: replicas ?? c.num_replicas })
    .catch((err: unknown) => {
      throw explain(err, want.name, 'differs from the platform configuration');
    });
  return 'updated';
}

/**
 * Makes (or checks) the streams of these producers, and the key-value buckets named, on a server, as the one
 * NATS user allowed to: what `npm start` and docker compose's nats-streams do before any service starts.
 * Waits up to `waitMs` for the server to accept connections (a container started at the same time). The
 * answer names each stream by its producer and each bucket as `kv:<name>`.
 */
export async function makeStreams(opts: {
  url: string;
  user: string;
  password: string;
  prefix?: string;
  producers: string[];
  buckets?: KeyValueBucket[];
  waitMs?: number;
  /** How many servers keep each event stream: 3 on a three-node JetStream cluster; default 1. */
  replicas?: number;
}): Promise<Record<string, 'made' | 'updated' | 'kept'>> {
  const until = Date.now() + (opts.waitMs ?? 0);
  for (;;) {
    try {
      const nc = await connect({
        servers: opts.url,
        user: opts.user,
        pass: opts.password,
        inboxPrefix: inboxPrefix(opts.user),
        timeout: 3000,
      });
      try {
        const jsm = await jetstreamManager(nc);
        const done: Record<string, 'made' | 'updated' | 'kept'> = {};
        for (const producer of opts.producers)
          done[producer] = await ensurePlatformStream(jsm, opts.prefix ?? '', producer, opts.replicas ?? 1);
        for (const bucket of opts.buckets ?? [])
          done[`kv:${bucket.name}`] = await ensureBucket(jetstream(nc), opts.prefix ?? '', bucket);
        return done;
      } finally {
        await nc.close();
      }
    } catch (err) {
      const unreachable = /CONNECTION_REFUSED|ECONNREFUSED|timeout/i.test(String((err as Error)?.message));
      if (!unreachable || Date.now() > until) throw err;
      await new Promise((r) => setTimeout(r, 500));
    }
  }
}
