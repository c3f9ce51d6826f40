import type { App } from '@platform/service-kit';
import { eventually, type FuzzTarget } from '@platform/testing';
import { checkoutAs, startBilling } from './helpers';

/**
 * The API fuzz test's svc-billing (security/api-fuzz.int.test.ts walks every module service): live tokens
 * per role and real ids (a clinic's card payment; for the invoice routes, the invoice of its M-Pesa
 * payment for Hire), so each route is tried with valid ids beside the generated bad input.
 *
 * The clinic pays for Hire by M-Pesa first, so the subscription's changes (cancel, resume, a downgrade for
 * the period's end) meet a running subscription, not only a trial's refusal.
 *
 * No `trustTarget` yet: the trust suite wants a Clinic write answering 201 with no extra header, and
 * svc-billing's one Clinic write is a checkout (202, an Idempotency-Key, a provider behind it). Its refusals
 * of visitors and other roles are tested in checkout.int.test.ts.
 */
export const fuzzTarget: FuzzTarget<App> = {
  name: 'svc-billing',
  async start() {
    const ctx = await startBilling();
    const [user, clinic, admin] = [ctx.persona('user'), ctx.persona('Clinic'), ctx.persona('admin')];
    const hire = await checkoutAs(ctx, clinic, { items: ['hire'], method: 'mpesa', phone: '0708374149' });
    if (hire.statusCode !== 202) throw new Error(`hire: ${hire.statusCode} ${hire.body}`);
    await eventually(async () => {
      const sub = await ctx.call('GET', '/api/billing/subscription', clinic);
      return (sub.json() as { data: { status: string } }).data.status === 'active' ? true : undefined;
    }, 15_000);
    const invoiceId = await eventually(async () => {
      const list = await ctx.call('GET', '/api/billing/invoices', clinic);
      return (list.json() as { data: { id: string }[] }).data[0]?.id;
    }, 15_000);
    return {
      app: ctx.app,
      async fixtures() {
        const payment = await checkoutAs(ctx, clinic, { items: ['connect'], method: 'card' });
        if (payment.statusCode !== 202) throw new Error(`payment: ${payment.statusCode} ${payment.body}`);
        const id = (payment.json() as { data: { id: string } }).data.id;
        return {
          tokens: { user: user.token, Clinic: clinic.token, admin: admin.token },
          // The admin routes name an organisation (the clinic's) or a catalogue item.
          idsFor: (path) => ({
            id: [
              path.startsWith('/api/billing/invoices/')
                ? invoiceId
                : path.includes('/admin/prices/')
                  ? 'essential'
                  : id,
            ],
            orgId: [clinic.orgId!],
          }),
        };
      },
      close: () => ctx.close(),
    };
  },
};
