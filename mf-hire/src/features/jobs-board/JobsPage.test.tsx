import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import i18next from 'i18next';
import { currentUrl, fakeApi, renderScreen } from '@platform/ui/testing';
import { AMINA, AMINA_PROFILE, JOB, resetSession, signIn } from '../../test/fixtures';
import JobsPage from './JobsPage';

const board = (jobs = [JOB]) => ({
  body: { data: jobs, pageInfo: { page: 1, limit: 10, total: jobs.length, totalCapped: false } },
});
const boardCalls = (calls: Array<{ path: string }>) =>
  calls.filter((c) => c.path.startsWith('/api/job/get')).map((c) => c.path);

beforeEach(resetSession);

describe('the job board', () => {
  it('searches with the filter form; the filters go into the address, which can be shared', async () => {
    const calls = fakeApi(() => board());
    await renderScreen(<JobsPage />, { path: '/hire' });
    expect(await screen.findByText('1 job found')).toBeInTheDocument();

    const search = screen.getByRole('search');
    await userEvent.type(within(search).getByLabelText('Department'), 'Maternity');
    await userEvent.type(within(search).getByLabelText('Job title'), 'nurse');
    await userEvent.selectOptions(within(search).getByLabelText('Job type'), 'Part-time');
    await userEvent.click(within(search).getByRole('button', { name: 'Search' }));

    expect(currentUrl()).toBe('/hire?department=Maternity&title=nurse&type=Part-time');
    expect(await screen.findByRole('link', { name: 'Night Nurse' })).toHaveAttribute(
      'href',
      `/hire/${JOB.id}`,
    );
    expect(boardCalls(calls)).toEqual([
      '/api/job/get?limit=10',
      '/api/job/get?department=Maternity&title=nurse&type=Part-time&limit=10',
    ]);
  });

  it('does not load the jobs again when another part of the page loads its texts', async () => {
    const calls = fakeApi(() => board());
    await renderScreen(<JobsPage />, { path: '/hire' });
    expect(await screen.findByText('1 job found')).toBeInTheDocument();
    await act(() => i18next.loadNamespaces('shell'));
    expect(boardCalls(calls)).toHaveLength(1);
  });

  it('sends a visitor who wants to apply to log in, back to this list with the form open', async () => {
    fakeApi(() => board());
    await renderScreen(<JobsPage />, { path: '/hire?title=nurse' });
    await userEvent.click(await screen.findByRole('button', { name: 'Apply for Night Nurse' }));
    expect(currentUrl()).toBe(`/login?next=${encodeURIComponent(`/hire?title=nurse&apply=${JOB.id}`)}`);
  });

  it('opens the form of the job in the address for a professional back from logging in', async () => {
    signIn(AMINA);
    fakeApi(({ path }) =>
      path === `/api/job/${JOB.id}`
        ? { body: { data: JOB } }
        : path === '/api/user/me'
          ? { body: AMINA_PROFILE }
          : path === '/api/cv'
            ? { body: { success: true, data: null } }
            : path.startsWith('/api/job/viewer-state')
              ? { body: { data: { applied: [], saved: [] } } }
              : board(),
    );
    await renderScreen(<JobsPage />, { path: `/hire?title=nurse&apply=${JOB.id}` });
    const dialog = await screen.findByRole('dialog', { name: 'Apply for Night Nurse' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(currentUrl()).toBe('/hire?title=nurse');
  });

  it('filters by location (with suggestions), salary floor and experience, and sorts; all in the address', async () => {
    const calls = fakeApi(({ path }) =>
      path.startsWith('/api/job/locations') ? { body: { data: ['Nairobi CBD', 'Naivasha'] } } : board(),
    );
    await renderScreen(<JobsPage />, { path: '/hire' });
    expect(await screen.findByText('1 job found')).toBeInTheDocument();
    const search = screen.getByRole('search');
    const location = within(search).getByLabelText('Location');
    await userEvent.type(location, 'Nai');
    const list = document.getElementById(location.getAttribute('list')!)!;
    await waitFor(() => expect(list.querySelectorAll('option')).toHaveLength(2));
    expect(calls.some((c) => c.path === '/api/job/locations?q=Nai')).toBe(true);
    const salary = within(search).getByLabelText('Salary at least (Ksh per month)');
    expect(salary).toHaveAttribute('inputmode', 'numeric');
    await userEvent.type(salary, '80,000');
    await userEvent.selectOptions(within(search).getByLabelText('Experience'), 'senior');
    await userEvent.selectOptions(within(search).getByLabelText('Sort by'), 'closing');
    await userEvent.click(within(search).getByRole('button', { name: 'Search' }));
    expect(currentUrl()).toBe('/hire?location=Nai&minSalary=80000&experience=senior&sort=closing');
    await waitFor(() =>
      expect(boardCalls(calls)).toContain(
        '/api/job/get?location=Nai&minSalary=80000&experience=senior&sort=closing&limit=10',
      ),
    );
  });

  it('shows a professional "Applied" instead of Apply, and a Save toggle that saves', async () => {
    signIn(AMINA);
    const other = { ...JOB, id: '1c8f5b63-4d1a-4a5f-8e2b-3a7a8d2f0b21', _id: '', title: 'Day Nurse' };
    let saved: string[] = [];
    const calls = fakeApi(({ path, method }) => {
      if (path.startsWith('/api/job/viewer-state')) return { body: { data: { applied: [JOB.id], saved } } };
      if (path === `/api/job/${other.id}/save` && method === 'PUT') {
        saved = [other.id];
        return { body: { success: true, message: 'Job saved.' } };
      }
      return board([JOB, other]);
    });
    await renderScreen(<JobsPage />, { path: '/hire' });
    const applied = (await screen.findByRole('link', { name: 'Night Nurse' })).closest('article')!;
    expect(await within(applied).findByText('Applied')).toBeInTheDocument();
    expect(within(applied).queryByRole('button', { name: 'Apply for Night Nurse' })).not.toBeInTheDocument();

    const card = screen.getByRole('link', { name: 'Day Nurse' }).closest('article')!;
    const toggle = within(card).getByRole('button', { name: 'Save Day Nurse' });
    expect(toggle).toHaveTextContent(/^Save$/);
    await userEvent.click(toggle);
    // Saved, the button now says what it would do next.
    await waitFor(() => expect(toggle).toHaveAccessibleName('Unsave Day Nurse'));
    expect(toggle).toHaveTextContent(/^Unsave$/);
    expect(calls.some((c) => c.path === `/api/job/${other.id}/save` && c.method === 'PUT')).toBe(true);
  });
});
