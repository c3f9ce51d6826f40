import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { fakeApi, renderScreen } from '@platform/ui/testing';
import { AMINA, AMINA_PROFILE as me, JOB, resetSession, signIn } from '../../test/fixtures';
import { ApplyModal } from './ApplyModal';

beforeEach(() => {
  resetSession();
  signIn(AMINA);
});

async function openForm(onClose = jest.fn()) {
  await renderScreen(<ApplyModal job={JOB} onClose={onClose} />);
  const dialog = await screen.findByRole('dialog', { name: 'Apply for Night Nurse' });
  await within(dialog).findByDisplayValue('Amina Wanjiru');
  return { dialog, onClose };
}

describe('the apply form', () => {
  it('starts from the profile, checks the fields before sending, and sends the application', async () => {
    const calls = fakeApi(({ path }) => (path === '/api/user/me' ? { body: me } : { status: 201, body: {} }));
    const { dialog, onClose } = await openForm();
    const form = within(dialog);
    expect(form.getByLabelText('E-mail')).toHaveValue('amina@example.org');
    expect(form.getByLabelText('Phone number')).toHaveValue('+254 700 123 456');

    await userEvent.clear(form.getByLabelText('Phone number'));
    await userEvent.type(form.getByLabelText('Phone number'), 'call me');
    await userEvent.click(form.getByRole('button', { name: 'Submit application' }));
    expect(form.getByLabelText('Phone number')).toHaveAccessibleDescription(
      'Enter a phone number (digits, spaces, +, - and brackets).',
    );
    expect(form.getByLabelText('CV or professional profile link')).toHaveAccessibleDescription(
      'This field is required.',
    );
    expect(calls.filter((c) => c.method === 'POST')).toHaveLength(0);

    await userEvent.clear(form.getByLabelText('Phone number'));
    await userEvent.type(form.getByLabelText('Phone number'), '+254 700 123 456');
    await userEvent.type(form.getByLabelText('CV or professional profile link'), 'cv.example.org/amina.pdf');
    await userEvent.tab(); // leaving the link field adds the scheme
    expect(form.getByLabelText('CV or professional profile link')).toHaveValue(
      'https://cv.example.org/amina.pdf',
    );
    await userEvent.type(form.getByLabelText('Cover letter'), 'Five years on night shifts.');
    await userEvent.click(form.getByRole('button', { name: 'Submit application' }));

    expect(await screen.findByText('Application submitted for Night Nurse')).toBeInTheDocument();
    expect(onClose).toHaveBeenCalled();
    expect(calls.find((c) => c.method === 'POST')).toMatchObject({
      path: '/api/application/apply',
      body: {
        jobId: JOB.id,
        fullName: 'Amina Wanjiru',
        email: 'amina@example.org',
        phoneNumber: '+254 700 123 456',
        resumeUrl: 'https://cv.example.org/amina.pdf',
        coverLetter: 'Five years on night shifts.',
      },
    });
  });

  it("keeps the form open with the server's message when the application is refused", async () => {
    fakeApi(({ path }) =>
      path === '/api/user/me'
        ? { body: me }
        : { status: 409, body: { success: false, message: 'You have already applied for this job.' } },
    );
    const { dialog, onClose } = await openForm();
    await userEvent.type(
      within(dialog).getByLabelText('CV or professional profile link'),
      'https://cv.example.org/amina.pdf',
    );
    await userEvent.click(within(dialog).getByRole('button', { name: 'Submit application' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'You have already applied for this job.',
    );
    expect(onClose).not.toHaveBeenCalled();
  });
});
