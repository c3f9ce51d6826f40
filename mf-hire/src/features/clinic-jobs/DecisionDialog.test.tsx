import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { fakeApi, renderScreen, type ApiCall } from '@platform/ui/testing';
import { APPLICATION, CLINIC, JOB, resetSession, signIn } from '../../test/fixtures';
import ClinicJobs from './ClinicJobs';

function clinicApi(decide: (call: ApiCall) => { status?: number; body?: unknown }) {
  let application = APPLICATION;
  return fakeApi((call) => {
    if (call.method === 'PATCH') {
      const answer = decide(call);
      if ((answer.status ?? 200) < 300)
        application = { ...application, status: (call.body as { status: 'accepted' }).status };
      return answer;
    }
    if (call.path.startsWith('/api/application/get'))
      return { body: { data: [application], pageInfo: { total: 1 }, counts: {} } };
    return { body: { data: [{ ...JOB, applicantCount: 1 }], pageInfo: { total: 1 } } };
  });
}

async function openApplicants() {
  await renderScreen(<ClinicJobs />);
  await userEvent.click(await screen.findByRole('button', { name: /View Applicants/ }));
  return screen.findByRole('heading', { name: 'Amina Wanjiru' });
}

beforeEach(() => {
  resetSession();
  signIn(CLINIC);
});

it('asks before accepting, and sends the optional message with the decision', async () => {
  const calls = clinicApi(() => ({ body: { success: true, data: { ...APPLICATION, status: 'accepted' } } }));
  await openApplicants();
  await userEvent.click(screen.getByRole('button', { name: 'Accept the application from Amina Wanjiru' }));
  const dialog = screen.getByRole('dialog', { name: "Accept Amina Wanjiru's application?" });
  // Nothing is sent before the clinic confirms.
  expect(calls.filter((c) => c.method === 'PATCH')).toEqual([]);
  const message = within(dialog).getByRole('textbox', { name: 'Message to the applicant (optional)' });
  expect(message).toHaveAttribute('maxLength', '500');
  await userEvent.type(message, 'Please come for an interview on Monday.');
  expect(within(dialog).getByText(/461 left/)).toBeInTheDocument();
  await userEvent.click(within(dialog).getByRole('button', { name: 'Accept application' }));

  expect(await screen.findByText('Application from Amina Wanjiru: accepted.')).toBeInTheDocument();
  expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  const patch = calls.find((c) => c.method === 'PATCH')!;
  expect(patch.path).toBe(`/api/application/${APPLICATION.id}`);
  expect(patch.body).toEqual({ status: 'accepted', message: 'Please come for an interview on Monday.' });
});

it('cancelling sends nothing; a refusal shows inside the dialog; a reject without a message sends none', async () => {
  let refuse = true;
  const calls = clinicApi(() =>
    refuse
      ? {
          status: 409,
          body: { success: false, message: 'This job has been removed.', code: 'hire.job_removed' },
        }
      : { body: { success: true, data: { ...APPLICATION, status: 'rejected' } } },
  );
  await openApplicants();
  await userEvent.click(screen.getByRole('button', { name: 'Reject the application from Amina Wanjiru' }));
  let dialog = screen.getByRole('dialog', { name: "Reject Amina Wanjiru's application?" });
  await userEvent.type(within(dialog).getByRole('textbox'), 'Draft');
  await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
  expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  expect(calls.filter((c) => c.method === 'PATCH')).toEqual([]);

  await userEvent.click(screen.getByRole('button', { name: 'Reject the application from Amina Wanjiru' }));
  dialog = screen.getByRole('dialog', { name: "Reject Amina Wanjiru's application?" });
  // A new dialog starts without the cancelled draft.
  expect(within(dialog).getByRole('textbox')).toHaveValue('');
  await userEvent.click(within(dialog).getByRole('button', { name: 'Reject application' }));
  expect(await within(dialog).findByRole('alert')).toHaveTextContent('This job has been removed.');

  refuse = false;
  await userEvent.click(within(dialog).getByRole('button', { name: 'Reject application' }));
  expect(await screen.findByText('Application from Amina Wanjiru: rejected.')).toBeInTheDocument();
  expect(calls.filter((c) => c.method === 'PATCH').map((c) => c.body)).toEqual([
    { status: 'rejected' },
    { status: 'rejected' },
  ]);
});
