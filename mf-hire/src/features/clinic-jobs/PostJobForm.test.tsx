import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { fakeApi, renderScreen } from '@platform/ui/testing';
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
    expect(form.getByLabelText('Salary Range')).toHaveAttribute('placeholder', 'e.g. Ksh 80,000 - 120,000');

    await userEvent.click(form.getByRole('button', { name: 'Post Job' }));
    expect(form.getByRole('alert')).toHaveTextContent('Please fill in all required fields');
    expect(form.getByLabelText('Job Title')).toHaveAttribute('aria-invalid', 'true');
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
});
