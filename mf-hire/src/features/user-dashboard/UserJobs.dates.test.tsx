import { screen, waitFor } from '@testing-library/react';
import { deferred, fakeApi, renderScreen } from '@platform/ui/testing';
import { AMINA, APPLICATION, resetSession, signIn } from '../../test/fixtures';
import UserJobs from './UserJobs';

// A file of its own: date formats are kept for the whole module registry, which each test file gets afresh.
it("makes the reader's date format while the applications are on their way, not in the render that draws them", async () => {
  resetSession();
  signIn(AMINA);
  const answers = deferred<void>();
  const counts = { total: 1, pending: 1, shortlisted: 0, accepted: 0, rejected: 0, withdrawn: 0 };
  fakeApi(async (call) => {
    await answers.promise;
    const active = call.path.startsWith('/api/application/get?status=active');
    const data = active ? [APPLICATION] : [];
    return { body: { data, pageInfo: { page: 1, limit: 10, total: data.length }, counts } };
  });
  const made = jest.spyOn(Intl, 'DateTimeFormat');
  await renderScreen(<UserJobs />, { path: '/userdashboard' });
  await waitFor(() => expect(made).toHaveBeenCalled());
  expect(screen.queryByText(/^Applied/)).not.toBeInTheDocument();

  made.mockClear();
  answers.resolve();
  expect(await screen.findByText('Applied 21 Nov 2026')).toBeInTheDocument();
  expect(made).not.toHaveBeenCalled();
});
