import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes } from '@platform/router';
import { currentUrl, fakeApi, renderScreen } from '@platform/ui/testing';
import { AMINA, AMINA_PROFILE, CLINIC, JOB, resetSession, signIn } from '../../test/fixtures';
import JobPage from './JobPage';

const description = () => document.head.querySelector('meta[name="description"]')?.getAttribute('content');

/** The page as mf-hire routes it: /hire/:id. */
const showJob = (path: string) =>
  renderScreen(
    <Routes>
      <Route path="/hire/:id" element={<JobPage />} />
      <Route path="/hire" element={<h1>Job board</h1>} />
      <Route path="/login" element={<h1>Log in</h1>} />
    </Routes>,
    { path },
  );

beforeEach(() => {
  resetSession();
  document.title = 'AfyaHR';
});

describe('a job’s own page', () => {
  it('shows the whole job, and names it in the title and description a shared link shows', async () => {
    fakeApi(({ path }) => (path === `/api/job/${JOB.id}` ? { body: { success: true, data: JOB } } : {}));
    await showJob(`/hire/${JOB.id}`);
    const job = await screen.findByRole('article', { name: 'Night Nurse' });
    expect(within(job).getByRole('heading', { level: 1, name: 'Night Nurse' })).toBeInTheDocument();
    expect(job).toHaveTextContent('Nakuru Family Clinic');
    expect(job).toHaveTextContent('Part-time');
    expect(job).toHaveTextContent('Salary: Negotiable');
    expect(job).toHaveTextContent('Nursing Council licence required.');
    expect(document.title).toBe('Night Nurse at Nakuru Family Clinic — AfyaHR');
    expect(description()).toBe(
      'Nakuru Family Clinic, Nakuru, Kenya (Part-time): Night shifts on the maternity ward. Nursing Council licence required.',
    );

    await userEvent.click(screen.getByRole('link', { name: 'Back to all jobs' }));
    expect(await screen.findByRole('heading', { name: 'Job board' })).toBeInTheDocument();
    expect(document.title).toBe('AfyaHR');
  });

  it('sends a visitor to log in, and opens the form for the professional who comes back', async () => {
    fakeApi(({ path }) =>
      path === `/api/job/${JOB.id}`
        ? { body: { data: JOB } }
        : path === '/api/user/me'
          ? { body: AMINA_PROFILE }
          : {},
    );
    await showJob(`/hire/${JOB.id}`);
    await userEvent.click(await screen.findByRole('button', { name: 'Apply for this job' }));
    expect(await screen.findByRole('heading', { name: 'Log in' })).toBeInTheDocument();
    const next = `/hire/${JOB.id}?apply=${JOB.id}`;
    expect(currentUrl()).toBe(`/login?next=${encodeURIComponent(next)}`);
  });

  it('opens the apply form at once for a professional coming back from login', async () => {
    signIn(AMINA);
    fakeApi(({ path }) =>
      path === `/api/job/${JOB.id}`
        ? { body: { data: JOB } }
        : path === '/api/user/me'
          ? { body: AMINA_PROFILE }
          : {},
    );
    await showJob(`/hire/${JOB.id}?apply=${JOB.id}`);
    const dialog = await screen.findByRole('dialog', { name: 'Apply for Night Nurse' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(currentUrl()).toBe(`/hire/${JOB.id}`);
  });

  it('tells a clinic account that applying is for professionals', async () => {
    signIn(CLINIC);
    fakeApi(() => ({ body: { data: JOB } }));
    await showJob(`/hire/${JOB.id}`);
    expect(
      await screen.findByText('Clinic accounts post jobs; applying is for professional accounts.'),
    ).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Apply for this job' })).not.toBeInTheDocument();
  });

  it.each([
    ['a removed job', `/hire/${JOB.id}`],
    ['an address that is no job', '/hire/not-a-job'],
  ])('says so for %s', async (_, path) => {
    const calls = fakeApi(() => ({ status: 404, body: { message: 'This job is no longer available.' } }));
    await showJob(path);
    expect(await screen.findByRole('heading', { level: 1, name: 'Job not found' })).toBeInTheDocument();
    expect(document.title).toBe('Job not found');
    expect(screen.getByRole('link', { name: 'Back to all jobs' })).toHaveAttribute('href', '/hire');
    if (path.endsWith('not-a-job')) expect(calls).toHaveLength(0);
  });
});
