import { apiQuery, boardUrl, readFilters } from './filters';

describe('job board filters', () => {
  it('round-trips through the URL', () => {
    const f = readFilters('?title=nurse&department=Maternity&type=Part-time&page=2');
    expect(f).toEqual({
      title: 'nurse',
      department: 'Maternity',
      type: 'Part-time',
      location: '',
      minSalary: '',
      experience: '',
      sort: '',
      page: 2,
      apply: '',
    });
    expect(boardUrl(f)).toBe('/hire?department=Maternity&title=nurse&type=Part-time&page=2');
    expect(apiQuery(f, 10)).toBe('department=Maternity&title=nurse&type=Part-time&page=2&limit=10');
  });

  it('keeps location, salary floor, experience and sort in the URL', () => {
    const f = readFilters('?location=Nairobi&minSalary=80000&experience=senior&sort=closing');
    expect(f).toMatchObject({
      location: 'Nairobi',
      minSalary: '80000',
      experience: 'senior',
      sort: 'closing',
    });
    expect(boardUrl(f)).toBe('/hire?location=Nairobi&minSalary=80000&experience=senior&sort=closing');
    expect(apiQuery(f, 10)).toBe('location=Nairobi&minSalary=80000&experience=senior&sort=closing&limit=10');
    expect(readFilters('?minSalary=-5&experience=guru&sort=random')).toMatchObject({
      minSalary: '',
      experience: '',
      sort: '',
    });
  });

  it('drops broken values instead of sending them', () => {
    const f = readFilters('?type=Volunteer&page=-3&apply=<script>');
    expect(f).toMatchObject({ type: '', page: 1, apply: '' });
    expect(boardUrl(f)).toBe('/hire');
  });

  it('keeps the job to apply for in the page URL only', () => {
    const f = readFilters('?apply=0b7e9f5c-6a2e-4f7e-9a59-1d4c8a0e2b11');
    expect(boardUrl(f)).toBe('/hire?apply=0b7e9f5c-6a2e-4f7e-9a59-1d4c8a0e2b11');
    expect(apiQuery(f, 10)).toBe('limit=10');
  });
});
