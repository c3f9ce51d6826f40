import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { currentUrl, fakeApi, renderScreen } from '@platform/ui/testing';
import type { AdminOrganisation, AdminPayment, AdminPrice, Subscription } from '../../api';
import { UNAVAILABLE, page, resetSession } from '../../test/fixtures';
import BillingPage from './BillingPage';

beforeEach(resetSession);

const CLINIC: AdminOrganisation = {
  orgId: '0b6a2c1e-3333-4aaa-8bbb-000000000003',
  name: 'Nakuru Family Clinic',
  email: 'hr@nakuru.example',
  phone: '254708374149',
  plan: 'professional',
  status: 'trialing',
  periodEnd: '2026-12-10T08:00:00.000Z',
};
const SUBSCRIPTION: Subscription = {
  orgId: CLINIC.orgId,
  plan: 'professional',
  status: 'trialing',
  lines: [{ itemId: 'professional', quantity: 1, unitPrice: 0 }],
  periodStart: '2026-11-26T08:00:00.000Z',
  periodEnd: '2026-12-10T08:00:00.000Z',
  trialEndsAt: '2026-12-10T08:00:00.000Z',
  trialDaysLeft: 12,
  cancelAtPeriodEnd: false,
  scheduledLines: null,
  entitlements: {
    modules: ['core'],
    limits: { staff: 40, locations: 2, openPostings: null, licenceAlertRoles: null, workflows: 5 },
    capabilities: [],
    listingCredits: [],
  } as unknown as Subscription['entitlements'],
};
const price = (id: string, name: string, kind: AdminPrice['kind'], cents: number): AdminPrice => ({
  id,
  name,
  kind,
  price: cents,
  currency: 'KES',
  duration: 'month',
  updatedAt: '2026-11-01T08:00:00.000Z',
});
const PRICES = [
  price('essential', 'Essential', 'plan', 800_000),
  price('professional', 'Professional', 'plan', 1_500_000),
  price('enterprise', 'Enterprise', 'plan', 2_500_000),
  price('hire', 'Hire', 'module', 100_000),
];
const FAILED: AdminPayment = {
  id: '0b6a2c1e-4444-4aaa-8bbb-000000000004',
  status: 'failed',
  purpose: 'purchase',
  method: 'mpesa',
  items: ['essential'],
  amount: 800_000,
  credit: 0,
  currency: 'KES',
  redirectUrl: null,
  receipt: null,
  failureCode: 'mpesa.1',
  failureReason: 'insufficient funds',
  createdAt: '2026-11-20T08:00:00.000Z',
  settledAt: '2026-11-20T08:00:05.000Z',
  orgId: CLINIC.orgId,
  orgName: 'Nakuru Family Clinic',
};

/** A single job listing the clinic bought, used by Hire for a job. */
const LISTING = {
  id: '20000000-0000-4000-8000-000000000001',
  paymentId: '30000000-0000-4000-8000-000000000001',
  boughtAt: '2026-11-20T08:00:05.000Z',
  expiresAt: '2026-11-27T08:00:05.000Z',
  usedAt: '2026-11-21T10:00:00.000Z',
  jobId: '40000000-0000-4000-8000-000000000001',
};

/** svc-billing's admin API as the page reads it; `write` answers the changes (ok unless it says). */
function billingApi(
  write?: (path: string, method: string) => { status?: number; body?: unknown } | undefined,
) {
  return fakeApi((call) => {
    const url = new URL(call.path, 'http://x');
    if (call.method !== 'GET')
      return write?.(url.pathname, call.method) ?? { body: { success: true, data: SUBSCRIPTION } };
    switch (url.pathname) {
      case '/api/billing/admin/summary':
        return {
          body: {
            success: true,
            data: {
              mrr: 2_350_000,
              currency: 'KES',
              subscriptions: [
                { plan: 'essential', status: 'active', count: 2 },
                { plan: 'professional', status: 'trialing', count: 5 },
                { plan: null, status: 'active', count: 1 },
              ],
            },
          },
        };
      case '/api/billing/admin/prices':
        return { body: { success: true, data: PRICES } };
      case '/api/billing/admin/payments/failed':
        return page([FAILED], 1, 10);
      case '/api/billing/admin/callbacks/rejected':
        return page(
          [
            {
              id: 7,
              method: 'mpesa',
              paymentId: null,
              providerRef: 'ws_CO_123',
              reason: 'unknown payment',
              body: '{}',
              receivedAt: '2026-11-21T08:00:00.000Z',
            },
          ],
          1,
          10,
        );
      case '/api/billing/admin/organisations':
        return page([CLINIC], 1, 10);
      case `/api/billing/admin/organisations/${CLINIC.orgId}`:
        return { body: { success: true, data: { organisation: CLINIC, subscription: SUBSCRIPTION } } };
      case `/api/billing/admin/organisations/${CLINIC.orgId}/payments`:
        return page([{ ...FAILED, status: 'paid', failureCode: null, failureReason: null }], 1, 10);
      case `/api/billing/admin/organisations/${CLINIC.orgId}/invoices`:
        return page([], 0, 10);
      case `/api/billing/admin/organisations/${CLINIC.orgId}/listings`:
        return page([LISTING], 1, 10);
    }
    return { status: 404, body: { success: false } };
  });
}

const openClinic = async () => {
  await userEvent.type(await screen.findByRole('searchbox', { name: 'Search clinics' }), 'nakuru');
  await userEvent.click(screen.getByRole('button', { name: 'Search' }));
  await waitFor(() => expect(currentUrl()).toBe('/admin/billing?search=nakuru'));
  await userEvent.click(
    await screen.findByRole('button', { name: 'Open the billing of Nakuru Family Clinic' }),
  );
  return screen.findByRole('region', { name: 'Billing of Nakuru Family Clinic' });
};

describe('Billing', () => {
  it('shows the monthly revenue, subscriptions by plan and status, failed payments and unmatched callbacks', async () => {
    billingApi();
    await renderScreen(<BillingPage />, { path: '/admin/billing' });
    const tile = (label: string) => screen.getByText(label, { selector: 'dt' }).nextElementSibling;
    expect(await screen.findByText('Monthly recurring revenue')).toBeInTheDocument();
    expect(tile('Monthly recurring revenue')).toHaveTextContent(`Ksh 23,500`);
    expect(tile('Active')).toHaveTextContent('3');
    expect(tile('On trial')).toHaveTextContent('5');

    const byPlan = screen.getByRole('table', { name: 'Subscriptions by plan and status' });
    const row = (name: string) => within(byPlan).getByRole('rowheader', { name }).closest('tr')!;
    expect([...row('Essential').querySelectorAll('td')].map((c) => c.textContent)).toEqual([
      '0',
      '2',
      '0',
      '0',
      '0',
    ]);
    expect(within(row('Modules only')).getAllByRole('cell')[1]).toHaveTextContent('1');

    const failed = screen.getByRole('table', { name: 'Failed payments' });
    expect(within(failed).getByText('Nakuru Family Clinic')).toBeInTheDocument();
    expect(within(failed).getByText(`Ksh 8,000`)).toBeInTheDocument();
    expect(within(failed).getByText(/mpesa\.1 — insufficient funds/)).toBeInTheDocument();
    const rejected = screen.getByRole('table', { name: 'Unmatched payment callbacks' });
    expect(within(rejected).getByText('unknown payment')).toBeInTheDocument();
    expect(within(rejected).getByText('ws_CO_123')).toBeInTheDocument();

    const prices = screen.getByRole('table', { name: 'Prices' });
    expect(within(prices).getByRole('rowheader', { name: 'Essential' }).closest('tr')).toHaveTextContent(
      `Ksh 8,000 per month`,
    );
  });

  it('finds a clinic and extends its period with a reason, refusing bad input before sending', async () => {
    const calls = billingApi();
    await renderScreen(<BillingPage />, { path: '/admin/billing' });
    const history = await openClinic();
    expect(currentUrl()).toBe(`/admin/billing?search=nakuru&clinic=${CLINIC.orgId}`);
    expect(within(history).getByRole('heading', { name: 'Billing of Nakuru Family Clinic' })).toHaveFocus();
    expect(await within(history).findByText('On trial')).toBeInTheDocument();
    expect(within(history).getByText('Trial ends')).toBeInTheDocument();
    expect(await within(history).findByText('1 payment')).toBeInTheDocument();
    expect(within(history).getByText('No invoice yet.')).toBeInTheDocument();
    // Its single job listings: when bought, until when, when Hire used it and for which job.
    const listings = await within(history).findByRole('table', { name: 'Single job listings' });
    expect(within(listings).getByRole('rowheader', { name: '20 Nov 2026' }).closest('tr')).toHaveTextContent(
      `20 Nov 202627 Nov 202621 Nov 2026${LISTING.jobId}`,
    );
    expect(within(listings).getByRole('link', { name: LISTING.jobId })).toHaveAttribute(
      'href',
      `/hire/${LISTING.jobId}`,
    );

    await userEvent.click(within(history).getByRole('button', { name: 'Extend period' }));
    const dialog = screen.getByRole('dialog', { name: 'Extend the period of Nakuru Family Clinic' });
    await userEvent.type(within(dialog).getByRole('textbox', { name: /Days to add/ }), '400');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Extend period' }));
    expect(within(dialog).getByText('Enter a number of days from 1 to 365.')).toBeInTheDocument();
    expect(within(dialog).getByText('Give a reason for the extension.')).toBeInTheDocument();
    expect(calls.some((c) => c.method === 'POST')).toBe(false);

    await userEvent.clear(within(dialog).getByRole('textbox', { name: /Days to add/ }));
    await userEvent.type(within(dialog).getByRole('textbox', { name: /Days to add/ }), '10');
    await userEvent.type(within(dialog).getByRole('textbox', { name: /Reason/ }), 'Onboarding took longer');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Extend period' }));
    expect(await screen.findByText(/The period of Nakuru Family Clinic now ends on/)).toBeInTheDocument();
    const post = calls.find((c) => c.method === 'POST')!;
    expect(post.path).toBe(`/api/billing/admin/organisations/${CLINIC.orgId}/extend`);
    expect(post.body).toEqual({ days: 10, reason: 'Onboarding took longer' });
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('grants a plan, and shows a refusal in the reader’s language inside the dialog', async () => {
    let refuse = true;
    const calls = billingApi(() =>
      refuse
        ? {
            status: 409,
            body: { success: false, code: 'billing.not_a_plan', message: 'plan: hire is not a Core plan' },
          }
        : undefined,
    );
    await renderScreen(<BillingPage />, { path: '/admin/billing' });
    const history = await openClinic();
    await userEvent.click(await within(history).findByRole('button', { name: 'Grant a plan' }));
    const dialog = screen.getByRole('dialog', { name: 'Grant a plan to Nakuru Family Clinic' });
    expect(
      within(dialog)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['Essential', 'Professional', 'Enterprise']);
    await userEvent.selectOptions(within(dialog).getByRole('combobox', { name: 'Plan' }), 'Enterprise');
    await userEvent.type(within(dialog).getByRole('textbox', { name: /Reason/ }), 'Pilot partner');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Grant plan' }));
    expect(
      await within(dialog).findByText('Choose a Core plan (Essential, Professional or Enterprise).'),
    ).toBeInTheDocument();

    refuse = false;
    await userEvent.click(within(dialog).getByRole('button', { name: 'Grant plan' }));
    expect(await screen.findByText('Nakuru Family Clinic now has Enterprise.')).toBeInTheDocument();
    const posts = calls.filter((c) => c.method === 'POST');
    expect(posts.at(-1)!.path).toBe(`/api/billing/admin/organisations/${CLINIC.orgId}/grant`);
    expect(posts.at(-1)!.body).toEqual({ plan: 'enterprise', reason: 'Pilot partner' });
  });

  it('changes a price in whole shillings with a reason, for purchases to come', async () => {
    const calls = billingApi(() => ({ body: { success: true, data: PRICES[0] } }));
    await renderScreen(<BillingPage />, { path: '/admin/billing' });
    await userEvent.click(await screen.findByRole('button', { name: 'Change price: Essential' }));
    const dialog = screen.getByRole('dialog', { name: 'Change the price of Essential' });
    const amount = within(dialog).getByRole('textbox', { name: /New price/ });
    expect(amount).toHaveValue('8000');
    await userEvent.clear(amount);
    await userEvent.type(amount, '8500.50');
    await userEvent.type(within(dialog).getByRole('textbox', { name: /Reason/ }), 'Yearly review');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save price' }));
    expect(within(dialog).getByText('Enter whole shillings from 1 to 1,000,000.')).toBeInTheDocument();
    expect(calls.some((c) => c.method === 'PUT')).toBe(false);

    await userEvent.clear(amount);
    await userEvent.type(amount, '9000');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save price' }));
    expect(await screen.findByText(`Essential now costs Ksh 9,000 for new purchases.`)).toBeInTheDocument();
    const put = calls.find((c) => c.method === 'PUT')!;
    expect(put.path).toBe('/api/billing/admin/prices/essential');
    expect(put.body).toEqual({ price: 900_000, reason: 'Yearly review' });
  });

  it('says so when billing is not running, with Try again', async () => {
    fakeApi(() => UNAVAILABLE);
    await renderScreen(<BillingPage />, { path: '/admin/billing' });
    expect(await screen.findByText('Failed to load the billing figures')).toBeInTheDocument();
    expect(screen.getAllByRole('button', { name: 'Try again' }).length).toBeGreaterThan(1);
  });
});
