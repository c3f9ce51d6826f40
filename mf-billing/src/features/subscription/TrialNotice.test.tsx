import { screen } from '@testing-library/react';
import { queryClient } from '@platform/data';
import { useLanguage, useSession } from '@platform/shell-state';
import { fakeApi, renderScreen } from '@platform/ui/testing';
import '../shared/namespace';
import TrialNotice from './TrialNotice';

const answer = (status: string, trialDaysLeft = 0) => ({
  body: { success: true, data: { status, trialDaysLeft, entitlements: { modules: [] } } },
});

beforeEach(() => {
  useSession
    .getState()
    .signIn('token', { id: 'c1', name: 'Afya Clinic', email: 'c@example.org', role: 'Clinic' });
  useLanguage.getState().setLanguage('en');
  queryClient.clear();
});

describe("the clinic dashboard's trial notice", () => {
  it('says how many days of the trial are left, with the way to a plan', async () => {
    const calls = fakeApi(() => answer('trialing', 9));
    await renderScreen(<TrialNotice />, { path: '/clinicdashboard' });
    expect(
      await screen.findByRole('heading', { name: 'Your free trial of Professional: 9 days left' }),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Choose a plan' })).toHaveAttribute('href', '/pricing');
    expect(calls.map((c) => c.path)).toEqual(['/api/billing/subscription']);
  });

  it('says a payment is due, and nothing while a paid plan runs', async () => {
    fakeApi(() => answer('past_due'));
    const { unmount } = await renderScreen(<TrialNotice />, { path: '/clinicdashboard' });
    expect(await screen.findByRole('heading', { name: "Your plan's payment is due" })).toBeInTheDocument();
    unmount();
    queryClient.clear();
    fakeApi(() => answer('active'));
    const { container } = await renderScreen(<TrialNotice />, { path: '/clinicdashboard' });
    await new Promise((r) => setTimeout(r, 50));
    expect(container).toHaveTextContent('');
  });

  it('counts the last day in Kiswahili', async () => {
    useLanguage.getState().setLanguage('sw');
    fakeApi(() => answer('trialing', 1));
    await renderScreen(<TrialNotice />, { path: '/clinicdashboard' });
    expect(await screen.findByText(/imebaki siku 1/)).toBeInTheDocument();
  });
});
