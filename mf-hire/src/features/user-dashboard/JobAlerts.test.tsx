import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { currentUrl, fakeApi, renderScreen } from '@platform/ui/testing';
import { AMINA, CLINIC, JOB, resetSession, signIn } from '../../test/fixtures';
import JobsPage from '../jobs-board/JobsPage';
import { JobAlerts } from './JobAlerts';

const page = { body: { data: [JOB], pageInfo: { page: 1, limit: 10, total: 1, totalCapped: false } } };
const nothingYet = { body: { success: true, data: { applied: [], saved: [] } } };
/** The board's calls: its page, and what the signed-in professional applied to and saved. */
const board = ({ path }: { path: string }) => (path.startsWith('/api/job/viewer-state') ? nothingYet : page);

beforeEach(resetSession);

describe('job alerts', () => {
  it('a professional saves the board’s current search as an alert', async () => {
    signIn(AMINA);
    const calls = fakeApi((call) =>
      call.method === 'POST' && call.path === '/api/job/alerts'
        ? { status: 201, body: { success: true, data: { id: 'a1', query: {}, createdAt: JOB.postedAt } } }
        : board(call),
    );
    const unfiltered = await renderScreen(<JobsPage />, { path: '/hire' });
    // Without a filter there is nothing to save.
    await screen.findByText('1 job found');
    expect(screen.queryByRole('button', { name: 'Create alert for this search' })).toBeNull();
    unfiltered.unmount();

    await renderScreen(<JobsPage />, { path: '/hire?title=nurse&type=Part-time&page=2' });
    await userEvent.click(await screen.findByRole('button', { name: 'Create alert for this search' }));
    expect(await screen.findByText(/Alert saved/)).toBeInTheDocument();
    expect(calls.find((c) => c.method === 'POST')!.body).toEqual({
      query: { title: 'nurse', type: 'Part-time' },
    });
  });

  it('says so when the same search is already an alert (the service keeps one)', async () => {
    signIn(AMINA);
    fakeApi((call) =>
      call.method === 'POST' && call.path === '/api/job/alerts'
        ? { status: 200, body: { success: true, data: { id: 'a1', query: {}, createdAt: JOB.postedAt } } }
        : board(call),
    );
    await renderScreen(<JobsPage />, { path: '/hire?title=nurse' });
    await userEvent.click(await screen.findByRole('button', { name: 'Create alert for this search' }));
    expect(await screen.findByText('You already have an alert for this search.')).toBeInTheDocument();
    expect(screen.queryByText(/Alert saved/)).toBeNull();
  });

  it('a clinic is offered no alert; a refusal is shown in the page’s language', async () => {
    signIn(CLINIC);
    fakeApi(board);
    const clinicView = await renderScreen(<JobsPage />, { path: '/hire?title=nurse' });
    await screen.findByText('1 job found');
    expect(screen.queryByRole('button', { name: 'Create alert for this search' })).toBeNull();
    clinicView.unmount();

    resetSession();
    signIn(AMINA);
    fakeApi((call) =>
      call.method === 'POST'
        ? { status: 409, body: { success: false, message: 'limit', code: 'hire.alert_limit' } }
        : board(call),
    );
    await renderScreen(<JobsPage />, { path: '/hire?title=nurse' });
    await userEvent.click(await screen.findByRole('button', { name: 'Create alert for this search' }));
    expect(
      await screen.findByText('You can keep at most 10 job alerts. Delete one to add another.'),
    ).toBeInTheDocument();
  });

  it('the dashboard lists the alerts, each opening its search, and deletes one', async () => {
    signIn(AMINA);
    let alerts = [
      { id: 'a1', query: { title: 'nurse', type: 'Part-time' }, createdAt: JOB.postedAt },
      { id: 'a2', query: { department: 'Maternity' }, createdAt: JOB.postedAt },
    ];
    const calls = fakeApi(({ method, path }) => {
      if (method === 'DELETE') {
        alerts = alerts.filter((a) => !path.endsWith(a.id));
        return { body: { success: true, message: 'Job alert deleted.' } };
      }
      return { body: { success: true, data: alerts } };
    });
    await renderScreen(<JobAlerts />, { path: '/userdashboard' });
    const list = await screen.findByRole('list');
    expect(within(list).getByRole('link', { name: 'nurse · Part-time' })).toHaveAttribute(
      'href',
      '/hire?title=nurse&type=Part-time',
    );
    await userEvent.click(screen.getByRole('button', { name: 'Delete alert Maternity' }));
    expect(await screen.findByText('Alert deleted.')).toBeInTheDocument();
    expect(calls.find((c) => c.method === 'DELETE')!.path).toBe('/api/job/alerts/a2');
    await userEvent.click(screen.getByRole('link', { name: 'nurse · Part-time' }));
    expect(currentUrl()).toBe('/hire?title=nurse&type=Part-time');
    expect(screen.queryByRole('link', { name: 'Maternity' })).toBeNull();
  });
});
