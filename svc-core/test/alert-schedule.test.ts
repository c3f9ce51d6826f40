import {
  ALERT_DAYS_BEFORE,
  alertDue,
  MILESTONES,
  windowOn,
  type AlertableCredential,
  type Milestone,
} from '../src/domain/alert-schedule';
import { addDays, DEFAULT_TIME_ZONE, localDateOf } from '../src/domain/dates';

const EXPIRES = '2026-12-31';
const live = (expiresOn = EXPIRES): AlertableCredential => ({
  expiresOn,
  status: 'verified',
  renewedBy: null,
});

/** Runs a daily sweep from `from` to `to` (inclusive), recording what each day sends, as the service will. */
function sweep(credential: AlertableCredential, from: string, to: string, sent = new Set<Milestone>()) {
  const sends: [string, Milestone][] = [];
  for (let day = from; day <= to; day = addDays(day, 1)) {
    const due = alertDue(credential, day, sent);
    if (due) {
      sent.add(due);
      sends.push([day, due]);
    }
  }
  return sends;
}

describe('the alert schedule', () => {
  it('uses the spec constants: 90, 60 and 30 days before expiry', () => {
    expect(ALERT_DAYS_BEFORE).toEqual([90, 60, 30]);
  });

  it('puts each day in its window: none before 90 days, then 90, 60, 30, the day itself, expired after', () => {
    expect(windowOn(EXPIRES, addDays(EXPIRES, -91))).toBeNull();
    expect(windowOn(EXPIRES, addDays(EXPIRES, -90))).toBe('days-90');
    expect(windowOn(EXPIRES, addDays(EXPIRES, -61))).toBe('days-90');
    expect(windowOn(EXPIRES, addDays(EXPIRES, -60))).toBe('days-60');
    expect(windowOn(EXPIRES, addDays(EXPIRES, -31))).toBe('days-60');
    expect(windowOn(EXPIRES, addDays(EXPIRES, -30))).toBe('days-30');
    expect(windowOn(EXPIRES, addDays(EXPIRES, -1))).toBe('days-30');
    expect(windowOn(EXPIRES, EXPIRES)).toBe('expires-today');
    expect(windowOn(EXPIRES, addDays(EXPIRES, 1))).toBe('expired');
    expect(windowOn(EXPIRES, addDays(EXPIRES, 400))).toBe('expired');
  });

  it('sends each alert once, on the day its window opens, over a daily sweep from 120 days before to after', () => {
    const sends = sweep(live(), addDays(EXPIRES, -120), addDays(EXPIRES, 10));
    expect(sends).toEqual([
      ['2026-10-02', 'days-90'],
      ['2026-11-01', 'days-60'],
      ['2026-12-01', 'days-30'],
      ['2026-12-31', 'expires-today'],
      ['2027-01-01', 'expired'],
    ]);
  });

  it('alerts a credential saved inside a window for that window at once, not for the windows it missed', () => {
    const savedOn = addDays(EXPIRES, -45);
    expect(alertDue(live(), savedOn, new Set())).toBe('days-60');
    expect(sweep(live(), savedOn, addDays(EXPIRES, 1)).map(([, m]) => m)).toEqual([
      'days-60',
      'days-30',
      'expires-today',
      'expired',
    ]);
  });

  it('alerts a credential saved already expired once, as expired', () => {
    expect(sweep(live(), addDays(EXPIRES, 20), addDays(EXPIRES, 60))).toEqual([
      [addDays(EXPIRES, 20), 'expired'],
    ]);
  });

  it('sends only the latest window after days without a sweep, and never an earlier one afterwards', () => {
    const sent = new Set<Milestone>(['days-90']);
    // No sweep ran from 70 to 10 days before expiry: 60 and 30 fell due meanwhile; only 30 goes out.
    expect(alertDue(live(), addDays(EXPIRES, -10), sent)).toBe('days-30');
    sent.add('days-30');
    expect(alertDue(live(), addDays(EXPIRES, -10), sent)).toBeNull();
  });

  it('sends nothing twice: a second sweep on the same day (another instance, a restart) finds it sent', () => {
    const sent = new Set<Milestone>();
    const day = addDays(EXPIRES, -30);
    expect(alertDue(live(), day, sent)).toBe('days-30');
    sent.add('days-30');
    expect(alertDue(live(), day, sent)).toBeNull();
  });

  it('stops the remaining alerts once the credential is renewed or revoked', () => {
    const renewed = { ...live(), renewedBy: 'a-newer-credential' };
    expect(sweep(renewed, addDays(EXPIRES, -100), addDays(EXPIRES, 10))).toEqual([]);
    const revoked: AlertableCredential = { ...live(), status: 'revoked' };
    expect(alertDue(revoked, addDays(EXPIRES, -30), new Set())).toBeNull();
    // Renewed after the 60-day alert: nothing more for the old one.
    const sent = new Set<Milestone>();
    const before = sweep(live(), addDays(EXPIRES, -90), addDays(EXPIRES, -50), sent);
    expect(before.map(([, m]) => m)).toEqual(['days-90', 'days-60']);
    expect(sweep(renewed, addDays(EXPIRES, -49), addDays(EXPIRES, 5), sent)).toEqual([]);
  });

  it('lists the milestones in the order they fall', () => {
    expect(MILESTONES).toEqual(['days-90', 'days-60', 'days-30', 'expires-today', 'expired']);
  });

  it('reads today in East Africa Time: 21:30 UTC on the 30th is already the 31st in Nairobi', () => {
    const now = new Date('2026-12-30T21:30:00Z');
    expect(localDateOf(now, DEFAULT_TIME_ZONE)).toBe('2026-12-31');
    expect(localDateOf(now, 'Africa/Kigali')).toBe('2026-12-30');
    expect(windowOn(EXPIRES, localDateOf(now, DEFAULT_TIME_ZONE))).toBe('expires-today');
  });
});
