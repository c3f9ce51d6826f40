import { act, screen, within } from '@testing-library/react';
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
const plan = (id: string, price: number) => ({
  id,
  name: id,
  kind: 'plan',
  price,
  duration: 'month',
  currency: 'KES',
  vatIncluded: true,
  vatRatePercent: 16,
  vat: 0,
  idealFor: '',
  features: [],
  isPopular: false,
  modules: [],
  requiresCore: false,
  repeatable: false,
});
const plans = {
  body: {
    success: true,
    data: [plan('essential', 800_000), plan('professional', 1_500_000), plan('enterprise', 2_500_000)],
    addOns: [],
  },
};
const invoice = (n: number, gross: number) => ({
  id: `10000000-0000-4000-8000-00000000000${n}`,
  number: `INV-2026-00000${n}`,
  receiptNumber: `RCT-2026-00000${n}`,
  issuedAt: '2026-11-20T21:30:00.000Z',
  period: { start: '2026-11-20T21:30:00.000Z', end: '2026-12-20T21:30:00.000Z' },
  lines: [{ itemId: 'hire', name: 'Hire', quantity: 1, unitPrice: gross }],
  credit: 0,
  net: Math.round(gross / 1.16),
  vat: gross - Math.round(gross / 1.16),
  gross,
  currency: 'KES',
  method: 'mpesa',
  providerReceipt: 'SGR7ABC123',
});
/**
 * svc-billing's answers: the subscription, the invoices (none unless given), the billing details (no KRA
 * PIN yet), no single listings, else `payments(call)`.
 */
const billing = (
  payments: (call: ApiCall) => ApiAnswer,
  sub = subscription(),
  invoices: (call: ApiCall) => ApiAnswer = () => page([], 0),
) =>
  fakeApi((call) =>
    call.path === '/api/billing/subscription'
      ? sub
      : call.path.startsWith('/api/billing/invoices')
        ? invoices(call)
        : call.path === '/api/billing/details'
          ? { body: { success: true, data: { kraPin: null } } }
          : call.path.startsWith('/api/billing/listings')
            ? page([], 0)
            : payments(call),
  );

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
    // What Hire and Core count against the limits: 3 open postings, 12 staff, 2 locations.
    const calls = billing((call) =>
      call.path.startsWith('/api/job/mine')
        ? page([], 3)
        : call.path.startsWith('/api/core/staff')
          ? page([], 12)
          : call.path === '/api/core/places'
            ? { body: { success: true, data: { locations: [{}, {}], departments: [] } } }
            : page([], 0),
    );
    await renderScreen(<BillingPage />, { path: '/billing' });
    expect(await screen.findByRole('heading', { name: 'Your plan: Professional' })).toBeInTheDocument();
    expect(screen.getByText(/9 days left/)).toHaveTextContent('Free trial · 9 days left');
    expect(screen.getByText(/The trial ends on 4 Dec 2026/)).toBeInTheDocument();
    expect(screen.getByText('Core HR')).toBeInTheDocument();
    expect(await screen.findByText('12 of 40 used')).toBeInTheDocument();
    expect(screen.getByText('Staff').nextSibling).toHaveTextContent('12 of 40 used');
    expect(screen.getByText('Locations').nextSibling).toHaveTextContent('2 of 2 used: the limit is reached');
    expect(screen.getByText('Open job postings').nextSibling).toHaveTextContent('Unlimited · 3 in use');
    // Workflows are not counted by any service yet: the limit alone.
    expect(screen.getByText('Workflow automations').nextSibling).toHaveTextContent('Up to 5');
    expect(calls.map((c) => c.path)).toEqual(
      expect.arrayContaining([
        '/api/job/mine?open=true&limit=1',
        '/api/core/staff?limit=1',
        '/api/core/places',
      ]),
    );
    expect(screen.getByRole('link', { name: 'Choose Enterprise' })).toHaveAttribute(
      'href',
      '/billing/checkout?items=enterprise',
    );
    expect(screen.queryByRole('button', { name: /Cancel/ })).not.toBeInTheDocument();
  });

  it('shows an Essential clinic how many of its licence alert roles HR has chosen', async () => {
    useSession.getState().signIn('token', clinic);
    const essential = subscription({
      plan: 'essential',
      lines: [{ itemId: 'essential', quantity: 1, unitPrice: 800_000 }],
      entitlements: {
        modules: ['core'],
        limits: { staff: 15, locations: 1, openPostings: 0, licenceAlertRoles: 3, workflows: 0 },
        capabilities: [],
        listingCredits: [],
      },
    });
    const role = (profession: string) => ({ profession, since: '2026-11-20T08:00:00.000Z', alerted: true });
    const calls = billing(
      (call) =>
        call.path === '/api/core/licence-alerts/roles'
          ? {
              body: {
                success: true,
                data: { limit: 3, roles: [role('Nurse'), role('Doctor')], professions: ['Nurse', 'Doctor'] },
              },
            }
          : call.path.startsWith('/api/core/staff')
            ? page([], 4)
            : call.path === '/api/core/places'
              ? { body: { success: true, data: { locations: [{}], departments: [] } } }
              : page([], 0),
      essential,
    );
    await renderScreen(<BillingPage />, { path: '/billing' });
    expect(await screen.findByText('2 of 3 used')).toBeInTheDocument();
    expect(screen.getByText('Staff roles with licence alerts').nextSibling).toHaveTextContent('2 of 3 used');
    expect(calls.map((c) => c.path)).toContain('/api/core/licence-alerts/roles');
  });

  it('asks nobody how many licence alert roles are chosen when the plan has no such limit', async () => {
    useSession.getState().signIn('token', clinic);
    const calls = billing(() => page([], 0));
    await renderScreen(<BillingPage />, { path: '/billing' });
    expect(await screen.findByRole('heading', { name: 'Your plan: Professional' })).toBeInTheDocument();
    expect(screen.getByText('Staff roles with licence alerts').nextSibling).toHaveTextContent('Unlimited');
    expect(calls.map((c) => c.path)).not.toContain('/api/core/licence-alerts/roles');
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

  it('offers a cheaper plan for the period end and a dearer one now, shows the change and undoes it', async () => {
    useSession.getState().signIn('token', clinic);
    const addOn = { itemId: 'extra-location', quantity: 2, unitPrice: 250_000 };
    let scheduled: unknown = null;
    const calls = fakeApi((call) => {
      if (call.path === '/api/billing/subscription/downgrade')
        scheduled = [{ itemId: 'essential', quantity: 1, unitPrice: 800_000 }, addOn];
      if (call.path === '/api/billing/subscription/resume') scheduled = null;
      if (call.path.startsWith('/api/billing/subscription'))
        return subscription({
          status: 'active',
          trialEndsAt: null,
          trialDaysLeft: 0,
          lines: [{ itemId: 'professional', quantity: 1, unitPrice: 1_500_000 }, addOn],
          scheduledLines: scheduled,
        });
      if (call.path === '/api/billing/plans') return plans;
      return page([], 0);
    });
    await renderScreen(<BillingPage />, { path: '/billing' });
    const later = await screen.findByRole('button', { name: 'Switch to Essential on 4 Dec 2026' });
    expect(later.closest('li')).toHaveTextContent('Ksh 8,000 a month');
    expect(screen.getByRole('link', { name: 'Upgrade to Enterprise now' })).toHaveAttribute(
      'href',
      '/billing/checkout?items=enterprise',
    );
    expect(screen.queryByRole('link', { name: /Professional/ })).not.toBeInTheDocument();

    await userEvent.click(later);
    expect(
      await screen.findByText(
        'From 4 Dec 2026 your plan is Essential (Ksh 13,000 a month): you keep Professional until then.',
      ),
    ).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Switch to Essential/ })).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Keep Professional' }));
    expect(
      await screen.findByRole('button', { name: 'Switch to Essential on 4 Dec 2026' }),
    ).toBeInTheDocument();
    expect(screen.queryByText(/your plan is Essential/)).not.toBeInTheDocument();

    const writes = calls.filter((c) => c.method === 'POST');
    expect(writes.map((c) => c.path)).toEqual([
      '/api/billing/subscription/downgrade',
      '/api/billing/subscription/resume',
    ]);
    // The add-ons held carry on with the cheaper plan.
    expect(writes[0]!.body).toEqual({ items: ['essential', 'extra-location', 'extra-location'] });
  });

  it('says in Kiswahili why a change of plan was refused, and changes nothing', async () => {
    useSession.getState().signIn('token', clinic);
    fakeApi((call) => {
      if (call.path === '/api/billing/subscription/downgrade')
        return {
          status: 409,
          body: { success: false, message: 'Not active.', code: 'billing.not_active' },
        };
      if (call.path === '/api/billing/subscription')
        return subscription({ status: 'active', trialEndsAt: null, trialDaysLeft: 0 });
      return page([], 0);
    });
    await renderScreen(<BillingPage />, { path: '/billing' });
    await screen.findByRole('button', { name: 'Switch to Essential on 4 Dec 2026' });
    await act(async () => useLanguage.getState().setLanguage('sw'));
    await userEvent.click(await screen.findByRole('button', { name: /^Hamia Essential tarehe/ }));
    expect(await screen.findByText('Usajili wako haufanyi kazi.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: /^Hamia Essential tarehe/ })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /^Endelea na Professional/ })).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Panda hadi Enterprise sasa' })).toBeInTheDocument();
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

describe('the invoices and receipts on the Billing page', () => {
  it('lists each paid payment’s invoice with its number, Nairobi date and amount, and downloads its PDFs', async () => {
    useSession.getState().signIn('token', clinic);
    const pdf = new Blob(['%PDF-1.7 invoice'], { type: 'application/pdf' });
    const calls = billing(
      () => page([], 0),
      subscription(),
      (call) =>
        call.path.endsWith('.pdf')
          ? { body: pdf }
          : call.path.includes('page=2')
            ? page([invoice(1, 100_000)], 2)
            : page([invoice(2, 1_500_000)], 2),
    );
    const saved: { href: string; download: string }[] = [];
    URL.createObjectURL = jest.fn(() => 'blob:invoice');
    URL.revokeObjectURL = jest.fn();
    jest.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      saved.push({ href: this.href, download: this.download });
    });
    await renderScreen(<BillingPage />, { path: '/billing' });

    const section = (await screen.findByRole('heading', { name: 'Invoices and receipts' })).closest(
      'section',
    )!;
    // 21:30 UTC on 20 November is already the 21st in Nairobi, the date printed on the invoice.
    expect(
      await within(section).findByText('INV-2026-000002 · 21 Nov 2026 · Ksh 15,000'),
    ).toBeInTheDocument();
    await userEvent.click(within(section).getByRole('button', { name: 'Show more invoices' }));
    expect(await within(section).findByText('INV-2026-000001 · 21 Nov 2026 · Ksh 1,000')).toBeInTheDocument();

    await userEvent.click(within(section).getByRole('button', { name: 'Download invoice INV-2026-000001' }));
    await userEvent.click(within(section).getByRole('button', { name: 'Download receipt RCT-2026-000002' }));
    expect(calls.map((c) => c.path).filter((p) => p.endsWith('.pdf'))).toEqual([
      '/api/billing/invoices/10000000-0000-4000-8000-000000000001/invoice.pdf',
      '/api/billing/invoices/10000000-0000-4000-8000-000000000002/receipt.pdf',
    ]);
    expect(URL.createObjectURL).toHaveBeenCalledWith(pdf);
    expect(saved).toEqual([
      { href: 'blob:invoice', download: 'INV-2026-000001.pdf' },
      { href: 'blob:invoice', download: 'RCT-2026-000002.pdf' },
    ]);
  });

  it('says there are none yet, in the page’s language', async () => {
    useSession.getState().signIn('token', clinic);
    billing(() => page([], 0));
    await renderScreen(<BillingPage />, { path: '/billing' });
    expect(await screen.findByText(/No invoices yet/)).toBeInTheDocument();
    await act(async () => useLanguage.getState().setLanguage('fr'));
    expect(await screen.findByRole('heading', { name: 'Factures et reçus' })).toBeInTheDocument();
    expect(screen.getByText(/Aucune facture pour l'instant/)).toBeInTheDocument();
  });

  it('shows the amount as Ksh in Kiswahili and says why a download failed', async () => {
    useSession.getState().signIn('token', clinic);
    billing(
      () => page([], 0),
      subscription(),
      (call) =>
        call.path.endsWith('.pdf')
          ? { status: 404, body: { success: false, message: 'Gone.', code: 'billing.invoice_not_found' } }
          : page([invoice(3, 250_000)], 1),
    );
    await renderScreen(<BillingPage />, { path: '/billing' });
    expect(await screen.findByRole('heading', { name: 'Invoices and receipts' })).toBeInTheDocument();
    await act(async () => useLanguage.getState().setLanguage('sw'));
    const section = (await screen.findByRole('heading', { name: 'Ankara na risiti' })).closest('section')!;
    expect(await within(section).findByText(/^INV-2026-000003 · .* · Ksh 2,500$/)).toBeInTheDocument();
    await userEvent.click(within(section).getByRole('button', { name: 'Pakua ankara INV-2026-000003' }));
    expect(await within(section).findByRole('alert')).toHaveTextContent('Ankara hii haipo.');
  });
});
