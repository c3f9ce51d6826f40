import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { fakeApi, renderScreen } from '@platform/ui/testing';
import { CLINIC, JOB, resetSession, signIn } from '../../test/fixtures';
import ClinicJobs from './ClinicJobs';

beforeEach(() => {
  resetSession();
  signIn(CLINIC);
});

describe("the clinic's posted jobs", () => {
  it('asks before deleting; a refusal shows inside the dialog, where it is read; then the job goes', async () => {
    let jobs = [{ ...JOB, applicantCount: 1 }];
    let refuse = true;
    fakeApi(({ method }) => {
      if (method === 'DELETE') {
        if (refuse)
          return { status: 503, body: { success: false, message: 'Hire is unavailable right now.' } };
        jobs = [];
        return { body: { success: true } };
      }
      return { body: { data: jobs, pageInfo: { total: jobs.length } } };
    });
    await renderScreen(<ClinicJobs />);
    await userEvent.click(await screen.findByRole('button', { name: 'Delete: Night Nurse' }));
    const dialog = screen.getByRole('dialog', { name: 'Delete this job?' });
    expect(dialog).toHaveTextContent('Its 1 applicant keeps the application in their history.');

    await userEvent.click(within(dialog).getByRole('button', { name: 'Delete job' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('Hire is unavailable right now.');

    refuse = false;
    await userEvent.click(within(dialog).getByRole('button', { name: 'Delete job' }));
    expect(await screen.findByText('Job deleted.')).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(await screen.findByText('You have not posted any jobs yet.')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Posted Jobs (0)' })).toBeInTheDocument();
  });
});
