import { NatsEventBus } from '@platform/event-bus';
import type { App } from '@platform/service-kit';
import { deleteStreamsWithPrefix, generateKeyPair, natsUrl, testNatsPrefix } from '@platform/testing';
import { readConfig } from '../src/config';
import { buildApp } from '../src/app';
import { KvCounts, RATE_LIMIT_BUCKET, storeInKv } from '../src/rate-limit-kv';
import { storeOver, WindowCounts } from '../src/shared-rate-limit';
import { startRecordingUpstream, type RecordingUpstream } from './recording-upstream';

/**
 * Two gateway instances of one deployment (one NATS prefix), each with its own NATS connection, its own
 * memory and the wiring of server.ts: a client's rate limit holds across both, because both count in the
 * deployment's key-value bucket; while one cannot reach NATS it counts alone, and never refuses for it.
 */
const LIMIT = 6;
const keys = generateKeyPair();
const prefix = testNatsPrefix();
const silent = { warn: () => {}, info: () => {} };
let upstream: RecordingUpstream;
const buses: NatsEventBus[] = [];
const gateways: App[] = [];

async function gatewayInstance(): Promise<{ app: App; bus: NatsEventBus }> {
  const bus = await NatsEventBus.connect({ url: natsUrl(), prefix, name: 'gateway' });
  buses.push(bus);
  const counts = new KvCounts({
    bucket: () => bus.keyValue(RATE_LIMIT_BUCKET, 2000),
    fallback: storeOver(new WindowCounts()),
    log: silent,
    maxWindowMs: RATE_LIMIT_BUCKET.ttlMs,
  });
  const app = await buildApp(
    readConfig({
      JWT_PUBLIC_KEY: keys.publicKey,
      LOG_LEVEL: 'silent',
      NATS_PREFIX: prefix,
      RATE_LIMIT_PER_MINUTE: String(LIMIT),
      HIRE_URL: upstream.url,
    }),
    { revocations: { isRevoked: () => false, isCurrent: () => true }, rateLimitStore: storeInKv(counts) },
  );
  gateways.push(app);
  return { app, bus };
}

const ask = (app: App, client: string) =>
  app.inject({ url: '/api/job/get', remoteAddress: client }).then((r) => r.statusCode);

let a: App;
let b: App;
let busOfB: NatsEventBus;

beforeAll(async () => {
  upstream = await startRecordingUpstream();
  ({ app: a } = await gatewayInstance());
  ({ app: b, bus: busOfB } = await gatewayInstance());
}, 30_000);

afterAll(async () => {
  await Promise.all(gateways.map((g) => g.close()));
  await Promise.all(buses.map((bus) => bus.close()));
  await upstream?.close();
  await deleteStreamsWithPrefix(natsUrl(), prefix).catch(() => {});
});

it('holds a client to its limit across both gateways: the 429 comes at the limit, not at twice it', async () => {
  const statuses: number[] = [];
  for (let i = 0; i < 2 * LIMIT; i++) statuses.push(await ask(i % 2 === 0 ? a : b, '10.0.0.1'));
  expect(statuses).toEqual([...Array(LIMIT).fill(200), ...Array(LIMIT).fill(429)]);
  // Both refuse the client from then on, and neither passed the refused requests on.
  expect(await ask(a, '10.0.0.1')).toBe(429);
  expect(await ask(b, '10.0.0.1')).toBe(429);
  expect(upstream.received.length).toBe(LIMIT);
});

it('counts requests that come at once through both gateways exactly once each', async () => {
  const statuses = await Promise.all(
    Array.from({ length: 3 * LIMIT }, (_, i) => ask(i % 2 === 0 ? a : b, '10.0.0.2')),
  );
  expect(statuses.filter((s) => s === 200)).toHaveLength(LIMIT);
  expect(statuses.filter((s) => s === 429)).toHaveLength(2 * LIMIT);
});

it('says how many requests are left, whichever gateway answers', async () => {
  const first = await a.inject({ url: '/api/job/get', remoteAddress: '10.0.0.3' });
  const second = await b.inject({ url: '/api/job/get', remoteAddress: '10.0.0.3' });
  expect(first.headers['x-ratelimit-remaining']).toBe(String(LIMIT - 1));
  expect(second.headers['x-ratelimit-remaining']).toBe(String(LIMIT - 2));
  // An IPv6 client is counted too (its address is written as a key NATS accepts).
  expect(await ask(a, '2001:db8::7')).toBe(200);
  const third = await b.inject({ url: '/api/job/get', remoteAddress: '2001:db8::7' });
  expect(third.headers['x-ratelimit-remaining']).toBe(String(LIMIT - 2));
});

it('keeps serving without NATS, each gateway then holding the client to the limit alone', async () => {
  // B loses NATS: it counts in its own memory, and refuses nobody for it.
  await busOfB.close();
  const throughB: number[] = [];
  for (let i = 0; i < LIMIT + 1; i++) throughB.push(await ask(b, '10.0.0.4'));
  expect(throughB).toEqual([...Array(LIMIT).fill(200), 429]);
  // A still counts in NATS, which never saw B's requests.
  expect(await ask(a, '10.0.0.4')).toBe(200);
});
