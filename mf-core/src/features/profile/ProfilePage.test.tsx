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

describe('the profile photo', () => {
  /** Whether `text` appears in a live region (role status), as a screen reader announces it. */
  const announced = async (text: string) =>
    (await screen.findByText(text)).closest('[role="status"]') !== null;
  const PHOTO = '/api/user/photo/7a3c9a52-0d63-4a8a-9a0b-2f4d1c1e6b11';
  const png = () =>
    new File([new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])], 'me.png', {
      type: 'image/png',
    });

  /** The profile as the server keeps it: PUT/DELETE of the photo change it. */
  function photoServer(start = '') {
    let profile = { ...saved, photo: start };
    const calls = fakeApi(({ method, path }) => {
      if (path === '/api/user/me/photo' && method === 'PUT') profile = { ...profile, photo: PHOTO };
      if (path === '/api/user/me/photo' && method === 'DELETE') profile = { ...profile, photo: '' };
      return { body: { success: true, user: profile } };
    });
    return calls;
  }

  it('uploads a chosen photo after a preview, by keyboard, and shows it saved', async () => {
    useSession.getState().signIn('token', AMINA);
    const calls = photoServer();
    await renderScreen(<ProfilePage />, { path: '/profile' });
    const input = await screen.findByLabelText('Choose a photo');
    expect(input).toHaveAccessibleDescription(
      'A JPEG, PNG or WebP image, at most 2 MB. Members and visitors see it on your directory card.',
    );
    expect(screen.getByText('No photo yet.')).toBeInTheDocument();

    const file = png();
    await userEvent.upload(input, file);
    const preview = await screen.findByRole('img', { name: 'Preview of your new photo' });
    expect(preview.getAttribute('src')).toMatch(/^data:image\/png;base64,/);
    expect(await announced('Preview shown. Save the photo to use it.')).toBe(true);
    // Nothing is sent before the person saves it.
    expect(calls.some((c) => c.method === 'PUT')).toBe(false);

    screen.getByRole('button', { name: 'Save photo' }).focus();
    await userEvent.keyboard('{Enter}');
    expect(await announced('Your photo has been saved.')).toBe(true);
    const put = calls.find((c) => c.method === 'PUT')!;
    expect(put.path).toBe('/api/user/me/photo');
    expect(put.body).toBe(file);
    expect(put.headers['content-type']).toBe('image/png');
    expect(await screen.findByRole('img', { name: 'Your profile photo' })).toHaveAttribute('src', PHOTO);
    expect(screen.getByLabelText('Choose another photo')).toHaveFocus();
    // Saving the profile form afterwards never sends the photo back.
    await userEvent.click(screen.getByRole('button', { name: 'Save profile' }));
    expect(await screen.findByText('Your profile has been saved.')).toBeInTheDocument();
    expect(calls.find((c) => c.path === '/api/user/me' && c.method === 'PUT')?.body).not.toHaveProperty(
      'photo',
    );
  });

  it('refuses what is not a JPEG, PNG or WebP before sending it, and says what the server refused', async () => {
    useSession.getState().signIn('token', AMINA);
    const calls = fakeApi(({ method }) =>
      method === 'PUT'
        ? { status: 415, body: { success: false, code: 'auth.photo_not_image', message: 'x' } }
        : { body: { success: true, user: saved } },
    );
    await renderScreen(<ProfilePage />, { path: '/profile' });
    const input = await screen.findByLabelText('Choose a photo');
    const user = userEvent.setup({ applyAccept: false });
    await user.upload(input, new File(['<svg/>'], 'me.svg', { type: 'image/svg+xml' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Choose a JPEG, PNG or WebP image.');
    expect(input).toHaveAttribute('aria-invalid', 'true');
    expect(calls.some((c) => c.method === 'PUT')).toBe(false);

    // A file that only claims to be a PNG: the server's answer, in the page's words.
    await user.upload(input, png());
    await user.click(await screen.findByRole('button', { name: 'Save photo' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'The photo must be a JPEG, PNG or WebP image.',
    );
  });

  it('removes the photo, and never shows a link to another site', async () => {
    useSession.getState().signIn('token', AMINA);
    const calls = photoServer(PHOTO);
    await renderScreen(<ProfilePage />, { path: '/profile' });
    expect(await screen.findByRole('img', { name: 'Your profile photo' })).toHaveAttribute('src', PHOTO);
    await userEvent.click(screen.getByRole('button', { name: 'Remove photo' }));
    expect(await announced('Your photo has been removed.')).toBe(true);
    expect(calls.find((c) => c.method === 'DELETE')?.path).toBe('/api/user/me/photo');
    expect(screen.queryByRole('img')).toBeNull();
    expect(screen.getByText('No photo yet.')).toBeInTheDocument();
  });

  it('shows no image for an old link to another site', async () => {
    useSession.getState().signIn('token', AMINA);
    fakeApi(() => ({ body: { success: true, user: { ...saved, photo: 'https://tracker.example/p.gif' } } }));
    await renderScreen(<ProfilePage />, { path: '/profile' });
    await screen.findByLabelText('Choose another photo');
    expect(document.querySelector('img')).toBeNull();
  });

  it('speaks Kiswahili and French', async () => {
    useSession.getState().signIn('token', AMINA);
    photoServer();
    await renderScreen(<ProfilePage />, { path: '/profile' });
    await screen.findByLabelText('Choose a photo');
    await act(async () => useLanguage.getState().setLanguage('sw'));
    expect(await screen.findByLabelText('Chagua picha')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Picha ya wasifu' })).toBeInTheDocument();
    await act(async () => useLanguage.getState().setLanguage('fr'));
    expect(await screen.findByLabelText('Choisir une photo')).toBeInTheDocument();
  });
});
