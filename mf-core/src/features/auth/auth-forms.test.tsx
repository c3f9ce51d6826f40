import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useSession } from '@platform/shell-state';
import { currentUrl, fakeApi, renderScreen } from '@platform/ui/testing';
import { AMINA, resetSession } from '../../test/fixtures';
import LoginPage from './LoginPage';
import SignupPage from './SignupPage';

beforeEach(resetSession);

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
});

describe('the signup form', () => {
  it('sends nothing while the two passwords differ', async () => {
    const calls = fakeApi(() => ({ status: 201 }));
    await renderScreen(<SignupPage />, { path: '/signup' });
    await userEvent.type(await screen.findByLabelText('Full name or organisation name'), 'Amina Wanjiru');
    await userEvent.type(screen.getByLabelText('E-mail'), 'amina@example.org');
    await userEvent.type(screen.getByLabelText('Password'), 'a good long password');
    await userEvent.type(screen.getByLabelText('Confirm password'), 'another password');
    await userEvent.click(screen.getByRole('button', { name: 'Sign up' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('The passwords do not match.');
    expect(calls).toHaveLength(0);
  });
});
