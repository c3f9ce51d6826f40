import { IdentityEvents } from '@platform/contracts';
import { NatsEventBus, makeEnvelope } from '@platform/event-bus';
import { deleteStreamsWithPrefix, natsUrl, testNatsPrefix } from '@platform/testing';
import { FollowedRevocations } from '../src/revocations';

const until = async (check: () => boolean, ms = 10_000) => {
  const end = Date.now() + ms;
  while (!check()) {
    if (Date.now() > end) throw new Error('timed out');
    await new Promise((r) => setTimeout(r, 50));
  }
};

describe('FollowedRevocations (real NATS)', () => {
  const prefix = testNatsPrefix();
  const url = natsUrl();
  let bus: NatsEventBus;
  beforeAll(async () => {
    bus = await NatsEventBus.connect({ url, prefix, name: 'gateway-test' });
    await bus.ensureStream('identity');
  });
  afterAll(async () => {
    await bus?.close();
    await deleteStreamsWithPrefix(url, prefix).catch(() => {});
  });

  it('knows logouts from before it started and learns new ones within moments', async () => {
    const exp = Math.floor(Date.now() / 1000) + 3600;
    await bus.publish(
      makeEnvelope(IdentityEvents.sessionRevoked, { jti: 'before-start', userId: 'u1', exp }),
    );
    const list = new FollowedRevocations(bus, 24 * 3600_000);
    await list.start();
    await until(() => list.isRevoked('before-start'));
    expect(list.isRevoked('never-revoked')).toBe(false);
    await bus.publish(makeEnvelope(IdentityEvents.sessionRevoked, { jti: 'after-start', userId: 'u1', exp }));
    await until(() => list.isRevoked('after-start'));
    await list.stop();
  });
});
