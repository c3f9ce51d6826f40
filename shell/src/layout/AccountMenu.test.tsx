import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { registerNamespace } from '@platform/ui';
import { renderScreen } from '@platform/ui/testing';
import { useSession, useSiteMap } from '@platform/shell-state';
import { Layout } from './Layout';

registerNamespace('shell', (lng) => import(`../locales/${lng}.json`));

function signedIn(role: 'user' | 'Clinic') {
  localStorage.setItem('afya.cookieConsent', 'accepted');
  useSiteMap.setState({
    navigation: [
      { path: '/', label: { en: 'Home', sw: 'Nyumbani', fr: 'Accueil' }, order: 0 },
      { path: '/billing', label: { en: 'Billing', sw: 'Billing', fr: 'Billing' }, order: 50 },
    ],
    dashboards: { user: '/userdashboard', Clinic: '/clinicdashboard' },
  });
  useSession.getState().signIn('a-token', { id: 'u1', name: 'Amina Wanjiru', email: 'a@x.org', role });
}

async function site() {
  await renderScreen(
    <Layout>
      <h1>Dashboard</h1>
      <a href="/elsewhere">A link on the page</a>
    </Layout>,
    { path: '/userdashboard' },
  );
  const account = await screen.findByRole('button', { name: 'Account' });
  return { account, banner: screen.getByRole('banner') };
}

afterEach(() => act(() => useSession.getState().signOut()));

describe('the account menu', () => {
  it('holds the account actions behind one button: no Log out or profile in the bar itself', async () => {
    signedIn('user');
    const { account, banner } = await site();
    expect(account).toHaveAttribute('aria-expanded', 'false');
    expect(within(banner).queryByRole('button', { name: 'Log out' })).toBeNull();
    expect(within(banner).queryByRole('link', { name: 'My profile' })).toBeNull();
    expect(within(banner).getByRole('button', { name: 'Dashboard' })).toBeVisible();

    await userEvent.click(account);
    expect(account).toHaveAttribute('aria-expanded', 'true');
    const list = document.getElementById(account.getAttribute('aria-controls')!)!;
    expect(list).toBeVisible();
    expect(list).toHaveTextContent('Signed in as Amina Wanjiru');
    expect(within(list).getByRole('link', { name: 'My profile' })).toHaveAttribute('href', '/profile');
    expect(within(list).getByRole('button', { name: 'Log out' })).toBeVisible();
    // Billing is a clinic's.
    expect(within(list).queryByRole('link', { name: 'Billing' })).toBeNull();
  });

  it('offers a clinic its billing', async () => {
    signedIn('Clinic');
    const { account } = await site();
    await userEvent.click(account);
    const list = document.getElementById(account.getAttribute('aria-controls')!)!;
    expect(within(list).getByRole('link', { name: 'Billing' })).toHaveAttribute('href', '/billing');
  });

  it('moves by arrow keys, Home and End; Escape closes and gives focus back; Tab out closes', async () => {
    signedIn('Clinic');
    const { account } = await site();
    account.focus();
    await userEvent.keyboard('{ArrowDown}');
    expect(account).toHaveAttribute('aria-expanded', 'true');
    const list = document.getElementById(account.getAttribute('aria-controls')!)!;
    const profile = within(list).getByRole('link', { name: 'My profile' });
    const billing = within(list).getByRole('link', { name: 'Billing' });
    const logout = within(list).getByRole('button', { name: 'Log out' });
    await screenFocus(profile);
    await userEvent.keyboard('{ArrowDown}');
    await screenFocus(billing);
    await userEvent.keyboard('{End}');
    await screenFocus(logout);
    await userEvent.keyboard('{ArrowDown}');
    await screenFocus(profile);
    await userEvent.keyboard('{ArrowUp}');
    await screenFocus(logout);
    await userEvent.keyboard('{Home}');
    await screenFocus(profile);

    await userEvent.keyboard('{Escape}');
    expect(account).toHaveAttribute('aria-expanded', 'false');
    expect(account).toHaveFocus();
    expect(list).not.toBeVisible();

    // ArrowUp opens on the last item; Tab past the last item leaves and closes the list.
    await userEvent.keyboard('{ArrowUp}');
    await screenFocus(logout);
    await userEvent.tab();
    expect(account).toHaveAttribute('aria-expanded', 'false');
  });

  it('acts on the item a key moved to, however fast the next key comes (End then Enter logs out)', async () => {
    signedIn('user');
    const { account } = await site();
    account.focus();
    // Typed at once, as a screen-reader user does: each key goes to the element focused at that moment.
    await userEvent.keyboard('{ArrowDown}{End}{Enter}', { delay: null });
    await act(async () => {});
    expect(useSession.getState().token).toBeNull();
  });

  it("closes in the phone's menu sheet on Escape without closing the sheet", async () => {
    signedIn('user');
    await site();
    const toggle = screen.getByRole('button', { name: 'Open menu' });
    await userEvent.click(toggle);
    const account = screen.getByRole('button', { name: 'Account' });
    await userEvent.click(account);
    expect(account).toHaveAttribute('aria-expanded', 'true');
    await userEvent.keyboard('{Escape}');
    expect(account).toHaveAttribute('aria-expanded', 'false');
    expect(account).toHaveFocus();
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    // A second Escape is the sheet's.
    await userEvent.keyboard('{Escape}');
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
  });
});

/** Focus moves on the next frame (the list is shown first). */
async function screenFocus(el: HTMLElement) {
  await act(() => new Promise((r) => requestAnimationFrame(r)));
  expect(el).toHaveFocus();
}
