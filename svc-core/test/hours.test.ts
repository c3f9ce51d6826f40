import { instantOf, wallClockOf } from '../src/domain/dates';
import { matchShift, minutesLate, isLate, nightMs, spanIn, totalsOf } from '../src/timeclock/hours';

const NAIROBI = 'Africa/Nairobi';
const d = (iso: string) => new Date(iso);
const night = { startsAt: '19:00', endsAt: '07:00' };
const day = { startsAt: '07:00', endsAt: '19:00' };
const shift = (assignmentId: string, on: string, times = day, zone = NAIROBI) => ({
  assignmentId,
  ...spanIn(on, times, zone),
});

describe('wall clocks', () => {
  it('places a local time in its zone, skipped and doubled times included', () => {
    expect(instantOf('2026-03-02', '07:00', NAIROBI).toISOString()).toBe('2026-03-02T04:00:00.000Z');
    expect(instantOf('2026-03-02', '07:00', 'Africa/Kigali').toISOString()).toBe('2026-03-02T05:00:00.000Z');
    // 01:30 does not happen in London on 29 March 2026: read with the offset before (GMT).
    expect(instantOf('2026-03-29', '01:30', 'Europe/London').toISOString()).toBe('2026-03-29T01:30:00.000Z');
    // 01:30 happens twice on 25 October 2026: the first (BST).
    expect(instantOf('2026-10-25', '01:30', 'Europe/London').toISOString()).toBe('2026-10-25T00:30:00.000Z');
    expect(wallClockOf(d('2026-03-02T21:30:00Z'), NAIROBI)).toEqual({ day: '2026-03-03', minutes: 30 });
  });

  it('spans a night shift into the next day', () => {
    expect(spanIn('2026-03-02', night, NAIROBI)).toEqual({
      start: d('2026-03-02T16:00:00Z'),
      end: d('2026-03-03T04:00:00Z'),
    });
  });
});

describe('matching a clock-in to a shift', () => {
  const shifts = [shift('day', '2026-03-02'), shift('night', '2026-03-02', night)];
  it('takes the nearest shift starting within two hours or under way', () => {
    expect(matchShift(shifts, d('2026-03-02T02:01:00Z'))?.assignmentId).toBe('day'); // 05:01
    expect(matchShift(shifts, d('2026-03-02T01:59:00Z'))).toBeNull(); // 04:59: too early
    expect(matchShift(shifts, d('2026-03-02T14:00:00Z'))?.assignmentId).toBe('night'); // 17:00: nearer
    expect(matchShift(shifts, d('2026-03-03T03:59:00Z'))?.assignmentId).toBe('night'); // 06:59 next day
    expect(matchShift(shifts, d('2026-03-03T04:00:00Z'))).toBeNull(); // the night is over
  });
  it('is late past ten minutes', () => {
    const s = shifts[0]!;
    expect(minutesLate(s, d('2026-03-02T03:50:00Z'))).toBe(0);
    expect(isLate(minutesLate(s, d('2026-03-02T04:10:59Z')))).toBe(false);
    expect(isLate(minutesLate(s, d('2026-03-02T04:11:00Z')))).toBe(true);
  });
});

describe('hours by kind', () => {
  it('counts night hours between 22:00 and 06:00 on the wall clock', () => {
    expect(nightMs(d('2026-03-02T16:00:00Z'), d('2026-03-03T04:00:00Z'), NAIROBI) / 3_600_000).toBe(8);
    // 18:00 to 06:00 in Kigali: still the whole night.
    expect(nightMs(d('2026-03-02T16:00:00Z'), d('2026-03-03T04:00:00Z'), 'Africa/Kigali') / 3_600_000).toBe(
      8,
    );
    // 19:00 to 07:00 in São Paulo is 16:00 to 04:00 in Nairobi: 6 night hours there.
    expect(
      nightMs(d('2026-03-02T22:00:00Z'), d('2026-03-03T10:00:00Z'), 'America/Sao_Paulo') / 3_600_000,
    ).toBe(8);
    expect(nightMs(d('2026-03-02T13:00:00Z'), d('2026-03-03T01:00:00Z'), NAIROBI) / 3_600_000).toBe(6);
    expect(nightMs(d('2026-03-02T04:00:00Z'), d('2026-03-02T16:00:00Z'), NAIROBI)).toBe(0);
  });

  it('splits a shift’s time into regular and night, and time beyond its length into overtime', () => {
    const shifts = [shift('n', '2026-03-02', night)];
    const totals = totalsOf(
      [
        // 18:55 to 23:00, a break, 23:30 to 07:30: 12 h 5 min worked against 12 h planned.
        {
          id: 'a',
          clockIn: d('2026-03-02T15:55:00Z'),
          clockOut: d('2026-03-02T20:00:00Z'),
          assignmentId: 'n',
          late: false,
        },
        {
          id: 'b',
          clockIn: d('2026-03-02T20:30:00Z'),
          clockOut: d('2026-03-03T04:30:00Z'),
          assignmentId: 'n',
          late: false,
        },
      ],
      shifts,
      d('2026-03-04T00:00:00Z'),
      NAIROBI,
    );
    // Night: 22:00–23:00 and 23:30–06:00 = 7.5 h; the last 5 minutes (07:25–07:30) are overtime.
    expect(totals).toEqual({
      regular: 4.5,
      night: 7.5,
      overtime: 0.08,
      total: 12.08,
      shifts: 1,
      late: 0,
      missed: 0,
      unscheduled: 0,
      open: 0,
    });
  });

  it('counts a shift over without a clock-in as missed, an open entry’s hours not yet', () => {
    const shifts = [shift('one', '2026-03-02'), shift('two', '2026-03-03')];
    const open = [
      { id: 'x', clockIn: d('2026-03-03T04:00:00Z'), clockOut: null, assignmentId: 'two', late: false },
    ];
    expect(totalsOf(open, shifts, d('2026-03-03T10:00:00Z'), NAIROBI)).toMatchObject({
      missed: 1,
      open: 1,
      total: 0,
    });
    expect(totalsOf([], shifts, d('2026-03-02T15:59:00Z'), NAIROBI).missed).toBe(0);
  });
});
