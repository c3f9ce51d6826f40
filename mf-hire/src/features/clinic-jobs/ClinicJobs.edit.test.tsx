import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { PostedJob } from '@platform/svc-hire/contract';
import { fakeApi, renderScreen } from '@platform/ui/testing';
import { CLINIC, JOB, resetSession, signIn } from '../../test/fixtures';
import ClinicJobs from './ClinicJobs';

beforeEach(() => {
  resetSession();
  signIn(CLINIC);
});

/** The clinic's one job as svc-hire keeps it: PATCH and close change it, the list then shows it. */
function clinicApi() {
  let job: PostedJob = {
    ...JOB,
    salary: { min: 60000, max: 80000, currency: 'KES', period: 'month' },
    closesAt: '2099-12-31',
    applicantCount: 2,
    posterEmail: CLINIC.email,
  };
  return fakeApi(({ method, path, body }) => {
    if (method === 'PATCH') {
      job = { ...job, ...(body as Partial<PostedJob>) };
      return { body: { success: true, data: job } };
    }
    if (method === 'POST' && path === `/api/job/${JOB.id}/close`) {
      job = { ...job, closesAt: '2026-11-27', closed: true };
      return { body: { success: true, data: job } };
    }
    return { body: { data: [job], pageInfo: { total: 1 } } };
  });
}

it('edits a posted job in the posting form, pre-filled; a blank title is refused; only the change is sent', async () => {
  const calls = clinicApi();
  await renderScreen(<ClinicJobs />);
  await userEvent.click(await screen.findByRole('button', { name: 'Edit Night Nurse' }));
  const dialog = screen.getByRole('dialog', { name: 'Edit job: Night Nurse' });
  expect(dialog).toHaveTextContent('Its applicants are kept.');
  const title = within(dialog).getByRole('textbox', { name: /Job Title/ });
  expect(title).toHaveValue('Night Nurse');
  expect(within(dialog).getByRole('textbox', { name: /Location/ })).toHaveValue('Nakuru, Kenya');
  expect(within(dialog).getByRole('spinbutton', { name: 'Lowest salary (Ksh)' })).toHaveValue(60000);
  expect(within(dialog).getByLabelText(/Closing date/)).toHaveValue('2099-12-31');

  await userEvent.clear(title);
  await userEvent.click(within(dialog).getByRole('button', { name: 'Save changes' }));
  expect(await within(dialog).findAllByText('This field is required.')).not.toHaveLength(0);
  expect(calls.filter((c) => c.method === 'PATCH')).toEqual([]);

  await userEvent.type(title, 'Night Nurse, ICU');
  await userEvent.click(within(dialog).getByRole('button', { name: 'Save changes' }));
  expect(await screen.findByText('Job updated.')).toBeInTheDocument();
  const patch = calls.find((c) => c.method === 'PATCH')!;
  expect(patch.path).toBe(`/api/job/${JOB.id}`);
  expect(patch.body).toEqual({ title: 'Night Nurse, ICU' });
  expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  const card = await screen.findByRole('article', { name: 'Night Nurse, ICU' });
  expect(card).toHaveTextContent('2 applicants');
});

it('closes a job now after asking; the card then says Closed and how to open it again', async () => {
  const calls = clinicApi();
  await renderScreen(<ClinicJobs />);
  await userEvent.click(await screen.findByRole('button', { name: 'Close now: Night Nurse' }));
  const dialog = screen.getByRole('dialog', { name: 'Close this job now?' });
  expect(dialog).toHaveTextContent('Night Nurse will stop taking applications at once');
  await userEvent.click(within(dialog).getByRole('button', { name: 'Close job' }));
  expect(await screen.findByText('Job closed.')).toBeInTheDocument();
  expect(calls.some((c) => c.method === 'POST' && c.path === `/api/job/${JOB.id}/close`)).toBe(true);
  const card = await screen.findByRole('article', { name: 'Night Nurse' });
  expect(await within(card).findByText('Closed')).toBeInTheDocument();
  expect(card).toHaveTextContent('set a closing date of today or later');
  expect(within(card).queryByRole('button', { name: 'Close now: Night Nurse' })).not.toBeInTheDocument();
  expect(within(card).getByRole('button', { name: 'Edit Night Nurse' })).toBeInTheDocument();
});
