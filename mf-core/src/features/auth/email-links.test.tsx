import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useLanguage, useSession, useSiteMap } from '@platform/shell-state';
import { currentUrl, fakeApi, renderScreen } from '@platform/ui/testing';
import { AMINA, resetSession } from '../../test/fixtures';
import LoginPage from './LoginPage';
import ForgotPasswordPage from './ForgotPasswordPage';
import ResetPasswordPage from './ResetPasswordPage';
import SignInLinkPage from './SignInLinkPage';
import VerifyEmailPage from './VerifyEmailPage';
import { VerifyEmailNotice } from './VerifyEmailNotice';

const SECRET = 'k3Yb0ardCatWalksOnTheLink_-0123456789abcdef';

beforeEach(() => {
  resetSession();
  useSiteMap.setState({ dashboards: { user: '/userdashboard', Clinic: '/clinicdashboard' } });
});
afterEach(() => act(() => useLanguage.getState().setLanguage('en')));

describe('forgot password', () => {
  it('is offered on the login page', async () => {
    await renderScreen(<LoginPage />, { path: '/login' });
    expect(await screen.findByRole('link', { name: 'Forgot password?' })).toHaveAttribute(
      'href',
      '/login/forgot',
    );
  });

  it('asks for a reset link or a sign-in link and says the same whatever the address', async () => {
    const calls = fakeApi(() => ({ status: 202, body: { success: true, message: 'sent' } }));
    await renderScreen(<ForgotPasswordPage />, { path: '/login/forgot' });
    await userEvent.click(await screen.findByRole('button', { name: 'Send me a reset link' }));
    expect(await screen.findByText('This field is required.')).toBeInTheDocument();
    expect(calls).toHaveLength(0);

    await userEvent.type(screen.getByLabelText('E-mail'), ' amina@example.org ');
    await userEvent.click(screen.getByRole('button', { name: 'Send me a reset link' }));
    expect(
      await screen.findByText(/If an account uses this address, we have sent it a link/),
    ).toBeInTheDocument();
    expect(calls[0]).toMatchObject({
      method: 'POST',
      path: '/api/user/password/forgot',
      body: { email: 'amina@example.org' },
    });

    await userEvent.click(screen.getByRole('button', { name: 'E-mail me a sign-in link' }));
    await waitFor(() => expect(calls[1]).toMatchObject({ path: '/api/user/login/link' }));
    expect(await screen.findByText(/sent it a sign-in link/)).toBeInTheDocument();
  });

  it('speaks Kiswahili', async () => {
    fakeApi(() => ({ status: 202, body: { success: true } }));
    await renderScreen(<ForgotPasswordPage />, { path: '/login/forgot' });
    await act(() => useLanguage.getState().setLanguage('sw'));
    expect(await screen.findByRole('heading', { name: 'Umesahau nenosiri lako?' })).toBeInTheDocument();
  });
});

describe('the reset link', () => {
  it('sets the new password with the secret from the link, typed twice alike', async () => {
    const calls = fakeApi(() => ({ body: { success: true, message: 'changed' } }));
    await renderScreen(<ResetPasswordPage />, { path: `/reset-password#token=${SECRET}` });
    await userEvent.type(await screen.findByLabelText('New password'), 'Mangoes ripen slowly');
    await userEvent.type(screen.getByLabelText('Confirm password'), 'Mangoes ripen quickly');
    await userEvent.click(screen.getByRole('button', { name: 'Save the new password' }));
    expect(await screen.findByText('The passwords do not match.')).toBeInTheDocument();
    expect(calls).toHaveLength(0);

    await userEvent.clear(screen.getByLabelText('Confirm password'));
    await userEvent.type(screen.getByLabelText('Confirm password'), 'Mangoes ripen slowly');
    await userEvent.click(screen.getByRole('button', { name: 'Save the new password' }));
    expect(await screen.findByText('Your password was changed. Please log in with it.')).toBeInTheDocument();
    expect(calls[0]).toMatchObject({
      path: '/api/user/password/reset',
      body: { token: SECRET, password: 'Mangoes ripen slowly' },
    });
  });

  it('shows a refused password at its field, and a used link as gone with a way to ask again', async () => {
    let answer: { status: number; body: Record<string, unknown> } = {
      status: 400,
      body: {
        success: false,
        message: 'weak',
        code: 'auth.password_weak',
        hints: ['warning.similarToCommon', 'suggestion.anotherWord'],
      },
    };
    fakeApi(() => answer);
    await renderScreen(<ResetPasswordPage />, { path: `/reset-password#token=${SECRET}` });
    const password = await screen.findByLabelText('New password');
    await userEvent.type(password, 'Password1!');
    await userEvent.type(screen.getByLabelText('Confirm password'), 'Password1!');
    await userEvent.click(screen.getByRole('button', { name: 'Save the new password' }));
    // The estimator's feedback, translated, at the field.
    await waitFor(() =>
      expect(password).toHaveAccessibleDescription(
        'This password is easy to guess. Use several less common words. This is similar to a commonly used password. Add more words that are less common.',
      ),
    );

    answer = { status: 410, body: { success: false, message: 'gone', code: 'auth.link_invalid' } };
    await userEvent.click(screen.getByRole('button', { name: 'Save the new password' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('This link has expired or was already used.');
    expect(screen.getByRole('link', { name: 'Ask for a new link' })).toHaveAttribute('href', '/login/forgot');
  });

  it('without a secret in the address, says so and offers a new link', async () => {
    await renderScreen(<ResetPasswordPage />, { path: '/reset-password' });
    expect(await screen.findByRole('link', { name: 'Ask for a new link' })).toBeInTheDocument();
    expect(screen.queryByLabelText('New password')).toBeNull();
  });
});

describe('the sign-in link', () => {
  it('signs in only when pressed, then goes where the role works', async () => {
    const calls = fakeApi(() => ({ body: { success: true, token: 'token-1', user: AMINA } }));
    await renderScreen(<SignInLinkPage />, { path: `/login/link#token=${SECRET}` });
    const press = await screen.findByRole('button', { name: 'Sign in' });
    expect(calls).toHaveLength(0);
    await userEvent.click(press);
    await waitFor(() => expect(currentUrl()).toBe('/userdashboard'));
    expect(useSession.getState().user?.name).toBe('Amina Wanjiru');
    expect(calls[0]).toMatchObject({ path: '/api/user/login/link/redeem', body: { token: SECRET } });
  });
});

describe('e-mail verification', () => {
  it('verifies the address with the secret from the link', async () => {
    const calls = fakeApi(() => ({ body: { success: true, message: 'verified' } }));
    await renderScreen(<VerifyEmailPage />, { path: `/verify-email#token=${SECRET}` });
    expect(await screen.findByText('Your e-mail address is verified.')).toBeInTheDocument();
    expect(calls[0]).toMatchObject({ path: '/api/user/email/verify', body: { token: SECRET } });
  });

  it('says what an unverified address stops and sends the link again', async () => {
    const calls = fakeApi(() => ({ status: 202, body: { success: true, message: 'sent' } }));
    await renderScreen(<VerifyEmailNotice email="amina@example.org" />);
    expect(await screen.findByText(/cannot join a clinic’s team/)).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Send the link again' }));
    expect(await screen.findByText('We have sent a new link to amina@example.org.')).toBeInTheDocument();
    expect(calls[0]).toMatchObject({ method: 'POST', path: '/api/user/email/verification' });
  });
});
