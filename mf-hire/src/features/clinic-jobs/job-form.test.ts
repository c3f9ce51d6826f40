import { JOB } from '../../test/fixtures';
import { emptyJobForm, jobChanges, jobPayload, jobToForm, missingFields, salaryOutOfOrder } from './job-form';

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

describe('jobChanges (editing a posted job)', () => {
  const posted = jobToForm({
    ...JOB,
    salary: { min: 60000, max: 80000, currency: 'KES', period: 'month' },
    experienceLevel: 'mid',
    closesAt: '2026-11-01',
  });

  it('sends nothing for an untouched job, so a closed job’s past closing date is left alone', () => {
    expect(jobChanges(posted, { ...posted })).toEqual({});
  });

  it('sends only what changed, trimmed; a cleared optional field as empty or null', () => {
    expect(
      jobChanges(posted, {
        ...posted,
        title: '  Night Nurse, ICU ',
        department: '',
        salaryMin: '',
        salaryMax: '',
        experienceLevel: '',
        closesAt: '2099-01-31',
      }),
    ).toEqual({
      title: 'Night Nurse, ICU',
      department: '',
      salary: null,
      experienceLevel: null,
      closesAt: '2099-01-31',
    });
    expect(jobChanges(posted, { ...posted, salaryMax: '90000' }).salary).toEqual({
      min: 60000,
      max: 90000,
      currency: 'KES',
      period: 'month',
    });
  });
});
