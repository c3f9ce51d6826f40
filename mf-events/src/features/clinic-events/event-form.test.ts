import {
  addTag,
  emptyEventForm,
  eventPatch,
  newEventPayload,
  validateEvent,
  type EventForm,
} from './event-form';

const NOW = Date.parse('2026-11-24T06:00:00Z');
const filled = (over: Partial<EventForm> = {}): EventForm => ({
  ...emptyEventForm(),
  title: 'Neonatal resuscitation',
  date: '2026-12-01',
  time: '09:30',
  location: 'Nakuru Level 5 Hospital',
  category: 'Training',
  description: 'Hands-on practice.',
  ...over,
});

describe('the event form', () => {
  it('asks for the spec’s required fields', () => {
    expect(validateEvent(emptyEventForm(), { isNew: true, now: NOW })).toEqual({
      title: 'required',
      date: 'required',
      time: 'required',
      location: 'required',
      category: 'required',
      description: 'required',
    });
    expect(validateEvent(filled({ title: '   ' }), { isNew: true, now: NOW })).toEqual({ title: 'required' });
  });

  it('checks what the service would refuse: the link, numbers, a past start, a deadline after the start', () => {
    expect(
      validateEvent(
        filled({
          zoomLink: 'http://zoom.us/j/1',
          capacity: '0',
          cpdPoints: '51',
          durationMinutes: '2',
          registrationDeadline: '2026-12-01T10:00',
        }),
        { isNew: true, now: NOW },
      ),
    ).toEqual({
      zoomLink: 'link',
      capacity: 'capacity',
      cpdPoints: 'cpd',
      durationMinutes: 'duration',
      registrationDeadline: 'deadlineAfterStart',
    });
    // 08:59 in Nairobi is 05:59 UTC, a minute before NOW: a start in the past.
    expect(validateEvent(filled({ date: '2026-11-24', time: '08:59' }), { isNew: true, now: NOW })).toEqual({
      date: 'startPast',
    });
    // An event already under way may still be edited.
    expect(validateEvent(filled({ date: '2026-11-24', time: '08:59' }), { isNew: false, now: NOW })).toEqual(
      {},
    );
  });

  it('sends the fields as the service takes them: trimmed, numbers as numbers, empty ones left out', () => {
    const body = newEventPayload(
      filled({ title: ' Triage ', capacity: '2', cpdPoints: '3', registrationDeadline: '2026-12-01T08:00' }),
      ['CPD'],
    );
    expect(body).toEqual({
      title: 'Triage',
      description: 'Hands-on practice.',
      category: 'Training',
      date: '2026-12-01',
      time: '09:30',
      timeZone: 'Africa/Nairobi',
      location: 'Nakuru Level 5 Hospital',
      durationMinutes: 60,
      tags: ['CPD'],
      capacity: 2,
      cpdPoints: 3,
      registrationDeadline: '2026-12-01T05:00:00.000Z',
    });
    // An edit sends every field, so a cleared link or capacity is cleared.
    expect(eventPatch(filled({ region: 'Uganda' }), [])).toMatchObject({
      zoomLink: '',
      capacity: null,
      speaker: { name: '', designation: '' },
      region: 'Uganda',
    });
  });

  it('adds a tag only when not empty once trimmed and not already there', () => {
    expect(addTag([], '  CPD  ')).toEqual(['CPD']);
    expect(addTag(['CPD'], 'cpd')).toEqual(['CPD']);
    expect(addTag(['CPD'], '   ')).toEqual(['CPD']);
    expect(addTag(['CPD'], 'Neonatal')).toEqual(['CPD', 'Neonatal']);
  });
});
