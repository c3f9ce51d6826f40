import { instantIn, wallClockIn } from './when';

describe("an event's clock", () => {
  it('turns a wall-clock time in a zone into the instant the service computes', () => {
    expect(instantIn('2026-12-01', '09:30', 'Africa/Nairobi')?.toISOString()).toBe(
      '2026-12-01T06:30:00.000Z',
    );
    expect(instantIn('2026-12-01', '09:30', 'Africa/Kigali')?.toISOString()).toBe('2026-12-01T07:30:00.000Z');
    expect(instantIn('2026-07-01', '09:30', 'Europe/London')?.toISOString()).toBe('2026-07-01T08:30:00.000Z');
  });

  it('refuses what is not a date or a time', () => {
    expect(instantIn('2026-13-40', '09:30', 'Africa/Nairobi')).toBeNull();
    expect(instantIn('2026-12-01', '25:00', 'Africa/Nairobi')).toBeNull();
    expect(instantIn('', '', 'Africa/Nairobi')).toBeNull();
  });

  it("gives an instant back as the zone's date and time", () => {
    expect(wallClockIn('2026-12-01T22:15:00.000Z', 'Africa/Nairobi')).toEqual({
      date: '2026-12-02',
      time: '01:15',
    });
  });
});
