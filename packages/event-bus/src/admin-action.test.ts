import { AdminActionRecordedData, adminActionRecordedType } from '@platform/contracts';
import { EventChecker } from './event-check';
import { auditSnapshot, makeAdminAction, type AdminAction } from './admin-action';

const admin = {
  sub: '6f1c1f0e-8f0a-4c55-9a57-0b1b2f3c4d5e',
  name: 'Amina Odhiambo',
  email: 'amina@afyahr.example',
  role: 'admin' as const,
};
const action: AdminAction = {
  actor: admin,
  action: 'account.role-change',
  target: {
    module: 'identity',
    kind: 'account',
    id: '0c7b7a43-1c36-4f3b-9e0a-2a3c4d5e6f70',
    label: 'Baraka Mwangi',
  },
  before: { role: 'user' },
  after: { role: 'Clinic' },
  request: { ip: '203.0.113.9', id: 'req-42' },
};

describe('makeAdminAction', () => {
  it('names the event after its producer and fills every field of the contract', () => {
    for (const producer of ['identity', 'content', 'connect']) {
      const event = makeAdminAction(producer, action);
      expect(event.type).toBe(`${producer}.admin-action.recorded.v1`);
      expect(event.type).toBe(adminActionRecordedType(producer));
      expect(event.data).toEqual({
        actor: { id: admin.sub, name: 'Amina Odhiambo', email: 'amina@afyahr.example', role: 'admin' },
        action: 'account.role-change',
        target: action.target,
        before: { role: 'user' },
        after: { role: 'Clinic' },
        address: '203.0.113.9',
        requestId: 'req-42',
        at: event.occurredAt,
      });
      const checked = new EventChecker({ [event.type]: AdminActionRecordedData }).check(
        JSON.parse(JSON.stringify(event)),
        event.type,
      );
      expect(checked.outcome).toBe('valid');
    }
  });

  it('without a request, before or after: nulls the contract accepts', () => {
    const event = makeAdminAction('identity', {
      ...action,
      before: undefined,
      after: null,
      request: undefined,
    });
    expect(event.data).toMatchObject({ before: null, after: null, address: null, requestId: null });
    expect(new EventChecker({ [event.type]: AdminActionRecordedData }).check(event).outcome).toBe('valid');
  });

  it('the contract refuses an action that is not <kind>.<verb> and a target without a label', () => {
    const checker = new EventChecker({ 'identity.admin-action.recorded.v1': AdminActionRecordedData });
    const bad = makeAdminAction('identity', { ...action, action: 'Suspend!' });
    expect(checker.check(bad)).toMatchObject({
      outcome: 'invalid',
      error: expect.stringContaining('/data/action'),
    });
    const noLabel = makeAdminAction('identity', action);
    delete (noLabel.data.target as Partial<typeof noLabel.data.target>).label;
    expect(checker.check(noLabel)).toMatchObject({
      outcome: 'invalid',
      error: '/data/target/label: is required',
    });
  });
});

describe('auditSnapshot', () => {
  it('drops secret-looking keys at any depth and keeps the rest', () => {
    expect(
      auditSnapshot({
        email: 'b@x.example',
        password: 'hunter2',
        passwordHash: '$argon2id$...',
        resetToken: 'abc',
        profile: { apiKey: 'k', clientSecret: 's', city: 'Kisumu' },
        suspendedUntil: new Date('2026-12-01T00:00:00Z'),
        note: undefined,
      }),
    ).toEqual({
      email: 'b@x.example',
      profile: { city: 'Kisumu' },
      suspendedUntil: '2026-12-01T00:00:00.000Z',
    });
  });

  it('keeps it small: long texts cut, at most 40 keys, deep nesting cut off', () => {
    const many = Object.fromEntries(Array.from({ length: 60 }, (_, i) => [`k${i}`, i]));
    const s = auditSnapshot({ text: 'x'.repeat(2000), many, deep: { a: { b: { c: { d: 1 } } } } })!;
    expect((s.text as string).length).toBe(501);
    expect(Object.keys(s.many as object)).toHaveLength(40);
    expect(s.deep).toEqual({ a: { b: null } });
    expect(auditSnapshot(null)).toBeNull();
    expect(auditSnapshot(undefined)).toBeNull();
  });
});
