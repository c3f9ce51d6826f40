import { InMemoryEventBus, subjectMatches } from './in-memory';
import { makeEnvelope } from './envelope';
import { durableName, streamName, streamSubjects, subjectFor } from './naming';

describe('naming', () => {
  it('prefixes subjects and streams per deployment', () => {
    expect(subjectFor('t_ab_', 'identity.user.registered.v1')).toBe('t_ab_identity.user.registered.v1');
    expect(streamName('t_ab_', 'identity')).toBe('T_AB_IDENTITY');
    expect(streamName('', 'identity')).toBe('IDENTITY');
    expect(streamSubjects('', 'hire')).toBe('hire.>');
    expect(durableName('', 'svc-hire__user-sync')).toBe('svc-hire__user-sync');
    expect(durableName('x.', 'a b')).toBe('x_a_b');
  });

  it('matches NATS wildcards', () => {
    expect(subjectMatches('identity.user.>', 'identity.user.registered.v1')).toBe(true);
    expect(subjectMatches('identity.*.registered.v1', 'identity.user.registered.v1')).toBe(true);
    expect(subjectMatches('identity.user.>', 'identity.session.revoked.v1')).toBe(false);
  });
});

describe('InMemoryEventBus', () => {
  it('delivers to matching subscribers, catches up late ones, and drops repeated ids', async () => {
    const bus = new InMemoryEventBus();
    const early: string[] = [];
    await bus.subscribe({
      producer: 'identity',
      durable: 'a',
      filter: 'identity.user.>',
      handler: async (e) => void early.push(e.type),
    });
    const e1 = makeEnvelope('identity.user.registered.v1', { id: 1 });
    await bus.publish(e1);
    await bus.publish(e1);
    await bus.publish(makeEnvelope('identity.session.revoked.v1', {}));
    const late: string[] = [];
    await bus.subscribe({
      producer: 'identity',
      durable: 'b',
      filter: 'identity.>',
      handler: async (e) => void late.push(e.type),
    });
    expect(early).toEqual(['identity.user.registered.v1']);
    expect(late).toEqual(['identity.user.registered.v1', 'identity.session.revoked.v1']);
    expect(bus.published).toHaveLength(2);
  });
});
