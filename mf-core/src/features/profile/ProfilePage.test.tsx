import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useSession } from '@platform/shell-state';
import { currentUrl, fakeApi, renderScreen } from '@platform/ui/testing';
import { AMINA, resetSession } from '../../test/fixtures';
import ProfilePage from './ProfilePage';

const saved = {
  ...AMINA,
  designation: 'Midwife',
  description: '',
  address: '',
  phone: '+254 700 123 456',
  skills: ['Triage'],
  facility: 'Nakuru Family Clinic',
  country: 'Kenya',
  location: 'Nakuru',
  photo: '',
};

beforeEach(resetSession);

describe('the profile form', () => {
  it('starts from the saved profile and saves the changes', async () => {
    useSession.getState().signIn('token', AMINA);
    let profile = saved;
    const calls = fakeApi(({ method, body }) => {
      if (method === 'PUT') profile = { ...profile, ...(body as object) };
      return { body: { success: true, user: profile } };
    });
    await renderScreen(<ProfilePage />, { path: '/profile' });
    expect(await screen.findByText('Signed in as amina@example.org')).toBeInTheDocument();
    const designation = screen.getByLabelText(/^Designation/);
    expect(designation).toHaveValue('Midwife');

    await userEvent.clear(designation);
    await userEvent.type(designation, 'Senior midwife');
    await userEvent.click(screen.getByRole('button', { name: 'Save profile' }));
    expect(await screen.findByText('Your profile has been saved.')).toBeInTheDocument();
    expect(screen.getByLabelText(/^Designation/)).toHaveValue('Senior midwife');
    expect(calls.find((c) => c.method === 'PUT')?.body).toMatchObject({ designation: 'Senior midwife' });
  });

  it('sends a visitor to log in and come back', async () => {
    await renderScreen(<ProfilePage />, { path: '/profile' });
    expect(currentUrl()).toBe('/login?next=%2Fprofile');
  });
});
