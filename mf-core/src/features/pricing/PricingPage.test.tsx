import { screen, within } from '@testing-library/react';
import { queryClient } from '@platform/data';
import { useLanguage, useSession } from '@platform/shell-state';
import { fakeApi, renderScreen } from '@platform/ui/testing';
import { AMINA, resetSession } from '../../test/fixtures';
import PricingPage from './PricingPage';

const checkout = (item: string) => `/billing/checkout?items=${item}`;

/** svc-billing's catalogue as GET /api/billing/plans answers it, prices in cents. */
const item = (id: string, kind: string, price: number) => ({
  id,
  name: id,
  kind,
  price,
  duration: kind === 'listing' ? 'week' : 'month',
  currency: 'KES',
  vatIncluded: true,
  vatRatePercent: 16,
  vat: Math.round((price * 16) / 116),
  idealFor: '',
  features: [],
  isPopular: id === 'professional',
});

beforeEach(() => {
  resetSession();
  useLanguage.getState().setLanguage('en');
  queryClient.clear();
  fakeApi(() => ({ status: 503, body: { success: false, message: 'down' } }));
});

describe('the pricing page', () => {
  it('sends a visitor to sign up as a clinic, then back to the plan or add-on chosen', async () => {
    await renderScreen(<PricingPage />, { path: '/pricing' });
    expect(await screen.findByRole('link', { name: 'Subscribe to Professional' })).toHaveAttribute(
      'href',
      `/signup?role=Clinic&next=${encodeURIComponent(checkout('professional'))}`,
    );
    expect(screen.getByRole('link', { name: 'Subscribe to Hire (2 job postings)' })).toHaveAttribute(
      'href',
      `/signup?role=Clinic&next=${encodeURIComponent(checkout('hire'))}`,
    );
  });

  it('takes a clinic straight to the checkout, and onsite setup beyond 50 km to a demo request', async () => {
    useSession
      .getState()
      .signIn('t', { id: 'c1', name: 'Afya Clinic', email: 'c@example.org', role: 'Clinic' });
    await renderScreen(<PricingPage />, { path: '/pricing' });
    expect(await screen.findByRole('link', { name: 'Subscribe to Essential' })).toHaveAttribute(
      'href',
      checkout('essential'),
    );
    expect(screen.getByRole('link', { name: 'Subscribe to Extra 25 staff' })).toHaveAttribute(
      'href',
      checkout('extra-staff-25'),
    );
    const far = screen.getByRole('row', { name: /Onsite setup beyond 50 km/ });
    expect(within(far).getByRole('link', { name: 'Request a demo for a quote' })).toHaveAttribute(
      'href',
      '/requestdemo',
    );
  });

  it('shows a professional no way to pay', async () => {
    useSession.getState().signIn('t', AMINA);
    await renderScreen(<PricingPage />, { path: '/pricing' });
    await screen.findByRole('heading', { name: 'Professional' });
    expect(screen.queryByRole('link', { name: /Subscribe/ })).not.toBeInTheDocument();
    expect(screen.queryByRole('link', { name: /demo/ })).not.toBeInTheDocument();
  });

  it('says VAT is included on every price and that a card is paid on the provider’s page', async () => {
    await renderScreen(<PricingPage />, { path: '/pricing' });
    await screen.findByRole('heading', { name: 'Professional' });
    expect(screen.getAllByText(/VAT \(16 %\) included/).length).toBeGreaterThanOrEqual(3 + 7);
    expect(
      screen.getByText(/payment provider's secure hosted page, so we never see its number/),
    ).toBeInTheDocument();
  });

  it('tells a clinic sent from "Post job" that it needs Hire, with Hire ready to buy', async () => {
    useSession
      .getState()
      .signIn('t', { id: 'c1', name: 'Afya Clinic', email: 'c@example.org', role: 'Clinic' });
    await renderScreen(<PricingPage />, { path: '/pricing?choose=hire' });
    const notice = await screen.findByText(/Your organisation needs Hire \(2 job postings\)/);
    expect(within(notice).getByRole('link', { name: 'Subscribe to Hire (2 job postings)' })).toHaveAttribute(
      'href',
      checkout('hire'),
    );
  });

  it('is in Kiswahili', async () => {
    useLanguage.getState().setLanguage('sw');
    await renderScreen(<PricingPage />, { path: '/pricing' });
    expect(await screen.findByRole('link', { name: 'Jiandikishe kwa Professional' })).toBeInTheDocument();
  });

  it("shows the catalogue's stored prices once svc-billing answers, and the first prices until then", async () => {
    const calls = fakeApi((call) =>
      call.path === '/api/billing/plans'
        ? {
            body: {
              success: true,
              data: [item('essential', 'plan', 900_000), item('hire', 'module', 120_000)],
              addOns: [item('job-listing', 'listing', 30_000)],
            },
          }
        : { status: 404, body: { success: false } },
    );
    await renderScreen(<PricingPage />, { path: '/pricing' });
    const essential = (await screen.findByRole('heading', { name: 'Essential' })).closest('li')!;
    expect(await within(essential).findByText(/^Ksh.9,000$/)).toBeInTheDocument();
    expect(screen.getByRole('row', { name: /Hire \(2 job postings\)/ })).toHaveTextContent(/Ksh.1,200/);
    expect(screen.getByText(/Ksh.300 /)).toBeInTheDocument();
    // Not in the answer: its first price.
    const professional = screen.getByRole('heading', { name: 'Professional' }).closest('li')!;
    expect(within(professional).getByText(/^Ksh.15,000$/)).toBeInTheDocument();
    expect(calls.map((c) => c.path)).toContain('/api/billing/plans');
  });
});
