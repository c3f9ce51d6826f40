import { readStartConfig } from '../config';
import { EVENTS } from './data';
import { startOf } from './events';

describe('when a demo event starts', () => {
  const today = EVENTS.find((e) => e.startsInMinutes !== undefined)!;
  const later = { ...EVENTS.find((e) => e.inDays === 7)! };

  it("today's starts 90 minutes on, rounded up to 5 minutes, on the clinic's clock", () => {
    // 10:02 UTC is 13:02 in Nairobi: 14:32 rounds up to 14:35.
    expect(startOf(today, 'Africa/Nairobi', new Date('2026-03-10T10:02:00Z'))).toEqual({
      date: '2026-03-10',
      time: '14:35',
    });
  });

  it('crosses midnight into the next local day', () => {
    // 20:00 UTC is 23:00 in Dar es Salaam: 90 minutes on is 00:30 the next day there.
    expect(startOf(today, 'Africa/Dar_es_Salaam', new Date('2026-03-10T20:00:00Z'))).toEqual({
      date: '2026-03-11',
      time: '00:30',
    });
  });

  it('a later one starts that many local days on, at its own time', () => {
    // 22:30 UTC on the 10th is already the 11th in Kampala.
    expect(startOf(later, 'Africa/Kampala', new Date('2026-03-10T22:30:00Z'))).toEqual({
      date: '2026-03-18',
      time: later.time,
    });
  });
});

describe('DEMO_DATA', () => {
  it('turns the demo on with 1, true or yes, and leaves it off otherwise', () => {
    for (const on of ['1', 'true', 'YES']) expect(readStartConfig({ DEMO_DATA: on }).demo).toBe(true);
    for (const off of [undefined, '', '0', 'no'])
      expect(readStartConfig({ DEMO_DATA: off }).demo).toBe(false);
  });
});
