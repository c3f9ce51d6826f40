import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { fakeApi, renderScreen } from '@platform/ui/testing';
import { ADMIN, UNAVAILABLE, resetSession } from '../../test/fixtures';
import DashboardPage from './DashboardPage';

beforeEach(resetSession);

/** Twelve Mondays from 1 September 2026; sign-ups 0, 1, 2, … 11 (66 in all, 11 the highest). */
const weeks = (f: (i: number) => number) =>
  Array.from({ length: 12 }, (_, i) => ({
    weekStart: new Date(Date.UTC(2026, 8, 7 + 7 * i)).toISOString(),
    count: f(i),
  }));

function dashboardApi() {
  return fakeApi((call) => {
    if (call.path === '/api/dashboard/total-users')
      return { body: { success: true, totalUsers: 120, totalRegularUsers: 100, totalClinics: 19 } };
    if (call.path === '/api/dashboard/latest-users')
      return {
        body: {
          success: true,
          latestUsers: [
            {
              id: 'a',
              name: 'Amina Wanjiru',
              email: 'amina@example.org',
              role: 'user',
              phone: '+254700000001',
              createdAt: '2026-11-20T08:00:00.000Z',
            },
            { id: 'b', name: '', email: 'hr@kisumu.example', role: 'Clinic', phone: null, createdAt: null },
          ],
        },
      };
    if (call.path.startsWith('/api/dashboard/series'))
      return {
        body: {
          success: true,
          series: {
            signups: weeks((i) => i),
            jobs: weeks(() => 2),
            applications: weeks(() => 0),
            registrations: weeks((i) => (i === 3 ? 9 : 1)),
          },
        },
      };
    return { status: 404, body: { success: false, message: 'not found' } };
  });
}

const tile = (label: string) => screen.getByText(label, { selector: 'dt' }).nextElementSibling;

describe('the admin dashboard', () => {
  it("shows the spec's tiles and the recent users, with N/A where a field is missing", async () => {
    const calls = dashboardApi();
    await renderScreen(<DashboardPage />, { path: '/admin' });
    expect(await screen.findByText('Total users', { selector: 'dt' })).toBeInTheDocument();
    expect(tile('Total users')).toHaveTextContent('120');
    expect(tile('Total regular users')).toHaveTextContent('100');
    expect(tile('Total clinics')).toHaveTextContent('19');
    expect(tile('Recent users')).toHaveTextContent('2');
    const table = screen.getByRole('region', { name: 'Recent users' });
    // The table scrolls sideways on a phone: its scroll area takes keyboard focus and says what it holds.
    const scroller = within(table).getByRole('region', { name: 'Recent users table, scrolls sideways' });
    expect(scroller).toHaveAttribute('tabindex', '0');
    expect(within(scroller).getByRole('table')).toBeInTheDocument();
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toEqual(['Name', 'Email', 'Role', 'Phone', 'Joined']);
    const second = screen.getByRole('rowheader', { name: 'N/A' }).closest('tr')!;
    expect(
      within(second)
        .getAllByRole('cell')
        .map((c) => c.textContent),
    ).toEqual(['hr@kisumu.example', 'Clinic', 'N/A', 'N/A']);
    expect(screen.getByRole('heading', { name: 'Dashboard', level: 1 })).toBeInTheDocument();
    expect(screen.getByText(`Welcome, ${ADMIN.name}`)).toBeInTheDocument();
    expect(calls.map((c) => c.path)).toContain('/api/dashboard/series?weeks=12');
  });

  it('draws each weekly series as a chart named by its summary, with the figures as a table', async () => {
    dashboardApi();
    await renderScreen(<DashboardPage />, { path: '/admin/dashboard' });
    const chart = await screen.findByRole('img', { name: /^Sign-ups per week\./ });
    expect(chart).toHaveAccessibleName(
      'Sign-ups per week. 66 in 12 weeks; the highest week was 23 Nov with 11.',
    );
    expect(chart.querySelectorAll('rect')).toHaveLength(12);
    const figure = chart.closest('figure')!;
    await userEvent.click(within(figure).getByText('Show the figures'));
    const rows = within(within(figure).getByRole('table')).getAllByRole('row');
    expect(rows).toHaveLength(13);
    expect(
      within(rows[0]!)
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toEqual(['Week of', 'Sign-ups']);
    expect(within(rows[12]!).getByRole('rowheader')).toHaveTextContent('23 Nov');
    expect(within(rows[12]!).getByRole('cell')).toHaveTextContent('11');
    expect(
      screen.getByRole('img', {
        name: /^Event registrations per week\. 20 in 12 weeks; the highest week was 28 Sept with 9\./,
      }),
    ).toBeInTheDocument();
    expect(screen.getByRole('img', { name: /^Applications per week\. 0 in 12 weeks/ })).toBeInTheDocument();
  });

  it('says "Failed to fetch dashboard data" and why when svc-content is not running, and tries again', async () => {
    let up = false;
    const calls = fakeApi((call) =>
      up
        ? {
            body: {
              success: true,
              totalUsers: 1,
              totalRegularUsers: 1,
              totalClinics: 0,
              latestUsers: [],
              series: { signups: [], jobs: [], applications: [], registrations: [] },
            },
          }
        : (void call, UNAVAILABLE),
    );
    await renderScreen(<DashboardPage />, { path: '/admin' });
    const alerts = await screen.findAllByRole('alert');
    expect(alerts[0]).toHaveTextContent(
      'Failed to fetch dashboard data This part of AfyaHR is temporarily unavailable. Please try again shortly.',
    );
    up = true;
    const before = calls.length;
    for (const button of screen.getAllByRole('button', { name: 'Try again' })) await userEvent.click(button);
    expect(await screen.findByText('Total users', { selector: 'dt' })).toBeInTheDocument();
    expect(calls.length).toBeGreaterThan(before);
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });
});
