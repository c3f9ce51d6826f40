import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { registerNamespace } from '@platform/ui';
import { renderScreen } from '@platform/ui/testing';
import { useSiteMap } from '@platform/shell-state';
import { Layout } from './Layout';

registerNamespace('shell', (lng) => import(`../locales/${lng}.json`));

beforeEach(() => {
  localStorage.setItem('afya.cookieConsent', 'accepted');
  useSiteMap.setState({
    navigation: [
      { path: '/', label: { en: 'Home', sw: 'Nyumbani', fr: 'Accueil' }, order: 0 },
      { path: '/hire', label: { en: 'Hire', sw: 'Hire', fr: 'Hire' }, order: 20 },
    ],
  });
});

async function openMenu() {
  await renderScreen(
    <Layout>
      <h1>Jobs</h1>
      <a href="/elsewhere">A link on the page</a>
    </Layout>,
    { path: '/hire' },
  );
  const toggle = await screen.findByRole('button', { name: 'Open menu' });
  await userEvent.click(toggle);
  return toggle;
}

describe('the mobile menu', () => {
  it('keeps Tab and Shift+Tab inside the open menu, the page behind inert', async () => {
    const toggle = await openMenu();
    expect(toggle).toHaveAccessibleName('Close menu');
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    expect(screen.getByRole('main')).toHaveAttribute('inert');
    expect(screen.getByRole('link', { name: 'AfyaHR' })).toHaveAttribute('inert');

    const menu = screen.getByRole('navigation', { name: 'Main' });
    const last = within(menu).getByRole('link', { name: 'Sign up' });
    expect(toggle).toHaveFocus();
    await userEvent.tab({ shift: true });
    expect(last).toHaveFocus();
    await userEvent.tab();
    expect(toggle).toHaveFocus();
    // Forward through every item of the menu and back to the toggle, never into the page.
    for (let i = 0; i < 10; i++) {
      await userEvent.tab();
      expect(screen.getByRole('banner').contains(document.activeElement)).toBe(true);
    }
  });

  it('closes on Escape, gives focus back to the toggle and the page back to everyone', async () => {
    const toggle = await openMenu();
    await userEvent.tab();
    expect(toggle).not.toHaveFocus();
    await userEvent.keyboard('{Escape}');
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    expect(toggle).toHaveAccessibleName('Open menu');
    expect(toggle).toHaveFocus();
    expect(screen.getByRole('main')).not.toHaveAttribute('inert');
    expect(screen.getByRole('link', { name: 'AfyaHR' })).not.toHaveAttribute('inert');
  });
});
