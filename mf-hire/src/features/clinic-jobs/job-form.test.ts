import { emptyJobForm, jobPayload, missingFields } from './job-form';

describe('post job form', () => {
  it('starts with Full-time, no salary figure, and the organisation filled in', () => {
    expect(emptyJobForm('Nakuru Clinic')).toMatchObject({
      type: 'Full-time',
      salaryRange: '',
      organization: 'Nakuru Clinic',
    });
  });

  it('names the missing required fields and sends only filled ones', () => {
    const f = { ...emptyJobForm(), title: ' Nurse ', location: 'Nakuru' };
    expect(missingFields(f)).toEqual(['organization', 'description']);
    expect(jobPayload(f)).toEqual({ title: 'Nurse', location: 'Nakuru', type: 'Full-time' });
  });
});
