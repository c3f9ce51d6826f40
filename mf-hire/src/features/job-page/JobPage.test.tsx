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

  it('dates the job in East Africa, wherever it is drawn: posted at 01:30 in Nairobi is that day', async () => {
    // 22:30 UTC on the 25th is 01:30 on the 26th in Nairobi; these tests run in UTC, as a server may.
    const late = { ...JOB, postedAt: '2026-11-25T22:30:00.000Z', closesAt: null };
    fakeApi(({ path }) => (path === `/api/job/${JOB.id}` ? { body: { success: true, data: late } } : {}));
    await showJob(`/hire/${JOB.id}`);
    const job = await screen.findByRole('article', { name: 'Night Nurse' });
    expect(job).toHaveTextContent('Posted 26 Nov 2026');
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

  it('shows a closed job as Closed, with no Apply, and its salary, period and experience', async () => {
    const closed = {
      ...JOB,
      salary: { min: 80000, max: 120000, currency: 'KES' as const, period: 'month' as const },
      experienceLevel: 'senior' as const,
      closesAt: '2026-11-01',
      closed: true,
    };
    fakeApi(({ path }) => (path === `/api/job/${JOB.id}` ? { body: { data: closed } } : {}));
    await showJob(`/hire/${JOB.id}`);
    const job = await screen.findByRole('article', { name: 'Night Nurse' });
    expect(within(job).getByText('Closed')).toBeVisible();
    // The amount and its currency never part: a no-break space between them.
    expect(within(job).getByText(/^Salary:/).textContent).toBe('Salary: Ksh\u00a080,000 - 120,000 per month');
    expect(job).toHaveTextContent('Senior');
    expect(within(job).queryByRole('button', { name: 'Apply for this job' })).not.toBeInTheDocument();
  });

  it('shows a professional who applied "Applied" instead of Apply, and whether the job is saved', async () => {
    signIn(AMINA);
    const calls = fakeApi(({ path }) =>
      path === `/api/job/${JOB.id}`
        ? { body: { data: JOB } }
        : path.startsWith('/api/job/viewer-state')
          ? { body: { data: { applied: [JOB.id], saved: [JOB.id] } } }
          : {},
    );
    await showJob(`/hire/${JOB.id}`);
    const job = await screen.findByRole('article', { name: 'Night Nurse' });
    expect(await within(job).findByText('Applied')).toBeVisible();
    expect(within(job).queryByRole('button', { name: 'Apply for this job' })).not.toBeInTheDocument();
    expect(within(job).getByRole('button', { name: 'Unsave Night Nurse' })).toHaveTextContent(/^Unsave$/);
    expect(calls.map((c) => c.path)).toContain(`/api/job/viewer-state?ids=${JOB.id}`);
  });

  it('offers Apply and an unpressed Save to a professional who has not applied to an open job', async () => {
    signIn(AMINA);
    fakeApi(({ path }) =>
      path === `/api/job/${JOB.id}`
        ? { body: { data: { ...JOB, closesAt: '2099-12-12' } } }
        : path.startsWith('/api/job/viewer-state')
          ? { body: { data: { applied: [], saved: [] } } }
          : {},
    );
    await showJob(`/hire/${JOB.id}`);
    const job = await screen.findByRole('article', { name: 'Night Nurse' });
    expect(job).toHaveTextContent('Closes 12 Dec');
    expect(await within(job).findByRole('button', { name: 'Save Night Nurse' })).toHaveTextContent(/^Save$/);
    expect(within(job).getByRole('button', { name: 'Apply for this job' })).toBeVisible();
    expect(within(job).queryByText('Applied')).not.toBeInTheDocument();
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

describe('sharing a job', () => {
  it('links to WhatsApp with the title and the page address, and copies the link', async () => {
    fakeApi(({ path }) => (path === `/api/job/${JOB.id}` ? { body: { success: true, data: JOB } } : {}));
    const writeText = jest.fn().mockResolvedValue(undefined);
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    await showJob(`/hire/${JOB.id}`);
    const share = await screen.findByRole('group', { name: 'Share this job' });
    const whatsApp = within(share).getByRole('link', {
      name: 'Share on WhatsApp: Night Nurse (opens in a new tab)',
    });
    const url = `${window.location.origin}/hire/${JOB.id}`;
    expect(whatsApp).toHaveAttribute(
      'href',
      `https://wa.me/?text=${encodeURIComponent(`Night Nurse ${url}`)}`,
    );
    expect(whatsApp).toHaveAttribute('target', '_blank');
    expect(whatsApp).toHaveAttribute('rel', 'noopener noreferrer');

    await userEvent.click(within(share).getByRole('button', { name: 'Copy link' }));
    expect(writeText).toHaveBeenCalledWith(url);
    expect(await screen.findByText('Link copied')).toBeInTheDocument();
  });

  it('falls back to the copy command where the Clipboard API is refused', async () => {
    fakeApi(({ path }) => (path === `/api/job/${JOB.id}` ? { body: { success: true, data: JOB } } : {}));
    Object.defineProperty(navigator, 'clipboard', {
      value: { writeText: jest.fn().mockRejectedValue(new Error('denied')) },
      configurable: true,
    });
    const execCommand = jest.fn().mockReturnValue(true);
    Object.defineProperty(document, 'execCommand', { value: execCommand, configurable: true });
    await showJob(`/hire/${JOB.id}`);
    await userEvent.click(await screen.findByRole('button', { name: 'Copy link' }));
    expect(execCommand).toHaveBeenCalledWith('copy');
    expect(await screen.findByText('Link copied')).toBeInTheDocument();
  });
});
