import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderScreen } from '@platform/ui/testing';
import { ADMIN, resetSession } from '../../test/fixtures';
import { AdminFrame } from './AdminFrame';

beforeEach(resetSession);
afterEach(() => {
  window.innerWidth = 1024;
});

const frame = (
  <AdminFrame section="users">
    <p>Page body</p>
  </AdminFrame>
);

describe("the admin panel's frame", () => {
  it("names the signed-in admin, lists the spec's sections with Inbox, Moderation and Audit, and marks the current one", async () => {
    await renderScreen(frame, { path: '/admin/users' });
    expect(await screen.findByText('Admin panel')).toBeInTheDocument();
    expect(screen.getByText(`Welcome, ${ADMIN.name}`)).toBeInTheDocument();
    const nav = screen.getByRole('navigation', { name: 'Admin panel sections' });
    const links = within(nav).getAllByRole('link');
    expect(links.map((l) => [l.textContent, l.getAttribute('href')])).toEqual([
      ['Dashboard', '/admin/dashboard'],
      ['Content management', '/admin/content'],
      ['User management', '/admin/users'],
      ['Blog and news', '/admin/blog'],
      ['Inbox', '/admin/inbox'],
      ['Moderation', '/admin/moderation'],
      ['Audit log', '/admin/audit'],
      ['Billing', '/admin/billing'],
    ]);
    expect(within(nav).getByRole('link', { current: 'page' })).toHaveTextContent('User management');
    // Settings did nothing in the original: it is not offered.
    expect(within(nav).queryByText(/settings/i)).not.toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'User management', level: 1 })).toBeInTheDocument();
    expect(document.title).toBe('User management — AfyaHR');
    expect(screen.queryByRole('button', { name: 'Menu' })).not.toBeInTheDocument();
  });

  it('folds the sections behind Menu on a phone', async () => {
    window.innerWidth = 360;
    await renderScreen(frame, { path: '/admin/users' });
    const menu = await screen.findByRole('button', { name: 'Menu' });
    expect(menu).toHaveAttribute('aria-expanded', 'false');
    expect(screen.queryByRole('navigation', { name: 'Admin panel sections' })).not.toBeInTheDocument();
    await userEvent.click(menu);
    expect(menu).toHaveAttribute('aria-expanded', 'true');
    const nav = screen.getByRole('navigation', { name: 'Admin panel sections' });
    expect(menu).toHaveAttribute('aria-controls', nav.id);
    await userEvent.click(within(nav).getByRole('link', { name: 'Inbox' }));
    expect(window.location.pathname).toBe('/admin/inbox');
    expect(screen.queryByRole('navigation', { name: 'Admin panel sections' })).not.toBeInTheDocument();
  });
});
