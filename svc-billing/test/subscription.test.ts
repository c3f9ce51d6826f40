import { shillings } from '../src/domain/money';
import {
  activate,
  addDays,
  addMonth,
  advance,
  applyUpgrade,
  cancelAtPeriodEnd,
  extendPeriod,
  grantPlan,
  quoteUpgrade,
  renew,
  renewalSchedule,
  resume,
  scheduleDowngrade,
  startTrial,
  TransitionError,
  trialDaysLeft,
  type Line,
} from '../src/domain/subscription';

const t0 = new Date('2026-01-10T08:00:00Z');
const hire: Line[] = [{ itemId: 'hire', quantity: 1, unitPrice: shillings(1000) }];
const professional: Line[] = [{ itemId: 'professional', quantity: 1, unitPrice: shillings(15000) }];
const essential: Line[] = [{ itemId: 'essential', quantity: 1, unitPrice: shillings(8000) }];

describe('subscription life cycle', () => {
  it('starts a 14-day Professional trial without a payment method and counts its days', () => {
    const trial = startTrial(t0);
    expect(trial.status).toBe('trialing');
    expect(trial.lines[0]!.itemId).toBe('professional');
    expect(trial.trialEndsAt).toEqual(new Date('2026-01-24T08:00:00Z'));
    expect(trialDaysLeft(trial, t0)).toBe(14);
    expect(trialDaysLeft(trial, addDays(t0, 13.5))).toBe(1);
    expect(advance(trial, addDays(t0, 13.9)).status).toBe('trialing');
  });

  it('expires a trial nobody paid for', () => {
    const trial = startTrial(t0);
    expect(advance(trial, addDays(t0, 14)).status).toBe('expired');
  });

  it('ends the trial at once when the clinic buys, with a month from the purchase', () => {
    const bought = activate(startTrial(t0), hire, addDays(t0, 3));
    expect(bought.status).toBe('active');
    expect(bought.trialEndsAt).toBeNull();
    expect(bought.lines).toEqual(hire);
    expect(bought.periodStart).toEqual(addDays(t0, 3));
    expect(bought.periodEnd).toEqual(new Date('2026-02-13T08:00:00Z'));
  });

  it('goes active → past_due at the period end → expired after 7 days of grace', () => {
    const active = activate(startTrial(t0), hire, t0);
    const due = advance(active, active.periodEnd);
    expect(due.status).toBe('past_due');
    expect(advance(due, addDays(active.periodEnd, 6.9)).status).toBe('past_due');
    expect(advance(due, addDays(active.periodEnd, 7)).status).toBe('expired');
  });

  it('renews a past-due subscription without shifting its anchor', () => {
    const active = activate(startTrial(t0), hire, t0);
    const due = advance(active, addDays(active.periodEnd, 2));
    const renewed = renew(due);
    expect(renewed.status).toBe('active');
    expect(renewed.periodStart).toEqual(active.periodEnd);
    expect(renewed.periodEnd).toEqual(addMonth(active.periodEnd));
    expect(() => renew(advance(due, addDays(active.periodEnd, 8)))).toThrow(TransitionError);
  });

  it('buys again after expiry from the day of payment', () => {
    const expired = advance(startTrial(t0), addDays(t0, 20));
    const again = activate(expired, essential, addDays(t0, 30));
    expect(again.status).toBe('active');
    expect(again.periodStart).toEqual(addDays(t0, 30));
  });

  it('upgrades now, crediting the unused part of the period', () => {
    const start = new Date('2026-04-01T00:00:00Z'); // a 30-day month
    const active = activate(startTrial(t0), hire, start);
    const tenDaysIn = addDays(start, 10);
    const quote = quoteUpgrade(active, professional, tenDaysIn);
    expect(quote.credit).toBe(66_600); // 20/30 of Ksh 1,000, rounded down to the shilling
    expect(quote.charge).toBe(shillings(15000) - 66_600);
    const upgraded = applyUpgrade(active, professional, tenDaysIn);
    expect(upgraded.lines).toEqual(professional);
    expect(upgraded.periodStart).toEqual(tenDaysIn);
    expect(upgraded.periodEnd).toEqual(new Date('2026-05-11T00:00:00Z'));
    expect(() => quoteUpgrade(upgraded, hire, tenDaysIn)).toThrow(TransitionError);
  });

  it('charges an upgrade from a trial in full (nothing was paid to credit)', () => {
    expect(quoteUpgrade(startTrial(t0), hire, t0)).toEqual({
      credit: 0,
      newTotal: shillings(1000),
      charge: shillings(1000),
    });
  });

  it('downgrades at the period end, not before', () => {
    const active = activate(startTrial(t0), professional, t0);
    const scheduled = scheduleDowngrade(active, essential);
    expect(scheduled.lines).toEqual(professional);
    const renewed = renew(advance(scheduled, scheduled.periodEnd));
    expect(renewed.lines).toEqual(essential);
    expect(renewed.scheduledLines).toBeNull();
    expect(() => scheduleDowngrade(active, [...professional, ...hire])).toThrow(TransitionError);
    expect(() => scheduleDowngrade(active, professional)).toThrow(TransitionError);
    expect(() => scheduleDowngrade(startTrial(t0), essential)).toThrow(TransitionError);
  });

  it('renews with the lines paid for, whatever was scheduled since', () => {
    const due = advance(
      scheduleDowngrade(activate(startTrial(t0), professional, t0), essential),
      addDays(t0, 32),
    );
    expect(renew(due, professional).lines).toEqual(professional);
    expect(renew(due, professional).scheduledLines).toBeNull();
  });

  it('keeps one change for the period end: a downgrade replaces a cancellation, resume undoes either', () => {
    const active = activate(startTrial(t0), professional, t0);
    const scheduled = scheduleDowngrade(cancelAtPeriodEnd(active), essential);
    expect(scheduled).toMatchObject({ cancelAtPeriodEnd: false, scheduledLines: essential });
    expect(cancelAtPeriodEnd(scheduled)).toMatchObject({ cancelAtPeriodEnd: true, scheduledLines: null });
    expect(resume(scheduled)).toMatchObject({ cancelAtPeriodEnd: false, scheduledLines: null });
  });

  it('forgets a scheduled downgrade when the subscription expires unpaid', () => {
    const scheduled = scheduleDowngrade(activate(startTrial(t0), professional, t0), essential);
    const due = advance(scheduled, scheduled.periodEnd);
    expect(due).toMatchObject({ status: 'past_due', scheduledLines: essential });
    expect(advance(due, addDays(scheduled.periodEnd, 7))).toMatchObject({
      status: 'expired',
      scheduledLines: null,
    });
  });

  it('cancels at the period end: keeps access until then, asks for no renewal', () => {
    const active = activate(startTrial(t0), professional, t0);
    const cancelling = cancelAtPeriodEnd(active);
    expect(advance(cancelling, addDays(active.periodEnd, -1)).status).toBe('active');
    expect(renewalSchedule(cancelling)).toBeNull();
    expect(advance(cancelling, active.periodEnd).status).toBe('cancelled');
  });

  it('reminds 3 days before, asks on the due date and 2 and 5 days later, expires after 7', () => {
    const active = activate(startTrial(t0), hire, t0);
    const schedule = renewalSchedule(active)!;
    expect(schedule.reminderAt).toEqual(addDays(active.periodEnd, -3));
    expect(schedule.paymentRequestsAt).toEqual([0, 2, 5].map((d) => addDays(active.periodEnd, d)));
    expect(schedule.expiresAt).toEqual(addDays(active.periodEnd, 7));
  });

  it('adds calendar months, clamping to the month length', () => {
    expect(addMonth(new Date('2026-01-31T10:00:00Z'))).toEqual(new Date('2026-02-28T10:00:00Z'));
    expect(addMonth(new Date('2028-01-31T10:00:00Z'))).toEqual(new Date('2028-02-29T10:00:00Z'));
    expect(addMonth(new Date('2026-12-15T10:00:00Z'))).toEqual(new Date('2027-01-15T10:00:00Z'));
  });

  it('refuses to activate a running subscription (that is an upgrade)', () => {
    const active = activate(startTrial(t0), hire, t0);
    expect(() => activate(active, professional, t0)).toThrow(TransitionError);
  });
});

describe("an admin's changes", () => {
  const extraLocation: Line = { itemId: 'extra-location', quantity: 1, unitPrice: shillings(2500) };

  it('extends a trial with its end, brings a past-due period back to active, never an ended one', () => {
    const trial = extendPeriod(startTrial(t0), 10, t0);
    expect(trial).toMatchObject({
      status: 'trialing',
      periodEnd: addDays(t0, 24),
      trialEndsAt: addDays(t0, 24),
    });
    const active = activate(startTrial(t0), essential, t0);
    const due = advance(active, addDays(active.periodEnd, 1));
    expect(due.status).toBe('past_due');
    expect(extendPeriod(due, 5, addDays(active.periodEnd, 1))).toMatchObject({
      status: 'active',
      periodEnd: addDays(active.periodEnd, 5),
    });
    expect(extendPeriod(due, 1, addDays(active.periodEnd, 2)).status).toBe('past_due');
    const expired = advance(startTrial(t0), addDays(t0, 15));
    expect(() => extendPeriod(expired, 5, t0)).toThrow(TransitionError);
  });

  it('grants a plan from now, keeping a running subscription’s add-ons and ending a trial', () => {
    const until = addDays(t0, 30);
    const granted = grantPlan(startTrial(t0), professional[0]!, [extraLocation], t0, until);
    expect(granted).toMatchObject({
      status: 'active',
      lines: professional,
      trialEndsAt: null,
      periodEnd: until,
    });
    const running = activate(startTrial(t0), [...essential, extraLocation], t0);
    expect(grantPlan(running, professional[0]!, [extraLocation], t0, until).lines).toEqual([
      ...professional,
      extraLocation,
    ]);
  });
});
