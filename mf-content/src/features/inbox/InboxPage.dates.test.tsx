import { screen, waitFor } from '@testing-library/react';
import { deferred, fakeApi, renderScreen } from '@platform/ui/testing';
import { CONTACT, page, resetSession } from '../../test/fixtures';
import InboxPage from './InboxPage';

// A file of its own: date formats are kept for the whole module registry, which each test file gets afresh.
// The first format a page makes also starts ICU's date machinery, the part that costs; a message's
// date-and-time format after it is cheap.
it("makes the reader's first date format while the messages are on their way, not in the render that draws them", async () => {
  resetSession();
  const answer = deferred<void>();
  fakeApi(async () => {
    await answer.promise;
    return page([CONTACT]);
  });
  const made = jest.spyOn(Intl, 'DateTimeFormat');
  await renderScreen(<InboxPage />, { path: '/admin/inbox' });
  await waitFor(() => expect(made).toHaveBeenCalled());
  expect(screen.queryByText('Baraka Otieno')).not.toBeInTheDocument();

  answer.resolve();
  expect(await screen.findByText(/baraka@example\.org/)).toBeInTheDocument();
  expect(screen.getByText(/21 Nov 2026/)).toBeInTheDocument();
});
