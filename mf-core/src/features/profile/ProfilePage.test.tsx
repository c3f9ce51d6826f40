import { act, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useLanguage, useSession } from '@platform/shell-state';
import { refreshApi } from '@platform/data';
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
  plan: 'professional',
};

beforeEach(resetSession);
afterEach(() => act(() => useLanguage.getState().setLanguage('en')));

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

  it('lets the person show their contact details and full address, off unless they choose', async () => {
    useSession.getState().signIn('token', AMINA);
    let profile = { ...saved, contactPublic: false };
    const calls = fakeApi(({ method, body }) => {
      if (method === 'PUT') profile = { ...profile, ...(body as object) };
      return { body: { success: true, user: profile } };
    });
    await renderScreen(<ProfilePage />, { path: '/profile' });
    const show = await screen.findByRole('checkbox', {
      name: 'Show my e-mail, phone and full postal address to signed-in members',
    });
    expect(show).not.toBeChecked();
    expect(show).toHaveAccessibleDescription(/see only the town of your address/);
    await userEvent.click(show);
    await userEvent.click(screen.getByRole('button', { name: 'Save profile' }));
    expect(await screen.findByText('Your profile has been saved.')).toBeInTheDocument();
    expect(calls.find((c) => c.method === 'PUT')?.body).toMatchObject({ contactPublic: true });
    expect(screen.getByRole('checkbox', { name: /Show my e-mail/ })).toBeChecked();
  });

  it('sends a visitor to log in and come back', async () => {
    await renderScreen(<ProfilePage />, { path: '/profile' });
    expect(currentUrl()).toBe('/login?next=%2Fprofile');
  });

  it('shows the plan of interest and lets the person change or clear it', async () => {
    useSession.getState().signIn('token', AMINA);
    let profile = saved;
    const calls = fakeApi(({ method, body }) => {
      if (method === 'PUT') profile = { ...profile, ...(body as object) };
      return { body: { success: true, user: profile } };
    });
    await renderScreen(<ProfilePage />, { path: '/profile' });
    const plan = await screen.findByLabelText('Plan of interest');
    expect(plan).toHaveDisplayValue('Professional');
    await userEvent.selectOptions(plan, 'None');
    await userEvent.click(screen.getByRole('button', { name: 'Save profile' }));
    expect(await screen.findByText('Your profile has been saved.')).toBeInTheDocument();
    expect(calls.find((c) => c.method === 'PUT')?.body).toMatchObject({ plan: null });
    expect(screen.getByLabelText('Plan of interest')).toHaveDisplayValue('None');
  });

  it('keeps unsaved edits when the language changes, even when the profile loads again', async () => {
    useSession.getState().signIn('token', AMINA);
    fakeApi(() => ({ body: { success: true, user: saved } }));
    await renderScreen(<ProfilePage />, { path: '/profile' });
    const town = await screen.findByLabelText('Town or city');
    expect(town).toHaveValue('Nakuru');
    await userEvent.clear(town);
    await userEvent.type(town, 'Kisumu');
    await userEvent.clear(screen.getByLabelText(/^Skills/));
    await userEvent.type(screen.getByLabelText(/^Skills/), 'Triage, Paediatrics');

    await act(async () => useLanguage.getState().setLanguage('sw'));
    expect(await screen.findByRole('heading', { name: 'Wasifu wangu' })).toBeInTheDocument();
    // The saved profile answering again (a refetch) does not replace what was typed.
    await act(async () => void (await refreshApi('/api/user/me')));
    expect(screen.getByLabelText('Mji')).toHaveValue('Kisumu');
    expect(screen.getByLabelText(/^Ujuzi/)).toHaveValue('Triage, Paediatrics');
  });
});
