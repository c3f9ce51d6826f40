import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Application, SavedJob } from '@platform/svc-hire/contract';
import { fakeApi, renderScreen, type ApiCall, type ApiAnswer } from '@platform/ui/testing';
import { AMINA, APPLICATION, JOB, resetSession, signIn } from '../../test/fixtures';
import UserJobs from './UserJobs';

const application = (id: string, title: string, status: Application['status']): Application => ({
  ...APPLICATION,
  id,
  _id: id,
  jobId: { ...APPLICATION.jobId, title },
  status,
  statusChangedAt: status === 'pending' ? null : '2026-11-22T08:00:00.000Z',
});

const savedJob = (n: number): SavedJob => ({
  ...JOB,
  id: `0b7e4a52-3c0f-4f4e-9d1a-${String(n).padStart(12, '0')}`,
  _id: `0b7e4a52-3c0f-4f4e-9d1a-${String(n).padStart(12, '0')}`,
  title: `Saved job ${n}`,
  savedAt: '2026-11-22T08:00:00.000Z',
});

const counts = (apps: Application[]) => ({
  total: apps.length,
  pending: apps.filter((a) => a.status === 'pending').length,
  shortlisted: apps.filter((a) => a.status === 'shortlisted').length,
  accepted: apps.filter((a) => a.status === 'accepted').length,
  rejected: apps.filter((a) => a.status === 'rejected').length,
  withdrawn: 0,
});

/** The dashboard's calls: active applications, withdrawn ones (none) and saved jobs (`saved(page)`). */
function dashboardApi(
  apps: Application[],
  saved: (call: ApiCall) => ApiAnswer = () => ({
    body: { data: [], pageInfo: { page: 1, limit: 10, total: 0 } },
  }),
) {
  return fakeApi((call) => {
    const page = { page: 1, limit: 10 };
    if (call.path.startsWith('/api/application/get?status=active'))
      return { body: { data: apps, pageInfo: { ...page, total: apps.length }, counts: counts(apps) } };
    if (call.path.startsWith('/api/application/get?status=withdrawn'))
      return { body: { data: [], pageInfo: { ...page, total: 0 }, counts: counts(apps) } };
    if (call.path.startsWith('/api/job/saved') || call.path.startsWith(`/api/job/`)) return saved(call);
    return {};
  });
}

beforeEach(() => {
  resetSession();
  signIn(AMINA);
});

describe('the professional’s dashboard', () => {
  it('offers Withdraw only while the clinic has not decided', async () => {
    dashboardApi([
      application('a-pending', 'Night Nurse', 'pending'),
      application('a-accepted', 'Day Nurse', 'accepted'),
      application('a-rejected', 'Ward Clerk', 'rejected'),
      application('a-shortlisted', 'Theatre Nurse', 'shortlisted'),
    ]);
    await renderScreen(<UserJobs />, { path: '/userdashboard' });
    const list = await screen.findByRole('region', { name: 'Your Job Applications' });
    const item = (title: string) => within(list).getByRole('heading', { name: title }).closest('article')!;

    expect(within(item('Night Nurse')).getByText('Pending')).toBeInTheDocument();
    expect(within(item('Night Nurse')).getByRole('button', { name: 'Withdraw: Night Nurse' })).toBeVisible();

    expect(within(item('Day Nurse')).getByText('Accepted')).toBeInTheDocument();
    expect(within(item('Day Nurse')).queryByRole('button', { name: /Withdraw/ })).not.toBeInTheDocument();
    expect(within(item('Ward Clerk')).getByText('Rejected')).toBeInTheDocument();
    expect(within(item('Ward Clerk')).queryByRole('button', { name: /Withdraw/ })).not.toBeInTheDocument();
    // Shortlisted, in words: the clinic has not decided yet.
    expect(within(item('Theatre Nurse')).getByText('Shortlisted')).toBeInTheDocument();
    expect(
      within(item('Theatre Nurse')).getByRole('button', { name: 'Withdraw: Theatre Nurse' }),
    ).toBeVisible();
  });

  it('lists the saved jobs, unsaves one, and shows more on request', async () => {
    let saved = Array.from({ length: 11 }, (_, i) => savedJob(i + 1));
    const calls = dashboardApi([], ({ path, method }) => {
      const unsave = /^\/api\/job\/([^/]+)\/save$/.exec(path);
      if (unsave && method === 'DELETE') {
        saved = saved.filter((j) => j.id !== unsave[1]);
        return { body: { success: true, message: 'Job removed from your saved jobs.' } };
      }
      const page = Number(new URLSearchParams(path.split('?')[1]).get('page'));
      return {
        body: {
          data: saved.slice((page - 1) * 10, page * 10),
          pageInfo: { page, limit: 10, total: saved.length },
        },
      };
    });
    await renderScreen(<UserJobs />, { path: '/userdashboard' });
    const section = await screen.findByRole('region', { name: 'Saved jobs' });
    expect(await within(section).findByRole('link', { name: 'Saved job 1' })).toHaveAttribute(
      'href',
      `/hire/${savedJob(1).id}`,
    );
    expect(within(section).getAllByRole('article')).toHaveLength(10);
    expect(within(section).getAllByRole('article')[0]).toHaveTextContent('Nakuru Family Clinic');

    await userEvent.click(within(section).getByRole('button', { name: 'Show more' }));
    expect(await within(section).findByRole('link', { name: 'Saved job 11' })).toBeInTheDocument();
    expect(within(section).queryByRole('button', { name: 'Show more' })).not.toBeInTheDocument();

    // A saved job offers Unsave (a pressed "✓ Save" read as unfinished).
    const toggle = within(section).getByRole('button', { name: 'Unsave Saved job 1' });
    expect(toggle).toHaveTextContent(/^Unsave$/);
    await userEvent.click(toggle);
    await waitFor(() =>
      expect(within(section).queryByRole('link', { name: 'Saved job 1' })).not.toBeInTheDocument(),
    );
    expect(within(section).getAllByRole('article')).toHaveLength(10);
    expect(calls).toContainEqual(
      expect.objectContaining({ method: 'DELETE', path: `/api/job/${savedJob(1).id}/save` }),
    );
  });

  it('says so when nothing is saved, with a way to the board', async () => {
    dashboardApi([]);
    await renderScreen(<UserJobs />, { path: '/userdashboard' });
    const section = await screen.findByRole('region', { name: 'Saved jobs' });
    expect(await within(section).findByText(/You have not saved any jobs yet/)).toBeInTheDocument();
    expect(within(section).getByRole('link', { name: 'Browse jobs' })).toHaveAttribute('href', '/hire');
  });
});
