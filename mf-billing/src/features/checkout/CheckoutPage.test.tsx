import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { queryClient } from '@platform/data';
import { useLanguage, useSession } from '@platform/shell-state';
import { fakeApi, renderScreen, type ApiCall } from '@platform/ui/testing';
import '../shared/namespace';
import CheckoutPage from './CheckoutPage';

const hire = {
  id: 'hire',
  name: 'Hire',
  kind: 'module',
  price: 100_000,
  duration: 'month',
  currency: 'KES',
  vatIncluded: true,
  vatRatePercent: 16,
  vat: 13_793,
  idealFor: 'Clinics that only hire',
  features: ['2 open job postings at a time'],
  isPopular: false,
  modules: ['hire'],
  requiresCore: false,
  repeatable: false,
};
const payment = (status: string, extra: Record<string, unknown> = {}) => ({
  id: '00000000-0000-4000-8000-000000000001',
  status,
  purpose: 'purchase',
  method: 'mpesa',
  items: ['hire'],
  amount: 100_000,
  credit: 0,
  currency: 'KES',
  redirectUrl: null,
  receipt: null,
  failureCode: null,
  createdAt: '2026-11-20T08:00:00.000Z',
  settledAt: null,
  ...extra,
});
const clinic = { id: 'c1', name: 'Afya Clinic', email: 'c@example.org', role: 'Clinic' as const };

/** svc-billing and the account as the page meets them; `paymentAnswers` are the status polls' answers in turn. */
function billing(paymentAnswers: Array<ReturnType<typeof payment>>, checkout = payment('pending')) {
  let polls = 0;
  return fakeApi((call: ApiCall) => {
    if (call.path === '/api/billing/plans') return { body: { success: true, data: [hire], addOns: [] } };
    if (call.path === '/api/user/me') return { body: { success: true, user: { phone: '0708 374 149' } } };
    if (call.path === '/api/billing/checkout')
      return { status: 202, body: { success: true, data: checkout } };
    if (call.path.startsWith('/api/billing/payments/'))
      return { body: { success: true, data: paymentAnswers[Math.min(polls++, paymentAnswers.length - 1)] } };
    return { status: 404, body: {} };
  });
}
const checkouts = (calls: ApiCall[]) => calls.filter((c) => c.path === '/api/billing/checkout');

beforeEach(() => {
  useSession.getState().signOut();
  useLanguage.getState().setLanguage('en');
  queryClient.clear();
});

describe('the checkout', () => {
  it('sends a visitor through sign-up as a clinic, back to the same choice', async () => {
    const calls = billing([]);
    await renderScreen(<CheckoutPage />, { path: '/billing/checkout?items=hire' });
    const signUp = await screen.findByRole('link', { name: 'Sign up as a clinic' });
    expect(signUp).toHaveAttribute(
      'href',
      `/signup?role=Clinic&next=${encodeURIComponent('/billing/checkout?items=hire')}`,
    );
    expect(calls).toHaveLength(0);
  });

  it('offers a professional nothing to buy', async () => {
    useSession.getState().signIn('token', { id: 'u1', name: 'Amina', email: 'a@example.org', role: 'user' });
    const calls = billing([]);
    await renderScreen(<CheckoutPage />, { path: '/billing/checkout?items=hire' });
    expect(await screen.findByText(/professionals never pay/)).toBeInTheDocument();
    expect(screen.queryByRole('button')).not.toBeInTheDocument();
    expect(calls).toHaveLength(0);
  });

  it('takes the M-Pesa number prefilled, refuses a number that is not Kenyan, then shows the payment live until paid', async () => {
    useSession.getState().signIn('token', clinic);
    const calls = billing([payment('pending'), payment('paid', { receipt: 'SBX123' })]);
    await renderScreen(<CheckoutPage />, { path: '/billing/checkout?items=hire' });
    expect(await screen.findByText('Ksh 1,000 a month')).toBeInTheDocument();
    expect(screen.getByText('(VAT 16 % included)')).toBeInTheDocument();
    expect(screen.getByRole('radio', { name: 'M-Pesa' })).toBeChecked();
    const phone = screen.getByRole('textbox', { name: 'M-Pesa number' });
    expect(phone).toHaveValue('0708 374 149');

    await userEvent.clear(phone);
    await userEvent.type(phone, '0208 123');
    await userEvent.click(screen.getByRole('button', { name: 'Send the payment request' }));
    expect(phone).toHaveAccessibleDescription('Enter a Kenyan mobile number: 07…, 01…, +2547… or 2547…');
    expect(checkouts(calls)).toHaveLength(0);

    await userEvent.clear(phone);
    await userEvent.type(phone, '+254 708 374 149');
    await userEvent.click(screen.getByRole('button', { name: 'Send the payment request' }));
    expect(await screen.findByRole('heading', { name: 'Check your phone' })).toBeInTheDocument();
    const [sent] = checkouts(calls);
    expect(sent!.body).toEqual({ items: ['hire'], method: 'mpesa', phone: '254708374149' });
    expect(sent!.headers['idempotency-key']).toMatch(/^[A-Za-z0-9_-]{8,}$/);

    expect(
      await screen.findByText(
        'Ksh 1,000 paid. Your plan is active now. Receipt: SBX123.',
        {},
        { timeout: 6000 },
      ),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'See your plan' })).toHaveAttribute('href', '/billing');
  }, 15_000);

  it('after a cancelled prompt, tries again with a new key, or another method', async () => {
    useSession.getState().signIn('token', clinic);
    const calls = billing([payment('cancelled', { failureCode: 'mpesa.cancelled' })]);
    await renderScreen(<CheckoutPage />, { path: '/billing/checkout?items=hire' });
    await userEvent.click(await screen.findByRole('button', { name: 'Send the payment request' }));
    expect(
      await screen.findByText(
        'The request was cancelled on the phone. Nothing was charged.',
        {},
        { timeout: 4000 },
      ),
    ).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    await userEvent.click(screen.getByRole('button', { name: 'Send the payment request' }));
    await screen.findByRole('heading', { name: 'Check your phone' });
    const keys = checkouts(calls).map((c) => c.headers['idempotency-key']);
    expect(keys).toHaveLength(2);
    expect(keys[0]).not.toBe(keys[1]);

    await screen.findByRole('button', { name: 'Use another method' }, { timeout: 4000 });
    await userEvent.click(screen.getByRole('button', { name: 'Use another method' }));
    expect(screen.getByRole('radio', { name: 'Airtel Money' })).toBeChecked();
  }, 15_000);

  it('says a card is paid on the provider’s page, and asks no phone for it', async () => {
    useSession.getState().signIn('token', clinic);
    billing([]);
    await renderScreen(<CheckoutPage />, { path: '/billing/checkout?items=hire' });
    await userEvent.click(await screen.findByRole('radio', { name: 'card' }));
    expect(screen.getByText(/we never see your card number/)).toBeInTheDocument();
    expect(screen.queryByRole('textbox')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Continue to the card page' })).toBeInTheDocument();
  });

  it('speaks Kiswahili, Ksh included', async () => {
    useSession.getState().signIn('token', clinic);
    useLanguage.getState().setLanguage('sw');
    billing([]);
    await renderScreen(<CheckoutPage />, { path: '/billing/checkout?items=hire' });
    expect(await screen.findByRole('textbox', { name: 'Nambari ya M-Pesa' })).toBeInTheDocument();
    expect(screen.getByText(/kwa mwezi/)).toBeInTheDocument();
  });
});
