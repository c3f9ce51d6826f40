import { flagOutcome, flagWeight, isEstablished } from './flag-weight';

const DAY = 86_400_000;
const now = Date.UTC(2026, 10, 28);
const account = (days: number, emailVerified = true) => ({
  accountCreatedAt: new Date(now - days * DAY),
  emailVerified,
});

describe('flagWeight', () => {
  it('weighs nothing from a new account, most from an established member', () => {
    expect(flagWeight(account(0), now)).toBe(0);
    expect(flagWeight(account(6.9), now)).toBe(0);
    expect(flagWeight(account(10), now)).toBe(1);
    expect(flagWeight(account(400, false), now)).toBe(1); // never proved their address
    expect(flagWeight(account(30), now)).toBe(2);
  });
  it('an established member is 30 days old with a verified address', () => {
    expect(isEstablished(account(30), now)).toBe(true);
    expect(isEstablished(account(29), now)).toBe(false);
    expect(isEstablished(account(400, false), now)).toBe(false);
  });
});

describe('flagOutcome', () => {
  const base = { visible: true, authorEstablished: false };
  it('reports at the third flag; hides only with weight, and never an established author’s post', () => {
    expect(flagOutcome({ ...base, flagCount: 2, weight: 4 })).toEqual({ hide: false, report: false });
    expect(flagOutcome({ ...base, flagCount: 3, weight: 0 })).toEqual({ hide: false, report: true });
    expect(flagOutcome({ ...base, flagCount: 4, weight: 0 })).toEqual({ hide: false, report: false });
    expect(flagOutcome({ ...base, flagCount: 3, weight: 4 })).toEqual({ hide: true, report: true });
    expect(flagOutcome({ ...base, flagCount: 5, weight: 4 })).toEqual({ hide: true, report: true });
    expect(flagOutcome({ flagCount: 9, weight: 18, visible: true, authorEstablished: true })).toEqual({
      hide: false,
      report: false,
    });
    expect(flagOutcome({ flagCount: 3, weight: 6, visible: true, authorEstablished: true }).report).toBe(
      true,
    );
    expect(flagOutcome({ ...base, flagCount: 3, weight: 6, visible: false })).toEqual({
      hide: false,
      report: false,
    });
  });
});
