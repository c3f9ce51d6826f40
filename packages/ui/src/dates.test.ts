import { dateTimeFormat, formatDateTime, prepareDateFormats, swahiliClock } from './dates';

describe('prepareDateFormats', () => {
  afterEach(() => jest.restoreAllMocks());

  it("makes the very format a page's dates are written with, so their first render makes none", () => {
    prepareDateFormats('fr');
    const made = jest.spyOn(Intl, 'DateTimeFormat');
    const format = dateTimeFormat('fr-FR', { dateStyle: 'medium' });
    expect(made).not.toHaveBeenCalled();
    expect(format.format(new Date(2026, 10, 26))).toBe('26 nov. 2026');
  });
});

describe('times of day in Swahili', () => {
  it('writes the hour on the Swahili clock with the part of the day, never 24-hour digits after "saa"', () => {
    expect(swahiliClock(1, 5)).toBe('saa 7:05 usiku');
    expect(swahiliClock(0, 0)).toBe('saa 6:00 usiku');
    expect(swahiliClock(4, 30)).toBe('saa 10:30 alfajiri');
    expect(swahiliClock(7, 0)).toBe('saa 1:00 asubuhi');
    expect(swahiliClock(9, 30)).toBe('saa 3:30 asubuhi');
    expect(swahiliClock(12, 0)).toBe('saa 6:00 mchana');
    expect(swahiliClock(13, 15)).toBe('saa 7:15 mchana');
    expect(swahiliClock(18, 0)).toBe('saa 12:00 jioni');
    expect(swahiliClock(19, 0)).toBe('saa 1:00 usiku');
    expect(swahiliClock(23, 59)).toBe('saa 5:59 usiku');
  });

  it('puts the Swahili clock in place of the time in a date with its time, in the zone asked for', () => {
    // 22:05 UTC is 01:05 the next day in Nairobi.
    const at = new Date('2026-11-29T22:05:00Z');
    const nairobi = { dateStyle: 'medium', timeStyle: 'short', timeZone: 'Africa/Nairobi' } as const;
    expect(formatDateTime('sw', nairobi, at)).toBe('30 Nov 2026, saa 7:05 usiku');
    expect(formatDateTime('en', nairobi, at)).toBe('30 Nov 2026, 01:05');
    expect(formatDateTime('fr', nairobi, at)).toMatch(/^30 nov\. 2026,? 01:05$/);
    const long = {
      weekday: 'short',
      day: 'numeric',
      month: 'short',
      hour: '2-digit',
      minute: '2-digit',
      timeZone: 'Africa/Nairobi',
      timeZoneName: 'long',
    } as const;
    expect(formatDateTime('sw', long, new Date('2026-11-23T06:30:00Z'))).toMatch(
      /^Jumatatu?,? 23 Nov,? saa 3:30 asubuhi Saa za Afrika Mashariki$/,
    );
    // A date alone is Intl's own.
    expect(formatDateTime('sw', { dateStyle: 'medium', timeZone: 'Africa/Nairobi' }, at)).toBe('30 Nov 2026');
  });
});
