import { Type } from '@sinclair/typebox';
import { IdentityEvents, UserEventData } from '@platform/contracts';
import { EventChecker } from './event-check';
import { makeEnvelope } from './envelope';
import { retryDelayMs } from './delivery';

const checker = new EventChecker({
  'identity.session.revoked.v1': Type.Object({ jti: Type.String(), exp: Type.Integer() }),
});
const bytes = (value: unknown) => new TextEncoder().encode(JSON.stringify(value));

describe('EventChecker', () => {
  const good = makeEnvelope('identity.session.revoked.v1', { jti: 'a', exp: 1 });

  it('accepts an envelope whose data matches the schema of its type', () => {
    expect(checker.fromBytes(bytes(good), 'identity.session.revoked.v1')).toEqual({
      outcome: 'valid',
      event: good,
    });
  });

  it('names the field that breaks the envelope or the data', () => {
    expect(checker.fromBytes(new TextEncoder().encode('{"id":'), 'identity.session.revoked.v1')).toEqual({
      outcome: 'invalid',
      error: 'not a JSON document',
    });
    expect(checker.check({ ...good, occurredAt: undefined })).toEqual({
      outcome: 'invalid',
      error: '/occurredAt: is required',
    });
    expect(checker.check({ ...good, data: { jti: 'a' } })).toEqual({
      outcome: 'invalid',
      error: '/data/exp: is required',
    });
    expect(checker.check({ ...good, data: { jti: 'a', exp: '1' } })).toEqual({
      outcome: 'invalid',
      error: '/data/exp: must be integer',
    });
  });

  it("checks the platform's contracts as the services check requests (enums, formats)", () => {
    const users = new EventChecker({ [IdentityEvents.userUpdated]: UserEventData });
    const data = {
      ...{ id: 'u1', name: 'A', role: 'Clinic', designation: '', description: '', address: '' },
      ...{ skills: [], facility: '', country: '', location: '', photo: '', email: 'a@b.org', phone: '' },
      ...{ orgId: null, createdAt: new Date().toISOString(), version: 2 },
    };
    expect(users.check(makeEnvelope(IdentityEvents.userUpdated, data)).outcome).toBe('valid');
    expect(users.check(makeEnvelope(IdentityEvents.userUpdated, { ...data, role: 'superuser' }))).toEqual({
      outcome: 'invalid',
      error: '/data/role: must be equal to one of the allowed values',
    });
    expect(users.check(makeEnvelope(IdentityEvents.userUpdated, { ...data, version: 0 }))).toEqual({
      outcome: 'invalid',
      error: '/data/version: must be >= 1',
    });
  });

  it('refuses an event whose type is not the subject it came on', () => {
    const relabelled = makeEnvelope('identity.session.revoked.v1', { jti: 'a', exp: 1 });
    expect(checker.fromBytes(bytes(relabelled), 'identity.user.updated.v1')).toMatchObject({
      outcome: 'invalid',
      error: '/type: "identity.session.revoked.v1" arrived on the subject of identity.user.updated.v1',
    });
  });

  it('reports a type it has no schema for as unknown (to be skipped), once the envelope is sound', () => {
    expect(checker.check(makeEnvelope('identity.user.updated.v2', {}))).toEqual({
      outcome: 'unknown',
      type: 'identity.user.updated.v2',
    });
  });
});

it('retries with doubling delays, capped at a minute', () => {
  expect([1, 2, 3, 4].map((n) => retryDelayMs(n, 1000))).toEqual([1000, 2000, 4000, 8000]);
  expect(retryDelayMs(30, 1000)).toBe(60_000);
});
