import { screen, within } from '@testing-library/react';
import { useLanguage, useSession } from '@platform/shell-state';
import { renderScreen } from '@platform/ui/testing';
import { AMINA, resetSession } from '../../test/fixtures';
import PricingPage from './PricingPage';

const checkout = (item: string) => `/billing/checkout?items=${item}`;

beforeEach(() => {
  resetSession();
  useLanguage.getState().setLanguage('en');
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
});
