import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { currentUrl, fakeApi, renderScreen } from '@platform/ui/testing';
import { CLINIC, JOB, resetSession, signIn } from '../../test/fixtures';
import { PostJobForm } from './PostJobForm';

beforeEach(() => {
  resetSession();
  signIn(CLINIC);
});

describe('the Post New Job form', () => {
  it('asks for the required fields, then posts the job and starts again empty', async () => {
    const calls = fakeApi(() => ({ status: 201, body: { success: true, data: JOB } }));
    const onPosted = jest.fn();
    await renderScreen(<PostJobForm onPosted={onPosted} />);
    const form = within(await screen.findByRole('region', { name: 'Post New Job' }));
    expect(form.getByLabelText('Organisation')).toHaveValue('Nakuru Family Clinic');
    // Changed on purpose: the salary is figures now (lowest, highest, period), not free text.
    expect(form.getByRole('group', { name: 'Salary Range' })).toBeInTheDocument();
    expect(form.getByLabelText('Lowest salary (Ksh)')).toHaveAttribute('inputmode', 'numeric');

    await userEvent.click(form.getByRole('button', { name: 'Post Job' }));
    // Each missing field says so beside itself; focus goes to the first, and the count is announced.
    expect(form.getByLabelText('Job Title')).toHaveAttribute('aria-invalid', 'true');
    expect(form.getByLabelText('Job Title')).toHaveFocus();
    expect(form.getByLabelText('Job Title')).toHaveAccessibleDescription('This field is required.');
    expect(form.getByRole('status')).toHaveTextContent(/^\d+ fields need attention\.$/);
    expect(calls).toHaveLength(0);

    await userEvent.type(form.getByLabelText('Job Title'), 'Night Nurse');
    await userEvent.type(form.getByLabelText('Location'), 'Nakuru, Kenya');
    await userEvent.selectOptions(form.getByLabelText('Job Type'), 'Part-time');
    await userEvent.type(form.getByLabelText('Description'), 'Night shifts on the maternity ward.');
    await userEvent.click(form.getByRole('button', { name: 'Post Job' }));

    expect(await screen.findByText('Job posted.')).toBeInTheDocument();
    expect(onPosted).toHaveBeenCalledWith(JOB);
    expect(calls[0]).toMatchObject({
      method: 'POST',
      path: '/api/job/add',
      body: {
        title: 'Night Nurse',
        organization: 'Nakuru Family Clinic',
        location: 'Nakuru, Kenya',
        type: 'Part-time',
        description: 'Night shifts on the maternity ward.',
      },
    });
    expect(form.getByLabelText('Job Title')).toHaveValue('');
  });

  it('sends the salary as figures with its period, the experience level and the closing date', async () => {
    const calls = fakeApi(() => ({ status: 201, body: { success: true, data: JOB } }));
    await renderScreen(<PostJobForm onPosted={() => {}} />);
    const form = within(await screen.findByRole('region', { name: 'Post New Job' }));
    await userEvent.type(form.getByLabelText('Job Title'), 'Locum Doctor');
    await userEvent.type(form.getByLabelText('Location'), 'Nairobi');
    await userEvent.type(form.getByLabelText('Description'), 'Weekend cover.');
    const salary = within(form.getByRole('group', { name: 'Salary Range' }));
    await userEvent.type(salary.getByLabelText('Lowest salary (Ksh)'), '3000');
    await userEvent.type(salary.getByLabelText('Highest salary (Ksh)'), '4500');
    await userEvent.selectOptions(salary.getByLabelText('Paid per'), 'Day');
    await userEvent.selectOptions(form.getByLabelText('Experience level'), 'Senior');
    await userEvent.type(form.getByLabelText('Closing date'), '2099-12-12');
    await userEvent.click(form.getByRole('button', { name: 'Post Job' }));

    expect(await screen.findByText('Job posted.')).toBeInTheDocument();
    expect(calls[0]!.body).toEqual({
      title: 'Locum Doctor',
      organization: 'Nakuru Family Clinic',
      location: 'Nairobi',
      type: 'Full-time',
      description: 'Weekend cover.',
      salary: { min: 3000, max: 4500, currency: 'KES', period: 'day' },
      experienceLevel: 'senior',
      closesAt: '2099-12-12',
    });
  });

  it('refuses a lowest salary above the highest, on the field, without sending', async () => {
    const calls = fakeApi(() => ({ status: 201, body: { success: true, data: JOB } }));
    await renderScreen(<PostJobForm onPosted={() => {}} />);
    const form = within(await screen.findByRole('region', { name: 'Post New Job' }));
    await userEvent.type(form.getByLabelText('Job Title'), 'Locum Doctor');
    await userEvent.type(form.getByLabelText('Location'), 'Nairobi');
    await userEvent.type(form.getByLabelText('Description'), 'Weekend cover.');
    await userEvent.type(form.getByLabelText('Lowest salary (Ksh)'), '120000');
    await userEvent.type(form.getByLabelText('Highest salary (Ksh)'), '80000');
    await userEvent.click(form.getByRole('button', { name: 'Post Job' }));

    const highest = form.getByLabelText('Highest salary (Ksh)');
    expect(highest).toHaveAttribute('aria-invalid', 'true');
    expect(highest).toHaveAccessibleDescription(
      expect.stringContaining('The lowest salary must not be above the highest.'),
    );
    // One form behaviour everywhere: the message at its field, focus there, and a spoken summary.
    expect(highest).toHaveFocus();
    expect(form.getByRole('status')).toHaveTextContent('1 field needs attention.');
    expect(calls).toHaveLength(0);
  });

  it("shows the server's message when the job is refused", async () => {
    fakeApi(() => ({
      status: 400,
      body: { success: false, message: 'title must be at most 160 characters' },
    }));
    await renderScreen(<PostJobForm onPosted={() => {}} />);
    const form = within(await screen.findByRole('region', { name: 'Post New Job' }));
    await userEvent.type(form.getByLabelText('Job Title'), 'Night Nurse');
    await userEvent.type(form.getByLabelText('Location'), 'Nakuru');
    await userEvent.type(form.getByLabelText('Description'), 'Nights.');
    await userEvent.click(form.getByRole('button', { name: 'Post Job' }));
    expect(await form.findByRole('alert')).toHaveTextContent('title must be at most 160 characters');
    expect(form.getByLabelText('Job Title')).toHaveValue('Night Nurse');
  });

  /** Fills the required fields and presses Post Job. */
  async function postOne() {
    const form = within(await screen.findByRole('region', { name: 'Post New Job' }));
    await userEvent.type(form.getByLabelText('Job Title'), 'Night Nurse');
    await userEvent.type(form.getByLabelText('Location'), 'Nakuru, Kenya');
    await userEvent.type(form.getByLabelText('Description'), 'Night shifts.');
    await userEvent.click(form.getByRole('button', { name: 'Post Job' }));
  }

  it('takes a clinic without Hire to the plans with Hire chosen, not to an error', async () => {
    fakeApi(() => ({
      status: 402,
      body: { success: false, message: 'Hire needed', code: 'billing.entitlement_required', module: 'hire' },
    }));
    await renderScreen(<PostJobForm onPosted={() => {}} />, { path: '/clinicdashboard' });
    await postOne();
    expect(currentUrl()).toBe('/pricing?choose=hire');
  });

  it('offers the upgrade when the plan’s open postings are all used', async () => {
    fakeApi(() => ({
      status: 402,
      body: {
        success: false,
        message: 'limit',
        code: 'billing.limit_reached',
        module: 'hire',
        limit: 'openPostings',
        allowed: 2,
      },
    }));
    await renderScreen(<PostJobForm onPosted={() => {}} />, { path: '/clinicdashboard' });
    await postOne();
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Your plan allows 2 open job postings at a time.');
    expect(within(alert).getByRole('link', { name: 'See the plans to upgrade' })).toHaveAttribute(
      'href',
      '/pricing',
    );
    expect(currentUrl()).toBe('/clinicdashboard');
  });
});
