import { Type } from '@sinclair/typebox';
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

const registered = { 'identity.user.registered.v1': Type.Object({ id: Type.Number() }) };
const revoked = { 'identity.session.revoked.v1': Type.Object({}) };

describe('InMemoryEventBus', () => {
  it('delivers to matching subscribers, catches up late ones, and drops repeated ids', async () => {
    const bus = new InMemoryEventBus();
    const early: string[] = [];
    await bus.subscribe({
      producer: 'identity',
      durable: 'a',
      filter: 'identity.user.>',
      schemas: registered,
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
      schemas: { ...registered, ...revoked },
      handler: async (e) => void late.push(e.type),
    });
    expect(early).toEqual(['identity.user.registered.v1']);
    expect(late).toEqual(['identity.user.registered.v1', 'identity.session.revoked.v1']);
    expect(bus.published).toHaveLength(2);
  });
});

describe('InMemoryEventBus keeps the contract rules of the NATS bus', () => {
  const UserData = Type.Object({ id: Type.String(), version: Type.Integer({ minimum: 1 }) });
  const schemas = { 'identity.user.updated.v1': UserData };
  const silent = { debug() {}, info() {}, warn() {}, error() {} };

  it('dead-letters an invalid event without applying it, skips unknown types, applies valid ones', async () => {
    const bus = new InMemoryEventBus({ log: silent });
    const applied: unknown[] = [];
    await bus.subscribe({
      producer: 'identity',
      durable: 'svc-x__users',
      filter: 'identity.>',
      schemas,
      handler: async (e) => void applied.push(e.data),
    });
    await bus.publish(makeEnvelope('identity.user.updated.v1', { id: 'u1', version: 'high' }));
    await bus.publish({ id: 'not-a-uuid', type: 'identity.user.updated.v1', occurredAt: 'x', data: {} });
    await bus.publish(makeEnvelope('identity.user.renamed.v9', { anything: true }));
    await bus.publish(makeEnvelope('identity.user.updated.v1', { id: 'u1', version: 2 }));

    expect(applied).toEqual([{ id: 'u1', version: 2 }]);
    expect(bus.deadLetters.map((d) => [d.consumer, d.reason, d.error])).toEqual([
      ['svc-x__users', 'invalid', '/data/version: must be integer'],
      ['svc-x__users', 'invalid', '/id: must match format "uuid"'],
    ]);
  });

  it('retries a failing handler, then dead-letters the event after maxDeliver deliveries', async () => {
    const bus = new InMemoryEventBus({ log: silent });
    let calls = 0;
    await bus.subscribe({
      producer: 'identity',
      durable: 'svc-x__users',
      filter: 'identity.user.>',
      schemas,
      maxDeliver: 3,
      handler: async () => {
        calls++;
        throw new Error('database is down');
      },
    });
    await bus.publish(makeEnvelope('identity.user.updated.v1', { id: 'u1', version: 1 }));
    expect(calls).toBe(3);
    expect(bus.deadLetters).toMatchObject([{ reason: 'failed', error: 'database is down', deliveries: 3 }]);
  });

  it('follow skips invalid events (it has no acks) and hands on valid ones', async () => {
    const bus = new InMemoryEventBus({ log: silent });
    const seen: unknown[] = [];
    await bus.follow({
      producer: 'identity',
      filter: 'identity.user.>',
      schemas,
      since: new Date(0),
      handler: (e) => void seen.push(e.data),
    });
    await bus.publish(makeEnvelope('identity.user.updated.v1', { id: 7, version: 1 }));
    await bus.publish(makeEnvelope('identity.user.updated.v1', { id: 'u7', version: 1 }));
    expect(seen).toEqual([{ id: 'u7', version: 1 }]);
    expect(bus.deadLetters).toEqual([]);
  });
});
