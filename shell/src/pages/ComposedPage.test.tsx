import { act, render, screen, within } from '@testing-library/react';
import { loadRemote } from '@module-federation/enhanced/runtime';
import type { RemotesManifest } from '@platform/contracts';
import { dashboardPath, useSession, useSiteMap } from '@platform/shell-state';
import { initI18n, registerNamespace } from '@platform/ui';
import { deferred } from '@platform/ui/testing';
import { App } from '../App';
import { forgetModule } from '../remotes';
import { siteMapOf } from '../site-map';

jest.mock('@module-federation/enhanced/runtime', () => ({
  loadRemote: jest.fn(),
  registerRemotes: jest.fn(),
}));
const load = loadRemote as jest.MockedFunction<typeof loadRemote>;

registerNamespace('shell', (lng) => import(`../locales/${lng}.json`));

/** Hire and Events each give both dashboards a widget; Events is listed first but ordered after Hire. */
const manifest: RemotesManifest = {
  remotes: [
    {
      name: 'mf_events',
      entry: '/mf/mf-events/remoteEntry.js',
      routes: ['/event'],
      widgets: [
        { slot: 'clinic-dashboard', module: './ClinicEvents', order: 20 },
        { slot: 'user-dashboard', module: './UserEvents', order: 20 },
      ],
    },
    {
      name: 'mf_hire',
      entry: '/mf/mf-hire/remoteEntry.js',
      routes: ['/hire'],
      widgets: [
        { slot: 'clinic-dashboard', module: './ClinicJobs', order: 10 },
        { slot: 'user-dashboard', module: './UserJobs', order: 10 },
      ],
    },
  ],
  navigation: [],
  footer: [],
};

const widgets: Record<string, () => React.ReactNode> = {
  'mf_hire/ClinicJobs': () => <h2>Post New Job</h2>,
  'mf_hire/UserJobs': () => <h2>Your Job Applications</h2>,
  'mf_events/ClinicEvents': () => <h2>Your events</h2>,
  'mf_events/UserEvents': () => <h2>My upcoming events</h2>,
};

const AMINA = { id: 'u-amina', name: 'Amina Wanjiru', email: 'amina@example.org', role: 'user' as const };
const CLINIC = {
  id: 'u-clinic',
  name: 'Nakuru Family Clinic',
  email: 'hr@nakuru.example',
  role: 'Clinic' as const,
};

beforeAll(() => initI18n('en'));
beforeEach(() => {
  load.mockReset();
  load.mockImplementation(async (id: string) => ({ default: widgets[id] }));
  localStorage.setItem('afya.cookieConsent', 'accepted');
  for (const id of Object.keys(widgets)) {
    const [name, module] = id.split('/');
    forgetModule(name!, `./${module}`);
  }
  useSession.getState().signOut();
  useSiteMap.setState(siteMapOf(manifest));
});

async function visit(path: string) {
  window.history.replaceState(null, '', path);
  await act(async () => {
    render(<App manifest={manifest} />);
  });
}

describe("the shell's dashboards, composed of the modules' widgets", () => {
  it("shows a professional every module's widget on /userdashboard, in the descriptors' order", async () => {
    useSession.getState().signIn('token', AMINA);
    await visit('/userdashboard');
    expect(await screen.findByRole('heading', { name: 'My dashboard', level: 1 })).toBeInTheDocument();
    expect(await screen.findByRole('heading', { name: 'My upcoming events' })).toBeInTheDocument();
    const main = within(screen.getByRole('main'));
    expect(main.getAllByRole('heading', { level: 2 }).map((h) => h.textContent)).toEqual([
      'Your Job Applications',
      'My upcoming events',
    ]);
    expect(document.title).toBe('My dashboard — AfyaHR');
  });

  it('keeps the widgets out of sight behind a busy skeleton until the last has loaded, then shows them at once', async () => {
    const events = deferred<{ default: () => React.ReactNode }>();
    load.mockImplementation(async (id: string) =>
      id === 'mf_events/UserEvents' ? events.promise : { default: widgets[id] },
    );
    useSession.getState().signIn('token', AMINA);
    await visit('/userdashboard');
    expect(screen.getByRole('heading', { name: 'My dashboard', level: 1 })).toBeInTheDocument();
    const region = document.querySelector('.composed-widgets')!;
    expect(region).toHaveAttribute('aria-busy', 'true');
    expect(within(screen.getByRole('main')).getByRole('status')).toHaveTextContent('Loading your dashboard…');
    // Hire's widget has loaded but waits for Events', so Events' never pushes it down.
    expect(screen.queryByRole('heading', { name: 'Your Job Applications' })).not.toBeInTheDocument();

    await act(async () => events.resolve({ default: widgets['mf_events/UserEvents']! }));
    expect(region).toHaveAttribute('aria-busy', 'false');
    expect(screen.getByRole('heading', { name: 'Your Job Applications' })).toBeVisible();
    expect(screen.getByRole('heading', { name: 'My upcoming events' })).toBeVisible();
    expect(within(screen.getByRole('main')).queryByRole('status')).not.toBeInTheDocument();
  });

  it('sends each role to its own dashboard: professionals to /userdashboard, clinics to /clinicdashboard', () => {
    expect(dashboardPath('user')).toBe('/userdashboard');
    expect(dashboardPath('Clinic')).toBe('/clinicdashboard');
    // No module gives the professional's dashboard a widget: there is no such page to send them to.
    useSiteMap.setState(siteMapOf({ ...manifest, remotes: [] }));
    expect(dashboardPath('user')).toBeNull();
  });

  it('sends a visitor to log in and back', async () => {
    await visit('/userdashboard');
    expect(window.location.pathname + window.location.search).toBe('/login?next=%2Fuserdashboard');
  });

  it('tells a clinic the page is for professionals and links to its own dashboard, loading no widget', async () => {
    useSession.getState().signIn('token', CLINIC);
    await visit('/userdashboard');
    expect(await screen.findByRole('status')).toHaveTextContent(
      'This dashboard is for professionals. Clinic accounts manage their jobs and events on the clinic dashboard.',
    );
    expect(screen.getByRole('link', { name: 'Go to your dashboard' })).toHaveAttribute(
      'href',
      '/clinicdashboard',
    );
    expect(load).not.toHaveBeenCalled();
  });
});
