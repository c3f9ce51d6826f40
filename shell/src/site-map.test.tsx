import { act, render, screen, within } from '@testing-library/react';
import type { RemotesManifest } from '@platform/contracts';
import { BrowserRouter } from '@platform/router';
import { dashboardPath, useLanguage, useSiteMap } from '@platform/shell-state';
import { initI18n, registerNamespace } from '@platform/ui';
import { Navbar } from './layout/Navbar';
import { Footer } from './layout/Footer';
import { siteMapOf } from './site-map';

registerNamespace('shell', (lng) => import(`./locales/${lng}.json`));

/** What the gateway serves once a new module (here a throw-away "pharmacy") is deployed beside Hire. */
const manifest: RemotesManifest = {
  remotes: [
    {
      name: 'mf_hire',
      entry: '/mf/mf-hire/remoteEntry.js',
      routes: ['/hire'],
      widgets: [{ slot: 'clinic-dashboard', module: './ClinicJobs' }],
    },
    { name: 'mf_pharmacy', entry: '/mf/mf-pharmacy/remoteEntry.js', routes: ['/pharmacy'] },
  ],
  navigation: [
    { path: '/hire', label: { en: 'Hire', sw: 'Ajira', fr: 'Recrutement' }, order: 20 },
    { path: '/pharmacy', label: { en: 'Pharmacy', sw: 'Famasia', fr: 'Pharmacie' }, order: 50 },
  ],
  footer: [{ path: '/pharmacy', label: { en: 'Pharmacy', sw: 'Famasia', fr: 'Pharmacie' }, order: 50 }],
  dashboards: { user: '/userdashboard' },
};

beforeAll(() => initI18n('en'));
beforeEach(() => useSiteMap.setState(siteMapOf(manifest)));

function site() {
  window.history.replaceState(null, '', '/pharmacy');
  return render(
    <BrowserRouter>
      <Navbar />
      <Footer />
    </BrowserRouter>,
  );
}

it("shows each deployed module's links from the manifest, in the page's language", async () => {
  site();
  const nav = await screen.findByRole('navigation', { name: 'Main' });
  expect(
    within(nav)
      .getAllByRole('link')
      .map((l) => l.textContent),
  ).toEqual(expect.arrayContaining(['Hire', 'Pharmacy']));
  expect(within(nav).getByRole('link', { name: 'Pharmacy' })).toHaveAttribute('aria-current', 'page');
  expect(within(screen.getByRole('contentinfo')).getByRole('link', { name: 'Pharmacy' })).toHaveAttribute(
    'href',
    '/pharmacy',
  );

  await act(async () => useLanguage.getState().setLanguage('sw'));
  expect(await within(nav).findByRole('link', { name: 'Famasia' })).toBeInTheDocument();
  await act(async () => useLanguage.getState().setLanguage('en'));
});

it('sends each role to its dashboard: the modules’ own, and the shell’s composed page for Clinics', () => {
  expect(dashboardPath('user')).toBe('/userdashboard');
  expect(dashboardPath('Clinic')).toBe('/clinicdashboard');
  expect(dashboardPath('admin')).toBeNull();
  // Without a module giving the clinic dashboard a widget, there is no such page to send a Clinic to.
  useSiteMap.setState(siteMapOf({ remotes: [], navigation: [], footer: [] }));
  expect(dashboardPath('Clinic')).toBeNull();
});
