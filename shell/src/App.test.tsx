import { act, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { loadRemote } from '@module-federation/enhanced/runtime';
import type { RemotesManifest } from '@platform/contracts';
import { useParams } from '@platform/router';
import { initI18n, registerNamespace } from '@platform/ui';
import { App } from './App';
import { forgetModule } from './remotes';
import { siteMapOf } from './site-map';
import { useSiteMap } from '@platform/shell-state';

jest.mock('@module-federation/enhanced/runtime', () => ({
  loadRemote: jest.fn(),
  registerRemotes: jest.fn(),
}));
const load = loadRemote as jest.MockedFunction<typeof loadRemote>;

registerNamespace('shell', (lng) => import(`./locales/${lng}.json`));

const manifest: RemotesManifest = {
  remotes: [
    { name: 'mf_core', entry: '/mf/mf-core/remoteEntry.js', routes: ['/', '/login'] },
    { name: 'mf_hire', entry: '/mf/mf-hire/remoteEntry.js', routes: ['/hire', '/userdashboard'] },
  ],
  // As the gateway derives them from the modules' descriptors.
  navigation: [
    { path: '/', label: { en: 'Home', sw: 'Nyumbani', fr: 'Accueil' }, order: 0 },
    { path: '/hire', label: { en: 'Hire', sw: 'Ajira', fr: 'Recrutement' }, order: 20 },
  ],
  footer: [{ path: '/hire', label: { en: 'Hire', sw: 'Ajira', fr: 'Recrutement' }, order: 20 }],
  dashboards: { user: '/userdashboard' },
};

function JobPage() {
  return <h1>Job {useParams().id}</h1>;
}
// What each remote's `./routes` exposes: its pages by full path.
const remoteRoutes: Record<string, Array<{ path: string; Component: () => React.ReactNode }>> = {
  'mf_core/routes': [
    { path: '/', Component: () => <h1>Smarter HR for healthcare teams</h1> },
    { path: '/login', Component: () => <h1>Log in</h1> },
  ],
  'mf_hire/routes': [
    { path: '/hire', Component: () => <h1>Job board</h1> },
    { path: '/hire/:id', Component: JobPage },
    { path: '/userdashboard', Component: () => <h1>My dashboard</h1> },
    // Not a prefix the manifest gives mf_hire: never served.
    { path: '/admin', Component: () => <h1>Hire admin</h1> },
  ],
};

beforeAll(() => initI18n('en'));
beforeEach(() => {
  load.mockReset();
  load.mockImplementation(async (id: string) => ({ default: remoteRoutes[id] }));
  localStorage.setItem('afya.cookieConsent', 'accepted');
  for (const name of ['mf_core', 'mf_hire']) forgetModule(name);
});

async function visit(path: string) {
  window.history.replaceState(null, '', path);
  // In act until the remote's code has arrived (see press).
  // As bootstrap does: the manifest's links and dashboards become the site map.
  useSiteMap.setState(siteMapOf(manifest));
  await act(async () => {
    render(<App manifest={manifest} />);
  });
  // The site around the page: the navigation bar is there whatever the page does.
  await screen.findByRole('navigation', { name: 'Main' });
}

const remotesLoaded = () => load.mock.calls.map(([id]) => id);

/**
 * A click that opens another remote's page. Inside act until the page's code has arrived: React tests
 * hold a suspended navigation otherwise (a browser simply shows the page when the code arrives).
 */
const press = (element: HTMLElement) =>
  act(async () => {
    await userEvent.click(element);
  });

describe('the shell', () => {
  it("serves every path under a remote's prefix from that remote, which routes inside it", async () => {
    await visit('/hire/7b1c');
    expect(await screen.findByRole('heading', { name: 'Job 7b1c' })).toBeInTheDocument();
    // Only the remote serving the page is downloaded.
    expect(remotesLoaded()).toEqual(['mf_hire/routes']);
    expect(
      within(screen.getByRole('navigation', { name: 'Main' })).getByRole('link', { name: 'Hire' }),
    ).toHaveAttribute('aria-current', 'page');

    await userEvent.click(
      within(screen.getByRole('navigation', { name: 'Main' })).getByRole('link', { name: 'Hire' }),
    );
    expect(await screen.findByRole('heading', { name: 'Job board' })).toBeInTheDocument();
  });

  it('shows the 404 for a path the owning remote does not route, or that no remote owns', async () => {
    await visit('/hire/7b1c/extra');
    expect(await screen.findByRole('heading', { name: 'Page not found' })).toBeInTheDocument();

    await press(screen.getByRole('link', { name: 'Go to the home page' }));
    expect(
      await screen.findByRole('heading', { name: 'Smarter HR for healthcare teams' }),
    ).toBeInTheDocument();
  });

  it.each(['/hiring', '/admin', '/login/more/than/that', '/nowhere'])(
    '%s is not served by a remote that does not own it',
    async (path) => {
      await visit(path);
      expect(await screen.findByRole('heading', { name: 'Page not found' })).toBeInTheDocument();
      expect(screen.queryByRole('heading', { name: 'Hire admin' })).not.toBeInTheDocument();
    },
  );

  it('keeps the site working when a remote cannot be loaded, and Try again loads it', async () => {
    load.mockImplementation(async (id: string) => {
      if (id.startsWith('mf_hire/')) throw new Error('remoteEntry.js: 503');
      return { default: remoteRoutes[id] };
    });
    jest.spyOn(console, 'error').mockImplementation(() => {});
    await visit('/hire');
    expect(
      await screen.findByRole('heading', { name: 'This module is temporarily unavailable' }),
    ).toBeInTheDocument();
    expect(screen.getByRole('contentinfo')).toBeInTheDocument();

    // Another remote's pages still work, and nothing of the failure follows there.
    await press(within(screen.getByRole('navigation', { name: 'Main' })).getByRole('link', { name: 'Home' }));
    expect(
      await screen.findByRole('heading', { name: 'Smarter HR for healthcare teams' }),
    ).toBeInTheDocument();
    expect(screen.queryByText('This module is temporarily unavailable')).not.toBeInTheDocument();

    // The remote is back: Try again loads it instead of remembering the failure.
    act(() => window.history.back());
    const retry = await screen.findByRole('button', { name: 'Try again' });
    load.mockImplementation(async (id: string) => ({ default: remoteRoutes[id] }));
    await press(retry);
    expect(await screen.findByRole('heading', { name: 'Job board' })).toBeInTheDocument();
  });
});
