import { act, screen, within } from '@testing-library/react';
import i18next from 'i18next';
import userEvent from '@testing-library/user-event';
import { fakeApi, renderScreen } from '@platform/ui/testing';
import { resetSession } from '../../test/fixtures';
import LandingPage from './LandingPage';

beforeEach(resetSession);

const blocks = (over: Record<string, string>) => ({
  body: {
    success: true,
    components: {
      Hero: '',
      AboutUs: '',
      coreDescription: '',
      hiredescription: '',
      namedescription: '',
      conectdescription: '',
      ...over,
    },
  },
});

describe('the landing page’s content blocks', () => {
  it('shows the blocks an admin wrote, sanitised again, and its own texts for the others', async () => {
    const calls = fakeApi(() =>
      blocks({
        AboutUs:
          '<p>We serve <strong>300 clinics</strong> in six countries.<img src=x onerror="alert(1)"></p>',
        hiredescription: '<p>Hire nurses in a week.</p>',
      }),
    );
    const { container } = await renderScreen(<LandingPage />);
    expect(await screen.findByText('300 clinics')).toBeInTheDocument();
    expect(container.querySelector('[onerror]')).toBeNull();
    // The blocks, and the plan cards' prices from billing's catalogue.
    expect(calls.map((c) => c.path).sort()).toEqual([
      '/api/billing/plans',
      '/api/dashboard/main-components?lang=en',
    ]);
    // Hire's description is the admin's; Core's keeps the page's own.
    await userEvent.click(screen.getByRole('button', { name: /^Hire/ }));
    expect(screen.getByText('Hire nurses in a week.')).toBeVisible();
  });

  it('shows the blocks written in the page’s language, and asks again in another', async () => {
    const calls = fakeApi((req) =>
      req.path.endsWith('lang=sw')
        ? blocks({ hiredescription: '<p>Ajiri wauguzi kwa wiki moja.</p>' })
        : blocks({ hiredescription: '<p>Hire nurses in a week.</p>' }),
    );
    await renderScreen(<LandingPage />);
    await userEvent.click(await screen.findByRole('button', { name: /^Hire/ }));
    expect(await screen.findByText('Hire nurses in a week.')).toBeVisible();
    await act(() => i18next.changeLanguage('sw'));
    expect(await screen.findByText('Ajiri wauguzi kwa wiki moja.')).toBeVisible();
    expect(screen.queryByText('Hire nurses in a week.')).toBeNull();
    expect(calls.map((c) => c.path)).toContain('/api/dashboard/main-components?lang=sw');
    await act(() => i18next.changeLanguage('en'));
  });

  it('keeps its own texts when the service is not there', async () => {
    fakeApi(() => ({ status: 503, body: { success: false } }));
    await renderScreen(<LandingPage />);
    expect(
      await screen.findByRole('heading', {
        level: 2,
        name: 'Built for clinics, hospitals and the people in them',
      }),
    ).toBeInTheDocument();
    expect(screen.getByText(/From a five-person clinic in Nakuru/)).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Smarter HR for healthcare teams');
  });
});

describe('the ways in', () => {
  it('gives a professional and a clinic each their own sign-up, neither through the prices', async () => {
    fakeApi(() => ({ status: 503, body: { success: false } }));
    await renderScreen(<LandingPage />);
    const hero = screen.getByRole('region', { name: 'Smarter HR for healthcare teams' });
    expect(within(hero).getByRole('link', { name: 'Join as a health professional' })).toHaveAttribute(
      'href',
      '/signup?role=user',
    );
    expect(within(hero).getByRole('link', { name: 'Sign up your clinic' })).toHaveAttribute(
      'href',
      '/signup?role=Clinic',
    );
    expect(within(hero).queryByRole('link', { name: /pricing|join now/i })).toBeNull();
  });
});
