import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useLanguage, useSession, useSiteMap } from '@platform/shell-state';
import { currentUrl, fakeApi, renderScreen } from '@platform/ui/testing';
import { Route, Routes } from '@platform/router';
import { AMINA, resetSession } from '../../test/fixtures';
import LoginPage from './LoginPage';
import SignupPage from './SignupPage';

beforeEach(() => {
  resetSession();
  useSiteMap.setState({ dashboards: { user: '/userdashboard', Clinic: '/clinicdashboard' } });
});
afterEach(() => act(() => useLanguage.getState().setLanguage('en')));

/** Login and sign-up as the site routes them, so a journey can go from one to the other. */
const AuthPages = () => (
  <Routes>
    <Route path="/login" element={<LoginPage />} />
    <Route path="/signup" element={<SignupPage />} />
    <Route path="*" element={<p>Elsewhere</p>} />
  </Routes>
);

describe('the login form', () => {
  it('signs in and goes back to the page the visitor came from', async () => {
    const calls = fakeApi(() => ({ body: { success: true, token: 'token-1', user: AMINA } }));
    await renderScreen(<LoginPage />, { path: `/login?next=${encodeURIComponent('/hire?apply=42')}` });
    await userEvent.type(await screen.findByLabelText('E-mail'), ' amina@example.org ');
    await userEvent.type(screen.getByLabelText('Password'), 'a good long password');
    await userEvent.click(screen.getByRole('button', { name: 'Log in' }));

    await waitFor(() => expect(currentUrl()).toBe('/hire?apply=42'));
    expect(useSession.getState().user?.name).toBe('Amina Wanjiru');
    expect(calls[0]).toMatchObject({
      method: 'POST',
      path: '/api/user/login',
      body: { email: 'amina@example.org', password: 'a good long password' },
    });
  });

  it.each([
    ['user', '/userdashboard'],
    ['Clinic', '/clinicdashboard'],
    ['admin', '/'],
  ] as const)('without a next, a %s lands where its work is (%s)', async (role, landing) => {
    fakeApi(() => ({ body: { success: true, token: 'token-1', user: { ...AMINA, role } } }));
    await renderScreen(<LoginPage />, { path: '/login' });
    await userEvent.type(await screen.findByLabelText('E-mail'), 'amina@example.org');
    await userEvent.type(screen.getByLabelText('Password'), 'a good long password');
    await userEvent.click(screen.getByRole('button', { name: 'Log in' }));
    await waitFor(() => expect(currentUrl()).toBe(landing));
  });

  it('never follows a next to another site', async () => {
    fakeApi(() => ({ body: { success: true, token: 'token-1', user: AMINA } }));
    await renderScreen(<LoginPage />, { path: `/login?next=${encodeURIComponent('//evil.example/x')}` });
    await userEvent.type(await screen.findByLabelText('E-mail'), 'amina@example.org');
    await userEvent.type(screen.getByLabelText('Password'), 'a good long password');
    await userEvent.click(screen.getByRole('button', { name: 'Log in' }));
    await waitFor(() => expect(currentUrl()).toBe('/userdashboard'));
  });
});

/** What the sign-up answers for a new account: signed in, as a login would be. */
const signedUp = (user: object = AMINA) => ({
  status: 201,
  body: { success: true, message: 'Account created.', token: 'token-1', user },
});

describe('from login to sign-up and back', () => {
  it('keeps next and apply through sign-up, which signs in and goes straight back', async () => {
    const calls = fakeApi(({ path }) => (path === '/api/user/register' ? signedUp() : { status: 500 }));
    const next = encodeURIComponent('/hire?apply=42');
    await renderScreen(<AuthPages />, { path: `/login?next=${next}&apply=42` });
    await userEvent.click(await screen.findByRole('link', { name: 'Create an account' }));
    expect(currentUrl()).toBe(`/signup?next=${next}&apply=42`);

    await userEvent.type(await screen.findByLabelText('Full name'), 'Amina Wanjiru');
    await userEvent.type(screen.getByLabelText('E-mail'), 'amina@example.org');
    await userEvent.type(screen.getByLabelText('Password'), 'a good long password');
    await userEvent.type(screen.getByLabelText('Confirm password'), 'a good long password');
    await userEvent.click(screen.getByRole('button', { name: 'Sign up' }));

    // No second typing of the password: the sign-up's session is kept, and the way back followed.
    await waitFor(() => expect(currentUrl()).toBe('/hire?apply=42'));
    expect(useSession.getState()).toMatchObject({ token: 'token-1', user: { name: 'Amina Wanjiru' } });
    expect(calls).toHaveLength(1);
    expect(JSON.stringify(window.history.state)).not.toContain('a good long password');
    expect(calls[0]?.body).not.toHaveProperty('plan');
  });

  it('without a session (an address that had an account) goes to login, the address filled in', async () => {
    fakeApi(() => ({ status: 201, body: { success: true, message: 'Account created.' } }));
    const next = encodeURIComponent('/hire?apply=42');
    await renderScreen(<AuthPages />, { path: `/signup?next=${next}` });
    await userEvent.type(await screen.findByLabelText('Full name'), 'Amina Wanjiru');
    await userEvent.type(screen.getByLabelText('E-mail'), 'amina@example.org');
    await userEvent.type(screen.getByLabelText('Password'), 'a good long password');
    await userEvent.type(screen.getByLabelText('Confirm password'), 'a good long password');
    await userEvent.click(screen.getByRole('button', { name: 'Sign up' }));

    await waitFor(() => expect(currentUrl()).toBe(`/login?next=${next}`));
    await screen.findByRole('button', { name: 'Log in' });
    expect(screen.getByLabelText('E-mail')).toHaveValue('amina@example.org');
    expect(screen.getByLabelText('Password')).toHaveValue('');
    expect(screen.getByText(/^This e-mail address may already have an account/)).toBeInTheDocument();
    expect(useSession.getState().token).toBeNull();
  });

  it('sends the plan chosen on /pricing with a clinic, which lands on its dashboard', async () => {
    const calls = fakeApi(() => signedUp({ ...AMINA, name: 'Nakuru Family Clinic', role: 'Clinic' }));
    await renderScreen(<AuthPages />, { path: '/signup?plan=professional' });
    expect(await screen.findByText('Selected plan: Professional')).toBeInTheDocument();
    expect(screen.getByRole('radio', { name: /^A clinic or organisation/ })).toBeChecked();
    await userEvent.type(screen.getByLabelText('Clinic or organisation name'), 'Nakuru Family Clinic');
    await userEvent.type(screen.getByLabelText('E-mail'), 'clinic@example.org');
    await userEvent.type(screen.getByLabelText('Password'), 'a good long password');
    await userEvent.type(screen.getByLabelText('Confirm password'), 'a good long password');
    await userEvent.click(screen.getByRole('button', { name: 'Sign up' }));
    await waitFor(() => expect(currentUrl()).toBe('/clinicdashboard'));
    expect(calls[0]?.body).toMatchObject({ role: 'Clinic', plan: 'professional' });
  });
});

describe('who signs up', () => {
  it('asks a professional for designation and skills, and a clinic for neither', async () => {
    const calls = fakeApi(() => signedUp({ ...AMINA, role: 'Clinic' }));
    await renderScreen(<SignupPage />, { path: '/signup' });
    const professional = await screen.findByRole('radio', { name: /^A health professional/ });
    expect(professional).toBeChecked();
    expect(professional).toHaveAccessibleDescription(/^Nurses, doctors/);
    expect(screen.getByLabelText('Full name')).toBeInTheDocument();
    await userEvent.type(screen.getByLabelText('Designation (e.g. Registered Nurse)'), 'Nurse');
    await userEvent.type(screen.getByLabelText('Skills'), 'Triage');
    expect(screen.getByLabelText('About you')).toBeInTheDocument();

    await userEvent.click(screen.getByRole('radio', { name: /^A clinic or organisation/ }));
    expect(screen.queryByLabelText('Designation (e.g. Registered Nurse)')).toBeNull();
    expect(screen.queryByLabelText('Skills')).toBeNull();
    expect(screen.queryByLabelText('Full name')).toBeNull();
    expect(screen.getByLabelText('About your organisation')).toBeInTheDocument();
    await userEvent.type(screen.getByLabelText('Clinic or organisation name'), 'Nakuru Family Clinic');
    await userEvent.type(screen.getByLabelText('E-mail'), 'clinic@example.org');
    await userEvent.type(screen.getByLabelText('Password'), 'a good long password');
    await userEvent.type(screen.getByLabelText('Confirm password'), 'a good long password');
    await userEvent.click(screen.getByRole('button', { name: 'Sign up' }));
    // What was typed as a professional stays behind.
    await waitFor(() => expect(calls).toHaveLength(1));
    expect(calls[0]?.body).toMatchObject({ role: 'Clinic', name: 'Nakuru Family Clinic' });
    expect(calls[0]?.body).not.toHaveProperty('designation');
    expect(calls[0]?.body).not.toHaveProperty('skills');
  });

  it("starts as a clinic from the landing page's clinic path", async () => {
    await renderScreen(<SignupPage />, { path: '/signup?role=Clinic' });
    expect(await screen.findByRole('radio', { name: /^A clinic or organisation/ })).toBeChecked();
    expect(screen.getByLabelText('Clinic or organisation name')).toBeInTheDocument();
  });
});

describe('the signup form', () => {
  it("asks for the town and the country (Connect's filters), and sends them", async () => {
    const calls = fakeApi(() => ({ status: 400, body: { success: false, message: 'stop here' } }));
    await renderScreen(<SignupPage />, { path: '/signup' });
    await userEvent.type(await screen.findByLabelText('Full name'), 'Amina Wanjiru');
    await userEvent.type(screen.getByLabelText('E-mail'), 'amina@example.org');
    await userEvent.type(screen.getByLabelText('Password'), 'a good long password');
    await userEvent.type(screen.getByLabelText('Confirm password'), 'a good long password');
    expect(screen.getByLabelText('Town or city')).toHaveAttribute('autocomplete', 'address-level2');
    expect(screen.getByLabelText('Country')).toHaveAttribute('autocomplete', 'country-name');
    await userEvent.type(screen.getByLabelText('Town or city'), 'Kisumu');
    await userEvent.type(screen.getByLabelText('Country'), 'Kenya');
    await userEvent.click(screen.getByRole('button', { name: 'Sign up' }));
    await waitFor(() => expect(calls).toHaveLength(1));
    expect(calls[0]!.body).toMatchObject({ location: 'Kisumu', country: 'Kenya' });
    expect(calls[0]!.body).not.toHaveProperty('address');
  });

  it('shows each error beside its field, focuses the first and announces how many', async () => {
    const calls = fakeApi(() => ({ status: 201 }));
    await renderScreen(<SignupPage />, { path: '/signup' });
    await userEvent.type(await screen.findByLabelText('E-mail'), 'amina@example.org');
    await userEvent.type(screen.getByLabelText('Password'), 'a good long password');
    await userEvent.type(screen.getByLabelText('Confirm password'), 'another password');
    await userEvent.click(screen.getByRole('button', { name: 'Sign up' }));

    const name = screen.getByLabelText('Full name');
    expect(name).toHaveFocus();
    expect(name).toHaveAttribute('aria-invalid', 'true');
    expect(name).toHaveAccessibleDescription('This field is required.');
    const confirm = screen.getByLabelText('Confirm password');
    expect(confirm).toHaveAttribute('aria-invalid', 'true');
    expect(confirm).toHaveAccessibleDescription('The passwords do not match.');
    expect(screen.getByLabelText('E-mail')).not.toHaveAttribute('aria-invalid');
    expect(screen.getByRole('status')).toHaveTextContent('2 fields need attention.');
    expect(calls).toHaveLength(0);

    // Mended, the second submit finds only the remaining field, and says so again.
    await userEvent.type(name, 'Amina Wanjiru');
    await userEvent.click(screen.getByRole('button', { name: 'Sign up' }));
    expect(confirm).toHaveFocus();
    expect(screen.getByRole('status')).toHaveTextContent('1 field needs attention.');
  });

  it.each([
    ['auth.email_taken', 'E-mail', 'An account with this email already exists.'],
    [
      'auth.password_common',
      'Password',
      'This is one of the most common passwords, so it is easy to guess. Please choose another.',
    ],
  ])('shows the server refusal %s at its field', async (code, label, text) => {
    fakeApi(() => ({ status: 409, body: { success: false, message: 'refused', code } }));
    await renderScreen(<SignupPage />, { path: '/signup' });
    await userEvent.type(await screen.findByLabelText('Full name'), 'Amina');
    await userEvent.type(screen.getByLabelText('E-mail'), 'amina@example.org');
    await userEvent.type(screen.getByLabelText('Password'), 'password1234');
    await userEvent.type(screen.getByLabelText('Confirm password'), 'password1234');
    await userEvent.click(screen.getByRole('button', { name: 'Sign up' }));
    const field = screen.getByLabelText(label);
    await waitFor(() => expect(field).toHaveFocus());
    expect(field).toHaveAttribute('aria-invalid', 'true');
    expect(field).toHaveAccessibleDescription(text);
  });

  it('keeps what was typed when the language changes', async () => {
    await renderScreen(<SignupPage />, { path: '/signup' });
    await userEvent.type(await screen.findByLabelText('Full name'), 'Amina Wanjiru');
    await userEvent.type(screen.getByLabelText('Skills'), 'Triage, Midwifery');
    await act(async () => useLanguage.getState().setLanguage('sw'));
    expect(await screen.findByRole('heading', { name: 'Fungua akaunti yako' })).toBeInTheDocument();
    expect(screen.getByLabelText('Jina kamili')).toHaveValue('Amina Wanjiru');
    expect(screen.getByLabelText('Ujuzi')).toHaveValue('Triage, Midwifery');
  });
});
