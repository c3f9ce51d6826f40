import { connect, type NatsConnection } from '@nats-io/transport-node';
import { jetstreamManager, type JetStreamManager } from '@nats-io/jetstream';
import { deleteStreamsWithPrefix, natsUrl, testNatsPrefix } from '@platform/testing';
import { ensurePlatformStream, streamName } from '../src';

// How many servers keep a stream: the streams user says (3 on the Kubernetes cluster); a service checking its
// stream never changes it. Here one server, as in development and CI.
const prefix = testNatsPrefix();
const url = natsUrl();
let nc: NatsConnection;
let jsm: JetStreamManager;

beforeAll(async () => {
  nc = await connect({ servers: url });
  jsm = await jetstreamManager(nc);
});
afterAll(async () => {
  await nc?.close();
  await deleteStreamsWithPrefix(url, prefix).catch(() => {});
});

it('makes a stream on the replicas asked, and a check without a number keeps it as it is', async () => {
  expect(await ensurePlatformStream(jsm, prefix, 'demo', 1)).toBe('made');
  expect((await jsm.streams.info(streamName(prefix, 'demo'))).config.num_replicas).toBe(1);
  // What a service's bus does at start: nothing to change, whatever the streams user chose.
  expect(await ensurePlatformStream(jsm, prefix, 'demo')).toBe('kept');
  expect(await ensurePlatformStream(jsm, prefix, 'demo', 1)).toBe('kept');
  // Three replicas differ from what the stream has, so the streams user's run changes it (on a three-node
  // cluster JetStream then keeps three copies).
  expect(await ensurePlatformStream(jsm, prefix, 'demo', 3)).toBe('updated');
  expect((await jsm.streams.info(streamName(prefix, 'demo'))).config.num_replicas).toBe(3);
  expect(await ensurePlatformStream(jsm, prefix, 'demo', 3)).toBe('kept');
  // A service's check does not take it back to one (nor could it: no service may change a stream).
  expect(await ensurePlatformStream(jsm, prefix, 'demo')).toBe('kept');
  expect((await jsm.streams.info(streamName(prefix, 'demo'))).config.num_replicas).toBe(3);
});
