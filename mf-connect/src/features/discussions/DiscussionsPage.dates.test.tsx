import { screen, waitFor } from '@testing-library/react';
import { deferred, fakeApi, renderScreen } from '@platform/ui/testing';
import { DISCUSSION, directoryPage, discussionPage, PERSON, resetSession } from '../../test/fixtures';
import DiscussionsPage from './DiscussionsPage';

// A file of its own: date formats are kept for the whole module registry, which each test file gets afresh.
it("makes the reader's date format while the discussions are on their way, not in the render that draws them", async () => {
  resetSession();
  const answers = deferred<void>();
  fakeApi(async (call) => {
    await answers.promise;
    return call.path.startsWith('/api/discussion/get')
      ? discussionPage([DISCUSSION])
      : directoryPage([PERSON]);
  });
  const made = jest.spyOn(Intl, 'DateTimeFormat');
  await renderScreen(<DiscussionsPage />, { path: '/connect/discussions' });
  await waitFor(() => expect(made).toHaveBeenCalled());
  expect(screen.queryByText(DISCUSSION.title)).not.toBeInTheDocument();

  made.mockClear();
  answers.resolve();
  const item = (await screen.findByRole('link', { name: DISCUSSION.title })).closest('article')!;
  expect(item).toHaveTextContent('20 Nov 2026');
  expect(made).not.toHaveBeenCalled();
});
