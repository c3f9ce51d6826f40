import { demoPayload, emptyDemoRequest, validateDemo } from './demo-form';

const now = new Date('2026-11-23T10:00:00');
const valid = {
  ...emptyDemoRequest(),
  fullName: 'Amina Wanjiru',
  organization: 'Nakuru Family Clinic',
  email: 'amina@clinic.example',
  preferredDate: '2026-11-30',
  preferredTime: '10:00',
};

describe('demo request form', () => {
  it('accepts a complete request', () => {
    expect(validateDemo(valid, now)).toEqual({});
  });

  it('requires the spec fields and a real e-mail', () => {
    expect(validateDemo(emptyDemoRequest(), now)).toEqual({
      fullName: 'required',
      organization: 'required',
      email: 'required',
      preferredDate: 'required',
      preferredTime: 'required',
    });
    expect(validateDemo({ ...valid, email: 'amina-at-clinic' }, now).email).toBe('email');
  });

  it('refuses a date in the past', () => {
    expect(validateDemo({ ...valid, preferredDate: '2026-11-22' }, now).preferredDate).toBe('pastDate');
    expect(validateDemo({ ...valid, preferredDate: '2026-11-23' }, now).preferredDate).toBeUndefined();
  });

  it('sends trimmed values and leaves out empty optional fields', () => {
    expect(demoPayload({ ...valid, fullName: ' Amina Wanjiru ', phone: ' ', notes: '' })).toEqual({
      fullName: 'Amina Wanjiru',
      organization: 'Nakuru Family Clinic',
      facilityType: 'Clinic',
      email: 'amina@clinic.example',
      preferredDate: '2026-11-30',
      preferredTime: '10:00',
    });
  });
});
