import { screen, waitFor } from '@testing-library/react';
import { deferred, fakeApi, renderScreen, type ApiAnswer } from '@platform/ui/testing';
import { CLINIC, JOB, resetSession, signIn } from '../../test/fixtures';
import ClinicJobs from './ClinicJobs';

// A file of its own: date formats are kept for the whole module registry, which each test file gets afresh.
it("makes the reader's date format while the clinic's jobs are on their way, not in the render that draws them", async () => {
  resetSession();
  signIn(CLINIC);
  const jobs = deferred<ApiAnswer>();
  fakeApi(() => jobs.promise);
  const made = jest.spyOn(Intl, 'DateTimeFormat');
  await renderScreen(<ClinicJobs />);
  await waitFor(() => expect(made).toHaveBeenCalled());
  expect(screen.queryByText(JOB.title)).not.toBeInTheDocument();

  made.mockClear();
  jobs.resolve({ body: { data: [{ ...JOB, applicantCount: 0 }], pageInfo: { total: 1 } } });
  expect(await screen.findByText('Posted 20 Nov 2026')).toBeInTheDocument();
  expect(made).not.toHaveBeenCalled();
});
