import { emptyJobForm, jobPayload, missingFields, salaryOutOfOrder } from './job-form';

describe('post job form', () => {
  it('starts with Full-time, no salary figure, and the organisation filled in', () => {
    expect(emptyJobForm('Nakuru Clinic')).toMatchObject({
      type: 'Full-time',
      salaryMin: '',
      salaryMax: '',
      salaryPeriod: 'month',
      organization: 'Nakuru Clinic',
    });
  });

  it('names the missing required fields and sends only filled ones', () => {
    const f = { ...emptyJobForm(), title: ' Nurse ', location: 'Nakuru' };
    expect(missingFields(f)).toEqual(['organization', 'description']);
    expect(jobPayload(f)).toEqual({ title: 'Nurse', location: 'Nakuru', type: 'Full-time' });
  });

  it('sends the salary as figures, a lower bound alone, and the closing date and level', () => {
    const f = {
      ...emptyJobForm(),
      salaryMin: '80000',
      salaryPeriod: 'year' as const,
      closesAt: '2030-12-12',
    };
    expect(jobPayload({ ...f, experienceLevel: 'mid' })).toMatchObject({
      salary: { min: 80000, max: null, currency: 'KES', period: 'year' },
      closesAt: '2030-12-12',
      experienceLevel: 'mid',
    });
    expect(salaryOutOfOrder({ ...f, salaryMax: '50000' })).toBe(true);
    expect(salaryOutOfOrder({ ...f, salaryMax: '90000' })).toBe(false);
  });
});
