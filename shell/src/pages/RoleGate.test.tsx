import { act, render, screen } from '@testing-library/react';
import { loadRemote } from '@module-federation/enhanced/runtime';
import type { RemotesManifest } from '@platform/contracts';
import { useSession, useSiteMap } from '@platform/shell-state';
import { initI18n, registerNamespace } from '@platform/ui';
import { App } from '../App';
import { forgetModule } from '../remotes';
import { siteMapOf } from '../site-map';

jest.mock('@module-federation/enhanced/runtime', () => ({
  loadRemote: jest.fn(),
  registerRemotes: jest.fn(),
}));
const load = loadRemote as jest.MockedFunction<typeof loadRemote>;

registerNamespace('shell', (lng) => import(`../locales/${lng}.json`));

/** The Admin module's remote owns /admin, which its descriptor makes the admin's Dashboard. */
const manifest: RemotesManifest = {
  remotes: [
    { name: 'mf_content', entry: '/mf/mf-content/remoteEntry.js', routes: ['/admin'] },
    {
      name: 'mf_hire',
      entry: '/mf/mf-hire/remoteEntry.js',
      routes: ['/hire'],
      widgets: [{ slot: 'clinic-dashboard', module: './ClinicJobs', order: 10 }],
    },
  ],
  navigation: [],
  footer: [],
  dashboards: { admin: '/admin' },
};

const modules: Record<string, unknown> = {
  'mf_content/routes': [
    { path: '/admin', Component: () => <h1>Admin dashboard</h1> },
    { path: '/admin/users', Component: () => <h1>User management</h1> },
  ],
  'mf_hire/routes': [{ path: '/hire', Component: () => <h1>Jobs</h1> }],
};

const ADMIN = { id: 'u-admin', name: 'Wanjiku Admin', email: 'admin@afyahr.example', role: 'admin' as const };
const CLINIC = {
  id: 'u-clinic',
  name: 'Nakuru Family Clinic',
  email: 'hr@nakuru.example',
  role: 'Clinic' as const,
};
const AMINA = { id: 'u-amina', name: 'Amina Wanjiru', email: 'amina@example.org', role: 'user' as const };

beforeAll(() => initI18n('en'));
beforeEach(() => {
  load.mockReset();
  load.mockImplementation(async (id: string) => ({ default: modules[id] }));
  localStorage.setItem('afya.cookieConsent', 'accepted');
  forgetModule('mf_content');
  forgetModule('mf_hire');
  useSession.getState().signOut();
  useSiteMap.setState(siteMapOf(manifest));
});

async function visit(path: string) {
  window.history.replaceState(null, '', path);
  await act(async () => {
    render(<App manifest={manifest} />);
  });
}

describe('/admin, the admin Dashboard a remote owns', () => {
  it('opens for an admin, on every page under it', async () => {
    useSession.getState().signIn('token', ADMIN);
    await visit('/admin/users');
    expect(await screen.findByRole('heading', { name: 'User management', level: 1 })).toBeInTheDocument();
    expect(load).toHaveBeenCalledWith('mf_content/routes');
  });

  it('sends a visitor to log in and back to the page asked for', async () => {
    await visit('/admin/users?search=amina');
    expect(window.location.pathname + window.location.search).toBe(
      `/login?next=${encodeURIComponent('/admin/users?search=amina')}`,
    );
    expect(load).not.toHaveBeenCalled();
  });

  it("turns a clinic away with the reason and a link to its own dashboard, running none of the panel's routes", async () => {
    useSession.getState().signIn('token', CLINIC);
    await visit('/admin');
    expect(await screen.findByRole('heading', { name: 'Admin panel', level: 1 })).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent(
      'The admin panel is for AfyaHR administrators. Your account cannot open it.',
    );
    expect(screen.getByRole('link', { name: 'Go to your dashboard' })).toHaveAttribute(
      'href',
      '/clinicdashboard',
    );
    expect(load).not.toHaveBeenCalled();
  });

  it('turns a professional away too, and leaves other remotes open to everyone', async () => {
    useSession.getState().signIn('token', AMINA);
    await visit('/admin/dashboard');
    expect(await screen.findByRole('status')).toHaveTextContent(
      'The admin panel is for AfyaHR administrators.',
    );
    expect(screen.queryByRole('heading', { name: 'Admin dashboard' })).not.toBeInTheDocument();
  });

  it('does not guard a prefix that is no role’s Dashboard', async () => {
    await visit('/hire');
    expect(await screen.findByRole('heading', { name: 'Jobs', level: 1 })).toBeInTheDocument();
  });
});
