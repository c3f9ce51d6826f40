import { act, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { queryClient } from '@platform/data';
import { useLanguage, useSession } from '@platform/shell-state';
import { fakeApi, renderScreen, type ApiAnswer, type ApiCall } from '@platform/ui/testing';
import '../shared/namespace';
import BillingPage from './BillingPage';

const payment = (n: number, status: string) => ({
  id: `00000000-0000-4000-8000-00000000000${n}`,
  status,
  purpose: 'purchase',
  method: 'mpesa',
  items: ['hire'],
  amount: 100_000 * n,
  credit: 0,
  currency: 'KES',
  redirectUrl: null,
  receipt: null,
  failureCode: null,
  createdAt: '2026-11-20T08:00:00.000Z',
  settledAt: null,
});
const page = (items: unknown[], total: number) => ({
  body: { success: true, data: items, pageInfo: { page: 1, limit: 10, total } },
});
const clinic = { id: 'c1', name: 'Afya Clinic', email: 'c@example.org', role: 'Clinic' as const };
const subscription = (extra: Record<string, unknown> = {}) => ({
  body: {
    success: true,
    data: {
      orgId: 'o1',
      plan: 'professional',
      status: 'trialing',
      lines: [{ itemId: 'professional', quantity: 1, unitPrice: 1_500_000 }],
      periodStart: '2026-11-20T08:00:00.000Z',
      periodEnd: '2026-12-04T08:00:00.000Z',
      trialEndsAt: '2026-12-04T08:00:00.000Z',
      trialDaysLeft: 9,
      cancelAtPeriodEnd: false,
      scheduledLines: null,
      entitlements: {
        modules: ['core', 'hire', 'events', 'connect'],
        limits: { staff: 40, locations: 2, openPostings: null, licenceAlertRoles: null, workflows: 5 },
        capabilities: [],
        listingCredits: [],
      },
      ...extra,
    },
  },
});
/** svc-billing's answers: the subscription, else `payments(call)`. */
const billing = (payments: (call: ApiCall) => ApiAnswer, sub = subscription()) =>
  fakeApi((call) => (call.path === '/api/billing/subscription' ? sub : payments(call)));

beforeEach(() => {
  useSession.getState().signOut();
  useLanguage.getState().setLanguage('en');
  queryClient.clear();
});

describe('the Billing page', () => {
  it('asks a visitor to sign in and loads nothing', async () => {
    const calls = fakeApi(() => page([], 0));
    await renderScreen(<BillingPage />, { path: '/billing' });
    expect(await screen.findByRole('heading', { name: 'Billing' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Sign in to see your billing' })).toBeInTheDocument();
    expect(calls).toHaveLength(0);
  });

  it('tells a professional that billing is for clinics, and loads nothing', async () => {
    useSession.getState().signIn('token', { id: 'u1', name: 'Amina', email: 'a@example.org', role: 'user' });
    const calls = fakeApi(() => page([], 0));
    await renderScreen(<BillingPage />, { path: '/billing' });
    expect(await screen.findByText(/professionals never pay/)).toBeInTheDocument();
    expect(calls).toHaveLength(0);
  });

  it('shows a clinic its payments in Ksh, then the next page on "Show more"', async () => {
    useSession.getState().signIn('token', clinic);
    const calls = billing((call) =>
      call.path.includes('page=2') ? page([payment(2, 'pending')], 2) : page([payment(1, 'paid')], 2),
    );
    await renderScreen(<BillingPage />, { path: '/billing' });
    expect(await screen.findByText('Ksh 1,000 by M-Pesa: paid')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Show more' }));
    expect(await screen.findByText('Ksh 2,000 by M-Pesa: waiting for confirmation')).toBeInTheDocument();
    expect(calls.map((c) => c.path).filter((p) => p.startsWith('/api/billing/payments'))).toEqual([
      '/api/billing/payments?page=1&limit=10',
      '/api/billing/payments?page=2&limit=10',
    ]);
  });

  it('says in Kiswahili what the server refused, from the module’s own texts', async () => {
    useSession.getState().signIn('token', clinic);
    billing(() => ({
      status: 404,
      body: { success: false, message: 'Not here.', code: 'billing.payment_not_found' },
    }));
    await renderScreen(<BillingPage />, { path: '/billing' });
    expect(await screen.findByText('This payment does not exist.')).toBeInTheDocument();
    await act(async () => useLanguage.getState().setLanguage('sw'));
    expect(await screen.findByText('Malipo haya hayapo.')).toBeInTheDocument();
  });

  it('shows a clinic in its trial the days left, what the plan includes, its limits and how to change it', async () => {
    useSession.getState().signIn('token', clinic);
    billing(() => page([], 0));
    await renderScreen(<BillingPage />, { path: '/billing' });
    expect(await screen.findByRole('heading', { name: 'Your plan: Professional' })).toBeInTheDocument();
    expect(screen.getByText(/9 days left/)).toHaveTextContent('Free trial · 9 days left');
    expect(screen.getByText(/The trial ends on 4 Dec 2026/)).toBeInTheDocument();
    expect(screen.getByText('Core HR')).toBeInTheDocument();
    expect(screen.getByText('Staff').nextSibling).toHaveTextContent('Up to 40');
    expect(screen.getByText('Open job postings').nextSibling).toHaveTextContent('Unlimited');
    expect(screen.getByRole('link', { name: 'Choose Enterprise' })).toHaveAttribute(
      'href',
      '/billing/checkout?items=enterprise',
    );
    expect(screen.queryByRole('button', { name: /Cancel/ })).not.toBeInTheDocument();
  });

  it('cancels an active plan at the period end, then resumes it', async () => {
    useSession.getState().signIn('token', clinic);
    let cancelled = false;
    const calls = fakeApi((call) => {
      if (call.path === '/api/billing/subscription/cancel') cancelled = true;
      if (call.path === '/api/billing/subscription/resume') cancelled = false;
      if (call.path.startsWith('/api/billing/subscription'))
        return subscription({
          status: 'active',
          trialEndsAt: null,
          trialDaysLeft: 0,
          cancelAtPeriodEnd: cancelled,
        });
      return page([], 0);
    });
    await renderScreen(<BillingPage />, { path: '/billing' });
    expect(await screen.findByText('Renews on 4 Dec 2026.')).toBeInTheDocument();
    await userEvent.click(
      screen.getByRole('button', { name: 'Cancel at the end of the period (4 Dec 2026)' }),
    );
    expect(await screen.findByText('Cancelled: it ends on 4 Dec 2026.')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Keep my plan' }));
    expect(await screen.findByText('Renews on 4 Dec 2026.')).toBeInTheDocument();
    expect(calls.filter((c) => c.method === 'POST').map((c) => c.path)).toEqual([
      '/api/billing/subscription/cancel',
      '/api/billing/subscription/resume',
    ]);
  });

  it('shows the payment a clinic comes back from (the card page), with the credit of an upgrade', async () => {
    useSession.getState().signIn('token', clinic);
    const id = '00000000-0000-4000-8000-000000000009';
    billing((call) =>
      call.path === `/api/billing/payments/${id}`
        ? {
            body: {
              success: true,
              data: { ...payment(9, 'paid'), id, method: 'card', amount: 1_000_000, credit: 500_000 },
            },
          }
        : page([], 0),
    );
    await renderScreen(<BillingPage />, { path: `/billing?payment=${id}` });
    expect(
      await screen.findByText(
        'Ksh 10,000 paid. Your plan is active now. Ksh 5,000 of your previous plan was credited.',
      ),
    ).toBeInTheDocument();
  });
});
